package textparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	wrap := func(calls ...string) string {
		return "Action: ```json\n[\n    " + strings.Join(calls, ",\n    ") + "\n]\n```"
	}
	parseCases = append(parseCases, jsonBlockCases("command_r_plus", FormatCommandRPlus, wrap, jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "command_r_plus/tool_name_parameters", format: FormatCommandRPlus,
			in:   "Action: ```json\n[\n    {\n        \"tool_name\": \"internet_search\",\n        \"parameters\": {\n            \"query\": \"weather in Paris\"\n        }\n    }\n]\n```",
			want: `call=internet_search{"query":"weather in Paris"}`},
		{name: "command_r_plus/directly_answer", format: FormatCommandRPlus,
			in:   "Action: ```json\n[\n    {\n        \"tool_name\": \"directly_answer\",\n        \"parameters\": {}\n    }\n]\n```",
			want: `call=directly_answer{}`},
		{name: "command_r_plus/plan_then_action", format: FormatCommandRPlus,
			in:   "Plan: I will search for the weather in Paris.\nAction: ```json\n[{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}]\n```",
			want: `text="Plan: I will search for the weather in Paris.\n" call=get_weather{"city":"Paris"}`},
		// The fence on the line after "Action:", as Command R+'s
		// template writes it; the turn tokens around an answer dropped.
		{name: "command_r_plus/fence_on_next_line", format: FormatCommandRPlus,
			in:   "Action:\n```json\n[\n    {\"tool_name\": \"read_file\", \"parameters\": {\"path\": \"go.mod\"}}\n]\n```",
			want: `call=read_file{"path":"go.mod"}`},
		{name: "command_r_plus/turn_tokens_dropped", format: FormatCommandRPlus,
			in:   "<|CHATBOT_TOKEN|>Nothing to look up: it is 42.<|END_OF_TURN_TOKEN|>",
			want: `text="Nothing to look up: it is 42."`},
		{name: "command_r_plus/prose_action_is_text", format: FormatCommandRPlus,
			in:   "Action: none needed. ```go\nx := 1\n```",
			want: "text=\"Action: none needed. ```go\\nx := 1\\n```\""},
		// Brackets closed by the wrong kind end the broken call early:
		// the skip stops at the list's ']', and the fence still ends the
		// block with no second error.
		{name: "command_r_plus/mismatched_brackets_then_fence", format: FormatCommandRPlus,
			in:   "Action: ```json\n[{\"tool_name\": \"plot\", \"parameters\": {\"xs\": [1,}}, {\"tool_name\": \"list_files\", \"parameters\": {}}]\n```\nDone.",
			want: `text="\nDone." error=invalid_json`},
		{name: "command_r_plus/list_without_bracket_ends_at_fence", format: FormatCommandRPlus,
			in:   "Action: ```json\n[{\"tool_name\": \"list_files\", \"parameters\": {}}\n```\nDone.",
			want: `text="\nDone." call=list_files{}`},
		{name: "command_r_plus/auto_is_not_detected", format: FormatAuto,
			in:   "Action: ```json\n[]\n```",
			want: "text=\"Action: ```json\\n[]\\n```\""},
	}...)
}

func FuzzCommandRPlus(f *testing.F) {
	addSeeds(f, "command_r_plus/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatCommandRPlus, false, in, seed) })
}

// Command R+ writes an Action line and a fenced JSON list.
func ExampleParser_commandRPlus() {
	msg := "Plan: search first.\nAction: ```json\n[{\"tool_name\": \"internet_search\", \"parameters\": {\"query\": \"Paris\"}}]\n```"
	printCalls(toolcall.Run(mustNew(opts{Format: FormatCommandRPlus}), []byte(msg), 8))
	// Output:
	// text "Plan: search first.\n"
	// call call_0 internet_search {"query": "Paris"}
}
