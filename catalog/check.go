package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/internal/jsonschema"
	"github.com/tooleval/tooleval/toolcall"
)

// codeRank orders problems as the issue lists them.
var codeRank = map[toolcall.Code]int{
	toolcall.CodeUnknownTool:     0,
	toolcall.CodeInvalidJSON:     1,
	toolcall.CodeMissingRequired: 2,
	toolcall.CodeUnexpectedParam: 3,
	toolcall.CodeTypeError:       4,
	toolcall.CodeEnumError:       5,
	toolcall.CodeSchemaError:     6,
}

// Problem is one thing wrong with a call.
type Problem struct {
	Code toolcall.Code `json:"code"`
	// Path is the JSON path of the offending value in the arguments ("$"
	// for the arguments object, "$.location.lat", "$.items[2]").
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (p Problem) String() string { return fmt.Sprintf("%s: %s: %s", p.Code, p.Path, p.Message) }

// compiled is a tool's compiled schema, or why it could not be compiled.
type compiled struct {
	// schema is the tool's compiled schema. Its top level is read as
	// closed to undeclared arguments: unless it says what
	// unevaluatedProperties are, an argument that no properties,
	// patternProperties or additionalProperties of the schema or of the
	// subschemas the arguments satisfy (allOf, $ref, anyOf/oneOf
	// alternatives, if/then/else) evaluates is unexpected
	// (Schema.Unevaluated); nested objects follow JSON Schema.
	schema *jsonschema.Schema
	err    error
	// open reports whether the top level accepts undeclared arguments
	// explicitly (additionalProperties true or a schema,
	// patternProperties); with props it judges undeclared arguments when
	// the schema does not compile.
	open  bool
	props map[string]bool
}

// Check validates call against its tool's schema and returns what is wrong,
// ordered by code (unknown_tool, invalid_json, missing_required,
// unexpected_param, type_error, enum_error, schema_error) and then by path.
// A valid call has no problems. The first problem is the call's class.
//
// An undeclared top-level argument is unexpected_param unless the schema
// explicitly allows extra members (additionalProperties or
// unevaluatedProperties true or a schema, patternProperties it matches,
// here or in an allOf branch, a $ref or the anyOf/oneOf alternative the
// arguments satisfy). Schemas are compiled once per tool and cached; a
// schema the validator rejects (say, a bad regular expression) is still
// checked for required and unexpected parameters.
func (c *Catalog) Check(call toolcall.Call) []Problem {
	i, ok := c.byName[call.Name]
	if !ok {
		return []Problem{{Code: toolcall.CodeUnknownTool, Path: "$", Message: fmt.Sprintf("no tool named %q", call.Name)}}
	}
	args := bytes.TrimSpace(call.Arguments)
	if len(args) == 0 {
		args = []byte("{}")
	}
	inst, err := jsonschema.Decode(args)
	if err != nil {
		return []Problem{{Code: toolcall.CodeInvalidJSON, Path: "$", Message: "arguments are not valid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}}
	}
	obj, isObj := inst.(map[string]any)
	if !isObj {
		return []Problem{{Code: toolcall.CodeInvalidJSON, Path: "$", Message: fmt.Sprintf("arguments must be a JSON object, got %s", jsonKind(inst))}}
	}
	cs := c.compiledSchema(i)
	var out []Problem
	if cs.schema == nil {
		out = c.appendFallback(out, i, cs, obj)
	} else {
		out = appendViolations(out, cs.schema.Validate(inst), call.Name)
		for _, name := range cs.schema.Unevaluated(obj) {
			out = append(out, unexpected("$", name, call.Name))
		}
	}
	sortProblems(out)
	return dedupeProblems(out)
}

// appendFallback checks what can be checked without a compiled schema:
// required parameters, and undeclared ones unless the schema is open.
func (c *Catalog) appendFallback(out []Problem, i int, cs *compiled, obj map[string]any) []Problem {
	if !cs.open {
		for name := range obj {
			if !cs.props[name] {
				out = append(out, unexpected("$", name, c.tools[i].Name))
			}
		}
	}
	for _, p := range c.tools[i].Params {
		if _, has := obj[p.Name]; p.Required && !has {
			out = append(out, Problem{Code: toolcall.CodeMissingRequired, Path: pathJoin("$", p.Name), Message: fmt.Sprintf("required parameter %q is missing", p.Name)})
		}
	}
	return out
}

// unexpected is the problem of an argument name at path that the schema
// does not allow; tool names the tool for a top-level one.
func unexpected(path, name, tool string) Problem {
	msg := fmt.Sprintf("%q is not allowed here", name)
	if path == "$" {
		msg = fmt.Sprintf("%q is not a parameter of %s", name, tool)
	}
	return Problem{Code: toolcall.CodeUnexpectedParam, Path: pathJoin(path, name), Message: msg}
}

// Valid reports whether call has no problems.
func (c *Catalog) Valid(call toolcall.Call) bool { return len(c.Check(call)) == 0 }

func (c *Catalog) compiledSchema(i int) *compiled {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cs, ok := c.schemas[i]; ok {
		return cs
	}
	if c.schemas == nil {
		c.schemas = map[int]*compiled{}
	}
	cs := compileTool(&c.tools[i])
	c.schemas[i] = cs
	return cs
}

// AcceptsParam reports whether a call of t may hold a top-level argument
// called name: t declares it, or its schema allows extra members (as
// Check reads it: additionalProperties, patternProperties, no property
// list; a built-in tool's schema, the provider's own, is so).
func AcceptsParam(t *toolcall.Tool, name string) bool {
	return t.Param(name) != nil || compileTool(t).open
}

func compileTool(t *toolcall.Tool) *compiled {
	cs := &compiled{props: map[string]bool{}}
	for _, p := range t.Params {
		cs.props[p.Name] = true
	}
	doc, err := jsonschema.Decode(t.Parameters)
	if err != nil {
		cs.err, cs.open = err, true
		return cs
	}
	if m, ok := doc.(map[string]any); ok {
		switch ap := m["additionalProperties"].(type) {
		case bool:
			cs.open = ap
		case map[string]any:
			cs.open = true
		}
		if _, ok := m["patternProperties"]; ok {
			cs.open = true
		}
		// A schema that is only anyOf/oneOf/allOf has no property list to
		// judge extra arguments by.
		if _, ok := m["properties"]; !ok {
			cs.open = true
		}
	}
	cs.schema, cs.err = jsonschema.Compile(doc)
	return cs
}

// appendViolations turns validation errors into problems; tool names the
// call's tool.
func appendViolations(out []Problem, errs []*jsonschema.Error, tool string) []Problem {
	for _, e := range errs {
		path := instancePath(e.Path)
		switch e.Keyword {
		case "required":
			for _, m := range e.Missing {
				out = append(out, Problem{Code: toolcall.CodeMissingRequired, Path: pathJoin(path, m), Message: fmt.Sprintf("required parameter %q is missing", m)})
			}
		case "additionalProperties", "unevaluatedProperties":
			for _, m := range e.Extra {
				out = append(out, unexpected(path, m, tool))
			}
		case "type":
			out = append(out, Problem{Code: toolcall.CodeTypeError, Path: path, Message: fmt.Sprintf("want %s, got %s", strings.Join(e.Want, " or "), e.Got)})
		case "enum", "const":
			out = append(out, Problem{Code: toolcall.CodeEnumError, Path: path, Message: e.Message})
		case "anyOf", "oneOf":
			code := alternativesCode(e)
			msg := e.Message
			switch {
			case code == toolcall.CodeTypeError:
				msg = "value matches none of the allowed types (" + strings.Join(altTypes(e), ", ") + ")"
			case code == toolcall.CodeEnumError:
				msg = "value is not one of the allowed values"
			case len(e.Alternatives) > 0:
				if leaves := jsonschema.Leaves(e.Alternatives[0]); len(leaves) > 0 {
					msg += ": " + leaves[0].Message
				}
			}
			out = append(out, Problem{Code: code, Path: path, Message: msg})
		default:
			out = append(out, Problem{Code: toolcall.CodeSchemaError, Path: path, Message: e.Message})
		}
	}
	return out
}

// alternativesCode classifies a failed anyOf/oneOf: type_error when every
// alternative failed on type, enum_error when those that matched the type
// failed only on enum/const, schema_error otherwise (a oneOf that matched
// more than one alternative among them).
func alternativesCode(e *jsonschema.Error) toolcall.Code {
	if len(e.Alternatives) == 0 {
		return toolcall.CodeSchemaError
	}
	sawEnum := false
	for _, alt := range e.Alternatives {
		switch leafCode(alt) {
		case toolcall.CodeTypeError:
		case toolcall.CodeEnumError:
			sawEnum = true
		default:
			return toolcall.CodeSchemaError
		}
	}
	if sawEnum {
		return toolcall.CodeEnumError
	}
	return toolcall.CodeTypeError
}

// leafCode classifies an alternative's failure by its only violation.
func leafCode(alt []*jsonschema.Error) toolcall.Code {
	if len(alt) != 1 {
		return toolcall.CodeSchemaError
	}
	switch alt[0].Keyword {
	case "type":
		return toolcall.CodeTypeError
	case "enum", "const":
		return toolcall.CodeEnumError
	}
	return toolcall.CodeSchemaError
}

// altTypes lists the types the alternatives of a failed anyOf/oneOf want.
func altTypes(e *jsonschema.Error) []string {
	var out []string
	for _, leaf := range jsonschema.Leaves([]*jsonschema.Error{e}) {
		if leaf.Keyword == "type" {
			out = append(out, leaf.Want...)
		}
	}
	return out
}

// TopParam returns the top-level parameter a Problem path points
// into: "$.path" and "$.items[2].x" give "path" and "items", `$["a b"]`
// gives "a b", "$" gives "".
func TopParam(path string) string {
	p := strings.TrimPrefix(path, "$")
	switch {
	case strings.HasPrefix(p, "."):
		p = p[1:]
		if i := strings.IndexAny(p, ".["); i >= 0 {
			p = p[:i]
		}
		return p
	case strings.HasPrefix(p, "[\""):
		var name string
		dec := json.NewDecoder(strings.NewReader(p[1:]))
		if dec.Decode(&name) == nil {
			return name
		}
	}
	return ""
}

// instancePath renders a JSON pointer's tokens as a JSON path.
func instancePath(loc []string) string {
	p := "$"
	for _, tok := range loc {
		if jsonschema.Index(tok) {
			// Array index or numeric key; both render as [n] only for
			// indices, which is the common case in arguments.
			p += "[" + tok + "]"
			continue
		}
		p = pathJoin(p, tok)
	}
	return p
}

// pathJoin appends a member name to a JSON path, bracket-quoting names that
// are not plain identifiers.
func pathJoin(p, name string) string {
	plain := name != ""
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0) {
			plain = false
			break
		}
	}
	if plain {
		return p + "." + name
	}
	q, _ := json.Marshal(name)
	return p + "[" + string(q) + "]"
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case []any:
		return "an array"
	}
	return "an object"
}

func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		ri, rj := codeRank[ps[i].Code], codeRank[ps[j].Code]
		if ri != rj {
			return ri < rj
		}
		return ps[i].Path < ps[j].Path
	})
}

func dedupeProblems(ps []Problem) []Problem {
	if len(ps) < 2 {
		return ps
	}
	out := ps[:1]
	for _, p := range ps[1:] {
		last := out[len(out)-1]
		if p.Code == last.Code && p.Path == last.Path {
			continue
		}
		out = append(out, p)
	}
	return out
}
