package textparse

import "testing"

func init() { parseCases = append(parseCases, step3Cases...) }

const (
	stBegin = "<｜tool_calls_begin｜>"
	stEnd   = "<｜tool_calls_end｜>"
)

func stCall(name string, params ...string) string {
	s := "<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"" + name + "\">"
	for i := 0; i+1 < len(params); i += 2 {
		s += "<steptml:parameter name=\"" + params[i] + "\">" + params[i+1] + "</steptml:parameter>"
	}
	return s + "</steptml:invoke><｜tool_call_end｜>"
}

// step3Cases are modelled on StepFun Step-3 output.
var step3Cases = []parseCase{
	// A call's begin token cut at the end (with its type word and
	// separator, no invoke yet): incomplete, as a tag dialect's call tag
	// alone; the wrapper alone is its missing closer.
	{name: "step3/call_begin_alone_at_end", format: FormatStep3,
		in:   "Searching." + stBegin + "<｜tool_call_begin｜>function<｜tool_sep｜>",
		want: `text="Searching." error=incomplete_call`},
	{name: "step3/wrapper_alone_at_end", format: FormatStep3,
		in:   "Searching." + stBegin,
		want: `text="Searching." error=missing_closer`},
	{name: "step3/one_call", format: FormatStep3, tools: true,
		in:   stBegin + stCall("get_weather", "city", "Tokyo", "days", "2") + stEnd,
		want: `call=get_weather{"city":"Tokyo","days":2}`},
	{name: "step3/text_before_after", format: FormatStep3, tools: true,
		in:   "Let me check.\n" + stBegin + stCall("get_weather", "city", "Paris") + stEnd + "\nDone.",
		want: `text="Let me check.\n\nDone." call=get_weather{"city":"Paris"}`},
	{name: "step3/parallel", format: FormatStep3, tools: true,
		in:   stBegin + stCall("get_weather", "city", "A") + "\n" + stCall("read_file", "path", "a.go") + stEnd,
		want: `call=get_weather{"city":"A"} call=read_file{"path":"a.go"}`},
	{name: "step3/thinking", format: FormatStep3, tools: true,
		in:   "<think>Weather needed.</think>" + stBegin + stCall("get_weather", "city", "Oslo") + stEnd,
		want: `reasoning="Weather needed." call=get_weather{"city":"Oslo"}`},
	{name: "step3/reasoning_open", format: FormatStep3, tools: true, open: true,
		in:   "Weather needed.</think>" + stBegin + stCall("get_weather", "city", "Oslo") + stEnd,
		want: `reasoning="Weather needed." call=get_weather{"city":"Oslo"}`},
	{name: "step3/no_parameters", format: FormatStep3, tools: true,
		in:   stBegin + stCall("list_files") + stEnd,
		want: `call=list_files{}`},
	{name: "step3/coercion", format: FormatStep3, tools: true,
		in:   stBegin + stCall("search", "query", "42", "tags", `["x", "y"]`, "limit", "1.5") + stEnd,
		want: `call=search{"query":"42","tags":["x","y"],"limit":1.5}`},
	{name: "step3/markup_in_value", format: FormatStep3, tools: true,
		in:   stBegin + stCall("write_to_file", "path", "a.html", "content", "<b>x</b> & 日本") + stEnd,
		want: `call=write_to_file{"path":"a.html","content":"<b>x</b> & 日本"}`},
	{name: "step3/truncated", format: FormatStep3, tools: true,
		in:   stBegin + "<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Tok",
		want: `error=incomplete_call`},
	{name: "step3/missing_invoke_closer", format: FormatStep3, tools: true,
		in:   stBegin + "<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Rome</steptml:parameter><｜tool_call_end｜>" + stEnd + "after",
		want: `text="after" call=get_weather{"city":"Rome"}`},
	// vLLM's test_step3_tool_parser.py: a value's whitespace is data, a
	// trailing newline included, and a value that is not a string is
	// still coerced; the tool's name may follow <｜tool_sep｜>.
	{name: "step3/value_whitespace_kept", format: FormatStep3, tools: true,
		in:   stBegin + "<｜tool_call_begin｜>function<｜tool_sep｜>write_to_file\n<steptml:invoke name=\"write_to_file\"><steptml:parameter name=\"path\">a.py</steptml:parameter><steptml:parameter name=\"content\">    if x:\n        return 1\n</steptml:parameter><steptml:parameter name=\"line_count\"> 2 </steptml:parameter></steptml:invoke><｜tool_call_end｜>" + stEnd,
		want: `call=write_to_file{"path":"a.py","content":"    if x:\n        return 1\n","line_count":2}`},
	{name: "step3/without_type_word", format: FormatStep3,
		in:   stBegin + "<｜tool_call_begin｜><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_sep｜><｜tool_call_begin｜><steptml:invoke name=\"get_time\"><steptml:parameter name=\"zone\">Asia/Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜>" + stEnd,
		want: `call=get_weather{"city":"Tokyo"} call=get_time{"zone":"Asia/Tokyo"}`},
	{name: "step3/lookalikes_are_text", format: FormatStep3,
		in:   "<｜tool_calls｜> <steptml:invoke name=\"x\"> <｜ z",
		want: `text="<｜tool_calls｜> <steptml:invoke name=\"x\"> <｜ z"`},
	{name: "step3/auto", format: FormatAuto, tools: true,
		in:   "ok " + stBegin + stCall("get_weather", "city", "Paris") + stEnd,
		want: `text="ok " call=get_weather{"city":"Paris"}`},
}

func FuzzStep3(f *testing.F) {
	addSeeds(f, "step3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatStep3, true, in, seed) })
}
