package catalog

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestToolFor(t *testing.T) {
	agent, err := Parse([]byte(`[
 {"name": "view", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}, "offset": {"type": "integer"}}, "required": ["path", "offset"]}},
 {"name": "list_dir", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
 {"name": "glob", "input_schema": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}}, "required": ["pattern"]}},
 {"name": "grep", "input_schema": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}, "mode": {"type": "string"}}, "required": ["pattern"]}},
 {"name": "tag", "input_schema": {"type": "object", "properties": {"action": {"const": "tag"}}, "required": ["action"]}},
 {"name": "now", "input_schema": {"type": "object", "properties": {}}}
]`), "agent.json")
	if err != nil {
		t.Fatal(err)
	}
	one, err := Parse([]byte(`[{"name": "web_search", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}]`), "one.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		cat  *Catalog
		args string
		want string // "" for none
	}{
		{"required_keys_decide", agent, `{"path": "a.go", "offset": 3}`, "view"},
		{"fewer_required_keys", agent, `{"path": "a.go"}`, "list_dir"},
		{"optional_key_decides", agent, `{"pattern": "x", "mode": "count"}`, "grep"},
		{"two_tools_accept", agent, `{"pattern": "x", "path": "."}`, ""},
		{"undeclared_key", agent, `{"path": "a.go", "bogus": 1}`, ""},
		{"wrong_type", agent, `{"path": 5}`, ""},
		{"const_value", agent, `{"action": "tag"}`, "tag"},
		{"const_mismatch", agent, `{"action": "untag"}`, ""},
		{"empty_object_fits_the_tool_without_parameters", agent, `{}`, "now"},
		{"not_an_object", agent, `[1, 2]`, ""},
		{"broken_json", agent, `{"path": "a`, ""},
		{"single_tool_whatever_the_arguments", one, `{"bogus": 1}`, "web_search"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.cat.ToolFor([]byte(tc.args))
			if ok != (tc.want != "") || got != tc.want {
				t.Errorf("ToolFor(%s) = %q, %v; want %q", tc.args, got, ok, tc.want)
			}
		})
	}
}

// TestToolForBooleanSchemas: JSON Schema's boolean schemas load as a
// tool's parameters. true is read as a tool without parameters (it
// declares none, so under the rule that every argument be declared it
// fits only {}); false accepts nothing, so it never names a call. SGLang's
// Kimi K2 detector names calls by them so.
func TestToolForBooleanSchemas(t *testing.T) {
	c, err := Parse([]byte(`[
 {"name": "refuse_all", "input_schema": false},
 {"name": "free_form", "input_schema": true},
 {"name": "lookup", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}
]`), "bool.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"q": "cats"}`, "lookup"},
		{`{}`, "free_form"},
		{`{"z": 1}`, ""},
	} {
		if got, ok := c.ToolFor([]byte(tc.args)); ok != (tc.want != "") || got != tc.want {
			t.Errorf("ToolFor(%s) = %q, %v; want %q", tc.args, got, ok, tc.want)
		}
	}
	if !c.Valid(toolcall.Call{Name: "free_form", Arguments: []byte(`{}`)}) {
		t.Errorf("a true schema refused {}: %v", c.Check(toolcall.Call{Name: "free_form", Arguments: []byte(`{}`)}))
	}
	if c.Valid(toolcall.Call{Name: "refuse_all", Arguments: []byte(`{}`)}) {
		t.Error("a false schema accepted {}")
	}
}

// TestToolForComposedSchemas names a call by schemas that compose their
// parameters (allOf, $ref, if/then), allow extra members only explicitly
// (additionalProperties or unevaluatedProperties, here or in a branch), or
// cannot be judged (a reference that names nothing), as SGLang's Kimi K2
// detector names a call written with an id.
func TestToolForComposedSchemas(t *testing.T) {
	const (
		pathSchema = `{"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}`
		forecast   = `{"name": "forecast", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}`
		remove     = `{"name": "remove", "input_schema": ` + pathSchema + `}`
	)
	open := func(schema string) string { return `{"name": "open", "input_schema": ` + schema + `}` }
	for _, tc := range []struct {
		name  string
		tools []string
		args  string
		want  string // "" for none
	}{
		{"ref_to_defs", []string{open(`{"$defs": {"in": ` + pathSchema + `}, "$ref": "#/$defs/in"}`), forecast}, `{"path": "/srv/app.log"}`, "open"},
		{"ref_to_defs_two_fit", []string{open(`{"$defs": {"in": ` + pathSchema + `}, "$ref": "#/$defs/in"}`), remove}, `{"path": "/srv/app.log"}`, ""},
		{"pattern_properties_closed", []string{forecast, open(`{"type": "object", "patternProperties": {"^path$": {"type": "string"}}, "additionalProperties": false}`)}, `{"path": "/tmp/a"}`, "open"},
		{"pattern_properties_closed_other_key", []string{forecast, open(`{"type": "object", "patternProperties": {"^path$": {"type": "string"}}, "additionalProperties": false}`)}, `{"file": "/tmp/a"}`, ""},
		{"allOf_branch_gives_the_parameter", []string{open(`{"properties": {"mode": {"type": "string"}}, "allOf": [` + pathSchema + `]}`), forecast}, `{"path": "notes.md"}`, "open"},
		{"allOf_branch_with_root_parameter", []string{open(`{"properties": {"mode": {"type": "string"}}, "allOf": [` + pathSchema + `]}`), forecast}, `{"path": "notes.md", "mode": "r"}`, "open"},
		{"allOf_branch_two_fit", []string{open(`{"properties": {"mode": {"type": "string"}}, "allOf": [` + pathSchema + `]}`), remove}, `{"path": "notes.md"}`, ""},
		{"allOf_branch_requires", []string{open(`{"properties": {"mode": {"type": "string"}}, "allOf": [` + pathSchema + `]}`), forecast}, `{"mode": "r"}`, ""},
		{"extra_members_allowed_in_a_branch", []string{open(`{"allOf": [{"type": "object", "additionalProperties": {"type": "string"}}]}`), forecast}, `{"path": "/x"}`, "open"},
		{"extra_members_typed_by_the_branch", []string{open(`{"allOf": [{"type": "object", "additionalProperties": {"type": "string"}}]}`), forecast}, `{"path": 17}`, ""},
		{"extra_members_typed_at_the_top", []string{open(`{"type": "object", "properties": {"path": {"type": "string"}}, "additionalProperties": {"type": "integer"}}`), forecast}, `{"path": "a", "depth": 2}`, "open"},
		{"extra_members_mistyped_at_the_top", []string{open(`{"type": "object", "properties": {"path": {"type": "string"}}, "additionalProperties": {"type": "integer"}}`), forecast}, `{"path": "a", "depth": "deep"}`, ""},
		{"unevaluated_true", []string{open(`{"type": "object", "unevaluatedProperties": true}`), forecast}, `{"path": "/x"}`, "open"},
		{"unevaluated_true_two_fit", []string{open(`{"type": "object", "unevaluatedProperties": true}`), remove}, `{"path": "/x"}`, ""},
		{"unevaluated_false_sees_allOf", []string{open(`{"allOf": [` + pathSchema + `], "unevaluatedProperties": false}`), forecast}, `{"path": "/x"}`, "open"},
		{"unevaluated_false_refuses_extra", []string{open(`{"allOf": [` + pathSchema + `], "unevaluatedProperties": false}`), forecast}, `{"path": "/x", "force": true}`, ""},
		{"additional_false_does_not_see_allOf", []string{open(`{"type": "object", "allOf": [` + pathSchema + `], "additionalProperties": false}`), forecast}, `{"path": "/x"}`, ""},
		{"only_the_chosen_alternative_declares", []string{open(`{"type": "object", "oneOf": [{"properties": {"kind": {"const": "file"}, "path": {"type": "string"}}, "required": ["kind", "path"]}, {"properties": {"kind": {"const": "url"}, "url": {"type": "string"}}, "required": ["kind", "url"]}]}`), forecast}, `{"kind": "file", "path": "a.txt"}`, "open"},
		{"other_alternative_member_is_extra", []string{open(`{"type": "object", "oneOf": [{"properties": {"kind": {"const": "file"}, "path": {"type": "string"}}, "required": ["kind", "path"]}, {"properties": {"kind": {"const": "url"}, "url": {"type": "string"}}, "required": ["kind", "url"]}]}`), forecast}, `{"kind": "file", "path": "a.txt", "url": "http://x"}`, ""},
		{"if_then_branch_declares", []string{open(`{"type": "object", "properties": {"kind": {"type": "string"}}, "if": {"properties": {"kind": {"const": "file"}}}, "then": {"properties": {"path": {"type": "string"}}}}`), forecast}, `{"kind": "file", "path": "a"}`, "open"},
		{"unresolved_ref_names_nothing", []string{open(`{"$ref": "#/$defs/missing", "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}`), remove}, `{"path": "/x"}`, ""},
		{"unresolved_ref_names_nothing_either_order", []string{remove, open(`{"$ref": "#/$defs/missing", "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}`)}, `{"path": "/x"}`, ""},
		{"remote_ref_names_nothing", []string{open(`{"$ref": "https://schemas.example.com/open.json"}`), remove}, `{"path": "/x"}`, ""},
		{"unresolved_ref_ruled_out_by_required", []string{open(`{"$ref": "#/$defs/missing", "type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}`), remove}, `{"path": "/x"}`, "remove"},
		{"type_alias_varchar", []string{open(`{"type": "object", "properties": {"path": {"type": "varchar"}}, "required": ["path"]}`), forecast}, `{"path": "/x"}`, "open"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := Parse([]byte("["+strings.Join(tc.tools, ",")+"]"), "tools.json")
			if err != nil {
				t.Fatal(err)
			}
			got, ok := cat.ToolFor([]byte(tc.args))
			if ok != (tc.want != "") || got != tc.want {
				t.Errorf("ToolFor(%s) = %q, %v; want %q", tc.args, got, ok, tc.want)
			}
		})
	}
}

// TestToolForUncompiledSchema: a tool whose schema the validator cannot
// compile (catalog.New keeps it as given) is not known to refuse the
// arguments, so nothing is named unless its required parameters rule it
// out.
func TestToolForUncompiledSchema(t *testing.T) {
	cat, err := New([]toolcall.Tool{
		{Name: "fetch", Parameters: []byte(`{"$ref": "https://schemas.example.com/fetch.json", "type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}`)},
		{Name: "remove", Parameters: []byte(`{"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{"path": "/x"}`:                   "remove",
		`{"url": "http://a", "path": "b"}`: "",
	} {
		got, ok := cat.ToolFor([]byte(args))
		if ok != (want != "") || got != want {
			t.Errorf("ToolFor(%s) = %q, %v; want %q", args, got, ok, want)
		}
	}
}
