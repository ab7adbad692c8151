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
