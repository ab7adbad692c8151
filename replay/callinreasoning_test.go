package replay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/tooleval/tooleval/internal/contract"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// TestCallInReasoningCause: a call written inside reasoning is read by
// default (the case passes, and the report counts it); kept as reasoning by
// the transcript's keep_calls_in_reasoning or the suite's settings, the case
// fails with its own cause, call_in_reasoning.
func TestCallInReasoningCause(t *testing.T) {
	dir := t.TempDir()
	path, _, err := contract.WriteSuite(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var line map[string]any
	for _, l := range bytes.Split(data, []byte("\n")) {
		if bytes.Contains(l, []byte(contract.CallInReasoningID)) {
			if err := json.Unmarshal(l, &line); err != nil {
				t.Fatal(err)
			}
		}
	}
	if line == nil {
		t.Fatal("no call_in_reasoning case in the contract suite")
	}
	write := func(name string, lines ...any) *suite.Suite {
		var b []byte
		for _, l := range lines {
			j, _ := json.Marshal(l)
			b = append(append(b, j...), '\n')
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := suite.LoadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	kept := map[string]any{}
	for k, v := range line {
		kept[k] = v
	}
	kept["id"] = "kept"
	tr := map[string]any{}
	for k, v := range line["transcript"].(map[string]any) {
		tr[k] = v
	}
	tr["keep_calls_in_reasoning"] = true
	kept["transcript"] = tr

	for _, tc := range []struct {
		name   string
		s      *suite.Suite
		id     string
		passed bool
		cause  string
	}{
		{"read by default", write("a.jsonl", line), contract.CallInReasoningID, true, ""},
		{"kept by the transcript", write("b.jsonl", line, kept), "kept", false, report.CauseCallInReasoning},
		{"kept by the suite", write("c.jsonl", map[string]any{"suite": map[string]any{"keep_calls_in_reasoning": true}}, line),
			contract.CallInReasoningID, false, report.CauseCallInReasoning},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := runTest(t, tc.s, Options{Ks: []int{5}})
			m := rep.Configs[0].Metrics
			r := resultByID(rep.Configs[0], tc.id)
			if r == nil || r.Passed != tc.passed || r.Cause != tc.cause {
				t.Fatalf("result %+v, want passed %v cause %q", r, tc.passed, tc.cause)
			}
			if m.CallsInReasoning != len(tc.s.Cases) {
				t.Fatalf("calls_in_reasoning %d, want %d", m.CallsInReasoning, len(tc.s.Cases))
			}
			if !tc.passed && m.Causes[report.CauseCallInReasoning] == 0 {
				t.Fatalf("causes %v", m.Causes)
			}
		})
	}
}
