package otelimport_test

import (
	"fmt"

	"github.com/tooleval/tooleval/otelimport"
)

// Import an OpenLLMetry trace of a notes agent: one run, three model
// calls, two of them with a tool call whose result was fed back.
func ExampleLoad() {
	im, err := otelimport.Load([]string{"../testdata/otel/openllmetry.jsonl"}, otelimport.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := im.Cases[0]
	fmt.Println(c.ID, c.Query)
	for i, st := range c.Steps {
		fmt.Println("step", i+1, len(st.ObservedCalls), "calls,", len(st.ToolResults), "results")
	}
	fmt.Println("skipped spans:", im.Summary.SkippedByName)
	// Output:
	// otel-7e2c3f3577b34da6a3ce929d0e0e4739 Find my note about the Q3 budget and delete it
	// step 1 1 calls, 1 results
	// step 2 1 calls, 1 results
	// step 3 0 calls, 0 results
	// skipped spans: map[redis.get:1]
}
