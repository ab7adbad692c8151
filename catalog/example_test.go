package catalog_test

import (
	"fmt"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

func ExampleParse() {
	data := []byte(`{"tools": [
	  {"name": "read_file", "description": "Read a file.",
	   "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "limit": {"type": "int"}}, "required": ["path"]},
	   "annotations": {"readOnlyHint": true}}
	]}`)
	c, err := catalog.Parse(data, "tools.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := c.Lookup("read_file")
	fmt.Println(c.Formats(), t.Name, string(t.Parameters))
	for _, p := range t.Params {
		fmt.Println(p.Name, p.Types, p.Required)
	}
	// Output:
	// [mcp] read_file {"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}
	// path [string] true
	// limit [integer] false
}

func ExampleParse_error() {
	_, err := catalog.Parse([]byte("[\n  {\"type\": \"function\", \"function\": {\"name\": \"a\", \"parameters\": 7}}\n]"), "tools.json")
	fmt.Println(err)
	// Output:
	// tools.json:2:65: $[0].function.parameters: want a JSON Schema object, got number
}

func ExampleCatalog_Check() {
	c, _ := catalog.Parse([]byte(`[{"type": "function", "function": {"name": "set_volume", "description": "Set the volume.",
	  "parameters": {"type": "object", "properties": {"level": {"type": "integer", "minimum": 0, "maximum": 10},
	  "room": {"type": "string", "enum": ["kitchen", "hall"]}}, "required": ["level"]}}}]`), "tools.json")
	for _, args := range []string{`{"level": 3}`, `{"room": "attic", "level": "3"}`, `{"level": 11, "loud": true}`} {
		fmt.Println(args, c.Check(toolcall.Call{Name: "set_volume", Arguments: []byte(args)}))
	}
	fmt.Println(c.Check(toolcall.Call{Name: "mute", Arguments: []byte(`{}`)}))
	// Output:
	// {"level": 3} []
	// {"room": "attic", "level": "3"} [type_error: $.level: want integer, got string enum_error: $.room: value must be one of "kitchen", "hall"]
	// {"level": 11, "loud": true} [unexpected_param: $.loud: "loud" is not a parameter of set_volume schema_error: $.level: maximum: got 11, want 10]
	// [unknown_tool: $: no tool named "mute"]
}

func ExampleCatalog_Select() {
	c, _ := catalog.Parse([]byte(`{"servers": [
	  {"name": "git", "tools": [{"name": "status", "description": "Show status.", "inputSchema": {}},
	                            {"name": "push", "description": "Push.", "inputSchema": {}}]},
	  {"name": "jira", "tools": [{"name": "status", "description": "Issue status.", "inputSchema": {}}]}]}`), "servers.json")
	sel, _ := c.Select(catalog.Selection{MCPNames: true, Disabled: []string{"mcp__git__push"}})
	fmt.Println(sel.Names())
	// Output:
	// [mcp__git__status mcp__jira__status]
}
