package textparse

func init() { parseCases = append(parseCases, toolCallPeerCases...) }

// toolCallPeerCases model what the serving stacks' Hermes / Qwen 2.5
// parser tests assert (vLLM's test_hermes_tool_parser, SGLang's base
// detector tests), in our own strings.
var toolCallPeerCases = []parseCase{
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
