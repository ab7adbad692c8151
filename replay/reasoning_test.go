package replay

import (
	"strings"
	"testing"
)

// TestTranscriptReasoningOptions: reasoning_open starts the parser inside
// reasoning, think_as_text keeps <think> as text, and a call inside
// reasoning is a call unless keep_calls_in_reasoning keeps it as reasoning
// (in the transcript or the suite's settings), in every chunking.
func TestTranscriptReasoningOptions(t *testing.T) {
	call := `<tool_call>{"name":"f","arguments":{}}</tool_call>`
	for _, tc := range []struct {
		name         string
		text         string
		open, asText bool
		keep, suite  bool
		wantCalls    int
	}{
		{"closer_only_default", "draft " + call + "</think>done", false, false, false, false, 1},
		{"closer_only_reasoning_open", "draft " + call + "</think>done", true, false, false, false, 1},
		{"closer_only_reasoning_open_kept", "draft " + call + "</think>done", true, false, true, false, 0},
		{"think_default", "<think>" + call + "</think>", false, false, false, false, 1},
		{"think_kept", "<think>" + call + "</think>", false, false, true, false, 0},
		{"think_kept_by_suite", "<think>" + call + "</think>", false, false, false, true, 0},
		{"think_as_text", "<think>" + call + "</think>", false, true, true, false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.text
			tr := &Transcript{Format: "auto", Text: &s, ReasoningOpen: tc.open, ThinkAsText: tc.asText, KeepCallsInReasoning: tc.keep,
				keepSuite: tc.suite, data: []byte(s), chunks: [][]byte{[]byte(s)}}
			res, _, _, err := parseTranscript(DefaultParser, tr, nil, "c1", 1, 3)
			if err != nil {
				t.Fatal(err)
			}
			if res.Disagreement != "" {
				t.Fatal(res.Disagreement)
			}
			if len(res.Calls) != tc.wantCalls {
				t.Fatalf("%d calls, want %d", len(res.Calls), tc.wantCalls)
			}
			inReasoning := (tc.open || strings.HasPrefix(tc.text, "<think>")) && !tc.asText
			if got := res.callInReasoning(); got != inReasoning {
				t.Fatalf("call_in_reasoning reported: %v, want %v (errors %+v)", got, inReasoning, res.Errors)
			}
		})
	}
}
