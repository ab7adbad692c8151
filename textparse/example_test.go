package textparse_test

import (
	"fmt"

	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Feeding a streamed use_tool message in small chunks: text is released as
// it arrives and the arguments stream as raw JSON fragments.
func ExampleParser() {
	msg := "Writing the file.\n<use_tool><tool_name>write</tool_name>" +
		`<arguments>{"path": "a.txt", "lines": 12}</arguments></use_tool>`
	p, err := textparse.New(toolcall.ParseOptions{Format: textparse.FormatUseTool})
	if err != nil {
		panic(err)
	}
	var args string
	for i := 0; i < len(msg); i += 8 {
		for _, ev := range p.Feed([]byte(msg[i:min(i+8, len(msg))])) {
			switch ev.Kind {
			case toolcall.KindCallStart:
				fmt.Printf("call_start %s %s\n", ev.ID, ev.Name)
			case toolcall.KindArgsDelta:
				args += string(ev.Data)
			case toolcall.KindCallEnd:
				fmt.Printf("call_end %s\n", ev.Call.Arguments)
			}
		}
	}
	p.Close()
	fmt.Println("deltas:", args)
	// Output:
	// call_start call_0 write
	// call_end {"path": "a.txt", "lines": 12}
	// deltas: {"path": "a.txt", "lines": 12}
}

// Collecting the result of a message in the function_calls dialect, with a
// parameter value that contains its own closing tag.
func ExampleNew_functionCalls() {
	msg := "Let me check.\n<function_calls>\n<invoke name=\"run\">\n" +
		"<parameter name=\"code\">print(\"</parameter>\")</parameter>\n" +
		"</invoke>\n</function_calls>"
	p, _ := textparse.New(toolcall.ParseOptions{}) // the zero options read every dialect
	evs := toolcall.Run(p, []byte(msg), 5)
	r := toolcall.Collect("auto", evs)
	fmt.Printf("text %q\n", r.Text)
	fmt.Printf("%s %s\n", r.Calls[0].Name, r.Calls[0].Arguments)
	// Output:
	// text "Let me check.\n"
	// run {"code":"print(\"</parameter>\")"}
}

// Problems are error events with byte offsets; parsing goes on.
func ExampleNew_errors() {
	msg := `<tool_call>{"name":"{{ tc.name }}","arguments":{}}</tool_call>` +
		`<tool_call>{"name":"f","arguments":{"a":1`
	p, _ := textparse.New(toolcall.ParseOptions{})
	for _, ev := range toolcall.Run(p, []byte(msg), 0) {
		if ev.Kind == toolcall.KindError {
			fmt.Println(ev.Err.Code, ev.Offset, ev.Err.Partial != "")
		}
	}
	// Output:
	// invalid_tool_name 19 false
	// incomplete_call 62 true
}

// An unknown format is an error from New, not a silent fallback to auto.
func ExampleNew_unknownFormat() {
	_, err := textparse.New(toolcall.ParseOptions{Format: "no_such_dialect"})
	fmt.Println(err != nil)
	// Output:
	// true
}
