package textparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	wrap := func(calls ...string) string {
		return "<|content_invoke_tool_json|>" + strings.Join(calls, "<|end_message|><|content_invoke_tool_json|>") + "<|end_message|>"
	}
	parseCases = append(parseCases, jsonBlockCases("inkling", FormatInkling, wrap, jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "inkling/missing_end_at_stream_end", format: FormatInkling,
			in:   `<|content_invoke_tool_json|>{"name": "list_files", "arguments": {}}`,
			want: `call=list_files{} error=missing_closer`},
		{name: "inkling/stray_end", format: FormatInkling,
			in:   "All done.<|end_message|>",
			want: `text="All done." error=malformed_markup`},
		{name: "inkling/lookalikes_are_text", format: FormatInkling,
			in:   "<|content_invoke_tool|> <|content_invoke_tool_jsonx|> <|end_msg|>",
			want: `text="<|content_invoke_tool|> <|content_invoke_tool_jsonx|> <|end_msg|>"`},
		{name: "inkling/auto", format: FormatAuto,
			in:   `Sure.<|content_invoke_tool_json|>{"name": "get_weather", "arguments": {"city": "Nice"}}<|end_message|>`,
			want: `text="Sure." call=get_weather{"city":"Nice"}`},
	}...)
}

func FuzzInkling(f *testing.F) {
	addSeeds(f, "inkling/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatInkling, false, in, seed) })
}

// Inkling writes each call as a message of JSON.
func ExampleParser_inkling() {
	msg := `Checking.<|content_invoke_tool_json|>{"name": "get_weather", "arguments": {"city": "Paris"}}<|end_message|>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatInkling}), []byte(msg), 10))
	// Output:
	// text "Checking."
	// call call_0 get_weather {"city": "Paris"}
}
