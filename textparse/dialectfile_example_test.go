package textparse_test

import (
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// A dialect no release knows yet, described in a dialect file: the block
// and call markers, the name's end, a reasoning span and markup to drop.
func ExampleLoadDialect() {
	d, err := textparse.LoadDialect(strings.NewReader(`{
  "format": "acme_v1",
  "wire": "<@calls><@call>NAME<@args>{json}</@call></@calls>",
  "blocks": [{"open": "<@calls>", "close": "</@calls>", "call": "<@call>", "call_end": "</@call>",
              "body": {"read": ["name_json"], "name_end": "<@args>"}}],
  "reasoning": [{"open": "<@plan>", "close": "</@plan>"}],
  "drop": ["<@eos>"]
}`))
	if err != nil {
		panic(err)
	}
	p, err := textparse.New(toolcall.ParseOptions{Dialect: d})
	if err != nil {
		panic(err)
	}
	msg := `<@plan>weather first</@plan>Checking.<@calls><@call>get_weather<@args>{"city": "Paris"}</@call></@calls><@eos>`
	for _, ev := range append(p.Feed([]byte(msg)), p.Close()...) {
		switch ev.Kind {
		case toolcall.KindText, toolcall.KindReasoning:
			fmt.Printf("%s %q\n", ev.Kind, ev.Data)
		case toolcall.KindCallEnd:
			fmt.Printf("call %s %s\n", ev.Call.Name, ev.Call.Arguments)
		}
	}
	// Output:
	// reasoning "weather first"
	// text "Checking."
	// call get_weather {"city": "Paris"}
}

// Writing a built-in marker dialect as a dialect file: the start of the
// description of a new model's dialect.
func ExampleDialectFile() {
	src, err := textparse.DialectFile(textparse.FormatMistral)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(src))
	// Output:
	// {
	//   "format": "mistral",
	//   "wire": "[TOOL_CALLS][{\"name\":…,\"arguments\":{…}}] (v3) or [TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{json} (v11+; [ARGS] may be absent); [THINK]…[/THINK] reasoning",
	//   "blocks": [
	//     {
	//       "open": "[TOOL_CALLS]",
	//       "body": {
	//         "read": [
	//           "json",
	//           "name_json"
	//         ],
	//         "name_end": "[ARGS]",
	//         "id_mark": "[CALL_ID]",
	//         "brace_ends_name": true
	//       }
	//     }
	//   ],
	//   "reasoning": [
	//     {
	//       "open": "[THINK]",
	//       "close": "[/THINK]"
	//     }
	//   ],
	//   "drop": [
	//     "[/TOOL_CALLS]"
	//   ]
	// }
}
