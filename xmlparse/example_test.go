package xmlparse_test

import (
	"fmt"

	"github.com/tooleval/tooleval/toolcall"
	"github.com/tooleval/tooleval/xmlparse"
)

func ExampleNew() {
	p, err := xmlparse.New(toolcall.ParseOptions{Format: xmlparse.FormatUseTool})
	if err != nil {
		panic(err)
	}
	var events []toolcall.Event
	for _, chunk := range []string{"Checking.<use_", "tool><tool_name>get_weather</tool_name><argu", `ments>{"city":"Paris"}</arguments></use_tool>`} {
		events = append(events, p.Feed([]byte(chunk))...)
	}
	events = append(events, p.Close()...)
	for _, ev := range events {
		switch ev.Kind {
		case toolcall.KindText:
			fmt.Printf("text %q\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Println("call", ev.Call.Name, string(ev.Call.Arguments))
		}
	}
	// Output:
	// text "Checking."
	// call get_weather {"city":"Paris"}
}
