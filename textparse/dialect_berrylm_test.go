package textparse

func init() { parseCases = append(parseCases, berrylmCases...) }

// berrylmCases are modelled on what SGLang's BerryLM detector tests
// assert, in our own strings: qwen3_coder's calls under BerryLM's name.
var berrylmCases = []parseCase{
	{name: "berrylm/typed_call", format: FormatBerryLM, tools: true,
		in:   q3Call("get_weather", "city", "Hanoi", "days", "4"),
		want: `call=get_weather{"city":"Hanoi","days":4}`},
	{name: "berrylm/two_calls", format: FormatBerryLM, tools: true,
		in:   q3Call("get_weather", "city", "Hanoi") + "\n" + q3Call("get_weather", "city", "Hue"),
		want: `text="\n" call=get_weather{"city":"Hanoi"} call=get_weather{"city":"Hue"}`},
	{name: "berrylm/text_before_call", format: FormatBerryLM, tools: true,
		in:   "Looking up the forecast.\n" + q3Call("get_weather", "city", "Hanoi"),
		want: `text="Looking up the forecast.\n" call=get_weather{"city":"Hanoi"}`},
	{name: "berrylm/answer_with_angle_bracket", format: FormatBerryLM, tools: true,
		in:   "Yes: 3 < 5, and a<b holds too.",
		want: `text="Yes: 3 < 5, and a<b holds too."`},
	{name: "berrylm/multiline_value", format: FormatBerryLM, tools: true,
		in:   q3Call("write_to_file", "path", "notes/todo.md", "content", "- buy tea\n- call Mai"),
		want: `call=write_to_file{"path":"notes/todo.md","content":"- buy tea\n- call Mai"}`},
	{name: "berrylm/think_then_answer", format: FormatBerryLM,
		in:   "<think>Add them up.</think>The total is 12.",
		want: `text="The total is 12." reasoning="Add them up."`},
	{name: "berrylm/reasoning_opened_by_prompt", format: FormatBerryLM, open: true,
		in:   "Add them up.</think>The total is 12.",
		want: `text="The total is 12." reasoning="Add them up."`},
	{name: "berrylm/call_before_think_closer", format: FormatBerryLM, tools: true,
		in:   "<think>I need the forecast first." + q3Call("get_weather", "city", "Hanoi"),
		want: `reasoning="I need the forecast first." call=get_weather{"city":"Hanoi"} error=call_in_reasoning`},
	{name: "berrylm/cut_in_value", format: FormatBerryLM, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=city>\nHan",
		want: `error=incomplete_call`},
	{name: "berrylm/unknown_tool", format: FormatBerryLM, tools: true,
		in:   q3Call("get_wether", "city", "Hanoi"),
		want: `call=get_wether{"city":"Hanoi"} error=unknown_tool`},
}
