package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, kimiK2Cases...) }

// kimiK2Cases are modelled on Kimi K2 (Instruct and Thinking) output.
var kimiK2Cases = []parseCase{
	// A call written without the section markers around it (as
	// llama.cpp's tests and real output show), in text or reasoning.
	{name: "kimi_k2/call_without_section", format: FormatKimiK2, tools: true,
		in:   "Listing.<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{\"command\": \"ls -la\", \"requires_approval\": false}<|tool_call_end|> Done.",
		want: `text="Listing. Done." call=execute_command{"command":"ls -la","requires_approval":false} id=functions.execute_command:0`},
	{name: "kimi_k2/call_without_section_or_end", format: FormatKimiK2,
		in:   "<think>Read it first.<|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{\"path\": \"main.go\"}",
		want: `reasoning="Read it first." call=read_file{"path":"main.go"} id=functions.read_file:0 error=call_in_reasoning error=missing_closer`},
	{name: "kimi_k2/one_call", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Paris"} id=functions.get_weather:0`},
	{name: "kimi_k2/text_before_after", format: FormatKimiK2,
		in:   "Let me check the weather.\n<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\":\"Tokyo\",\"days\":3}<|tool_call_end|>\n<|tool_calls_section_end|>\nDone.",
		want: `text="Let me check the weather.\n\nDone." call=get_weather{"city":"Tokyo","days":3} id=functions.get_weather:0`},
	{name: "kimi_k2/parallel", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_call_begin|>functions.read_file:1<|tool_call_argument_begin|>{"path":"a.go"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Paris"} id=functions.get_weather:0 call=read_file{"path":"a.go"} id=functions.read_file:1`},
	{name: "kimi_k2/thinking", format: FormatKimiK2,
		in:   "<think>The user wants Paris.</think>Sure.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
		want: `text="Sure." reasoning="The user wants Paris." call=get_weather{} id=functions.get_weather:0`},
	{name: "kimi_k2/empty_arguments", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.list_files:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=list_files{} id=functions.list_files:0`},
	{name: "kimi_k2/no_argument_marker", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.list_files:0<|tool_call_argument_begin|><|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=list_files{} id=functions.list_files:0`},
	{name: "kimi_k2/markup_in_values", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.write_to_file:0<|tool_call_argument_begin|>{"path":"x.md","content":"<|tool_call_end|> and <|tool_calls_section_end|> stay \"text\" 日本"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=write_to_file{"path":"x.md","content":"<|tool_call_end|> and <|tool_calls_section_end|> stay \"text\" 日本"} id=functions.write_to_file:0`},
	{name: "kimi_k2/truncated", format: FormatKimiK2,
		in:   `Checking.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Par`,
		want: `text="Checking." error=incomplete_call`},
	{name: "kimi_k2/truncated_before_end", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}`,
		want: `call=get_weather{"city":"Paris"} id=functions.get_weather:0 error=missing_closer`},
	{name: "kimi_k2/singular_section", format: FormatKimiK2,
		in:   `<|tool_call_section_begin|><|tool_call_begin|>functions.get_weather:3<|tool_call_argument_begin|>{"city":"Oslo"}<|tool_call_end|><|tool_call_section_end|>`,
		want: `call=get_weather{"city":"Oslo"} id=functions.get_weather:3`},
	{name: "kimi_k2/bare_name", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>get_weather<|tool_call_argument_begin|>{"city":"Rome"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Rome"}`},
	{name: "kimi_k2/invalid_json_then_next", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{"x":}<|tool_call_end|><|tool_call_begin|>functions.b:1<|tool_call_argument_begin|>{"y":1}<|tool_call_end|><|tool_calls_section_end|>after`,
		want: `text="after" call=b{"y":1} id=functions.b:1 error=invalid_json`},
	{name: "kimi_k2/marker_lookalikes_are_text", format: FormatKimiK2,
		in:   "a <|tool_calls_section_beginning|> b <| c <|tool_call_beginning|> d",
		want: `text="a <|tool_calls_section_beginning|> b <| c <|tool_call_beginning|> d"`},
	{name: "kimi_k2/numbers_and_unicode", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query":"café ☕","limit":10,"tags":["a",true,null,-1.5e2]}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=search{"query":"café ☕","limit":10,"tags":["a",true,null,-1.5e2]} id=functions.search:0`},
	{name: "kimi_k2/auto", format: FormatAuto,
		in:   `I'll look.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `text="I'll look." call=get_weather{"city":"Paris"} id=functions.get_weather:0`},
}

func FuzzKimiK2(f *testing.F) {
	addSeeds(f, "kimi_k2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatKimiK2, false, in, seed) })
}

// A Kimi K2 answer streamed in 16-byte chunks: the id is the model's
// "functions.NAME:IDX".
func ExampleParser_kimiK2() {
	msg := "Checking.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0" +
		`<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`
	p := mustNew(opts{Format: FormatKimiK2})
	for _, ev := range toolcall.Run(p, []byte(msg), 16) {
		switch ev.Kind {
		case toolcall.KindText:
			fmt.Printf("text %q\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Printf("call %s %s %s\n", ev.Call.ID, ev.Call.Name, ev.Call.Arguments)
		}
	}
	// Output:
	// text "Checking."
	// call functions.get_weather:0 get_weather {"city": "Paris"}
}
