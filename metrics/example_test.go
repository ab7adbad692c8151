package metrics_test

import (
	"encoding/json"
	"fmt"

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

// A case recorded three times that passed once: at least one of two
// trials passes with probability 2/3, both never do.
func ExamplePassAt() {
	at, _ := metrics.PassAt(3, 1, 2)
	hat, _ := metrics.PassHat(3, 1, 2)
	fmt.Printf("pass@2 = %.4f, pass^2 = %.4f\n", at, hat)
	_, ok := metrics.PassAt(3, 1, 4)
	fmt.Println("pass@4 defined:", ok)
	// Output:
	// pass@2 = 0.6667, pass^2 = 0.0000
	// pass@4 defined: false
}
