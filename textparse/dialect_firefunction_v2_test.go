package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	parseCases = append(parseCases, jsonBlockCases("firefunction_v2", FormatFireFunctionV2, listWrap("functools", ""), jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "firefunction_v2/text_then_list", format: FormatFireFunctionV2,
			in:   `I'll check both cities. functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]`,
			want: `text="I'll check both cities. " call=get_weather{"city":"Paris"} call=get_weather{"city":"Rome"}`},
		{name: "firefunction_v2/list_split_over_lines", format: FormatFireFunctionV2,
			in:   "functools[\n  {\"name\": \"read_file\", \"arguments\": {\"path\": \"a.go\"}}\n]",
			want: `call=read_file{"path":"a.go"}`},
		{name: "firefunction_v2/lookalikes_are_text", format: FormatFireFunctionV2,
			in:   "functools [x] functool[ functools.reduce",
			want: `text="functools [x] functool[ functools.reduce"`},
	}...)
}

func FuzzFireFunctionV2(f *testing.F) {
	addSeeds(f, "firefunction_v2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatFireFunctionV2, false, in, seed) })
}

// FireFunction v2 writes its text, then the calls after functools.
func ExampleParser_fireFunctionV2() {
	msg := `Checking. functools[{"name": "get_weather", "arguments": {"city": "Rome"}}]`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatFireFunctionV2}), []byte(msg), 6))
	// Output:
	// text "Checking. "
	// call call_0 get_weather {"city": "Rome"}
}
