package repair_test

import (
	"encoding/json"
	"fmt"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/toolcall"
)

// Which repair would have saved a failed call: each is applied alone and
// the output judged again by the checker that failed it.
func ExampleFixes() {
	cat, _ := catalog.Parse([]byte(`[{"type":"function","function":{"name":"get_weather","description":"Weather.",
	  "parameters":{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}}}]`), "tools.json")
	var gold []metrics.GoldCall
	_ = json.Unmarshal([]byte(`[{"get_weather": {"city": ["Oslo"], "days": [3]}}]`), &gold)
	out := repair.Output{Calls: []toolcall.Call{{Name: "Get-Weather", Arguments: json.RawMessage(`{"city": "Oslo", "days": "3"}`)}}}
	pass := func(o repair.Output) bool { return metrics.CheckCalls(cat, o.Calls, gold, o.Broken).Correct }

	fmt.Println("passes:", pass(out))
	fmt.Println("each alone fixes:", repair.Fixes(cat, out, pass))
	both, used := repair.ApplyAll([]repair.Kind{repair.ToolName, repair.Coerce}, cat, out)
	fmt.Println("both:", used, both.Calls[0].Name, string(both.Calls[0].Arguments), pass(both))
	// Output:
	// passes: false
	// each alone fixes: []
	// both: [tool_name coerce] get_weather {"city":"Oslo","days":3} true
}
