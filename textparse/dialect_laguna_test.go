package textparse

import "testing"

func init() { parseCases = append(parseCases, lagunaCases...) }

// lgCall writes a Laguna call: the name inline, then key/value pairs.
func lgCall(name string, kv ...string) string {
	s := "<tool_call>" + name
	for i := 0; i+1 < len(kv); i += 2 {
		s += "<arg_key>" + kv[i] + "</arg_key><arg_value>" + kv[i+1] + "</arg_value>"
	}
	return s + "</tool_call>"
}

// lagunaCases are modelled on Laguna XS/S 2.1 output (thinking enabled:
// the prompt opens <think>, so the answer starts inside reasoning).
var lagunaCases = []parseCase{
	{name: "laguna/one_call", format: FormatLaguna, tools: true,
		in:   lgCall("get_weather", "city", "Paris", "days", "3"),
		want: `call=get_weather{"city":"Paris","days":3}`},
	{name: "laguna/reasoning_open", format: FormatLaguna, tools: true, open: true,
		in:   "The user wants Paris.\n</think>\n" + lgCall("get_weather", "city", "Paris"),
		want: `text="\n" reasoning="The user wants Paris.\n" call=get_weather{"city":"Paris"}`},
	{name: "laguna/thinking_closed_in_answer", format: FormatLaguna, tools: true,
		in:   "<think>Read main first.</think>" + lgCall("read_file", "path", "cmd/main.go"),
		want: `reasoning="Read main first." call=read_file{"path":"cmd/main.go"}`},
	{name: "laguna/newline_after_name", format: FormatLaguna, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>",
		want: `call=get_weather{"city":"Oslo"}`},
	{name: "laguna/text_before_after", format: FormatLaguna, tools: true,
		in:   "Let me look.\n" + lgCall("list_files") + "\nDone.",
		want: `text="Let me look.\n\nDone." call=list_files{}`},
	{name: "laguna/parallel", format: FormatLaguna, tools: true,
		in:   lgCall("get_weather", "city", "Paris") + "\n" + lgCall("read_file", "path", "a.go", "start_line", "10"),
		want: `text="\n" call=get_weather{"city":"Paris"} call=read_file{"path":"a.go","start_line":10}`},
	{name: "laguna/no_arguments", format: FormatLaguna, tools: true,
		in:   lgCall("list_files"),
		want: `call=list_files{}`},
	{name: "laguna/json_encoded_values", format: FormatLaguna, tools: true,
		in:   lgCall("search", "query", "007", "tags", `["a", "b"]`, "filters", `{"lang": "go"}`, "limit", "2.5"),
		want: `call=search{"query":"007","tags":["a","b"],"filters":{"lang":"go"},"limit":2.5}`},
	{name: "laguna/string_keeps_indentation", format: FormatLaguna, tools: true,
		in:   lgCall("write_to_file", "path", "main.py", "content", "def f():\n    return 1 < 2"),
		want: `call=write_to_file{"path":"main.py","content":"def f():\n    return 1 < 2"}`},
	{name: "laguna/markup_in_value", format: FormatLaguna, tools: true,
		in:   lgCall("write_to_file", "path", "a.html", "content", "<p>日本 & ☕</p>"),
		want: `call=write_to_file{"path":"a.html","content":"<p>日本 & ☕</p>"}`},
	{name: "laguna/truncated", format: FormatLaguna, tools: true,
		in:   "On it." + "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Par",
		want: `text="On it." error=incomplete_call`},
	{name: "laguna/value_without_key", format: FormatLaguna, tools: true,
		in:   "<tool_call>get_weather<arg_value>Paris</arg_value></tool_call>",
		want: `call=get_weather{"value":"Paris"} error=malformed_markup`},
	{name: "laguna/unknown_tool", format: FormatLaguna, tools: true,
		in:   lgCall("get_wether", "city", "Oslo"),
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "laguna/wrong_type_kept", format: FormatLaguna, tools: true,
		in:   lgCall("get_weather", "city", "Oslo", "days", "three"),
		want: `call=get_weather{"city":"Oslo","days":"three"}`},
	{name: "laguna/stray_closer", format: FormatLaguna, tools: true,
		in:   "Done.</tool_call>",
		want: `text="Done." error=malformed_markup`},
	{name: "laguna/auto", format: FormatAuto, tools: true,
		in:   "Checking. " + lgCall("get_weather", "city", "Lima"),
		want: `text="Checking. " call=get_weather{"city":"Lima"}`},
	// vLLM's poolside_v1 parser (and its GLM-4 parser) keep a string value
	// as written: a file body's last newline and its indentation stay.
	{name: "laguna/string_keeps_trailing_newline", format: FormatLaguna, tools: true,
		in:   "<tool_call>write_to_file\n<arg_key>path</arg_key>\n<arg_value>m.py</arg_value>\n<arg_key>content</arg_key>\n<arg_value>  if x:\n    pass\n</arg_value>\n</tool_call>",
		want: `call=write_to_file{"path":"m.py","content":"  if x:\n    pass\n"}`},
	// A value no schema types is read trimmed (a JSON or Python literal,
	// else text), as the stacks deserialize it.
	{name: "laguna/untyped_value_trimmed", format: FormatLaguna,
		in:   lgCall("note", "text", "line one\n", "n", " 4 "),
		want: `call=note{"text":"line one","n":4}`},
	// A broken tag where the name should be is no name: vLLM finds no
	// call in it.
	{name: "laguna/broken_tag_for_name", format: FormatLaguna, tools: true,
		in:   "<tool_call>   <q</tool_call>Then.",
		want: `text="Then." error=malformed_markup error=invalid_json`},
	// Ollama's Laguna parser: JSON arguments on the line after the name.
	{name: "laguna/name_then_json_arguments", format: FormatLaguna, tools: true,
		in:   "<tool_call>get_weather\n{\"city\":\"Kyiv\",\"days\":2}</tool_call>",
		want: `call=get_weather{"city":"Kyiv","days":2}`},
}

func FuzzLaguna(f *testing.F) {
	addSeeds(f, "laguna/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatLaguna, true, in, seed) })
}

// Laguna writes GLM-4.7's calls, the name inline; the prompt opens the
// reasoning.
func ExampleParser_laguna() {
	showCalls(mustNew(opts{Format: FormatLaguna, Tools: tools, ReasoningOpen: true}),
		"Two days in Paris.\n</think>\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>"+
			"<arg_key>days</arg_key><arg_value>2</arg_value></tool_call>")
	// Output:
	// reasoning "Two days in Paris.\n"
	// text "\n"
	// call get_weather {"city":"Paris","days":2}
}
