package replay

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tooleval/tooleval/suite"
)

// TestTranscriptReasoningOptions: reasoning_open starts the parser inside
// reasoning, think_as_text keeps <think> as text, and a call inside
// reasoning is a call unless keep_calls_in_reasoning keeps it as reasoning;
// either way call_in_reasoning is reported, in every chunking.
func TestTranscriptReasoningOptions(t *testing.T) {
	call := `<tool_call>{"name":"f","arguments":{}}</tool_call>`
	for _, tc := range []struct {
		name         string
		text         string
		open, asText bool
		keep         bool
		wantCalls    int
	}{
		{"closer_only_default", "draft " + call + "</think>done", false, false, false, 1},
		{"closer_only_reasoning_open", "draft " + call + "</think>done", true, false, false, 1},
		{"closer_only_reasoning_open_kept", "draft " + call + "</think>done", true, false, true, 0},
		{"think_default", "<think>" + call + "</think>", false, false, false, 1},
		{"think_kept", "<think>" + call + "</think>", false, false, true, 0},
		{"think_as_text", "<think>" + call + "</think>", false, true, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.text
			tr := loadTranscript(t, map[string]any{"format": "auto", "text": s, "reasoning_open": tc.open, "think_as_text": tc.asText,
				"keep_calls_in_reasoning": tc.keep})
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
			if got := res.CallInReasoning(); got != inReasoning {
				t.Fatalf("call_in_reasoning reported: %v, want %v (errors %+v)", got, inReasoning, res.Errors)
			}
		})
	}
}

// loadTranscript loads a one-case suite with transcript tr, as a suite
// file gives it.
func loadTranscript(t *testing.T, tr map[string]any) *suite.Transcript {
	t.Helper()
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	line, err := json.Marshal(map[string]any{"id": "c1", "query": "q", "catalog": "notes.json", "gold_tools": []string{"create_note"}, "transcript": tr})
	if err != nil {
		t.Fatal(err)
	}
	s, err := suite.Load(fstest.MapFS{"notes.json": {Data: cat}, "s.jsonl": {Data: line}}, "s.jsonl", "")
	if err != nil {
		t.Fatal(err)
	}
	return s.Cases[0].Transcript
}
