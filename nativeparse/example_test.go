package nativeparse_test

import (
	"fmt"

	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Feeding an Anthropic Messages stream in arbitrary chunks.
func ExampleParser() {
	body := "event: content_block_start\n" +
		`data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"read_file","input":{}}}` + "\n\n" +
		"event: content_block_delta\n" +
		`data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"a.go\"}"}}` + "\n\n" +
		"event: content_block_stop\n" +
		`data: {"type":"content_block_stop","index":0}` + "\n\n"
	p, err := nativeparse.New(toolcall.ParseOptions{Format: nativeparse.Anthropic})
	if err != nil {
		panic(err)
	}
	var evs []toolcall.Event
	for i := 0; i < len(body); i += 50 {
		for _, ev := range p.Feed([]byte(body[i:min(i+50, len(body))])) {
			evs = append(evs, ev.Clone())
		}
	}
	evs = append(evs, p.Close()...)
	for _, ev := range evs {
		switch ev.Kind {
		case toolcall.KindCallStart:
			fmt.Println("start", ev.Index, ev.ID, ev.Name)
		case toolcall.KindArgsDelta:
			fmt.Printf("delta %s\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Printf("end %s %s\n", ev.Call.Name, ev.Call.Arguments)
		}
	}
	// Output:
	// start 0 toolu_1 read_file
	// delta {"path":"a.go"}
	// end read_file {"path":"a.go"}
}

// Watching a call's arguments while they stream.
func ExampleParser_Partial() {
	p, err := nativeparse.New(toolcall.ParseOptions{Format: nativeparse.OpenAIChat})
	if err != nil {
		panic(err)
	}
	for _, frag := range []string{`{\"path\":\"src/`, `main.go\",\"line\":4`, `2}`} {
		p.Feed([]byte(`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"open","arguments":"` + frag + `"}}]}}]}` + "\n\n"))
		fmt.Printf("%s\n", p.Partial(0))
	}
	// Output:
	// {"path":"src/"}
	// {"path":"src/main.go"}
	// {"path":"src/main.go","line":42}
}
