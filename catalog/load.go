package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/toolcall"
)

// The source formats a tool definition can come in. Catalog.Format reports
// which ones a catalog was loaded from.
const (
	FormatOpenAIChat      = "openai-chat"      // {"type":"function","function":{name,description,parameters}}
	FormatOpenAIResponses = "openai-responses" // {"type":"function",name,description,parameters}
	FormatAnthropic       = "anthropic"        // {name,description,input_schema}
	FormatMCP             = "mcp"              // {name,title,description,inputSchema,annotations}
	FormatGemini          = "gemini"           // {"functionDeclarations":[{name,description,parameters}]}
	FormatFunction        = "function"         // {name,description,parameters} (JSON Schema)
	FormatBFCL            = "bfcl"             // {name,description,parameters:{"type":"dict",…}}
	FormatDocument        = "document"         // {toolName,summary,details,parameters:[{name,type,isRequired}],returns,tags,source}
)

// LoadFile reads a tool catalog from a file; see Parse for the formats.
// The file must be a regular file of at most MaxFileBytes.
func LoadFile(path string) (*Catalog, error) {
	data, err := readcap.ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// MaxFileBytes caps the size of a catalog file LoadFile reads.
const MaxFileBytes = readcap.DefaultCatalogBytes

// Parse reads a tool catalog, auto-detecting its format. data is one JSON
// value or JSON Lines (one value per line); name names the source in errors
// and issues.
//
// The top-level value may be an array of tool definitions; an object with a
// "tools" array (an MCP tools/list result, a request body, or an MCP server
// entry {"name":…,"tools":[…]} whose name becomes each tool's Server); a
// JSON-RPC response whose "result" is such an object; an object with a
// "servers" array of server entries; a Gemini tool {"functionDeclarations":
// […]}; an object with a "functions" array; or a single tool definition.
// Each tool definition may be in any of the Format* shapes and may carry
// the extra members "group", "tags", "source", "server", "returns",
// "details", "enabledForPrompt" and "defer_loading" (true: the tool is
// found through a tool search instead of being loaded up front, as
// Anthropic's and OpenAI's tool definitions say it).
//
// Every schema is normalised (see NormalizeSchema). Problems that do not stop
// loading are kept as Issues. A file that fits no format is a *toolcall.FileError
// naming the line and JSON path and what was expected there.
func Parse(data []byte, name string) (*Catalog, error) {
	l := &loader{file: name, data: data}
	if err := l.parse(); err != nil {
		return nil, err
	}
	tools := make([]toolcall.Tool, len(l.entries))
	metas := make([]toolMeta, len(l.entries))
	for i, e := range l.entries {
		tools[i] = e.tool
		metas[i] = e.meta
	}
	tools, metas = l.dropDuplicates(tools, metas)
	c, err := newCatalog(tools, metas)
	if err != nil {
		return nil, &toolcall.FileError{File: name, Message: err.Error()}
	}
	c.issues = append(l.issues, c.issues...)
	c.all = l.entries
	return c, nil
}

type loader struct {
	file     string
	data     []byte
	newlines []int // offsets of '\n' in data, built on first use
	entries  []entry
	issues   []Issue
}

type entry struct {
	tool toolcall.Tool
	meta toolMeta
}

func (l *loader) parse() error {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(l.data, []byte("\xef\xbb\xbf")))
	if len(trimmed) == 0 {
		return &toolcall.FileError{File: l.file, Message: "empty file; want a JSON tools array, an MCP tools/list result or JSON Lines of tool definitions"}
	}
	base := int64(len(l.data) - len(bytes.TrimLeft(l.data, " \t\r\n\xef\xbb\xbf")))
	if l.data[base] == '[' {
		if err, ok := l.streamArray(base); ok {
			return err
		}
		// Not one valid JSON array: start over on the general path, which
		// reports the error or reads JSON Lines.
		l.entries, l.issues = nil, nil
	}
	v, err := decodeValue(l.data[base:], base)
	if err == nil {
		return l.top(v, "$")
	}
	// Not one JSON value: try JSON Lines.
	var se *syntaxError
	if !errors.As(err, &se) {
		return err
	}
	if se.tooDeep {
		return l.errAt(se.off, "", "%s", se.msg)
	}
	lines, lerr := l.jsonLines()
	if lerr != nil {
		if len(lines) == 0 {
			// Not JSON Lines either: report the first JSON error.
			return l.errAt(se.off, "", "%s", se.msg)
		}
		return lerr
	}
	for i, lv := range lines {
		if err := l.top(lv.v, fmt.Sprintf("line %d: $", lv.line)); err != nil {
			return err
		}
		_ = i
	}
	return nil
}

// streamArray reads a top-level array of tool definitions one definition
// at a time, so that only one definition's decoded tree is held at once (a
// 100,000-tool catalog otherwise needs several times its size in memory).
// ok is false when data is not exactly one valid JSON array; err is the
// first definition's error, reported only once the whole array is known to
// be valid JSON, as the general path does.
func (l *loader) streamArray(base int64) (err error, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(l.data[base:]))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return nil, false
	}
	for i := 0; dec.More(); i++ {
		v, derr := decodeNext(dec, base, 1)
		if derr != nil {
			return nil, false
		}
		if err == nil {
			err = l.item(v, fmt.Sprintf("$[%d]", i), "")
		}
	}
	if _, derr := dec.Token(); derr != nil {
		return nil, false
	}
	if _, derr := dec.Token(); derr != io.EOF {
		return nil, false
	}
	return err, true
}

type lineValue struct {
	v    *value
	line int
}

// jsonLines decodes one JSON value per non-blank line. It returns the lines
// decoded before the first bad one.
func (l *loader) jsonLines() ([]lineValue, error) {
	var out []lineValue
	off := 0
	for n := 1; off < len(l.data); n++ {
		end := bytes.IndexByte(l.data[off:], '\n')
		if end < 0 {
			end = len(l.data) - off
		}
		line := l.data[off : off+end]
		if len(bytes.TrimSpace(line)) > 0 && !bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) {
			v, err := decodeValue(line, int64(off))
			if err != nil {
				var se *syntaxError
				if errors.As(err, &se) {
					return out, l.errAt(se.off, "", "%s (reading JSON Lines: one JSON value per line)", se.msg)
				}
				return out, err
			}
			out = append(out, lineValue{v: v, line: n})
		}
		off += end + 1
	}
	return out, nil
}

// lineCol converts a byte offset to a 1-based line and column (in bytes).
func (l *loader) lineCol(off int64) (int, int) {
	if off < 0 {
		return 0, 0
	}
	if off > int64(len(l.data)) {
		off = int64(len(l.data))
	}
	if l.newlines == nil {
		l.newlines = []int{}
		for i, c := range l.data {
			if c == '\n' {
				l.newlines = append(l.newlines, i)
			}
		}
	}
	// The number of newlines before off is the 0-based line.
	n := sort.SearchInts(l.newlines, int(off))
	start := 0
	if n > 0 {
		start = l.newlines[n-1] + 1
	}
	return n + 1, int(off) - start + 1
}

func (l *loader) errAt(off int64, path, format string, args ...any) error {
	line, col := l.lineCol(off)
	return &toolcall.FileError{File: l.file, Line: line, Column: col, Field: path, Message: fmt.Sprintf(format, args...)}
}

func (l *loader) errValue(v *value, path, format string, args ...any) error {
	return l.errAt(v.off, path, format, args...)
}

const wantTop = "want a tools array, an MCP tools/list result {\"tools\":[…]}, a Gemini tool {\"functionDeclarations\":[…]} or a tool definition"

// top reads a top-level value.
func (l *loader) top(v *value, path string) error {
	switch v.kind {
	case 'a':
		for i, it := range v.items {
			if err := l.item(it, fmt.Sprintf("%s[%d]", path, i), ""); err != nil {
				return err
			}
		}
		return nil
	case 'o':
		if r := v.get("result"); r.isObject() && (r.has("tools") || r.has("servers")) && v.has("jsonrpc") {
			return l.top(r, path+".result")
		}
		if s := v.get("servers"); s != nil {
			if !s.isArray() {
				return l.errValue(s, path+".servers", "want an array of MCP servers {\"name\":…,\"tools\":[…]}, got %s", s.kindName())
			}
			for i, srv := range s.items {
				p := fmt.Sprintf("%s.servers[%d]", path, i)
				if !srv.isObject() || !srv.get("tools").isArray() {
					return l.errValue(srv, p, "want an MCP server {\"name\":…,\"tools\":[…]}, got %s", describe(srv))
				}
				if err := l.server(srv, p); err != nil {
					return err
				}
			}
			return nil
		}
		if t := v.get("tools"); t != nil && !v.has("inputSchema") && !v.has("input_schema") {
			if !t.isArray() {
				return l.errValue(t, path+".tools", "want an array of tool definitions, got %s", t.kindName())
			}
			return l.server(v, path)
		}
		if f := v.get("functions"); f != nil && !v.has("name") {
			if !f.isArray() {
				return l.errValue(f, path+".functions", "want an array of function definitions, got %s", f.kindName())
			}
			for i, it := range f.items {
				if err := l.item(it, fmt.Sprintf("%s.functions[%d]", path, i), ""); err != nil {
					return err
				}
			}
			return nil
		}
		return l.item(v, path, "")
	}
	return l.errValue(v, path, "%s, got %s", wantTop, v.kindName())
}

// server reads an object with a "tools" array; its "name" (or "server")
// names the MCP server of those tools.
func (l *loader) server(v *value, path string) error {
	srv := v.getString("server")
	if srv == "" && v.has("name") && !v.has("description") && !v.has("parameters") {
		srv = v.getString("name")
	}
	for i, it := range v.get("tools").items {
		if err := l.item(it, fmt.Sprintf("%s.tools[%d]", path, i), srv); err != nil {
			return err
		}
	}
	return nil
}

// item reads one tool definition (or a Gemini tool holding several).
func (l *loader) item(v *value, path, server string) error {
	if !v.isObject() {
		return l.errValue(v, path, "want a tool definition object, got %s", v.kindName())
	}
	for _, key := range [...]string{"functionDeclarations", "function_declarations"} {
		if fd := v.get(key); fd != nil {
			if !fd.isArray() {
				return l.errValue(fd, path+"."+key, "want an array of function declarations, got %s", fd.kindName())
			}
			for i, it := range fd.items {
				if err := l.function(it, fmt.Sprintf("%s.%s[%d]", path, key, i), FormatGemini, v, server); err != nil {
					return err
				}
			}
			return nil
		}
	}
	typ := v.get("type")
	switch {
	case v.has("function"):
		f := v.get("function")
		if typ != nil && !(typ.isString() && typ.str == "function") {
			return l.errValue(typ, path+".type", "want \"function\" for an OpenAI Chat tool, got %s", describe(typ))
		}
		if !f.isObject() {
			return l.errValue(f, path+".function", "want a function object {\"name\",\"description\",\"parameters\"}, got %s", f.kindName())
		}
		return l.function(f, path+".function", FormatOpenAIChat, v, server)
	case v.has("toolName"):
		return l.function(v, path, FormatDocument, v, server)
	case v.has("input_schema"):
		return l.function(v, path, FormatAnthropic, v, server)
	case v.has("inputSchema"):
		return l.function(v, path, FormatMCP, v, server)
	case typ.isString() && typ.str == "function" && v.has("name"):
		return l.function(v, path, FormatOpenAIResponses, v, server)
	case typ.isString() && typ.str == "custom" && v.has("name"):
		// A custom tool (OpenAI's free-form tools): its calls carry text,
		// read as one argument (toolcall.CustomInput).
		return l.function(v, path, FormatOpenAIResponses, v, server)
	case typ.isString() && builtinName(typ.str, v.getString("name")) != "":
		// A built-in tool the agent runs (bash_20250124, shell, …): its
		// calls are the agent's to run, under this name.
		format := FormatOpenAIResponses
		if builtinName(typ.str, "") == "" { // named by its name member: Anthropic's
			format = FormatAnthropic
		}
		return l.function(v, path, format, v, server)
	case typ.isString() && typ.str != "function" && typ.str != "custom" && !v.has("parameters"):
		// A provider built-in the provider runs (web_search, …): no schema.
		l.issues = append(l.issues, Issue{File: l.file, Line: l.line(v), Tool: v.getString("name"), Code: "skipped_tool",
			Message: fmt.Sprintf("%s: provider built-in tool of type %s has no schema; skipped", path, describe(typ))})
		return nil
	case v.has("name") && (v.has("parameters") || v.has("parametersJsonSchema") || v.has("description")):
		format := FormatFunction
		if p := v.get("parameters"); p.isObject() && p.getString("type") == "dict" {
			format = FormatBFCL
		}
		return l.function(v, path, format, v, server)
	}
	return l.errValue(v, path, "want a tool definition: OpenAI {\"type\":\"function\",\"function\":{…}}, Anthropic {\"name\",\"input_schema\"}, MCP {\"name\",\"inputSchema\"}, BFCL/Gemini {\"name\",\"parameters\"} or document {\"toolName\",…}; got %s", describe(v))
}

func (l *loader) line(v *value) int {
	line, _ := l.lineCol(v.off)
	return line
}

// function reads the fields of one tool. f holds name/description/schema;
// outer is the wrapping object (for OpenAI Chat tools) whose extension
// members also count.
func (l *loader) function(f *value, path, format string, outer *value, server string) error {
	if !f.isObject() {
		return l.errValue(f, path, "want a function declaration object, got %s", f.kindName())
	}
	nameKey := "name"
	if format == FormatDocument {
		nameKey = "toolName"
	}
	builtin := ""
	if typ := outer.getString("type"); builtinName(typ, outer.getString("name")) != "" {
		builtin = typ
	}
	nv := f.get(nameKey)
	if builtin != "" && nv == nil { // OpenAI's {"type": "shell"}: named by its type
		nv = &value{kind: 's', str: builtinName(builtin, ""), off: f.off}
	}
	var decl json.RawMessage
	if builtin != "" {
		decl = outer.raw()
	}
	if !nv.isString() || strings.TrimSpace(nv.str) == "" {
		if nv == nil {
			return l.errValue(f, path, "want a %q member naming the tool", nameKey)
		}
		return l.errValue(nv, path+"."+nameKey, "want a non-empty string tool name, got %s", describe(nv))
	}
	t := toolcall.Tool{Name: strings.TrimSpace(nv.str), Server: server, Builtin: decl}
	m := toolMeta{file: l.file, line: l.line(f), format: format, enabled: true}
	str := func(key string) (string, error) {
		for _, obj := range [...]*value{f, outer} {
			if s := obj.get(key); s != nil {
				if s.kind == 'z' {
					return "", nil
				}
				if !s.isString() {
					return "", l.errValue(s, path+"."+key, "want a string, got %s", s.kindName())
				}
				return s.str, nil
			}
		}
		return "", nil
	}
	var err error
	descKey := "description"
	if format == FormatDocument && f.has("summary") {
		descKey = "summary"
	}
	if t.Description, err = str(descKey); err != nil {
		return err
	}
	if t.Details, err = str("details"); err != nil {
		return err
	}
	if t.Returns, err = str("returns"); err != nil {
		return err
	}
	if t.Source, err = str("source"); err != nil {
		return err
	}
	if t.Group, err = str("group"); err != nil {
		return err
	}
	if s, err := str("server"); err != nil {
		return err
	} else if s != "" {
		t.Server = s
	}
	if t.Source == "" && t.Server != "" {
		t.Source = "mcp:" + t.Server
	}
	for _, obj := range [...]*value{f, outer} {
		if tg := obj.get("tags"); tg != nil {
			if !tg.isArray() {
				return l.errValue(tg, path+".tags", "want an array of strings, got %s", tg.kindName())
			}
			for i, it := range tg.items {
				if !it.isString() {
					return l.errValue(it, fmt.Sprintf("%s.tags[%d]", path, i), "want a string tag, got %s", it.kindName())
				}
				t.Tags = append(t.Tags, it.str)
			}
			break
		}
	}
	for _, obj := range [...]*value{f, outer} {
		if e := obj.get("enabledForPrompt"); e != nil {
			if e.kind != 'b' {
				return l.errValue(e, path+".enabledForPrompt", "want true or false, got %s", describe(e))
			}
			m.enabled = e.b
			break
		}
	}
	for _, obj := range [...]*value{f, outer} {
		if d := obj.get("defer_loading"); d != nil {
			if d.kind != 'b' {
				return l.errValue(d, path+".defer_loading", "want true or false, got %s", describe(d))
			}
			t.DeferLoading = d.b
			break
		}
	}
	if a := f.get("annotations"); a != nil {
		if err := l.annotations(a, path+".annotations", &t.Annotations); err != nil {
			return err
		}
	}
	if t.Annotations.Title == "" {
		t.Annotations.Title = f.getString("title")
	}
	if format == FormatMCP && t.Returns == "" {
		t.Returns = describeOutput(f.get("outputSchema"))
	}

	// The parameter schema.
	var schema *value
	schemaKey := ""
	switch format {
	case FormatAnthropic:
		schemaKey = "input_schema"
	case FormatMCP:
		schemaKey = "inputSchema"
	default:
		schemaKey = "parameters"
		if !f.has("parameters") && f.has("parametersJsonSchema") {
			schemaKey = "parametersJsonSchema"
		}
	}
	schema = f.get(schemaKey)
	if builtin != "" { // the provider's own schema, unknown here: any object
		schema, _ = decodeValue([]byte(`{"type":"object","additionalProperties":true}`), 0)
	}
	if outer.getString("type") == "custom" {
		schema = customSchema()
		t.Custom = true
		if fm := f.get("format"); fm != nil && fm.isObject() {
			t.CustomFormat = fm.raw()
		}
	}
	if format == FormatDocument {
		if s, err := l.documentParams(schema, path+"."+schemaKey); err != nil {
			return err
		} else {
			schema = s
		}
	}
	if schema != nil && schema.kind == 'b' {
		// JSON Schema's boolean schemas: true declares no parameters (read
		// as a tool without them); false accepts no arguments at all.
		if schema.b {
			schema = nil
		} else {
			schema = &value{kind: 'o', keys: []string{"not"}, vals: []*value{{kind: 'o', off: schema.off}}, off: schema.off}
		}
	}
	if schema != nil && schema.kind != 'z' && !schema.isObject() {
		return l.errValue(schema, path+"."+schemaKey, "want a JSON Schema object, got %s", schema.kindName())
	}
	n := &normalizer{}
	t.Parameters = n.root(schema).raw()
	for _, is := range n.issues {
		is.File, is.Line, is.Tool = l.file, m.line, t.Name
		l.issues = append(l.issues, is)
		m.unresolved = m.unresolved || is.Code == "unresolved_ref"
	}
	if strings.TrimSpace(t.Description) == "" && builtin == "" { // a built-in's is the provider's
		l.issues = append(l.issues, Issue{File: l.file, Line: m.line, Tool: t.Name, Code: "missing_description", Message: "the tool has no description"})
	}
	l.entries = append(l.entries, entry{tool: t, meta: m})
	return nil
}

// builtinName returns the name of the tool a declaration of type typ
// (name: its "name" member) defines when it is a built-in tool the agent
// runs, "" otherwise: Anthropic's client tools, versioned by date
// (bash_20250124, text_editor_20250728, computer_20250124,
// memory_20250818), are named by their name member; OpenAI's
// (toolcall.AgentBuiltins: shell, local_shell, apply_patch, and
// computer_use_preview for computer) by their type.
func builtinName(typ, name string) string {
	if toolcall.AnthropicVersioned(typ) {
		for _, p := range [...]string{"bash_", "text_editor_", "computer_", "memory_"} {
			if strings.HasPrefix(typ, p) && len(typ) == len(p)+8 {
				return name
			}
		}
	}
	if typ == "computer_use_preview" {
		typ = "computer"
	}
	if slices.Contains(toolcall.AgentBuiltins, typ) {
		return typ
	}
	return ""
}

// customSchema is the schema of a custom tool's arguments: one required
// string, toolcall.CustomInput, the text the tool reads.
func customSchema() *value {
	v, err := decodeValue([]byte(`{"type":"object","properties":{"`+toolcall.CustomInput+`":{"type":"string","description":"the text the tool reads (a custom tool's free-form input)"}},"required":["`+toolcall.CustomInput+`"],"additionalProperties":false}`), 0)
	if err != nil {
		panic(err)
	}
	return v
}

func (l *loader) annotations(a *value, path string, out *toolcall.Annotations) error {
	if a.kind == 'z' {
		return nil
	}
	if !a.isObject() {
		return l.errValue(a, path, "want an annotations object, got %s", a.kindName())
	}
	for i, key := range a.keys {
		m := a.vals[i]
		var dst **bool
		switch key {
		case "title":
			if !m.isString() {
				return l.errValue(m, path+".title", "want a string, got %s", m.kindName())
			}
			out.Title = m.str
			continue
		case "readOnlyHint":
			dst = &out.ReadOnly
		case "destructiveHint":
			dst = &out.Destructive
		case "idempotentHint":
			dst = &out.Idempotent
		case "openWorldHint":
			dst = &out.OpenWorld
		default:
			continue
		}
		if m.kind != 'b' {
			return l.errValue(m, path+"."+key, "want true or false, got %s", describe(m))
		}
		b := m.b
		*dst = &b
	}
	return nil
}

// documentParams turns the document form's parameter list (or name → spec
// map) into a JSON Schema object. A value that already is a JSON Schema
// passes through.
func (l *loader) documentParams(p *value, path string) (*value, error) {
	if p == nil || p.kind == 'z' {
		return nil, nil
	}
	if p.isObject() && (p.has("type") || p.has("properties")) {
		return p, nil
	}
	var names []string
	var specs []*value
	switch p.kind {
	case 'a':
		for i, it := range p.items {
			ip := fmt.Sprintf("%s[%d]", path, i)
			if !it.isObject() {
				return nil, l.errValue(it, ip, "want a parameter object {\"name\",\"type\",\"isRequired\",\"description\"}, got %s", it.kindName())
			}
			n := it.get("name")
			if !n.isString() || n.str == "" {
				return nil, l.errValue(it, ip+".name", "want a non-empty string parameter name, got %s", describe(n))
			}
			names = append(names, n.str)
			specs = append(specs, it)
		}
	case 'o':
		for i, k := range p.keys {
			if !p.vals[i].isObject() {
				return nil, l.errValue(p.vals[i], path+"."+k, "want a parameter object {\"type\",\"isRequired\",\"description\"}, got %s", p.vals[i].kindName())
			}
			names = append(names, k)
			specs = append(specs, p.vals[i])
		}
	default:
		return nil, l.errValue(p, path, "want a list of parameters or a JSON Schema object, got %s", p.kindName())
	}
	props := &value{kind: 'o'}
	req := &value{kind: 'a'}
	for i, name := range names {
		s := &value{kind: 'o', off: specs[i].off}
		for j, key := range specs[i].keys {
			m := specs[i].vals[j]
			switch key {
			case "name":
				continue
			case "isRequired", "required":
				if m.kind != 'b' {
					return nil, l.errValue(m, path+"."+name+"."+key, "want true or false, got %s", describe(m))
				}
				if m.b {
					req.items = append(req.items, strValue(name))
				}
				continue
			case "summary":
				key = "description"
			}
			s.set(key, m)
		}
		props.set(name, s)
	}
	out := &value{kind: 'o', keys: []string{"type", "properties"}, vals: []*value{strValue("object"), props}}
	if len(req.items) > 0 {
		out.set("required", req)
	}
	return out, nil
}

// describeOutput summarises an MCP outputSchema as a Returns line.
func describeOutput(s *value) string {
	if !s.isObject() {
		return ""
	}
	if d := s.getString("description"); d != "" {
		return d
	}
	if p := s.get("properties"); p.isObject() && len(p.keys) > 0 {
		return "object with " + strings.Join(p.keys, ", ")
	}
	return ""
}

// describe names a value for an error message: its kind, and for objects
// their member names, for scalars their JSON.
func describe(v *value) string {
	if v == nil {
		return "nothing"
	}
	switch v.kind {
	case 'o':
		keys := append([]string(nil), v.keys...)
		sort.Strings(keys)
		if len(keys) > 8 {
			keys = append(keys[:8], "…")
		}
		if len(keys) == 0 {
			return "an empty object"
		}
		return "an object with members " + strings.Join(keys, ", ")
	case 'a':
		return fmt.Sprintf("an array of %d values", len(v.items))
	}
	s := string(v.marshal(nil))
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return kindName(v.kind) + " " + s
}

// dropDuplicates keeps the first definition of each name (as agent
// products do for MCP tools) and records an issue for the others.
func (l *loader) dropDuplicates(tools []toolcall.Tool, metas []toolMeta) ([]toolcall.Tool, []toolMeta) {
	seen := make(map[string]int, len(tools))
	outT, outM := tools[:0:0], metas[:0:0]
	for i, t := range tools {
		if j, dup := seen[t.Name]; dup {
			if tools[j].Server != t.Server {
				l.issues = append(l.issues, Issue{File: metas[i].file, Line: metas[i].line, Tool: t.Name, Code: "name_collision",
					Message: fmt.Sprintf("server %q already has a tool of this name (line %d) from server %q; this one is dropped unless MCP naming (mcp_names) tells them apart", t.Server, metas[j].line, tools[j].Server)})
				continue
			}
			l.issues = append(l.issues, Issue{File: metas[i].file, Line: metas[i].line, Tool: t.Name, Code: "duplicate_tool",
				Message: fmt.Sprintf("a tool with this name is already defined at line %d; this definition is dropped", metas[j].line)})
			continue
		}
		seen[t.Name] = i
		outT = append(outT, t)
		outM = append(outM, metas[i])
	}
	return outT, outM
}
