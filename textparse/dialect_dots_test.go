package textparse

import "testing"

func init() {
	parseCases = append(parseCases, xmlCallCases("dots", FormatDots, "dots_function_call", "invoke", "parameter")...)
	parseCases = append(parseCases, []parseCase{
		{name: "dots/no_newlines", format: FormatDots, tools: true,
			in:   `<dots_function_call><invoke name="get_weather"><parameter name="city">Rome</parameter></invoke></dots_function_call>`,
			want: `call=get_weather{"city":"Rome"}`},
		{name: "dots/lookalikes_are_text", format: FormatDots,
			in:   "<dots_function> <dots_function_calls> </dots_function_cal",
			want: `text="<dots_function> <dots_function_calls> </dots_function_cal"`},
		// vLLM's fallback: a JSON call object in the wrapper.
		{name: "dots/json_call_in_wrapper", format: FormatDots, tools: true,
			in:   `Searching.<dots_function_call>{"name": "search", "arguments": {"query": "oak desks", "limit": 5}}</dots_function_call>Done.`,
			want: `text="Searching.Done." call=search{"query":"oak desks","limit":5}`},
		{name: "dots/invoke_block_then_json_block", format: FormatDots, tools: true,
			in: `<dots_function_call><invoke name="search"><parameter name="query">lamps</parameter></invoke>` +
				`<invoke name="read_file"><parameter name="path">a.md</parameter></invoke></dots_function_call>` +
				"\n<dots_function_call>\n{\"name\":\"search\",\"arguments\":{\"query\":\"rugs\"}}\n</dots_function_call>",
			want: `text="\n" call=search{"query":"lamps"} call=read_file{"path":"a.md"} call=search{"query":"rugs"}`},
		{name: "dots/two_json_calls_in_one_wrapper", format: FormatDots,
			in:   "<dots_function_call>\n{\"name\":\"a\",\"arguments\":{}}\n{\"name\":\"b\",\"arguments\":{\"n\":2}}\n</dots_function_call>",
			want: `call=a{} call=b{"n":2}`},
		{name: "dots/json_after_invoke_in_one_wrapper", format: FormatDots,
			in:   `<dots_function_call><invoke name="a"></invoke>{"name":"b","arguments":{}}</dots_function_call>`,
			want: `call=a{} call=b{}`},
		{name: "dots/json_call_under_auto", format: FormatAuto, tools: true,
			in:   `<dots_function_call>{"name":"get_weather","arguments":{"city":"Kyoto"}}</dots_function_call>`,
			want: `call=get_weather{"city":"Kyoto"}`},
		{name: "dots/json_call_cut_at_end", format: FormatDots,
			in:   `<dots_function_call>{"name":"search","arguments":{"query":"ch`,
			want: `error=incomplete_call`},
		{name: "dots/json_call_without_closer_at_end", format: FormatDots,
			in:   `<dots_function_call>{"name":"search","arguments":{"query":"chairs"}}`,
			want: `call=search{"query":"chairs"} error=missing_closer`},
		{name: "dots/words_in_wrapper_then_call", format: FormatDots, tools: true,
			in:   `<dots_function_call>garbage</dots_function_call><dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke></dots_function_call>`,
			want: `text="garbage" call=search{"query":"chairs"}`},
		{name: "dots/words_in_wrapper_cut_at_end", format: FormatDots,
			in:   `<dots_function_call>find(q='la`,
			want: `text="find(q='la" error=missing_closer`},
		{name: "dots/stray_closer_in_text_dropped", format: FormatDots,
			in:   "some text </dots_function_call>",
			want: `text="some text " error=malformed_markup`},
		{name: "dots/auto_bare_invoke_stays_function_calls", format: FormatAuto, tools: true,
			in:   `<invoke name="get_weather"><parameter name="city">Rome</parameter></invoke>`,
			want: `call=get_weather{"city":"Rome"}`},
	}...)
}

func FuzzDots(f *testing.F) {
	addSeeds(f, "dots/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatDots, true, in, seed) })
}

// dots wraps its invoke tags in <dots_function_call>.
func ExampleParser_dots() {
	showCalls(mustNew(opts{Format: FormatDots, Tools: tools}),
		"Checking.<dots_function_call>\n<invoke name=\"read_file\">\n<parameter name=\"path\">go.mod</parameter>\n</invoke>\n</dots_function_call>")
	// Output:
	// text "Checking."
	// call read_file {"path":"go.mod"}
}
