package catalog

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestArrayParams(t *testing.T) {
	cat, err := Parse([]byte(`[
 {"name": "plan", "input_schema": {"type": "object", "properties": {
   "title": {"type": "string"},
   "steps": {"type": "array", "items": {"type": "object", "properties": {"text": {"type": "string"}, "done": {"type": "boolean"}}}},
   "tags": {"type": "array", "items": {"type": "string"}}},
   "required": ["steps", "tags"]}},
 {"name": "tag_all", "input_schema": {"type": "object", "properties": {
   "labels": {"type": "array", "items": {"type": "string"}}}, "required": ["labels"]}},
 {"name": "note", "input_schema": {"type": "object", "properties": {
   "items": {"type": "array", "items": {"type": "object", "properties": {"text": {"type": "string"}}}}}}},
 {"name": "echo", "input_schema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}
]`), "plans.json")
	if err != nil {
		t.Fatal(err)
	}
	tool := func(name string) *toolcall.Tool {
		tl, ok := cat.Lookup(name)
		if !ok {
			t.Fatalf("no tool %q", name)
		}
		return tl
	}
	for _, tc := range []struct{ tool, want string }{
		{"plan", "steps"}, {"tag_all", "labels"}, {"note", ""}, {"echo", ""},
	} {
		got := ""
		if p := ListParam(tool(tc.tool)); p != nil {
			got = p.Name
		}
		if got != tc.want {
			t.Errorf("ListParam(%s) = %q, want %q", tc.tool, got, tc.want)
		}
	}
	for _, tc := range []struct {
		tool string
		want bool
	}{{"plan", true}, {"tag_all", false}, {"note", false}, {"echo", false}} {
		if got := HasItemParam(tool(tc.tool)); got != tc.want {
			t.Errorf("HasItemParam(%s) = %v, want %v", tc.tool, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name, tool, args, want string
	}{
		{"one_record", "plan", `{"text": "write tests", "done": false}`, "steps"},
		{"some_item_keys", "plan", `{"text": "ship"}`, "steps"},
		{"the_parameter_given", "plan", `{"steps": [{"text": "a"}]}`, ""},
		{"a_key_no_item_has", "plan", `{"text": "a", "title": "b"}`, ""},
		{"empty_object", "plan", `{}`, ""},
		{"not_an_object", "plan", `[{"text": "a"}]`, ""},
		{"broken_json", "plan", `{"text": `, ""},
		{"not_required", "note", `{"text": "a"}`, ""},
		{"items_without_properties", "tag_all", `{"text": "a"}`, ""},
	} {
		got := ""
		if p := ItemParam(tool(tc.tool), []byte(tc.args)); p != nil {
			got = p.Name
		}
		if got != tc.want {
			t.Errorf("%s: ItemParam = %q, want %q", tc.name, got, tc.want)
		}
	}
	if ListParam(nil) != nil || HasItemParam(nil) || ItemParam(nil, []byte(`{"a": 1}`)) != nil {
		t.Error("a nil tool has no array parameter")
	}
}
