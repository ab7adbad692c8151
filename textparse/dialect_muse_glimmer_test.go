package textparse

import "testing"

func init() {
	parseCases = append(parseCases, xmlCallCases("muse_glimmer", FormatMuseGlimmer, "atem:function_calls", "atem:invoke", "atem:parameter")...)
	parseCases = append(parseCases, []parseCase{
		{name: "muse_glimmer/no_newlines", format: FormatMuseGlimmer, tools: true,
			in:   `<atem:function_calls><atem:invoke name="get_weather"><atem:parameter name="city">Rome</atem:parameter><atem:parameter name="metric">true</atem:parameter></atem:invoke></atem:function_calls>`,
			want: `call=get_weather{"city":"Rome","metric":true}`},
		{name: "muse_glimmer/plain_invoke_is_not_its_call", format: FormatMuseGlimmer, tools: true,
			in:   `<invoke name="get_weather"><parameter name="city">Rome</parameter></invoke>`,
			want: `text="<invoke name=\"get_weather\"><parameter name=\"city\">Rome</parameter></invoke>"`},
		{name: "muse_glimmer/lookalikes_are_text", format: FormatMuseGlimmer,
			in:   "<atem:function_call> <atem:invoker> </atem:function_calls_x>",
			want: `text="<atem:function_call> <atem:invoker> </atem:function_calls_x>"`},
	}...)
}

func FuzzMuseGlimmer(f *testing.F) {
	addSeeds(f, "muse_glimmer/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMuseGlimmer, true, in, seed) })
}

// Muse Glimmer writes function_calls' tags in the atem namespace; values
// are coerced by the catalog.
func ExampleParser_museGlimmer() {
	showCalls(mustNew(opts{Format: FormatMuseGlimmer, Tools: tools}),
		"<atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Paris</atem:parameter>\n"+
			"<atem:parameter name=\"days\">2</atem:parameter>\n</atem:invoke>\n</atem:function_calls>")
	// Output: call get_weather {"city":"Paris","days":2}
}
