package catalog

import (
	"bytes"
	"encoding/json"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite golden files")

const catalogDir = "../testdata/catalogs"

// loaded is the golden shape of a loaded catalog.
type loaded struct {
	Formats []string          `json:"formats"`
	Tools   []json.RawMessage `json:"tools"`
	Issues  []string          `json:"issues"`
}

func dump(t *testing.T, c *Catalog) []byte {
	t.Helper()
	out := loaded{Formats: c.Formats()}
	for _, tool := range c.Tools() {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		out.Tools = append(out.Tools, b)
	}
	for _, is := range c.Issues() {
		out.Issues = append(out.Issues, is.String())
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLoadGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(catalogDir, "*.json*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogs in %s: %v", catalogDir, err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			c, err := LoadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if c.Len() == 0 {
				t.Fatal("no tools loaded")
			}
			golden.Check(t, filepath.Join("testdata", "golden", "load_"+name+".golden"), dump(t, c), *update)
		})
	}
}

func TestLoadFormats(t *testing.T) {
	cases := []struct {
		file    string
		formats []string
		tools   int
	}{
		{"filesystem.mcp.json", []string{FormatMCP}, 7},
		{"git.mcp.json", []string{FormatMCP}, 5},
		{"excel.openai.json", []string{FormatOpenAIChat}, 6},
		{"maps_zh.mcp.json", []string{FormatMCP}, 6},
		{"responses.json", []string{FormatOpenAIResponses}, 2},
		{"anthropic.json", []string{FormatAnthropic}, 5},
		{"bfcl.jsonl", []string{FormatBFCL}, 4},
		{"document.json", []string{FormatDocument}, 2},
		{"gemini.json", []string{FormatGemini}, 2},
		{"servers.json", []string{FormatMCP}, 2}, // one name collides until MCP naming
		{"schemas.json", []string{FormatFunction}, 3},
	}
	for _, c := range cases {
		cat, err := LoadFile(filepath.Join(catalogDir, c.file))
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if got := strings.Join(cat.Formats(), ","); got != strings.Join(c.formats, ",") {
			t.Errorf("%s: formats %s, want %v", c.file, got, c.formats)
		}
		if cat.Len() != c.tools {
			t.Errorf("%s: %d tools, want %d: %v", c.file, cat.Len(), c.tools, cat.Names())
		}
	}
}

func TestLoadDetails(t *testing.T) {
	fs, err := LoadFile(filepath.Join(catalogDir, "filesystem.mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	rf, _ := fs.Lookup("read_text_file")
	if rf.Server != "filesystem" || rf.Source != "mcp:filesystem" || rf.Group != "" {
		t.Errorf("server/source/group = %q/%q/%q", rf.Server, rf.Source, rf.Group)
	}
	if rf.Annotations.ReadOnly == nil || !*rf.Annotations.ReadOnly || rf.Annotations.Destructive != nil || rf.Annotations.Title != "Read text file" {
		t.Errorf("annotations = %+v", rf.Annotations)
	}
	ef, _ := fs.Lookup("edit_file")
	if !strings.Contains(string(ef.Parameters), `"items":{"type":"object","properties":{"oldText"`) || strings.Contains(string(ef.Parameters), "$defs") {
		t.Errorf("edit_file $ref not inlined: %s", ef.Parameters)
	}
	if ef.Returns != "object with diff, applied" {
		t.Errorf("returns from outputSchema = %q", ef.Returns)
	}

	doc, err := LoadFile(filepath.Join(catalogDir, "document.json"))
	if err != nil {
		t.Fatal(err)
	}
	ci, _ := doc.Lookup("create_invoice")
	if ci.Description != "Create a draft invoice for a customer." || !strings.HasPrefix(ci.Details, "The invoice stays") ||
		ci.Source != "billing-api v3" || strings.Join(ci.Tags, ",") != "billing,write" || ci.Group != "edit" {
		t.Errorf("document fields = %+v", ci)
	}
	if got := strings.Join(ci.Required(), ","); got != "customer_id,lines" {
		t.Errorf("required = %s", got)
	}
	if p := ci.Param("due_days"); p == nil || strings.Join(p.Types, ",") != "integer" || string(p.Default) != "30" {
		t.Errorf("due_days = %+v", p)
	}
	if p := ci.Param("lines"); p == nil || !strings.Contains(string(p.Schema), `"items":{"type":"object","properties":{"description":{"type":"string"},"quantity":{"type":"integer"}`) {
		t.Errorf("lines schema = %s", p.Schema)
	}

	bfcl, err := LoadFile(filepath.Join(catalogDir, "bfcl.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	geo, _ := bfcl.Lookup("geo.distance")
	if p := geo.Param("point_a"); strings.Join(p.Types, ",") != "array" || !strings.Contains(string(p.Schema), `"items":{"type":"number"}`) {
		t.Errorf("tuple of float = %s", p.Schema)
	}
	put, _ := bfcl.Lookup("cache.put")
	if p := put.Param("value"); len(p.Types) != 0 || strings.Contains(string(p.Schema), `"type"`) {
		t.Errorf("any = %+v %s", p.Types, p.Schema)
	}
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		file string
		want []string // substrings of the error
	}{
		{"syntax.json", []string{"broken/syntax.json:3:", "invalid JSON"}},
		{"not_tools.json", []string{"not_tools.json:1:1: $: want a tool definition", "members items, version"}},
		{"bad_params.json", []string{"bad_params.json:3:", "$[1].function.parameters: want a JSON Schema object, got string"}},
		{"truncated.jsonl", []string{"truncated.jsonl:2:", "JSON Lines"}},
		{"empty.json", []string{"empty.json: empty file"}},
		{"bad_annotation.json", []string{"bad_annotation.json:2:", "$.tools[0].annotations.destructiveHint: want true or false, got string \"yes\""}},
		{"no_name.json", []string{"no_name.json:1:", "$[0].function: want a \"name\" member"}},
		{"number.json", []string{"number.json:1:", "got number"}},
		{"tools_not_array.json", []string{"$.tools: want an array of tool definitions, got object"}},
		{"wrong_type.json", []string{"wrong_type.json:2:", "$[0].type: want \"function\" for an OpenAI Chat tool, got string \"retrieval\""}},
	}
	for _, c := range cases {
		_, err := LoadFile(filepath.Join(catalogDir, "broken", c.file))
		if err == nil {
			t.Errorf("%s: no error", c.file)
			continue
		}
		var le *toolcall.FileError
		if c.file != "" && !asLoadError(err, &le) {
			t.Errorf("%s: error %T is not a *toolcall.FileError: %v", c.file, err, err)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.file, err, w)
			}
		}
	}
}

func asLoadError(err error, le **toolcall.FileError) bool {
	e, ok := err.(*toolcall.FileError)
	*le = e
	return ok
}

func TestParseShapes(t *testing.T) {
	cases := []struct {
		name, data string
		tools      string // comma-joined names
		format     string
	}{
		{"single openai tool", `{"type":"function","function":{"name":"a","description":"A."}}`, "a", FormatOpenAIChat},
		{"legacy functions", `{"functions":[{"name":"a","description":"A.","parameters":{"type":"object"}}]}`, "a", FormatFunction},
		{"request body", `{"model":"x","tools":[{"name":"a","description":"A.","input_schema":{"type":"object"}}]}`, "a", FormatAnthropic},
		{"jsonl mixed", "{\"name\":\"a\",\"description\":\"A.\",\"inputSchema\":{}}\n\n[{\"name\":\"b\",\"description\":\"B.\",\"input_schema\":{}}]\n", "a,b", ""},
		{"gemini snake case", `[{"function_declarations":[{"name":"g","description":"G."}]}]`, "g", FormatGemini},
		{"bom and crlf", "\xef\xbb\xbf[\r\n{\"name\":\"a\",\"description\":\"A.\",\"parameters\":{}}\r\n]\r\n", "a", FormatFunction},
		{"duplicate kept first", `[{"name":"a","description":"first","parameters":{}},{"name":"a","description":"second","parameters":{}}]`, "a", FormatFunction},
	}
	for _, c := range cases {
		cat, err := Parse([]byte(c.data), c.name)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := strings.Join(cat.Names(), ","); got != c.tools {
			t.Errorf("%s: tools %s, want %s", c.name, got, c.tools)
		}
		if c.format != "" && strings.Join(cat.Formats(), ",") != c.format {
			t.Errorf("%s: formats %v, want %s", c.name, cat.Formats(), c.format)
		}
	}
	cat, _ := Parse([]byte(cases[len(cases)-1].data), "dup")
	if tool, _ := cat.Lookup("a"); tool.Description != "first" {
		t.Errorf("duplicate: kept %q", tool.Description)
	}
	if is := cat.Issues(); len(is) != 1 || is[0].Code != "duplicate_tool" {
		t.Errorf("duplicate issues = %v", is)
	}
}

// TestCustomToolSchema: a custom tool (OpenAI's free-form tools) loads with
// the schema of the arguments its calls are read with: one required string,
// toolcall.CustomInput; its grammar or format is not a schema.
func TestCustomToolSchema(t *testing.T) {
	cat, err := Parse([]byte(`[{"type":"custom","name":"apply_patch","description":"Apply a patch in the V4A diff format.","format":{"type":"grammar","syntax":"lark","definition":"start: /.+/"}}]`), "tools.json")
	if err != nil {
		t.Fatal(err)
	}
	tool, ok := cat.Lookup("apply_patch")
	if !ok {
		t.Fatalf("no apply_patch: %v", cat.Names())
	}
	if len(tool.Params) != 1 || tool.Params[0].Name != toolcall.CustomInput || !tool.Params[0].Required {
		t.Fatalf("params %+v", tool.Params)
	}
	if !tool.Custom || !strings.Contains(string(tool.CustomFormat), `"syntax":"lark"`) {
		t.Fatalf("custom %v, format %s", tool.Custom, tool.CustomFormat)
	}
	if p := cat.Check(toolcall.Call{Name: "apply_patch", Arguments: json.RawMessage(`{"input":"*** Begin Patch\n*** End Patch"}`)}); len(p) != 0 {
		t.Fatalf("a call with its input: %v", p)
	}
	if p := cat.Check(toolcall.Call{Name: "apply_patch", Arguments: json.RawMessage(`{"patch":"x"}`)}); len(p) == 0 {
		t.Fatal("a call without its input passed the check")
	}
}

// TestBuiltinTools: a provider's built-in tool the agent runs loads as a
// tool of the name its calls carry (Anthropic's by its name member, OpenAI's
// by its type; computer_use_preview is computer), any arguments object
// passing the check, with its declaration kept; the built-ins the provider
// runs itself stay skipped, reported.
func TestBuiltinTools(t *testing.T) {
	cat, err := Parse([]byte(`[{"type":"bash_20250124","name":"bash"},{"type":"text_editor_20250728","name":"str_replace_based_edit_tool"},
{"type":"shell"},{"type":"apply_patch"},{"type":"computer_use_preview","display_width":1024,"display_height":768,"environment":"linux"},
{"type":"web_search_20250305","name":"web_search"},{"type":"web_search"},{"type":"bash_2025","name":"odd"}]`), "tools.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cat.Names(), ","); got != "bash,str_replace_based_edit_tool,shell,apply_patch,computer" {
		t.Fatalf("tools %s", got)
	}
	skipped := 0
	for _, is := range cat.Issues() {
		if is.Code == "skipped_tool" {
			skipped++
		}
	}
	if skipped != 3 {
		t.Fatalf("issues %v, want the two web searches and the odd type skipped", cat.Issues())
	}
	tool, _ := cat.Lookup("computer")
	if !strings.Contains(string(tool.Builtin), `"display_width":1024`) {
		t.Fatalf("declaration %s", tool.Builtin)
	}
	if p := cat.Check(toolcall.Call{Name: "bash", Arguments: json.RawMessage(`{"command":"ls -la"}`)}); len(p) != 0 {
		t.Fatalf("a bash call: %v", p)
	}
}
