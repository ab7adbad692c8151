package replay

import (
	"testing"
)

// TestTranscriptReasoningOptions: reasoning_open starts the parser inside
// reasoning (a call there is reasoning, not a call) and think_as_text keeps
// <think> as text (a call inside counts), in every chunking.
func TestTranscriptReasoningOptions(t *testing.T) {
	call := `<tool_call>{"name":"f","arguments":{}}</tool_call>`
	for _, tc := range []struct {
		name         string
		text         string
		open, asText bool
		wantCalls    int
	}{
		{"closer_only_default", "draft " + call + "</think>done", false, false, 1},
		{"closer_only_reasoning_open", "draft " + call + "</think>done", true, false, 0},
		{"think_default", "<think>" + call + "</think>", false, false, 0},
		{"think_as_text", "<think>" + call + "</think>", false, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.text
			tr := &Transcript{Format: "auto", Text: &s, ReasoningOpen: tc.open, ThinkAsText: tc.asText, data: []byte(s), chunks: [][]byte{[]byte(s)}}
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
		})
	}
}
