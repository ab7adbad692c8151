package catalog

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func loadTest(t testing.TB, file string) *Catalog {
	t.Helper()
	c, err := LoadFile(filepath.Join(catalogDir, file))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCheck(t *testing.T) {
	cats := map[string]*Catalog{
		"git":   loadTest(t, "git.mcp.json"),
		"fs":    loadTest(t, "filesystem.mcp.json"),
		"excel": loadTest(t, "excel.openai.json"),
		"trip":  loadTest(t, "schemas.json"),
		"gem":   loadTest(t, "gemini.json"),
		"resp":  loadTest(t, "responses.json"),
	}
	cases := []struct {
		name, cat, tool, args string
		want                  string // "code@path;…", "" when valid
	}{
		{"valid", "git", "git_status", `{"repo_path":"."}`, ""},
		{"valid optional", "git", "git_diff", `{"repo_path":".","target":"main","context_lines":5}`, ""},
		{"integer for number", "trip", "book_trip", `{"from":{"city":"Oslo"},"to":{"city":"Rome"},"travelers":[{"name":"Ada"}],"budget":1200}`, ""},
		{"null for nullable", "trip", "book_trip", `{"from":{"city":"Oslo"},"to":{"city":"Rome"},"travelers":[{"name":"Ada"}],"budget":null,"notes":null}`, ""},
		{"unknown tool", "git", "git_push", `{}`, "unknown_tool@$"},
		{"invalid json", "git", "git_status", `{"repo_path":`, "invalid_json@$"},
		{"not an object", "git", "git_status", `["."]`, "invalid_json@$"},
		{"empty arguments", "git", "git_status", ``, "missing_required@$.repo_path"},
		{"missing required", "git", "git_commit", `{"repo_path":"."}`, "missing_required@$.message"},
		{"unexpected param", "git", "git_status", `{"repo_path":".","verbose":true}`, "unexpected_param@$.verbose"},
		{"unexpected closed schema", "fs", "write_file", `{"path":"a","content":"b","mode":"0644"}`, "unexpected_param@$.mode"},
		{"type error", "git", "git_log", `{"repo_path":".","max_count":"5"}`, "type_error@$.max_count"},
		{"number for integer", "git", "git_log", `{"repo_path":".","max_count":2.5}`, "type_error@$.max_count"},
		{"enum error", "git", "git_reset", `{"repo_path":".","mode":"medium"}`, "enum_error@$.mode"},
		{"nullable enum", "gem", "set_thermostat", `{"room":"hall","celsius":20,"mode":"dry"}`, "enum_error@$.mode"},
		{"nullable enum null ok", "gem", "set_thermostat", `{"room":"hall","celsius":20,"mode":null}`, ""},
		{"anyOf type", "git", "git_reset", `{"repo_path":".","commit":42}`, "type_error@$.commit"},
		{"anyOf pattern", "git", "git_reset", `{"repo_path":".","commit":"xyz"}`, "schema_error@$.commit"},
		{"minimum", "git", "git_log", `{"repo_path":".","max_count":0}`, "schema_error@$.max_count"},
		{"nested path", "fs", "edit_file", `{"path":"a","edits":[{"oldText":"x","newText":"y"},{"oldText":"x"}]}`, "missing_required@$.edits[1].newText"},
		{"nested unexpected", "fs", "edit_file", `{"path":"a","edits":[{"oldText":"x","newText":"y","all":true}]}`, "unexpected_param@$.edits[0].all"},
		{"pattern", "excel", "read_range", `{"workbook":"a.xlsx","sheet":"S","range":"b2"}`, "schema_error@$.range"},
		{"nested array type", "excel", "write_range", `{"workbook":"a","sheet":"S","rows":[[1,"x",{}]]}`, "type_error@$.rows[0][2]"},
		{"order of problems", "git", "git_log", `{"max_count":"x","zz":1}`, "missing_required@$.repo_path;unexpected_param@$.zz;type_error@$.max_count"},
		{"nullable type list", "resp", "refund_order", `{"order_id":"o","amount_cents":null,"reason":"late"}`, ""},
		{"quoted path", "git", "git_status", `{"repo_path":".","a b":1}`, `unexpected_param@$["a b"]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ps := cats[c.cat].Check(toolcall.Call{Name: c.tool, Arguments: []byte(c.args)})
			var got []string
			for _, p := range ps {
				if p.Message == "" {
					t.Errorf("problem %s has no message", p.Code)
				}
				got = append(got, string(p.Code)+"@"+p.Path)
			}
			if g := strings.Join(got, ";"); g != c.want {
				t.Errorf("got %q, want %q (%v)", g, c.want, ps)
			}
		})
	}
}

func TestCheckConcurrent(t *testing.T) {
	c := loadTest(t, "git.mcp.json")
	done := make(chan bool)
	for i := 0; i < 4; i++ {
		go func() {
			for j := 0; j < 50; j++ {
				if ps := c.Check(toolcall.Call{Name: "git_log", Arguments: []byte(`{"repo_path":"."}`)}); len(ps) != 0 {
					t.Error(ps)
				}
			}
			done <- true
		}()
	}
	for i := 0; i < 4; i++ {
		<-done
	}
}

func TestCheckBadSchemaFallsBack(t *testing.T) {
	c, err := New([]toolcall.Tool{{Name: "t", Parameters: []byte(`{"type":"object","properties":{"a":{"type":"string","pattern":"(["}},"required":["a"]}`)}})
	if err != nil {
		t.Fatal(err)
	}
	ps := c.Check(toolcall.Call{Name: "t", Arguments: []byte(`{"b":1}`)})
	if len(ps) != 2 || ps[0].Code != toolcall.CodeMissingRequired || ps[1].Code != toolcall.CodeUnexpectedParam {
		t.Errorf("got %v", ps)
	}
}

func FuzzCheck(f *testing.F) {
	c := loadTest(f, "git.mcp.json")
	f.Add("git_log", `{"repo_path":".","max_count":"5"}`)
	f.Add("git_reset", `{"repo_path":".","commit":null,"mode":"hard"}`)
	f.Add("nope", `{}`)
	f.Add("git_status", `{"repo_path":`)
	f.Fuzz(func(t *testing.T, name, args string) {
		ps := c.Check(toolcall.Call{Name: name, Arguments: []byte(args)})
		for i := 1; i < len(ps); i++ {
			if codeRank[ps[i-1].Code] > codeRank[ps[i].Code] {
				t.Fatalf("problems out of order: %v", ps)
			}
		}
		for _, p := range ps {
			if !strings.HasPrefix(p.Path, "$") {
				t.Fatalf("path %q", p.Path)
			}
		}
	})
}

// TestCheckComposedSchemas: the top level of a tool's schema is closed to
// arguments no part of it declares (properties, patternProperties,
// additionalProperties, here or in the allOf branches, $refs, the
// oneOf/anyOf alternative and the if/then branch the arguments satisfy);
// nested objects follow JSON Schema, where an undeclared member is allowed.
func TestCheckComposedSchemas(t *testing.T) {
	cat, err := Parse([]byte(`[
 {"name": "tree", "input_schema": {"type": "object", "properties": {"name": {"type": "string"}, "child": {"$ref": "#"}}}},
 {"name": "copy", "input_schema": {"type": "object", "allOf": [{"properties": {"src": {"type": "string"}}, "required": ["src"]}], "properties": {"dst": {"type": "string"}}}},
 {"name": "send", "input_schema": {"type": "object", "oneOf": [{"properties": {"via": {"const": "mail"}, "to": {"type": "string"}}, "required": ["via"]}, {"properties": {"via": {"const": "sms"}, "phone": {"type": "string"}}, "required": ["via"]}]}},
 {"name": "env", "input_schema": {"type": "object", "properties": {"scope": {"type": "string"}}, "additionalProperties": {"type": "string"}}}
]`), "tools.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, tool, args, want string }{
		{"nested member of a recursive schema allowed", "tree", `{"name": "a", "child": {"name": "b", "color": "red"}}`, ""},
		{"top-level member of a recursive schema unexpected", "tree", `{"name": "a", "color": "red"}`, "unexpected_param@$.color"},
		{"allOf branch declares", "copy", `{"src": "a", "dst": "b"}`, ""},
		{"allOf branch declares nothing else", "copy", `{"src": "a", "mode": "0644"}`, "unexpected_param@$.mode"},
		{"chosen alternative declares", "send", `{"via": "sms", "phone": "+100"}`, ""},
		{"other alternative's member unexpected", "send", `{"via": "sms", "to": "a@b.c"}`, "unexpected_param@$.to"},
		{"no alternative holds: only the oneOf", "send", `{"via": "fax", "to": "a@b.c"}`, "enum_error@$"},
		{"additionalProperties types extras", "env", `{"scope": "user", "EDITOR": 7}`, "type_error@$.EDITOR"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range cat.Check(toolcall.Call{Name: c.tool, Arguments: []byte(c.args)}) {
				got = append(got, string(p.Code)+"@"+p.Path)
			}
			if g := strings.Join(got, ";"); g != c.want {
				t.Errorf("got %q, want %q", g, c.want)
			}
		})
	}
}
