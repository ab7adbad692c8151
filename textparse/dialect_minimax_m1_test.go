package textparse

import (
	"strings"
	"testing"
)

func init() {
	// MiniMax-M1 writes its calls one per line.
	wrap := func(calls ...string) string { return "<tool_calls>\n" + strings.Join(calls, "\n") + "\n</tool_calls>" }
	parseCases = append(parseCases, jsonBlockCases("minimax_m1", FormatMiniMaxM1, wrap, jsonBlockOpts{single: true})...)
	parseCases = append(parseCases, []parseCase{
		{name: "minimax_m1/parallel_lines", format: FormatMiniMaxM1,
			in:   "I'll check both cities.<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Dallas\", \"days\": 2}}\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Austin\", \"days\": 2}}\n</tool_calls>",
			want: `text="I'll check both cities." call=get_weather{"city":"Dallas","days":2} call=get_weather{"city":"Austin","days":2}`},
		{name: "minimax_m1/one_line_block", format: FormatMiniMaxM1,
			in:   `<tool_calls>{"name": "read_file", "arguments": {"path": "go.mod"}}</tool_calls>`,
			want: `call=read_file{"path":"go.mod"}`},
		{name: "minimax_m1/list_in_block", format: FormatMiniMaxM1,
			in:   `<tool_calls>[{"name": "read_file", "arguments": {"path": "a.go"}}, {"name": "read_file", "arguments": {"path": "b.go"}}]</tool_calls>`,
			want: `call=read_file{"path":"a.go"} call=read_file{"path":"b.go"}`},
		{name: "minimax_m1/closer_missing_at_end", format: FormatMiniMaxM1,
			in:   "<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Boston\"}}",
			want: `call=get_weather{"city":"Boston"} error=missing_closer`},
		{name: "minimax_m1/object_over_several_lines", format: FormatMiniMaxM1,
			in:   "<tool_calls>\n{\n  \"name\": \"get_weather\",\n  \"arguments\": {\n    \"city\": \"Denver\"\n  }\n}\n</tool_calls>",
			want: `call=get_weather{"city":"Denver"}`},
		{name: "minimax_m1/reasoning_then_call", format: FormatMiniMaxM1,
			in:   "<think>The user wants Seattle.</think>\n\nLet me look.<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Seattle\"}}\n</tool_calls>",
			want: `text="\n\nLet me look." reasoning="The user wants Seattle." call=get_weather{"city":"Seattle"}`},
		{name: "minimax_m1/stray_closer_dropped", format: FormatMiniMaxM1,
			in:   "Done.</tool_calls> Bye.",
			want: `text="Done. Bye." error=malformed_markup`},
		{name: "minimax_m1/closer_flush_after_last_call", format: FormatMiniMaxM1,
			in:   "Now the weather and the area.<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Reno\"}}\n{\"name\": \"calculate_area\", \"arguments\": {\"shape\": \"square\", \"dimensions\": {\"side\": 4}}}</tool_calls>",
			want: `text="Now the weather and the area." call=get_weather{"city":"Reno"} call=calculate_area{"shape":"square","dimensions":{"side":4}}`},
		{name: "minimax_m1/text_around_block_kept", format: FormatMiniMaxM1,
			in:   "Hello there<tool_calls>\n{\"name\": \"ping\", \"arguments\": {}}\n</tool_calls>done",
			want: `text="Hello theredone" call=ping{}`},
		// vLLM drops a call written inside <think>; with
		// KeepCallsInReasoning tooleval keeps it as reasoning too.
		{name: "minimax_m1/call_in_think_kept_strict", format: FormatMiniMaxM1, keep: true,
			in:   "Sure.<think>Analysis first.<tool_calls>\n{\"name\": \"analyze\", \"arguments\": {\"topic\": \"plan\"}}\n</tool_calls></think>\nFetching.<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Reno\"}}\n</tool_calls>Here you go.",
			want: `text="Sure.\nFetching.Here you go." reasoning="Analysis first.<tool_calls>\n{\"name\": \"analyze\", \"arguments\": {\"topic\": \"plan\"}}\n</tool_calls>" call=get_weather{"city":"Reno"} error=call_in_reasoning`},
		// A broken line is skipped to its object's end (strings and
		// nesting honoured) and the block's next lines are read, as vLLM
		// reads every valid line; the broken call is invalid_json.
		{name: "minimax_m1/broken_line_then_next_line", format: FormatMiniMaxM1,
			in:   "<tool_calls>\n{\"name\": \"list_files\", \"arguments\": {\"dir\": \"src\"}}\n{not json at all, \"}\" inside}\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"go.sum\"}}\n</tool_calls>",
			want: `call=list_files{"dir":"src"} call=read_file{"path":"go.sum"} error=invalid_json`},
		{name: "minimax_m1/misspelt_literal_then_next_line", format: FormatMiniMaxM1,
			in:   "<tool_calls>\n{\"name\": \"set_flag\", \"arguments\": {\"name\": \"beta\", \"on\": ture}}\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Cusco\"}}\n</tool_calls>\nBoth sent.",
			want: `text="\nBoth sent." call=get_weather{"city":"Cusco"} error=invalid_json`},
		// A line whose braces never balance runs to the block's closer,
		// which ends the skip: the text after it is text.
		{name: "minimax_m1/unbalanced_line_ends_at_closer", format: FormatMiniMaxM1,
			in:   "<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Cusco\"\n{\"name\": \"ping\", \"arguments\": {}}\n</tool_calls>\nSent.",
			want: `text="\nSent." error=invalid_json`},
		// <tool_calls> opens HY's calls too; auto does not read this one.
		{name: "minimax_m1/named_not_auto", format: FormatMiniMaxM1,
			in:   "<tool_calls>\n{\"name\": \"list_files\", \"arguments\": {}}\n</tool_calls>",
			want: `call=list_files{}`},
	}...)
}

func FuzzMiniMaxM1(f *testing.F) {
	addSeeds(f, "minimax_m1/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMiniMaxM1, false, in, seed) })
}
