package textparse

import "testing"

func init() {
	parseCases = append(parseCases, longcatCases...)
	parseCases = append(parseCases, hermesCases...)
}

// hermesCases: hermes is tool_call under another name (its many tool_call
// cases apply); these pin the alias itself.
var hermesCases = []parseCase{
	{name: "hermes/one_call", format: FormatHermes,
		in:   "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>",
		want: `call=get_weather{"city":"Paris"}`},
	{name: "hermes/qwen3_thinking_parallel", format: FormatHermes,
		in:   "<think>\nTwo cities.\n</think>\n\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"A\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"B\"}}\n</tool_call>",
		want: `text="\n\n\n" reasoning="\nTwo cities.\n" call=get_weather{"city":"A"} call=get_weather{"city":"B"}`},
	{name: "hermes/reasoning_open", format: FormatHermes, open: true,
		in:   "Two cities.\n</think>\n\n<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>",
		want: `text="\n\n" reasoning="Two cities.\n" call=f{}`},
	{name: "hermes/truncated", format: FormatHermes,
		in:   "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": ",
		want: `error=incomplete_call`},
}

// longcatCases are modelled on LongCat-Flash-Chat output.
var longcatCases = []parseCase{
	{name: "longcat/one_call", format: FormatLongcat,
		in:   `<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</longcat_tool_call>`,
		want: `call=get_weather{"city":"Paris"}`},
	{name: "longcat/text_before_after", format: FormatLongcat,
		in:   "I'll check that for you.\n<longcat_tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\", \"days\": 3}}\n</longcat_tool_call>\nOne moment.",
		want: `text="I'll check that for you.\n\nOne moment." call=get_weather{"city":"Tokyo","days":3}`},
	{name: "longcat/parallel", format: FormatLongcat,
		in:   "<longcat_tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</longcat_tool_call>\n<longcat_tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"a.go\"}}\n</longcat_tool_call>",
		want: `text="\n" call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	{name: "longcat/thinking", format: FormatLongcat,
		in:   "<think>Need the weather.</think>\n<longcat_tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</longcat_tool_call>",
		want: `text="\n" reasoning="Need the weather." call=get_weather{}`},
	{name: "longcat/empty_arguments", format: FormatLongcat,
		in:   `<longcat_tool_call>{"name": "list_files", "arguments": {}}</longcat_tool_call>`,
		want: `call=list_files{}`},
	{name: "longcat/no_arguments_key", format: FormatLongcat,
		in:   `<longcat_tool_call>{"name": "list_files"}</longcat_tool_call>`,
		want: `call=list_files{}`},
	{name: "longcat/string_arguments", format: FormatLongcat,
		in:   `<longcat_tool_call>{"name": "search", "arguments": "{\"query\": \"go\", \"limit\": 5}"}</longcat_tool_call>`,
		want: `call=search{"query":"go","limit":5}`},
	{name: "longcat/markup_in_values", format: FormatLongcat,
		in:   `<longcat_tool_call>{"name": "write_to_file", "arguments": {"path": "a.html", "content": "</longcat_tool_call> <b>日本</b>"}}</longcat_tool_call>`,
		want: `call=write_to_file{"path":"a.html","content":"</longcat_tool_call> <b>日本</b>"}`},
	{name: "longcat/truncated", format: FormatLongcat,
		in:   `Sure.<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Par`,
		want: `text="Sure." error=incomplete_call`},
	{name: "longcat/invalid_then_valid", format: FormatLongcat,
		in:   `<longcat_tool_call>{"name": "a", "arguments": {"x": }}</longcat_tool_call>ok <longcat_tool_call>{"name": "b", "arguments": {"y": 1}}</longcat_tool_call>`,
		want: `text="ok " call=b{"y":1} error=invalid_json`},
	{name: "longcat/fenced", format: FormatLongcat,
		in:   "<longcat_tool_call>\n```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n```\n</longcat_tool_call>",
		want: `call=get_weather{"city":"Oslo"}`},
	{name: "longcat/lookalikes_are_text", format: FormatLongcat,
		in:   "a <longcat_tool> b <longcat_tool_calls> c </longcat_tool_call> d",
		want: `text="a <longcat_tool> b <longcat_tool_calls> c </longcat_tool_call> d"`},
	{name: "longcat/auto", format: FormatAuto,
		in:   `Checking.<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</longcat_tool_call>`,
		want: `text="Checking." call=get_weather{"city":"Paris"}`},
	{name: "longcat/auto_with_catalog", format: FormatAuto, tools: true,
		in:   `<read_file><path>x</path></read_file> no: <longcat_tool_call>{"name": "get_weather", "arguments": {}}</longcat_tool_call>`,
		want: `text=" no: <longcat_tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</longcat_tool_call>" call=read_file{"path":"x"}`},
}

func FuzzLongcat(f *testing.F) {
	addSeeds(f, "longcat/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatLongcat, false, in, seed) })
}
