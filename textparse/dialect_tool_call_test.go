package textparse

import "strings"

func init() { parseCases = append(parseCases, toolCallPeerCases...) }

// toolCallPeerCases model what the serving stacks' Hermes / Qwen 2.5
// parser tests assert (vLLM's test_hermes_tool_parser, SGLang's base
// detector tests), in our own strings.
var toolCallPeerCases = []parseCase{
	// The call tag written twice before its JSON (a token repeated): the
	// first holds no call and is reported; the call is read.
	{name: "tool_call/call_tag_written_twice", format: FormatHermes,
		in:   "Looking.<tool_call>\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lima\"}}\n</tool_call>Done.",
		want: `text="Looking.Done." call=get_weather{"city":"Lima"} error=malformed_markup`},
	// A tool name longer than any name (validName's 256 bytes, and past
	// the 1 KiB a collected name keeps): invalid_tool_name at the name,
	// whatever the chunking (the collected name was cut where a chunk
	// ended, and a cut name read as none), and the call is dropped.
	{name: "tool_call/name_past_collect_cap", format: FormatHermes,
		in:   "A.<tool_call>{\"name\": \"f" + strings.Repeat("n", 1100) + "\", \"arguments\": {}}</tool_call>B.",
		want: `text="A.B." error=invalid_tool_name`},
	{name: "tool_call/name_past_collect_cap_escaped", format: FormatHermes,
		in:   "<tool_call>{\"name\": \"f" + strings.Repeat("\\u00e9", 300) + "\", \"arguments\": {}}</tool_call>",
		want: `error=invalid_tool_name`},
	// ChatML's turn tokens a server left in the text are markup, dropped
	// when the dialect is named (SGLang's residual special-token
	// stripper); under auto, and cut short, they stay text.
	{name: "tool_call/chatml_start_in_text_dropped", format: FormatToolCall,
		in:   "Thinking it over <|im_start|>assistant goes on.",
		want: `text="Thinking it over assistant goes on."`},
	{name: "tool_call/chatml_tokens_around_call_dropped", format: FormatHermes,
		in:   "a<|im_start|>b<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call><|im_end|><|endoftext|>",
		want: `text="ab" call=get_weather{"city":"Oslo"}`},
	{name: "tool_call/chatml_token_cut_short_is_text", format: FormatToolCall,
		in:   "not yet <|im_sta",
		want: `text="not yet <|im_sta"`},
	{name: "tool_call/chatml_token_under_auto_is_text", format: FormatAuto,
		in:   "x <|im_end|> y",
		want: `text="x <|im_end|> y"`},
	// A <think> written again before any reasoning is markup: after a
	// prompt that opened the reasoning (DeepSeek-R1-0528, Qwen3 forced
	// thinking), or twice (SGLang strips repeated leading openers); later
	// in the reasoning it is reasoning text.
	{name: "tool_call/think_again_after_prompt_opened_it", format: FormatHermes, open: true,
		in:   "<think>Sum the two.</think>It is 9.",
		want: `text="It is 9." reasoning="Sum the two."`},
	{name: "tool_call/think_twice_at_start", format: FormatHermes,
		in:   "<think><think>Sum the two.</think>It is 9.",
		want: `text="It is 9." reasoning="Sum the two."`},
	{name: "tool_call/think_inside_reasoning_is_text", format: FormatHermes,
		in:   "<think>The tag <think> opens it.</think>Right.",
		want: `text="Right." reasoning="The tag <think> opens it."`},
	{name: "tool_call/think_again_after_words_is_text", format: FormatHermes,
		in:   "<think>so <think>x</think>y",
		want: `text="y" reasoning="so <think>x"`},
	// ERNIE 4.5 thinking: the prompt opens the reasoning, the answer is
	// in <response> tags, </s> ends the output (SGLang's response
	// template; vLLM's ERNIE 4.5 reasoning parser).
	{name: "ernie45/response_tags_dropped", format: FormatERNIE45, open: true,
		in:   "Greet back.\n</think>\n\n<response>\nHello, and welcome.\n</response>\n</s>",
		want: `text="\n\n\nHello, and welcome.\n\n" reasoning="Greet back.\n"`},
	{name: "ernie45/call_then_eos", format: FormatERNIE45, open: true,
		in:   "Check the tide.\n</think>\n\n<tool_call>\n{\"name\": \"tide\", \"arguments\": {\"port\": \"Vigo\"}}\n</tool_call>\n</s>",
		want: `text="\n\n\n" reasoning="Check the tide.\n" call=tide{"port":"Vigo"}`},
	// Ollama's Qwen3-VL tests (the thinking model with the prompt's
	// reasoning open, the instruct model with --think-as-text; seventh
	// pass). Think tags inside a call's JSON strings are the values'.
	{name: "tool_call/call_values_hold_think_tags", format: FormatHermes, open: true,
		in:   `Pondering<tool_call>{"name":"note","arguments":{"text":"x</think>"}}</tool_call><tool_call>{"name":"note","arguments":{"text":"y<think>"}}</tool_call></think>`,
		want: `reasoning="Pondering" call=note{"text":"x</think>"} call=note{"text":"y<think>"} error=call_in_reasoning`},
	{name: "tool_call/think_tags_as_text_around_calls", format: FormatHermes, plain: true,
		in:   `Pondering</think><tool_call>{"name":"note","arguments":{"text":"a <think>b</think>"}}</tool_call></think>`,
		want: `text="Pondering</think></think>" call=note{"text":"a <think>b</think>"}`},
	// Unicode white space around a call is text; a call tag cut short in
	// text is text.
	{name: "tool_call/unicode_spaces_around_call", format: FormatHermes,
		in:   "Done\u00a0\u3000<tool_call>{\"name\":\"list_files\",\"arguments\":{}}</tool_call>\u00a0\u3000next",
		want: `text="Done\u00a0\u3000\u00a0\u3000next" call=list_files{}`},
	{name: "tool_call/cut_call_tag_in_text", format: FormatHermes,
		in:   "Notes\u00a0\n<tool_call and more",
		want: `text="Notes\u00a0\n<tool_call and more"`},
	// A call object with no "arguments" key calls with none.
	{name: "tool_call/call_without_arguments_key", format: FormatHermes, open: true,
		in:   "Checking</think>  \n  <tool_call>{\"name\":\"list_files\"}</tool_call>",
		want: `text="  \n  " reasoning="Checking" call=list_files{}`},
	{name: "tool_call/objects_comma_separated_in_one_tag", format: FormatHermes,
		in:   `<tool_call>{"name": "get_weather", "arguments": {"city": "Hanoi"}}, {"name": "read_file", "arguments": {"path": "trip.md"}}</tool_call>Both started.`,
		want: `text="Both started." call=get_weather{"city":"Hanoi"} call=read_file{"path":"trip.md"}`},
	{name: "tool_call/objects_on_lines_in_one_tag", format: FormatHermes,
		in:   "<tool_call>\n{\"name\": \"list_files\", \"arguments\": {}}\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"杭州\"}}\n</tool_call>",
		want: `call=list_files{} call=get_weather{"city":"杭州"}`},
	{name: "tool_call/junk_after_object_reported", format: FormatHermes,
		in:   `<tool_call>{"name": "list_files", "arguments": {}} (done)</tool_call>`,
		want: `call=list_files{} error=malformed_markup`},
	{name: "tool_call/closer_stripped_at_end", format: FormatHermes,
		in:   "<tool_call>\n{\"name\": \"submit\", \"arguments\": {\"final\": true}}",
		want: `call=submit{"final":true} error=missing_closer`},
	{name: "tool_call/object_cut_at_end", format: FormatHermes,
		in:   "<tool_call>\n{\"name\": \"submit\", \"arguments\": {\"final\": true}",
		want: `error=incomplete_call`},
	{name: "tool_call/arguments_serialized_once_more", format: FormatHermes,
		in:   `<tool_call>{"name": "get_config", "arguments": "{\"key\": \"max_workers\"}"}</tool_call>`,
		want: `call=get_config{"key":"max_workers"}`},
	{name: "tool_call/arguments_plain_string_rejected", format: FormatHermes,
		in:   `<tool_call>{"name": "ping", "arguments": "now"}</tool_call>ok`,
		want: `text="ok" error=invalid_json`},
	{name: "tool_call/text_then_call_then_text", format: FormatHermes,
		in:   `Sure, checking.<tool_call>{"name": "get_weather", "arguments": {"city": "Lima"}}</tool_call> One moment.`,
		want: `text="Sure, checking. One moment." call=get_weather{"city":"Lima"}`},
}
