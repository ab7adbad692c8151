package textparse

import (
	"strings"
	"testing"
)

func init() { parseCases = append(parseCases, k2HorizonCases...) }

// k2Call writes a K2 Horizon call: the name, then key/value pairs; a key
// written "key:type" declares the value's type.
func k2Call(name string, kv ...string) string {
	var b strings.Builder
	b.WriteString("<ifm|tool_call>" + name)
	for i := 0; i+1 < len(kv); i += 2 {
		key, typ, typed := strings.Cut(kv[i], ":")
		b.WriteString("<ifm|arg_key>" + key + "</ifm|arg_key>")
		if typed {
			b.WriteString("<ifm|arg_type>" + typ + "</ifm|arg_type>")
		}
		b.WriteString("<ifm|arg_value>" + kv[i+1] + "</ifm|arg_value>")
	}
	b.WriteString("</ifm|tool_call>")
	return b.String()
}

// k2Block puts calls in the block, one per line.
func k2Block(calls ...string) string {
	return "<ifm|tool_calls>" + strings.Join(calls, "\n") + "</ifm|tool_calls>"
}

// k2HorizonCases are modelled on what vLLM's k2_horizon parser tests
// assert, in our own strings, in the three forms of its template.
var k2HorizonCases = []parseCase{
	// SGLang's K2V3 detector runs without a reasoning parser: a forced
	// reasoning's closer is content, with reasoning parsing off.
	{name: "k2_horizon/think_as_text_forced_closer_is_text", format: FormatK2Horizon, tools: true, plain: true,
		in:   "weigh the cities</ifm|think>\n" + k2Block(k2Call("get_weather", "city", "Lima")),
		want: `text="weigh the cities</ifm|think>\n" call=get_weather{"city":"Lima"}`},
	{name: "k2_horizon/pairs", format: FormatK2Horizon, tools: true,
		in:   k2Block(k2Call("get_weather", "city", "Nairobi", "days", "4")),
		want: `call=get_weather{"city":"Nairobi","days":4}`},
	{name: "k2_horizon/text_around_block", format: FormatK2Horizon, tools: true,
		in:   "Looking up both. " + k2Block(k2Call("get_weather", "city", "2046"), k2Call("list_files")) + " Back soon.",
		want: `text="Looking up both.  Back soon." call=get_weather{"city":"2046"} call=list_files{}`},
	{name: "k2_horizon/typed_pairs", format: FormatK2Horizon, tools: true,
		in:   k2Block(k2Call("read_file", "path:string", "cmd/ifm/main.go", "start_line:integer", "40")),
		want: `call=read_file{"path":"cmd/ifm/main.go","start_line":40}`},
	{name: "k2_horizon/json_object", format: FormatK2Horizon, tools: true,
		in:   k2Block(`<ifm|tool_call>{"name": "get_weather", "arguments": {"city": "Quito", "metric": true}}</ifm|tool_call>`),
		want: `call=get_weather{"city":"Quito","metric":true}`},
	{name: "k2_horizon/json_then_pairs", format: FormatK2Horizon, tools: true,
		in:   k2Block(`<ifm|tool_call> {"name": "list_files", "arguments": {}} </ifm|tool_call>`, k2Call("get_weather", "city", "Lima")),
		want: `call=list_files{} call=get_weather{"city":"Lima"}`},
	// Without a catalog a value is a string unless its pair declares a
	// type; "any" keeps the text as written, spaces included.
	{name: "k2_horizon/untyped_values_are_strings", format: FormatK2Horizon,
		in:   k2Block(k2Call("configure", "retries", "4", "verbose", "true")),
		want: `call=configure{"retries":"4","verbose":"true"}`},
	{name: "k2_horizon/declared_types", format: FormatK2Horizon,
		in:   k2Block(k2Call("configure", "retries:int", "4", "hosts:array[string]", `["a", "b"]`, "verbose:bool", "true", "raw:any", " 7 ", "mode:varchar", "12")),
		want: `call=configure{"retries":4,"hosts":["a","b"],"verbose":true,"raw":" 7 ","mode":"12"}`},
	// The schema decides where it types the parameter.
	{name: "k2_horizon/schema_over_declared_type", format: FormatK2Horizon, tools: true,
		in:   k2Block(k2Call("get_weather", "city:integer", "1984", "days:string", "2")),
		want: `call=get_weather{"city":"1984","days":2}`},
	{name: "k2_horizon/unknown_declared_type", format: FormatK2Horizon,
		in:   k2Block(k2Call("configure", "level:verbosity", "3")),
		want: `call=configure{"level":"3"}`},
	{name: "k2_horizon/nested_unicode_markup", format: FormatK2Horizon, tools: true,
		in:   k2Block(k2Call("search", "query", "<b>ナイロビ</b> & café", "filters", `{"geo": {"lat": -1.29, "tags": ["東アフリカ"]}}`)),
		want: `call=search{"query":"<b>ナイロビ</b> & café","filters":{"geo":{"lat":-1.29,"tags":["東アフリカ"]}}}`},
	{name: "k2_horizon/value_keeps_layout", format: FormatK2Horizon, tools: true,
		in:   k2Block(k2Call("write_to_file", "path", "run.sh", "content", "#!/bin/sh\n  exec ./ifm \"$@\"\n")),
		want: `call=write_to_file{"path":"run.sh","content":"#!/bin/sh\n  exec ./ifm \"$@\"\n"}`},
	{name: "k2_horizon/invalid_json_then_sibling", format: FormatK2Horizon, tools: true,
		in:   "a" + k2Block(`<ifm|tool_call>{"name": "get_weather", "arguments": {"city": }}</ifm|tool_call>`, k2Call("list_files")) + "b",
		want: `text="ab" call=list_files{} error=invalid_json`},
	{name: "k2_horizon/type_left_open", format: FormatK2Horizon, tools: true,
		in:   k2Block("<ifm|tool_call>get_weather<ifm|arg_key>days</ifm|arg_key><ifm|arg_type>integer<ifm|arg_value>5</ifm|arg_value></ifm|tool_call>"),
		want: `call=get_weather{"days":5} error=malformed_markup`},
	{name: "k2_horizon/words_in_block", format: FormatK2Horizon, tools: true,
		in:   "<ifm|tool_calls>not a call</ifm|tool_calls>After.",
		want: `text="not a callAfter."`},
	{name: "k2_horizon/words_between_calls", format: FormatK2Horizon, tools: true,
		in:   "<ifm|tool_calls>\nLet me check. " + k2Call("get_weather", "city", "Lima") + "\n" + k2Call("list_files") + "</ifm|tool_calls>",
		want: `text="Let me check. " call=get_weather{"city":"Lima"} call=list_files{}`},
	{name: "k2_horizon/truncated_in_value", format: FormatK2Horizon, tools: true,
		in:   "Checking. <ifm|tool_calls><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Nair",
		want: `text="Checking. " error=incomplete_call`},
	{name: "k2_horizon/block_closer_missing", format: FormatK2Horizon, tools: true,
		in:   "<ifm|tool_calls>" + k2Call("list_files"),
		want: `call=list_files{} error=missing_closer`},
	{name: "k2_horizon/unknown_tool", format: FormatK2Horizon, tools: true,
		in:   k2Block(k2Call("get_wether", "city", "Oslo")),
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "k2_horizon/think_then_block", format: FormatK2Horizon, tools: true,
		in:   "<think>Nairobi, four days.</think>" + k2Block(k2Call("get_weather", "city", "Nairobi", "days", "4")),
		want: `reasoning="Nairobi, four days." call=get_weather{"city":"Nairobi","days":4}`},
	// A call outside the block (SGLang's k2_v3 detector reads one), in
	// each form.
	{name: "k2_horizon/call_without_block", format: FormatK2Horizon, tools: true,
		in:   "One moment. " + k2Call("get_weather", "city", "Kigali", "days", "2") + " Done.",
		want: `text="One moment.  Done." call=get_weather{"city":"Kigali","days":2}`},
	{name: "k2_horizon/json_call_without_block", format: FormatK2Horizon, tools: true,
		in:   `<ifm|tool_call>[{"name": "get_weather", "arguments": {"city": "Arusha"}}, {"name": "list_files", "arguments": "{}"}]</ifm|tool_call>`,
		want: `call=get_weather{"city":"Arusha"} call=list_files{}`},
	{name: "k2_horizon/empty_call_without_block", format: FormatK2Horizon, tools: true,
		in:   k2Call("list_files") + k2Call("get_weather", "city:string", "0042"),
		want: `call=list_files{} call=get_weather{"city":"0042"}`},
	// Reasoning: one tag per reasoning effort (high, medium, low), each
	// closed by its own closer.
	{name: "k2_horizon/effort_tags_are_reasoning", format: FormatK2Horizon, tools: true,
		in:   "<ifm|think>deep</ifm|think><ifm|think_fast>quick</ifm|think_fast><ifm|think_faster>quicker</ifm|think_faster>" + k2Call("list_files"),
		want: `reasoning="deepquickquicker" call=list_files{}`},
	{name: "k2_horizon/effort_tag_closed_by_its_own_closer", format: FormatK2Horizon,
		in:   "<ifm|think_fast>a</ifm|think>b</ifm|think_fast>c",
		want: `text="c" reasoning="a</ifm|think>b"`},
	// The template opens the reasoning: any effort's closer ends it, and
	// so does the call block (the call written in reasoning).
	{name: "k2_horizon/reasoning_open_any_closer", format: FormatK2Horizon, open: true,
		in:   "weigh it</ifm|think_faster>Answer.",
		want: `text="Answer." reasoning="weigh it"`},
	{name: "k2_horizon/reasoning_open_high", format: FormatK2Horizon, open: true,
		in:   " \n</ifm|think>Answer.",
		want: `text="Answer." reasoning=" \n"`},
	{name: "k2_horizon/reasoning_open_then_block", format: FormatK2Horizon, open: true, tools: true,
		in:   "need the list" + k2Block(k2Call("list_files")),
		want: `reasoning="need the list" call=list_files{} error=call_in_reasoning`},
	{name: "k2_horizon/reasoning_open_opener_again", format: FormatK2Horizon, open: true,
		in:   "<ifm|think_fast>short</ifm|think_fast>Answer.",
		want: `text="Answer." reasoning="short"`},
	// The first checkpoints' reasoning tags, and </think>, end reasoning
	// the prompt opened too.
	{name: "k2_horizon/first_checkpoints_tags", format: FormatK2Horizon,
		in:   "<think_faster>brief</think_faster>Then <think_fast>x</think_fast>y",
		want: `text="Then y" reasoning="briefx"`},
	{name: "k2_horizon/reasoning_open_first_checkpoint_closer", format: FormatK2Horizon, open: true,
		in:   "\nweigh\n</think_fast>\nAnswer.",
		want: `text="\nAnswer." reasoning="\nweigh\n"`},
	{name: "k2_horizon/reasoning_open_think_closer", format: FormatK2Horizon, open: true,
		in:   "weigh</think>Answer.",
		want: `text="Answer." reasoning="weigh"`},
	{name: "k2_horizon/auto", format: FormatAuto, tools: true,
		in:   "Sure. " + k2Block(k2Call("get_weather", "city", "Lima")),
		want: `text="Sure. " call=get_weather{"city":"Lima"}`},
}

func FuzzK2Horizon(f *testing.F) {
	addSeeds(f, "k2_horizon/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatK2Horizon, true, in, seed) })
}
