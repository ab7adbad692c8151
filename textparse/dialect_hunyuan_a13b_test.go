package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	parseCases = append(parseCases, jsonBlockCases("hunyuan_a13b", FormatHunyuanA13B, listWrap("<tool_calls>", "</tool_calls>"), jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "hunyuan_a13b/think_answer_call", format: FormatHunyuanA13B,
			in:   "<think>\nThe user asks for Paris.\n</think>\n<answer>\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</tool_calls>\n</answer>",
			want: `text="\n\n\n" reasoning="\nThe user asks for Paris.\n" call=get_weather{"city":"Paris"}`},
		{name: "hunyuan_a13b/answer_text_only", format: FormatHunyuanA13B,
			in:   "<think>Easy.</think>\n<answer>\nParis is in France.\n</answer>",
			want: `text="\n\nParis is in France.\n" reasoning="Easy."`},
		{name: "hunyuan_a13b/stray_close", format: FormatHunyuanA13B,
			in:   "Done.</tool_calls>",
			want: `text="Done." error=malformed_markup`},
		{name: "hunyuan_a13b/lookalikes_are_text", format: FormatHunyuanA13B,
			in:   "<tool_call> <tool_calls_> <answers> </answe",
			want: `text="<tool_call> <tool_calls_> <answers> </answe"`},
		// Under auto, <tool_calls> is HY's wrapper until a '[' shows a JSON
		// list (dialect_hy.go): read as hunyuan_a13b's (issue 21).
		{name: "hunyuan_a13b/auto_reads_the_list", format: FormatAuto,
			in:   `Listing.<tool_calls> [{"name": "list_files", "arguments": {}}]</tool_calls>`,
			want: `text="Listing." call=list_files{}`},
	}...)
}

func FuzzHunyuanA13B(f *testing.F) {
	addSeeds(f, "hunyuan_a13b/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatHunyuanA13B, false, in, seed) })
}

// Hunyuan-A13B answers inside <answer> tags, which are dropped.
func ExampleParser_hunyuanA13B() {
	msg := "<think>One lookup.</think>\n<answer>\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Shenzhen\"}}]</tool_calls>\n</answer>"
	printCalls(toolcall.Run(mustNew(opts{Format: FormatHunyuanA13B}), []byte(msg), 7))
	// Output:
	// reasoning "One lookup."
	// text "\n\n"
	// call call_0 get_weather {"city": "Shenzhen"}
	// text "\n"
}
