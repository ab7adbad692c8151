package textparse

import (
	"strings"
	"testing"
)

func init() { parseCases = append(parseCases, plamo3Cases...) }

// The PLaMo 3 tags the cases write.
const (
	plRequests    = "<|plamo:begin_tool_requests:plamo|>"
	plRequestsEnd = "<|plamo:end_tool_requests:plamo|>"
	plRequest     = "<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>"
	plArgs        = "<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>"
	plRequestEnd  = "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>"
	plEOT         = "<|plamo:tag|>"
	plThink       = "<|plamo:begin_think:plamo|>"
	plThinkEnd    = "<|plamo:end_think:plamo|>"
)

// plCall writes one PLaMo 3 tool request.
func plCall(name, args string) string { return plRequest + name + plArgs + args + plRequestEnd }

// plBlock writes the requests block and the end of the turn.
func plBlock(calls ...string) string {
	return plRequests + strings.Join(calls, "") + plRequestsEnd + plEOT
}

// plamo3Cases are modelled on what vLLM's plamo3 parser tests assert, in
// our own strings.
var plamo3Cases = []parseCase{
	// Thinking off (vLLM: enable_thinking false) is reasoning parsing
	// off: PLaMo's think tags and all are content.
	{name: "plamo3/think_as_text_tags_are_text", format: FormatPLaMo3, plain: true,
		in:   "<|plamo:begin_think:plamo|>A greeting.<|plamo:end_think:plamo|>Hello!",
		want: `text="<|plamo:begin_think:plamo|>A greeting.<|plamo:end_think:plamo|>Hello!"`},
	{name: "plamo3/one_call", format: FormatPLaMo3, tools: true,
		in:   plBlock(plCall("get_weather", `{"city": "Sapporo", "days": 2}`)),
		want: `call=get_weather{"city":"Sapporo","days":2}`},
	{name: "plamo3/text_then_calls", format: FormatPLaMo3, tools: true,
		in:   "Two lookups." + plBlock(plCall("get_weather", `{"city": "Sendai"}`), plCall("read_file", `{"path": "notes/旅程.md", "start_line": 3}`)),
		want: `text="Two lookups." call=get_weather{"city":"Sendai"} call=read_file{"path":"notes/旅程.md","start_line":3}`},
	{name: "plamo3/plain_answer", format: FormatPLaMo3,
		in:   "No tool is needed: it is 4." + plEOT,
		want: `text="No tool is needed: it is 4."`},
	{name: "plamo3/empty_arguments", format: FormatPLaMo3, tools: true,
		in:   plBlock(plCall("list_files", `{}`)),
		want: `call=list_files{}`},
	{name: "plamo3/nested_markup_in_values", format: FormatPLaMo3, tools: true,
		in:   plBlock(plCall("search", `{"query": "<|plamo:tag|> in <b>docs</b>", "filters": {"lang": ["ja", "en"], "since": {"year": 2024}}}`)),
		want: `call=search{"query":"<|plamo:tag|> in <b>docs</b>","filters":{"lang":["ja","en"],"since":{"year":2024}}}`},
	{name: "plamo3/invalid_json_then_call", format: FormatPLaMo3, tools: true,
		in:   plBlock(plCall("get_weather", `{"city": }`), plCall("list_files", `{}`)),
		want: `call=list_files{} error=invalid_json`},
	// The output cut inside a call: no call; the text before it stays.
	{name: "plamo3/cut_in_name", format: FormatPLaMo3, tools: true,
		in:   "Before tools." + plRequests + plRequest + "get_wea",
		want: `text="Before tools." error=incomplete_call`},
	{name: "plamo3/cut_in_arguments", format: FormatPLaMo3, tools: true,
		in:   "Before tools." + plRequests + plCall("get_weather", `{"city": "Na`)[:len(plRequest+"get_weather"+plArgs)+12],
		want: `text="Before tools." error=incomplete_call`},
	// Complete requests whose closing tags the output lacks are calls,
	// reported (issue 21's convention; vLLM's streaming parser gives them
	// too).
	{name: "plamo3/block_closer_missing", format: FormatPLaMo3, tools: true,
		in:   plRequests + plCall("list_files", `{}`),
		want: `call=list_files{} error=missing_closer`},
	{name: "plamo3/request_closer_missing", format: FormatPLaMo3, tools: true,
		in:   plRequests + plRequest + "get_weather" + plArgs + `{"city": "Nara"}`,
		want: `call=get_weather{"city":"Nara"} error=missing_closer`},
	{name: "plamo3/marker_cut_at_end", format: FormatPLaMo3,
		in:   "Answer: 12.<|plamo:begin_",
		want: `text="Answer: 12." error=malformed_markup`},
	{name: "plamo3/reasoning_open", format: FormatPLaMo3, tools: true, open: true,
		in:   "Sapporo, one lookup." + plThinkEnd + plBlock(plCall("get_weather", `{"city": "Sapporo"}`)),
		want: `reasoning="Sapporo, one lookup." call=get_weather{"city":"Sapporo"}`},
	// The end of the turn met inside reasoning (the output stopped while
	// thinking) ends it; the token is not reasoning text.
	{name: "plamo3/turn_ends_in_reasoning", format: FormatPLaMo3, open: true,
		in:   "Still weighing the routes." + plEOT,
		want: `reasoning="Still weighing the routes."`},
	{name: "plamo3/turn_ends_in_think_block", format: FormatPLaMo3,
		in:   plThink + "Two routes, both long." + plEOT + "\n",
		want: `text="\n" reasoning="Two routes, both long."`},
	{name: "plamo3/think_then_answer", format: FormatPLaMo3,
		in:   plThink + "Simple sum." + plThinkEnd + "It is 9." + plEOT,
		want: `text="It is 9." reasoning="Simple sum."`},
	{name: "plamo3/unknown_tool", format: FormatPLaMo3, tools: true,
		in:   plBlock(plCall("get_wether", `{"city": "Oslo"}`)),
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "plamo3/string_arguments", format: FormatPLaMo3, tools: true,
		in:   plBlock(plCall("get_weather", `"Kobe"`)) + "after",
		want: `text="after" error=invalid_json`},
	{name: "plamo3/stray_block_closer", format: FormatPLaMo3,
		in:   "Done." + plRequestsEnd,
		want: `text="Done." error=malformed_markup`},
	{name: "plamo3/auto", format: FormatAuto, tools: true,
		in:   "Checking. " + plRequests + plCall("get_weather", `{"city": "Kobe"}`) + plRequestsEnd,
		want: `text="Checking. " call=get_weather{"city":"Kobe"}`},
}

func FuzzPLaMo3(f *testing.F) {
	addSeeds(f, "plamo3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatPLaMo3, true, in, seed) })
}
