package catalog

import "testing"

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
