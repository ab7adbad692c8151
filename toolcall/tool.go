package toolcall

import "encoding/json"

// CustomInput is the one argument of a custom tool's call (OpenAI's
// free-form tools, which take text, not JSON): the parsers give such a call
// the arguments {"input": TEXT}, and a catalog gives such a tool the schema
// of that object (one required string).
const CustomInput = "input"

// AgentBuiltins names the OpenAI Responses built-in tools whose calls the
// agent runs (the provider runs its other built-ins itself): a call of
// one is named so (its output item's type is the name and "_call"), and a
// catalog declaring one ({"type": NAME}; computer_use_preview for
// computer) holds a tool of that name.
var AgentBuiltins = []string{"shell", "local_shell", "apply_patch", "computer"}

// AnthropicVersioned reports whether typ is spelled as Anthropic's built-in
// tool types are, a name and its date (bash_20250124): the provider whose
// declaration it is, where a catalog keeps one (Tool.Builtin).
func AnthropicVersioned(typ string) bool {
	n := len(typ)
	if n < 10 || typ[n-9] != '_' {
		return false
	}
	for _, c := range typ[n-8:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Tool is one tool definition, normalised from whatever format it was loaded
// from (see package catalog). Parameters is always a JSON Schema object.
type Tool struct {
	// Name is the name a model must use to call the tool.
	Name string `json:"name"`
	// OriginalName is the name in the source, when aliasing, MCP server
	// prefixing or sanitising changed it.
	OriginalName string `json:"original_name,omitempty"`
	// Description is the summary a model sees.
	Description string `json:"description,omitempty"`
	// Parameters is the normalised JSON Schema of the arguments object.
	Parameters json.RawMessage `json:"parameters,omitempty"`
	// Params lists the top-level properties of Parameters in schema order.
	Params []Param `json:"params,omitempty"`
	// Returns describes the result, when the source says.
	Returns string `json:"returns,omitempty"`
	// Details is long-form documentation (usage notes, examples).
	Details string `json:"details,omitempty"`
	// Tags are free-form labels (categories, groups).
	Tags []string `json:"tags,omitempty"`
	// Source names where the tool comes from (an MCP server, a file).
	Source string `json:"source,omitempty"`
	// Server is the MCP server name, when the tool came from one.
	Server string `json:"server,omitempty"`
	// Group is the tool group used for mode filtering (read, edit, …).
	Group string `json:"group,omitempty"`
	// Annotations are MCP behaviour hints.
	Annotations Annotations `json:"annotations,omitempty"`
	// DeferLoading marks a tool that is not loaded into the prompt up
	// front: a model finds it through a tool search (Anthropic's and
	// OpenAI's tool search tools, MCP gateways), as the providers'
	// defer_loading says.
	DeferLoading bool `json:"defer_loading,omitempty"`
	// Custom marks a custom tool (OpenAI's free-form tools): its calls
	// carry text, read as the one argument CustomInput, and Parameters is
	// that object's schema. CustomFormat is the grammar or format that
	// constrains the text, as the definition gave it (nil: none); the
	// native OpenAI renderings send the tool as a custom tool with it.
	Custom       bool            `json:"custom,omitempty"`
	CustomFormat json.RawMessage `json:"custom_format,omitempty"`
	// Builtin is the declaration, as given, of a provider's built-in tool
	// the agent runs (Anthropic's {"type":"bash_20250124","name":"bash"},
	// OpenAI's {"type":"shell"}): its schema is the provider's own
	// (Parameters accepts any object), and the native rendering for that
	// provider declares it so again.
	Builtin json.RawMessage `json:"builtin,omitempty"`
	// Discriminator and Variants describe a tool whose parameters sit in
	// top-level oneOf/anyOf alternatives told apart by the value of one
	// parameter (a const, or a one-value enum, different in each):
	// Discriminator names that parameter, and each Variant gives the
	// parameters typed as the alternative its value selects (see
	// catalog.ParamIn). Derived from Parameters by package catalog.
	Discriminator string    `json:"-"`
	Variants      []Variant `json:"-"`
}

// Variant is one alternative of a tool's discriminated union.
type Variant struct {
	// Value is the discriminator's value that selects it, as compact JSON.
	Value json.RawMessage
	// Params are every parameter of the tool, typed as the alternative
	// reads them (with the schema's own properties and allOf members); a
	// parameter the alternative does not declare is a string.
	Params []Param
}

// Param is one top-level parameter of a tool.
type Param struct {
	Name string `json:"name"`
	// Types lists the JSON Schema types the value may take ("string",
	// "integer", "number", "boolean", "object", "array", "null"). Empty means
	// any type.
	Types       []string          `json:"types,omitempty"`
	Description string            `json:"description,omitempty"`
	Required    bool              `json:"required,omitempty"`
	Enum        []json.RawMessage `json:"enum,omitempty"`
	Default     json.RawMessage   `json:"default,omitempty"`
	// Schema is the property's own JSON Schema.
	Schema json.RawMessage `json:"schema,omitempty"`
	// ItemKeys, for a required array parameter whose items are records
	// with declared properties (items.properties), names those
	// properties; empty for any other parameter. The catalog fills it
	// once, when it is built; nil means not filled (a tool built
	// elsewhere), and its readers then derive it from Schema.
	ItemKeys []string `json:"-"`
	// TypeBits is the set of Types (of the schema's types where Types
	// is empty) in package catalog's encoding, which readers ask through
	// catalog (KeepsString, Typed, MayBeString). The catalog fills it
	// when it is built, so that a value is typed without deriving the set
	// again; 0 means not filled (a tool built elsewhere), and its readers
	// then derive it from Types and Schema.
	TypeBits uint16 `json:"-"`
}

// Annotations are the MCP tool hints. A nil pointer means "not stated".
type Annotations struct {
	Title       string `json:"title,omitempty"`
	ReadOnly    *bool  `json:"readOnlyHint,omitempty"`
	Destructive *bool  `json:"destructiveHint,omitempty"`
	Idempotent  *bool  `json:"idempotentHint,omitempty"`
	OpenWorld   *bool  `json:"openWorldHint,omitempty"`
}

// Param returns the parameter called name, or nil.
func (t *Tool) Param(name string) *Param { return param(t, name) }

// ParamBytes is Param for a name read from a stream, without making a
// string of it.
func (t *Tool) ParamBytes(name []byte) *Param { return param(t, name) }

// ParamIndex is ParamBytes as an index into t.Params, -1 when none.
func (t *Tool) ParamIndex(name []byte) int { return paramIndex(t, name) }

// param is the lookup behind Param and ParamBytes.
func param[S string | []byte](t *Tool, name S) *Param {
	if i := paramIndex(t, name); i >= 0 {
		return &t.Params[i]
	}
	return nil
}

// paramIndex is the one lookup behind Param, ParamBytes and ParamIndex.
func paramIndex[S string | []byte](t *Tool, name S) int {
	for i := range t.Params {
		if t.Params[i].Name == string(name) {
			return i
		}
	}
	return -1
}

// Required lists the names of the required parameters in schema order.
func (t *Tool) Required() []string {
	var out []string
	for _, p := range t.Params {
		if p.Required {
			out = append(out, p.Name)
		}
	}
	return out
}

// ToolSet finds tools by name. Parsers take one to recognise tool names and
// coerce XML parameter values; *catalog.Catalog implements it.
type ToolSet interface {
	Lookup(name string) (*Tool, bool)
}
