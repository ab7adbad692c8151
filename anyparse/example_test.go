package anyparse_test

import (
	"fmt"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/toolcall"
)

func ExampleNew() {
	p, err := anyparse.New(toolcall.ParseOptions{}) // "auto", the default caps
	if err != nil {
		panic(err)
	}
	evs := toolcall.Run(p, []byte(`Sure.<tool_call>{"name":"ls","arguments":{"dir":"."}}</tool_call>`), 4)
	r := toolcall.Collect(string(anyparse.Detected(p, anyparse.Auto)), evs)
	fmt.Println(r.Format, r.Text, r.Calls[0].Name, string(r.Calls[0].Arguments))
	// Output: tool_call Sure. ls {"dir":"."}
}
