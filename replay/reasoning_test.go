package replay

import (
	"encoding/json"
	"github.com/tooleval/tooleval/suite"
	"os"
	"testing"
	"testing/fstest"
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
			tr := loadTranscript(t, map[string]any{"format": "auto", "text": s, "reasoning_open": tc.open, "think_as_text": tc.asText})
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
