package bfclcheck_test

import (
	"encoding/json"
	"fmt"
	"log"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/toolcall"
)

// The leaderboard's checker on a Java entry: values are source text,
// converted by the parameter's declared Java type.
func ExampleCheck() {
	cat, err := catalog.Parse([]byte(`[{"name":"Timer.set","description":"Set a timer.","parameters":{"type":"dict",
		"properties":{"seconds":{"type":"double"},"id":{"type":"long"}},"required":["seconds","id"]}}]`), "java.json")
	if err != nil {
		log.Fatal(err)
	}
	var gold []metrics.GoldCall
	if err := json.Unmarshal([]byte(`[{"Timer.set":{"seconds":[2.5],"id":[42]}}]`), &gold); err != nil {
		log.Fatal(err)
	}
	rules := &bfclcheck.Rules{Checker: "bfcl", Category: "simple_java",
		Types: map[string]map[string]string{"Timer.set": {"seconds": "double", "id": "long"}}}
	for _, args := range []string{`{"seconds":"2.5","id":"42L"}`, `{"seconds":2.5,"id":"42L"}`, `{"seconds":"2.5","id":"42"}`} {
		r := bfclcheck.Check(cat, []toolcall.Call{{Name: "Timer.set", Arguments: json.RawMessage(args)}}, gold, nil, rules)
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
