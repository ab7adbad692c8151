package textparse

import "testing"

func init() { parseCases = append(parseCases, ling3Cases...) }

// lingCall writes a Ling 3.0 call as its template does: the name, then one
// key/value pair per line.
func lingCall(name string, kv ...string) string {
	s := "<tool_call>" + name + "\n"
	for i := 0; i+1 < len(kv); i += 2 {
		s += "<arg_key>" + kv[i] + "</arg_key>\n<arg_value>" + kv[i+1] + "</arg_value>\n"
	}
	return s + "</tool_call>"
}

// ling3Cases are modelled on Ling 3.0 output (llama.cpp's Ling parser
// cases): thinking on, the prompt opens <think>; the end-of-turn token may
// come out spelled as text.
var ling3Cases = []parseCase{
	{name: "ling3/reasoning_then_call", format: FormatLing3, tools: true, open: true,
		in:   "Paris, three days.\n</think>\n" + lingCall("get_weather", "city", "Paris", "days", "3"),
		want: `text="\n" reasoning="Paris, three days.\n" call=get_weather{"city":"Paris","days":3}`},
	// A call before </think> ends the reasoning (call_in_reasoning).
	{name: "ling3/call_before_think_closer", format: FormatLing3, tools: true, open: true,
		in:   "I need the weather first.\n" + lingCall("get_weather", "city", "Oslo"),
		want: `reasoning="I need the weather first.\n" call=get_weather{"city":"Oslo"} error=call_in_reasoning`},
	{name: "ling3/role_end_after_answer_dropped", format: FormatLing3,
		in:   "It is 14 degrees in Oslo.<|role_end|>",
		want: `text="It is 14 degrees in Oslo."`},
	{name: "ling3/role_end_after_call_dropped", format: FormatLing3, tools: true, open: true,
		in:   "Check Lima.\n</think>\nChecking now.\n" + lingCall("get_weather", "city", "Lima") + "<|role_end|>",
		want: `text="\nChecking now.\n" reasoning="Check Lima.\n" call=get_weather{"city":"Lima"}`},
	{name: "ling3/markers_in_a_value_stay", format: FormatLing3, tools: true,
		in:   lingCall("write_to_file", "path", "notes.md", "content", "ends with </think> and <|role_end|> and <tool_call>"),
		want: `call=write_to_file{"path":"notes.md","content":"ends with </think> and <|role_end|> and <tool_call>"}`},
	{name: "ling3/flush_tags_and_any_order", format: FormatLing3, tools: true,
		in:   "<tool_call>read_file<arg_key>start_line</arg_key><arg_value>7</arg_value><arg_key>path</arg_key><arg_value>a.go</arg_value></tool_call>",
		want: `call=read_file{"start_line":7,"path":"a.go"}`},
	{name: "ling3/text_after_call", format: FormatLing3, tools: true,
		in:   lingCall("list_files") + "\nListed.",
		want: `text="\nListed." call=list_files{}`},
	// Under auto (and glm45) the token is other models' text.
	{name: "ling3/role_end_under_auto_is_text", format: FormatAuto,
		in:   "Done.<|role_end|>",
		want: `text="Done.<|role_end|>"`},
}

func FuzzLing3(f *testing.F) {
	addSeeds(f, "ling3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatLing3, true, in, seed) })
}

// Ling 3.0 writes GLM-4.6's calls; its end-of-turn token, spelled out, is
// dropped.
func ExampleParser_ling3() {
	showCalls(mustNew(opts{Format: FormatLing3, Tools: tools, ReasoningOpen: true}),
		"Oslo, today.\n</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call><|role_end|>")
	// Output:
	// reasoning "Oslo, today.\n"
	// text "\n"
	// call get_weather {"city":"Oslo"}
}
