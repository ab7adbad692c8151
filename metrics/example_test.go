package metrics_test

import (
	"encoding/json"
	"fmt"
	"log"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/toolcall"
)

func ExampleCheckCalls() {
	var gold []metrics.GoldCall
	json.Unmarshal([]byte(`[
		{"get_weather": {"city": ["San Francisco", "SF"], "unit": ["celsius", ""]}},
		{"get_weather": {"city": ["Boston"], "unit": ["celsius", ""]}}
	]`), &gold)
	got := []toolcall.Call{
		{Index: 0, Name: "get_weather", Arguments: json.RawMessage(`{"city":"boston"}`)},
		{Index: 1, Name: "get_weather", Arguments: json.RawMessage(`{"city":"san-francisco","unit":"kelvin"}`)},
	}
	r := metrics.CheckCalls(nil, got, gold, nil)
	fmt.Println(r.Correct, r.Code, r.Matches)
	for _, p := range r.Problems {
		fmt.Println(p)
	}
	fmt.Printf("wrong-argument calls: %d of %d\n", r.WrongArgCalls, r.ToolCalls)
	// Output:
	// false value_error [1 0]
	// value_error unit: value "kelvin" is not among the allowed values ["celsius",""]
	// wrong-argument calls: 1 of 2
}

// The leaderboard's checker on a Java entry: values are source text,
// converted by the parameter's declared Java type.
func ExampleCheckBFCL() {
	cat, err := catalog.Parse([]byte(`[{"name":"Timer.set","description":"Set a timer.","parameters":{"type":"dict",
		"properties":{"seconds":{"type":"double"},"id":{"type":"long"}},"required":["seconds","id"]}}]`), "java.json")
	if err != nil {
		log.Fatal(err)
	}
	var gold []metrics.GoldCall
	if err := json.Unmarshal([]byte(`[{"Timer.set":{"seconds":[2.5],"id":[42]}}]`), &gold); err != nil {
		log.Fatal(err)
	}
	rules := &metrics.Rules{Checker: "bfcl", Category: "simple_java",
		Types: map[string]map[string]string{"Timer.set": {"seconds": "double", "id": "long"}}}
	for _, args := range []string{`{"seconds":"2.5","id":"42L"}`, `{"seconds":2.5,"id":"42L"}`, `{"seconds":"2.5","id":"42"}`} {
		r := metrics.CheckBFCL(cat, []toolcall.Call{{Name: "Timer.set", Arguments: json.RawMessage(args)}}, gold, nil, rules)
		verdict := "pass"
		if !r.Correct {
			verdict = "fail: " + string(r.Code)
		}
		fmt.Println(args, verdict)
	}
	// Output:
	// {"seconds":"2.5","id":"42L"} pass
	// {"seconds":2.5,"id":"42L"} fail: type_error
	// {"seconds":"2.5","id":"42"} fail: type_error
}
