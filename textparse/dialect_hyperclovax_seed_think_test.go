package textparse

import "testing"

func init() { parseCases = append(parseCases, hcxCases...) }

// hcxCall writes a HyperCLOVA X SEED Think call as its template does: the
// name on the first line, then one key/value pair a line, each value
// written as JSON.
func hcxCall(name string, kv ...string) string {
	s := "<tool_call>" + name + "\n"
	for i := 0; i+1 < len(kv); i += 2 {
		s += "<arg_key>" + kv[i] + "</arg_key>\n<arg_value>" + kv[i+1] + "</arg_value>\n"
	}
	return s + "</tool_call>"
}

// hcxCases are modelled on HyperCLOVAX-SEED-Think-32B output (thinking on:
// the prompt ends with <think>, so the answer starts inside reasoning).
var hcxCases = []parseCase{
	{name: "hyperclovax_seed_think/one_call", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("get_weather", "city", `"Incheon"`, "days", "2"),
		want: `call=get_weather{"city":"Incheon","days":2}`},
	{name: "hyperclovax_seed_think/text_before_after", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   "날씨를 확인해 볼게요." + hcxCall("get_weather", "city", `"Jeju"`) + "\nOne moment.",
		want: `text="날씨를 확인해 볼게요.\nOne moment." call=get_weather{"city":"Jeju"}`},
	{name: "hyperclovax_seed_think/reasoning_open", format: FormatHyperCLOVAXSeedThink, tools: true, open: true,
		in:   "Two cities, two lookups.</think>\n\nChecking both." + hcxCall("get_weather", "city", `"Daegu"`) + "\n" + hcxCall("get_weather", "city", `"Gwangju"`, "metric", "true"),
		want: `text="\n\nChecking both.\n" reasoning="Two cities, two lookups." call=get_weather{"city":"Daegu"} call=get_weather{"city":"Gwangju","metric":true}`},
	// A string written without quotes is its text, as written.
	{name: "hyperclovax_seed_think/bare_string_value", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("read_file", "path", "docs/intro.md", "start_line", "12"),
		want: `call=read_file{"path":"docs/intro.md","start_line":12}`},
	// A quoted string keeps what its escapes spell: newlines, quotes,
	// markup and characters beyond ASCII.
	{name: "hyperclovax_seed_think/escaped_string_value", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("write_to_file", "path", `"notes/서울.md"`, "content", `"# 서울\n<b>\"hot\"</b> ☀\u00e9\n"`),
		want: `call=write_to_file{"path":"notes/서울.md","content":"# 서울\n<b>\"hot\"</b> ☀\u00e9\n"}`},
	{name: "hyperclovax_seed_think/nested_values", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("search", "query", `"부산 맛집"`, "filters", `{"area": ["해운대", "서면"], "open": {"now": true}}`, "tags", `["food"]`, "limit", "5"),
		want: `call=search{"query":"부산 맛집","filters":{"area":["해운대","서면"],"open":{"now":true}},"tags":["food"],"limit":5}`},
	// A quoted number for a string parameter is the string.
	{name: "hyperclovax_seed_think/quoted_digits_stay_string", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("search", "query", `"007"`, "code", "0042"),
		want: `call=search{"query":"007","code":"0042"}`},
	// Without a catalog every value is JSON when it reads whole as JSON.
	{name: "hyperclovax_seed_think/untyped_values", format: FormatHyperCLOVAXSeedThink,
		in:   hcxCall("book_table", "restaurant", `"Mingles"`, "party", "4", "window", "false", "note", "quiet corner"),
		want: `call=book_table{"restaurant":"Mingles","party":4,"window":false,"note":"quiet corner"}`},
	{name: "hyperclovax_seed_think/no_arguments", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("list_files"),
		want: `call=list_files{}`},
	{name: "hyperclovax_seed_think/unknown_tool", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   hcxCall("get_forecast", "city", `"Ulsan"`),
		want: `call=get_forecast{"city":"Ulsan"} error=unknown_tool`},
	{name: "hyperclovax_seed_think/truncated", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   "Checking." + "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>\"Suw",
		want: `text="Checking." error=incomplete_call`},
	{name: "hyperclovax_seed_think/closer_missing_at_end", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>\"Pohang\"</arg_value>\n",
		want: `call=get_weather{"city":"Pohang"} error=missing_closer`},
	// The end of the turn is dropped, in the answer and after a call.
	{name: "hyperclovax_seed_think/turn_end_dropped", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   "It is 21°C in Seoul.<|im_end|>",
		want: `text="It is 21°C in Seoul."`},
	// Forced calls (tool_choice "required"): a JSON list, or one object,
	// as the whole answer, after the reasoning.
	{name: "hyperclovax_seed_think/json_list_answer", format: FormatHyperCLOVAXSeedThink, tools: true, open: true,
		in:   "Required call.</think>\n\n" + `[{"name": "get_weather", "parameters": {"city": "Sejong"}}, {"name": "read_file", "arguments": {"path": "a.txt"}}]<|im_end|>`,
		want: `text="\n\n" reasoning="Required call." call=get_weather{"city":"Sejong"} call=read_file{"path":"a.txt"}`},
	{name: "hyperclovax_seed_think/json_object_answer", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   `{"name": "get_weather", "parameters": {"city": "Mokpo", "days": 3}}`,
		want: `call=get_weather{"city":"Mokpo","days":3}`},
	// Prose that starts with a bracket but holds no call list stays text.
	{name: "hyperclovax_seed_think/bracket_prose_is_text", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   "[note] the forecast is cached.",
		want: `text="[note] the forecast is cached."`},
	{name: "hyperclovax_seed_think/broken_json_answer", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   `[{"name": "get_weather", "parameters": {"city": }}]`,
		want: `error=invalid_json`},
	// An empty call holds no name: no call.
	{name: "hyperclovax_seed_think/empty_call", format: FormatHyperCLOVAXSeedThink, tools: true,
		in:   "<tool_call>\n</tool_call>Nothing to do.",
		want: `text="Nothing to do."`},
	// GLM's tags are glm45's under auto; these are read when named.
	{name: "hyperclovax_seed_think/auto_reads_glm45", format: FormatAuto, tools: true,
		in:   hcxCall("get_weather", "city", `"Seoul"`),
		want: `call=get_weather{"city":"\"Seoul\""}`},
}

func FuzzHyperCLOVAXSeedThink(f *testing.F) {
	addSeeds(f, "hyperclovax_seed_think/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		fuzzParse(t, FormatHyperCLOVAXSeedThink, false, in, seed)
	})
}
