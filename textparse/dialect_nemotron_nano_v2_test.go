package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	wrap := listWrap("<TOOLCALL>", "</TOOLCALL>")
	parseCases = append(parseCases, jsonBlockCases("nemotron_nano_v2", FormatNemotronNanoV2, wrap, jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "nemotron_nano_v2/empty_think_then_call", format: FormatNemotronNanoV2,
			in:   "<think>\n</think>\n\n<TOOLCALL>[{\"name\": \"list_files\", \"arguments\": {}}]</TOOLCALL>\n",
			want: `text="\n\n\n" reasoning="\n" call=list_files{}`},
		{name: "nemotron_nano_v2/newlines_in_block", format: FormatNemotronNanoV2,
			in:   "<TOOLCALL>[\n  {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lyon\"}},\n  {\"name\": \"list_files\", \"arguments\": {}}\n]</TOOLCALL>",
			want: `call=get_weather{"city":"Lyon"} call=list_files{}`},
		{name: "nemotron_nano_v2/missing_close_at_end", format: FormatNemotronNanoV2,
			in:   `<TOOLCALL>[{"name": "list_files", "arguments": {}}]`,
			want: `call=list_files{} error=missing_closer`},
		{name: "nemotron_nano_v2/stray_close", format: FormatNemotronNanoV2,
			in:   `<TOOLCALL>[{"name": "list_files", "arguments": {}}]</TOOLCALL></TOOLCALL> done`,
			want: `text=" done" call=list_files{} error=malformed_markup`},
		{name: "nemotron_nano_v2/lookalikes_are_text", format: FormatNemotronNanoV2,
			in:   "<TOOLCALLS> <TOOL_CALL> <toolcall> </TOOL",
			want: `text="<TOOLCALLS> <TOOL_CALL> <toolcall> </TOOL"`},
		// A broken call of the list: the rest of it is skipped (its
		// brackets counted) and the next call read; brackets that never
		// balance stop at the block's closer, and the text after it stays.
		{name: "nemotron_nano_v2/trailing_comma_then_sibling", format: FormatNemotronNanoV2,
			in:   `<TOOLCALL>[{"name": "read_file", "arguments": {"path": "a.go",}}, {"name": "list_files", "arguments": {"dir": "}]"}}]</TOOLCALL>ok`,
			want: `text="ok" call=list_files{"dir":"}]"} error=invalid_json`},
		{name: "nemotron_nano_v2/unbalanced_skip_ends_at_closer", format: FormatNemotronNanoV2,
			in:   `<TOOLCALL>[{"name": "read_file", "arguments": {"path": ]</TOOLCALL> Then {x} "quoted"`,
			want: `text=" Then {x} \"quoted\"" error=invalid_json`},
		{name: "nemotron_nano_v2/bad_id_then_sibling", format: FormatNemotronNanoV2,
			in:   `<TOOLCALL>[{"name": "read_file", "arguments": {"path": "a.go"}, "id": tru}, {"name": "list_files", "arguments": {}}]</TOOLCALL>`,
			want: `call=list_files{} error=invalid_json`},
		{name: "nemotron_nano_v2/auto", format: FormatAuto,
			in:   `Sure.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Nice"}}]</TOOLCALL>`,
			want: `text="Sure." call=get_weather{"city":"Nice"}`},
	}...)
}

func FuzzNemotronNanoV2(f *testing.F) {
	addSeeds(f, "nemotron_nano_v2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatNemotronNanoV2, false, in, seed) })
}

// Nemotron Nano 2 reasons, then writes a JSON list of calls.
func ExampleParser_nemotronNanoV2() {
	msg := "<think>Two cities.</think>\n<TOOLCALL>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, " +
		"{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Rome\"}}]</TOOLCALL>"
	printCalls(toolcall.Run(mustNew(opts{Format: FormatNemotronNanoV2}), []byte(msg), 9))
	// Output:
	// reasoning "Two cities."
	// text "\n"
	// call call_0 get_weather {"city": "Paris"}
	// call call_1 get_weather {"city": "Rome"}
}
