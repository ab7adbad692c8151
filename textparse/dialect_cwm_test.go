package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	// A catalog whose python tool has one parameter, not named "command".
	onePython := testTools{"python": {Name: "python", Params: []toolcall.Param{param("code", "string")}}}
	parseCases = append(parseCases, []parseCase{
		{name: "cwm/one_call", format: FormatCWM,
			in:   "<tool: bash>\nls -la src/\n</tool>",
			want: `call=bash{"command":"ls -la src/"}`},
		{name: "cwm/text_before_after", format: FormatCWM,
			in:   "I'll list the package first.\n<tool: bash>\nls internal/\n</tool>\nThen I'll read the parser.",
			want: `text="I'll list the package first.\n\nThen I'll read the parser." call=bash{"command":"ls internal/"}`},
		// vLLM's reading of the label "function": the body's first word
		// names the tool.
		{name: "cwm/function_label_names_tool", format: FormatCWM,
			in:   "Two checks.\n<tool: function>\nterminal go vet ./...\n</tool>\n<tool: function>\nterminal go test -run TestParse ./textparse\n</tool>\n",
			want: `text="Two checks.\n\n\n" call=terminal{"command":"go vet ./..."} call=terminal{"command":"go test -run TestParse ./textparse"}`},
		{name: "cwm/function_label_input_on_next_line", format: FormatCWM,
			in:   "<tool: function>\nterminal\ncat go.mod\n</tool>",
			want: `call=terminal{"command":"cat go.mod"}`},
		{name: "cwm/shorthand_without_gt", format: FormatCWM,
			in:   "<tool: python print(sum(range(10))) </tool>\n",
			want: `text="\n" call=python{"command":"print(sum(range(10)))"}`},
		{name: "cwm/multiline_input_keeps_layout", format: FormatCWM,
			in:   "<tool: python>\ndef greet(name):\n    return f\"héllo, {name}\\n\"\n\n\tprint(greet('Zoë'))  \n</tool>",
			want: `call=python{"command":"def greet(name):\n    return f\"héllo, {name}\\n\"\n\n\tprint(greet('Zoë'))"}`},
		{name: "cwm/markup_in_input", format: FormatCWM,
			in:   "<tool: bash>\necho '<b>bold</b>' > out.html && grep -n \"</toolbar>\" ui.xml </tool\n</tool>",
			want: `call=bash{"command":"echo '<b>bold</b>' > out.html && grep -n \"</toolbar>\" ui.xml </tool"}`},
		{name: "cwm/json_object_input", format: FormatCWM, tools: true,
			in:   "<tool: search>\n{\"query\": \"Zürich weather\", \"filters\": {\"lang\": [\"de\", \"en\"]}, \"limit\": 3}\n</tool>",
			want: `call=search{"query":"Zürich weather","filters":{"lang":["de","en"]},"limit":3}`},
		{name: "cwm/brace_text_input", format: FormatCWM,
			in:   "<tool: python>\n{1, 2} | {3}\n</tool>",
			want: `call=python{"command":"{1, 2} | {3}"}`},
		{name: "cwm/broken_json_is_input", format: FormatCWM,
			in:   "<tool: search>\n{\"query\": \"go parsers\",}\n</tool>",
			want: `call=search{"command":"{\"query\": \"go parsers\",}"}`},
		{name: "cwm/empty_input", format: FormatCWM,
			in:   "All done.\n<tool: submit>\n</tool>",
			want: `text="All done.\n" call=submit{}`},
		{name: "cwm/catalog_unknown_tool", format: FormatCWM, tools: true,
			in:   "<tool: bash>\nls\n</tool>",
			want: `call=bash{"command":"ls"} error=unknown_tool`},
		{name: "cwm/catalog_names_the_argument", format: FormatCWM, set: onePython,
			in:   "<tool: python>\nprint(6 * 7)\n</tool>",
			want: `call=python{"code":"print(6 * 7)"}`},
		{name: "cwm/invalid_name_skipped", format: FormatCWM,
			in:   "<tool: {{tool.name}}>\nls\n</tool>Next.",
			want: `text="Next." error=invalid_tool_name`},
		{name: "cwm/no_name", format: FormatCWM,
			in:   "<tool: function>\n</tool>After.",
			want: `text="After." error=invalid_tool_name`},
		{name: "cwm/truncated_in_input", format: FormatCWM,
			in:   "Cleaning up.\n<tool: bash>\nrm -rf build/ca",
			want: `text="Cleaning up.\n" error=incomplete_call`},
		{name: "cwm/truncated_in_label", format: FormatCWM,
			in:   "<tool: ba",
			want: `error=incomplete_call`},
		{name: "cwm/closer_cut_at_end", format: FormatCWM,
			in:   "<tool: bash>\nmake test\n</to",
			want: `call=bash{"command":"make test"} error=missing_closer`},
		{name: "cwm/object_without_closer", format: FormatCWM,
			in:   "<tool: search>\n{\"query\": \"parser fuzzing\"}\n",
			want: `call=search{"query":"parser fuzzing"} error=missing_closer`},
		{name: "cwm/object_cut_short", format: FormatCWM,
			in:   "<tool: search>\n{\"query\": \"parser fuz",
			want: `error=incomplete_call`},
		{name: "cwm/too_deep", format: FormatCWM, depth: 2,
			in:   "<tool: search>\n{\"filters\": {\"lang\": {\"primary\": \"en\"}}}\n</tool>After.",
			want: `text="After." error=too_deep`},
		{name: "cwm/too_large", format: FormatCWM, max: 40,
			in:   "<tool: bash>\necho aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n</tool>Then.",
			want: `text="Then." error=too_large`},
		{name: "cwm/reasoning_then_call", format: FormatCWM,
			in:   "<think>\nThe failing test is in parser_test.go.\n</think>\nRunning it.\n<tool: bash>\ngo test -run TestFeed ./textparse\n</tool>",
			want: `text="\nRunning it.\n" reasoning="\nThe failing test is in parser_test.go.\n" call=bash{"command":"go test -run TestFeed ./textparse"}`},
		// CWM's prompt opens reasoning (<think>\n); a call written before
		// </think> ends it.
		{name: "cwm/call_in_open_reasoning", format: FormatCWM, open: true,
			in:   "I need the file list first.\n<tool: bash>\nls\n</tool>\n</think>\nok",
			want: `text="\n\nok" reasoning="I need the file list first.\n" call=bash{"command":"ls"} error=call_in_reasoning`},
		{name: "cwm/tag_mentioned_in_reasoning", format: FormatCWM, open: true,
			in:   "I will call <tool: > later.</think>Fine.",
			want: `text="Fine." reasoning="I will call <tool: > later."`},
		// vLLM's test keeps <think> in the content (no reasoning parser):
		// --think-as-text reads it so.
		{name: "cwm/think_as_text", format: FormatCWM, plain: true,
			in:   "<think>Let me look.</think>\n<tool: bash>\nls\n</tool>",
			want: `text="<think>Let me look.</think>\n" call=bash{"command":"ls"}`},
		{name: "cwm/stray_closer_is_text", format: FormatCWM,
			in:   "Close it with </tool> when done.",
			want: `text="Close it with </tool> when done."`},
		{name: "cwm/under_auto", format: FormatAuto,
			in:   "Listing.\n<tool: bash>\nls\n</tool>",
			want: `text="Listing.\n" call=bash{"command":"ls"}`},
		// With a catalog, auto also reads the catalog's tool tags (<NAME>):
		// "<tool:" is no tool tag (a generic name ends in no ':'), so the
		// marker is read as without a catalog, in text and in reasoning.
		{name: "cwm/under_auto_with_catalog", format: FormatAuto, tools: true,
			in:   "Listing.\n<tool: read_file>\nsrc/a.go\n</tool>",
			want: `text="Listing.\n" call=read_file{"command":"src/a.go"}`},
		{name: "cwm/shorthand_under_auto_with_catalog", format: FormatAuto, tools: true,
			in:   "x <tool: get_weather Paris</tool>",
			want: `text="x " call=get_weather{"command":"Paris"}`},
		{name: "cwm/under_auto_with_catalog_in_reasoning", format: FormatAuto, tools: true, open: true,
			in:   "Check it. <tool: read_file>\nsrc/a.go\n</tool>",
			want: `reasoning="Check it. " call=read_file{"command":"src/a.go"} error=call_in_reasoning`},
	}...)
}

func FuzzCWM(f *testing.F) {
	addSeeds(f, "cwm/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatCWM, false, in, seed) })
}
