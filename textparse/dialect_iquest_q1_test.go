package textparse

import "testing"

func init() { parseCases = append(parseCases, iquestQ1Cases...) }

// q1Call writes an IQuest Q1 call: the tool name after Q1's call token,
// then key/value pairs flush against their tags.
func q1Call(name string, kv ...string) string { return kvTokenCall("iquest_tool_call", name, kv...) }

// iquestQ1Cases are modelled on what SGLang's iquest_q1 tool and reasoning
// parser tests assert, in our own strings.
var iquestQ1Cases = []parseCase{
	// A string value is kept as written: its spaces, its quotes and its
	// last newline; the other values are typed by the catalog. White space
	// between a key and its value and between pairs is markup.
	{name: "iquest_q1/typed_values_and_layout", format: FormatIQuestQ1, tools: true,
		in: "Writing it now. <iquest_tool_call>write_to_file\n<arg_key>path</arg_key><arg_value>  \"q.txt\"\n</arg_value>" +
			"<arg_key>line_count</arg_key> <arg_value>7</arg_value>\n<arg_key>content</arg_key><arg_value>a\nb\n</arg_value></iquest_tool_call>",
		want: `text="Writing it now. " call=write_to_file{"path":"  \"q.txt\"\n","line_count":7,"content":"a\nb\n"}`},
	{name: "iquest_q1/array_with_null_and_boolean", format: FormatIQuestQ1, tools: true,
		in:   q1Call("search", "tags", `["go", null]`, "code", "false", "limit", "2.5"),
		want: `call=search{"tags":["go",null],"code":"false","limit":2.5}`},
	{name: "iquest_q1/text_around_and_between_calls", format: FormatIQuestQ1, tools: true,
		in:   "one" + q1Call("get_weather", "city", "Faro") + "two" + q1Call("get_weather", "city", "Braga") + "three",
		want: `text="onetwothree" call=get_weather{"city":"Faro"} call=get_weather{"city":"Braga"}`},
	{name: "iquest_q1/newline_after_call", format: FormatIQuestQ1, tools: true,
		in:   q1Call("read_file", "path", "go.sum") + "\nRead.",
		want: `text="\nRead." call=read_file{"path":"go.sum"}`},
	{name: "iquest_q1/no_arguments", format: FormatIQuestQ1, tools: true,
		in:   q1Call("list_files"),
		want: `call=list_files{}`},
	{name: "iquest_q1/unicode_and_stop_marker_text", format: FormatIQuestQ1, tools: true,
		in:   "查一下。<iquest_tool_call>get_weather\n<arg_key>city</arg_key><arg_value>杭州</arg_value>\n</iquest_tool_call><|iquest_end|>",
		want: `text="查一下。<|iquest_end|>" call=get_weather{"city":"杭州"}`},
	{name: "iquest_q1/call_token_cut_at_end_is_text", format: FormatIQuestQ1, tools: true,
		in:   "See <iquest_",
		want: `text="See <iquest_"`},
	// A value whose closer is missing is ended by the call's closer and
	// reported; a key whose value never comes leaves the call incomplete.
	{name: "iquest_q1/value_closer_missing", format: FormatIQuestQ1, tools: true,
		in:   "<iquest_tool_call>get_weather<arg_key>days</arg_key><arg_value>4</iquest_tool_call>" + q1Call("get_weather", "city", "Evora"),
		want: `call=get_weather{"days":4} call=get_weather{"city":"Evora"} error=malformed_markup`},
	{name: "iquest_q1/key_cut_at_end", format: FormatIQuestQ1, tools: true,
		in:   q1Call("list_files") + "then<iquest_tool_call>get_weather<arg_key>city</arg_key>",
		want: `text="then" call=list_files{} error=incomplete_call`},
	{name: "iquest_q1/unknown_tool", format: FormatIQuestQ1, tools: true,
		in:   q1Call("get_wheather", "city", "Faro"),
		want: `call=get_wheather{"city":"Faro"} error=unknown_tool`},
	// Its template opens the reasoning: the call comes after </think>.
	{name: "iquest_q1/reasoning_open_then_call", format: FormatIQuestQ1, tools: true, open: true,
		in:   "One city.\n</think>\n" + q1Call("get_weather", "city", "Faro"),
		want: `text="\n" reasoning="One city.\n" call=get_weather{"city":"Faro"}`},
	{name: "iquest_q1/reasoning_open_think_written", format: FormatIQuestQ1, open: true,
		in:   "<think>Plan.</think>Answer.",
		want: `text="Answer." reasoning="Plan."`},
	{name: "iquest_q1/call_inside_reasoning", format: FormatIQuestQ1, tools: true, open: true,
		in:   "Plan: " + q1Call("list_files"),
		want: `reasoning="Plan: " call=list_files{} error=call_in_reasoning`},
	{name: "iquest_q1/call_inside_reasoning_kept", format: FormatIQuestQ1, tools: true, open: true, keep: true,
		in:   "Plan: " + q1Call("list_files"),
		want: `reasoning="Plan: <iquest_tool_call>list_files</iquest_tool_call>" error=call_in_reasoning`},
	{name: "iquest_q1/reasoning_cut_in_closer", format: FormatIQuestQ1, open: true,
		in:   "<think>Plan</thi",
		want: `reasoning="Plan</thi"`},
	{name: "iquest_q1/auto", format: FormatAuto, tools: true,
		in:   "Sure. " + q1Call("get_weather", "city", "Faro"),
		want: `text="Sure. " call=get_weather{"city":"Faro"}`},
}

func FuzzIQuestQ1(f *testing.F) {
	addSeeds(f, "iquest_q1/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatIQuestQ1, true, in, seed) })
}
