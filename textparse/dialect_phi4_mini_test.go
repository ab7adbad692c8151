package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	parseCases = append(parseCases, jsonBlockCases("phi4_mini", FormatPhi4Mini, listWrap("functools", ""), jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "phi4_mini/parameters_key", format: FormatPhi4Mini,
			in:   `functools[{"name": "get_weather", "parameters": {"city": "Seattle"}}]`,
			want: `call=get_weather{"city":"Seattle"}`},
		{name: "phi4_mini/empty_list", format: FormatPhi4Mini,
			in:   "functools[]\nNo tool fits.",
			want: `text="\nNo tool fits."`},
		{name: "phi4_mini/prose_about_the_module", format: FormatPhi4Mini,
			in:   "Use functools.partial or functools.lru_cache here.",
			want: `text="Use functools.partial or functools.lru_cache here."`},
		{name: "phi4_mini/not_a_call_inside", format: FormatPhi4Mini,
			in:   "functools[1, 2] rest",
			want: `text="1, 2] rest" error=invalid_json`},
		{name: "phi4_mini/auto_is_not_detected", format: FormatAuto,
			in:   `functools[{"name": "list_files", "arguments": {}}]`,
			want: `text="functools[{\"name\": \"list_files\", \"arguments\": {}}]"`},
	}...)
}

func FuzzPhi4Mini(f *testing.F) {
	addSeeds(f, "phi4_mini/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatPhi4Mini, false, in, seed) })
}

// Phi-4-mini writes its calls as a list after functools.
func ExampleParser_phi4Mini() {
	msg := `functools[{"name": "get_weather", "arguments": {"city": "Seattle"}}]`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatPhi4Mini}), []byte(msg), 4))
	// Output:
	// call call_0 get_weather {"city": "Seattle"}
}
