package catalog

import (
	"encoding/json"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestNewFillsParams(t *testing.T) {
	c, err := New([]toolcall.Tool{
		{Name: "b_tool", Parameters: json.RawMessage(`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":["integer","null"],"enum":[1,2,null],"default":1}},"required":["z"]}`)},
		{Name: "a_tool"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 2 || c.Tools()[0].Name != "b_tool" || c.Tools()[1].Name != "a_tool" {
		t.Fatalf("order not kept: %v", c.Names())
	}
	tool, ok := c.Lookup("b_tool")
	if !ok {
		t.Fatal("Lookup failed")
	}
	if len(tool.Params) != 2 || tool.Params[0].Name != "z" || !tool.Params[0].Required || tool.Params[1].Required {
		t.Fatalf("params = %+v", tool.Params)
	}
	a := tool.Params[1]
	if got, want := a.Types, []string{"integer", "null"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("types = %v", got)
	}
	if len(a.Enum) != 3 || string(a.Enum[2]) != "null" || string(a.Default) != "1" {
		t.Errorf("enum/default = %s / %s", a.Enum, a.Default)
	}
	empty, _ := c.Lookup("a_tool")
	if string(empty.Parameters) != `{"type":"object","properties":{}}` {
		t.Errorf("missing parameters = %s", empty.Parameters)
	}
	if _, ok := c.Lookup("nope"); ok {
		t.Error("Lookup found a missing tool")
	}
}

func TestNewRejectsDuplicates(t *testing.T) {
	if _, err := New([]toolcall.Tool{{Name: "x"}, {Name: "x"}}); err == nil {
		t.Fatal("want an error for a duplicate name")
	}
	if _, err := New([]toolcall.Tool{{Name: ""}}); err == nil {
		t.Fatal("want an error for an empty name")
	}
}
