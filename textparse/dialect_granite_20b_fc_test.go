package textparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	wrap := func(calls ...string) string {
		return "<function_call> " + strings.Join(calls, "\n<function_call> ")
	}
	parseCases = append(parseCases, jsonBlockCases("granite_20b_fc", FormatGranite20BFC, wrap, jsonBlockOpts{between: "\n"})...)
	parseCases = append(parseCases, []parseCase{
		{name: "granite_20b_fc/no_space", format: FormatGranite20BFC,
			in:   `<function_call>{"name": "list_files", "arguments": {}}`,
			want: `call=list_files{}`},
		{name: "granite_20b_fc/text_between_calls", format: FormatGranite20BFC,
			in:   "<function_call> {\"name\": \"read_file\", \"arguments\": {\"path\": \"a\"}} and then <function_call> {\"name\": \"read_file\", \"arguments\": {\"path\": \"b\"}}",
			want: `text=" and then " call=read_file{"path":"a"} call=read_file{"path":"b"}`},
		{name: "granite_20b_fc/not_json_is_error", format: FormatGranite20BFC,
			in:   "<function_call> get_weather(city='x')",
			want: `text="get_weather(city='x')" error=invalid_json`},
		{name: "granite_20b_fc/lookalikes_are_text", format: FormatGranite20BFC,
			in:   "<function_calls> <function_cal <function>",
			want: `text="<function_calls> <function_cal <function>"`},
		{name: "granite_20b_fc/auto_is_not_detected", format: FormatAuto,
			in:   "The <function_call> tag starts a call.",
			want: `text="The <function_call> tag starts a call."`},
	}...)
}

func FuzzGranite20BFC(f *testing.F) {
	addSeeds(f, "granite_20b_fc/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatGranite20BFC, false, in, seed) })
}

// Granite-20B-FunctionCalling writes one <function_call> per call.
func ExampleParser_granite20BFC() {
	msg := "<function_call> {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Boston\"}}\n" +
		`<function_call> {"name": "list_files", "arguments": {}}`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatGranite20BFC}), []byte(msg), 6))
	// Output:
	// call call_0 get_weather {"city": "Boston"}
	// text "\n"
	// call call_1 list_files {}
}
