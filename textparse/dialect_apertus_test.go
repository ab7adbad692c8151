package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

const (
	apOpen  = "<|tools_prefix|>"
	apClose = "<|tools_suffix|>"
)

func init() { parseCases = append(parseCases, apertusCases...) }

// apertusCases are modelled on Apertus 8B/70B Instruct output with its
// chat template.
var apertusCases = []parseCase{
	// vLLM's test_apertus_tool_parser.py: a call whose arguments are
	// complete lacks only its closers at the end of the output: a call.
	{name: "apertus/closers_missing_at_end", format: FormatApertus,
		in:   apOpen + `[{"list_files": {}}, {"get_weather": {"city": "Bern"}`,
		want: `call=list_files{} call=get_weather{"city":"Bern"} error=missing_closer`},
	{name: "apertus/cut_in_arguments", format: FormatApertus,
		in:   apOpen + `[{"get_weather": {"city": "Be`,
		want: `error=incomplete_call`},
	{name: "apertus/one_call", format: FormatApertus,
		in:   apOpen + `[{"get_weather": {"city": "Paris", "days": 3}}]` + apClose,
		want: `call=get_weather{"city":"Paris","days":3}`},
	{name: "apertus/text_before_after", format: FormatApertus,
		in:   "Let me check.\n" + apOpen + `[{"get_weather": {"city": "Zürich"}}]` + apClose + "\nOne moment.",
		want: `text="Let me check.\n\nOne moment." call=get_weather{"city":"Zürich"}`},
	{name: "apertus/parallel", format: FormatApertus,
		in:   apOpen + `[{"get_weather": {"city": "Bern"}}, {"read_file": {"path": "a.go", "start_line": 10}}]` + apClose,
		want: `call=get_weather{"city":"Bern"} call=read_file{"path":"a.go","start_line":10}`},
	{name: "apertus/empty_arguments", format: FormatApertus,
		in:   apOpen + `[{"list_files": {}}]` + apClose,
		want: `call=list_files{}`},
	{name: "apertus/reasoning", format: FormatApertus,
		in:   "<|inner_prefix|>The user wants Geneva.<|inner_suffix|>" + apOpen + `[{"get_weather": {"city": "Geneva"}}]` + apClose,
		want: `reasoning="The user wants Geneva." call=get_weather{"city":"Geneva"}`},
	{name: "apertus/reasoning_open", format: FormatApertus, open: true,
		in:   "Geneva, then.<|inner_suffix|>" + apOpen + `[{"get_weather": {"city": "Geneva"}}]` + apClose,
		want: `reasoning="Geneva, then." call=get_weather{"city":"Geneva"}`},
	// Apertus thinks between its inner markers only: <think> is words
	// (vLLM's apertus parser); under auto it is still reasoning.
	{name: "apertus/think_tag_is_text", format: FormatApertus,
		in:   "<think>not a thought</think>Bern it is.",
		want: `text="<think>not a thought</think>Bern it is."`},
	{name: "apertus/think_tag_then_inner", format: FormatApertus,
		in:   "Use <thinking> here. <|inner_prefix|>Real plan.<|inner_suffix|>Done.",
		want: `text="Use <thinking> here. Done." reasoning="Real plan."`},
	{name: "apertus/think_tag_under_auto", format: FormatAuto,
		in:   "<think>a plan</think>" + apOpen + `[{"get_weather": {"city": "Bern"}}]` + apClose,
		want: `reasoning="a plan" call=get_weather{"city":"Bern"}`},
	{name: "apertus/nested_unicode_and_markup", format: FormatApertus,
		in:   apOpen + `[{"write_to_file": {"path": "n.md", "content": "` + apClose + ` [{\"x\": 1}] 日本 ☕"}}]` + apClose,
		want: `call=write_to_file{"path":"n.md","content":"` + apClose + ` [{\"x\": 1}] 日本 ☕"}`},
	{name: "apertus/escaped_name", format: FormatApertus,
		in:   apOpen + `[{"get_\u0077eather": {"city": "Lugano"}}]` + apClose,
		want: `call=get_weather{"city":"Lugano"}`},
	{name: "apertus/template_name", format: FormatApertus,
		in:   apOpen + `[{"{{ name }}": {}}]` + apClose + "after",
		want: `text="after" error=invalid_tool_name`},
	{name: "apertus/arguments_not_object", format: FormatApertus,
		in:   apOpen + `[{"get_weather": "Paris"}]` + apClose + "after",
		want: `text="after" error=invalid_json`},
	{name: "apertus/invalid_then_valid", format: FormatApertus,
		in:   apOpen + `[{"get_weather": {"city": }}]` + apClose + "Retrying." + apOpen + `[{"list_files": {}}]` + apClose,
		want: `text="Retrying." call=list_files{} error=invalid_json`},
	{name: "apertus/truncated", format: FormatApertus,
		in:   "Checking." + apOpen + `[{"get_weather": {"city": "Par`,
		want: `text="Checking." error=incomplete_call`},
	{name: "apertus/catalog_unknown_tool", format: FormatApertus, tools: true,
		in:   apOpen + `[{"get_wether": {"city": "Oslo"}}]` + apClose,
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "apertus/stray_suffix", format: FormatApertus,
		in:   "Done." + apClose,
		want: `text="Done." error=malformed_markup`},
	{name: "apertus/lookalikes_are_text", format: FormatApertus,
		in:   "<|tools|> <|tools_prefix <|inner|>",
		want: `text="<|tools|> <|tools_prefix <|inner|>"`},
	{name: "apertus/auto", format: FormatAuto,
		in:   "Sure." + apOpen + `[{"get_weather": {"city": "Basel"}}]` + apClose,
		want: `text="Sure." call=get_weather{"city":"Basel"}`},
}

func FuzzApertus(f *testing.F) {
	addSeeds(f, "apertus/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatApertus, false, in, seed) })
}

// Apertus keys each call by its tool name.
func ExampleParser_apertus() {
	msg := `<|tools_prefix|>[{"get_weather": {"city": "Bern"}}, {"list_files": {}}]<|tools_suffix|>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatApertus}), []byte(msg), 7))
	// Output:
	// call call_0 get_weather {"city": "Bern"}
	// call call_1 list_files {}
}
