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
		// Every Inkling message ends with <|end_message|>, a text message
		// too: after text it ends that message, markup.
		{name: "inkling/end_of_text_message", format: FormatInkling,
			in:   "All done.<|end_message|>",
			want: `text="All done."`},
		// The canonical call message starts with a header naming its
		// author, dropped; the call's name is the payload's.
		{name: "inkling/header_dropped", format: FormatInkling,
			in:   `<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"city": "Nice"}}<|end_message|>`,
			want: `call=get_weather{"city":"Nice"}`},
		{name: "inkling/header_author_differs", format: FormatInkling,
			in:   `<|message_model|>planner<|content_invoke_tool_json|>{"name": "read_file", "args": {"path": "a.txt"}}<|end_message|>`,
			want: `call=read_file{"path":"a.txt"}`},
		{name: "inkling/text_then_headed_calls", format: FormatInkling,
			in: `Two lookups.<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"city": "Nice"}}<|end_message|>` +
				`<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"city": "Lyon"}}<|end_message|>`,
			want: `text="Two lookups." call=get_weather{"city":"Nice"} call=get_weather{"city":"Lyon"}`},
		{name: "inkling/text_message_after_call", format: FormatInkling,
			in:   `<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"city": "Nice"}}<|end_message|><|message_model|><|content_text|>Sunny, 24 °C.<|end_message|>`,
			want: `text="Sunny, 24 °C." call=get_weather{"city":"Nice"}`},
		{name: "inkling/thinking_message", format: FormatInkling,
			in:   "<|message_model|><|content_thinking|>The user wants a list.<|end_message|><|message_model|>assistant<|content_text|>Here it is.<|end_message|>",
			want: `text="Here it is." reasoning="The user wants a list."`},
		{name: "inkling/call_inside_thinking_message", format: FormatInkling,
			in:   `<|message_model|><|content_thinking|>Look it up: <|content_invoke_tool_json|>{"name": "list_files", "args": {}}<|end_message|>`,
			want: `reasoning="Look it up: " call=list_files{} error=call_in_reasoning`},
		{name: "inkling/header_cut_at_end_is_text", format: FormatInkling,
			in:   "See <|message_model|>get_wea",
			want: `text="See <|message_model|>get_wea"`},
		{name: "inkling/lookalikes_are_text", format: FormatInkling,
			in:   "<|content_invoke_tool_jsonx|> <|end_msg|> <|content_texts|>",
			want: `text="<|content_invoke_tool_jsonx|> <|end_msg|> <|content_texts|>"`},
		// The tokenizer's other control tokens are markup wherever they
		// stand in the text, dropped as SGLang strips them.
		{name: "inkling/control_tokens_dropped", format: FormatInkling,
			in:   "<|message_model|><|content_thinking|>Short answer.<|end_message|><|message_model|><|content_text|>Yes.<|end_message|><|content_model_end_sampling|><|endoftext|>",
			want: `text="Yes." reasoning="Short answer."`},
		{name: "inkling/other_messages_tokens_dropped", format: FormatInkling,
			in:   "Heard: <|message_user|>play it<|content_audio_input|><|audio_end|>, then <|content_xml|><a/><|message_tool|>ok<|content_tool_error|>.",
			want: `text="Heard: play it, then <a/>ok."`},
		// A text tool invocation names no tool (SGLang makes it a call
		// without a name, {"text": …}): its tokens are dropped and its
		// words kept as text.
		{name: "inkling/text_invocation_words_kept", format: FormatInkling,
			in:   `<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"city": "Nice"}}<|end_message|><|content_invoke_tool_text|>weather in Nice<|end_message|>`,
			want: `text="weather in Nice" call=get_weather{"city":"Nice"}`},
		{name: "inkling/text_invocation_cut_at_end", format: FormatInkling,
			in:   "<|content_invoke_tool_text|>weather in Ni",
			want: `text="weather in Ni"`},
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
