package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
)

const replaySuite = "../../testdata/replay/suite.jsonl"

func replayCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"tooleval"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestReplayCLIExitCodes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"table", []string{"replay", "--encoding", "none", replaySuite}, 0, "Failures by cause"},
		{"markdown", []string{"replay", "--encoding", "none", "--markdown", replaySuite}, 0, "| config | recall |"},
		{"json and markdown", []string{"replay", "--json", "--markdown", replaySuite}, 2, ""},
		{"bad shard", []string{"replay", "--shard", "4/3", replaySuite}, 2, ""},
		{"bad k", []string{"replay", "-k", "-2", replaySuite}, 2, ""},
		{"bad variant", []string{"replay", "--variant", "sonnet", replaySuite}, 2, ""},
		{"bad max-drop", []string{"replay", "--baseline", replaySuite, "--max-drop", "speed=1", replaySuite}, 2, ""},
		{"max-drop without baseline", []string{"replay", "--max-drop", "recall=0.1", replaySuite}, 2, ""},
		{"two suites", []string{"replay", replaySuite, replaySuite}, 2, ""},
		{"broken suite", []string{"replay", "../../testdata/replay/broken/suite.jsonl"}, 1, ""},
		{"missing suite", []string{"replay", filepath.Join(dir, "nope.jsonl")}, 1, ""},
		{"unreadable baseline", []string{"replay", "--baseline", filepath.Join(dir, "nope.json"), replaySuite}, 1, ""},
		{"baseline not a report", []string{"replay", "--baseline", replaySuite, replaySuite}, 1, ""},
		{"minimum missed", []string{"replay", "--encoding", "none", "--min", "pass_rate=0.99", replaySuite}, 3, "REGRESSION"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := replayCLI(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d (want %d)\nstdout: %.400s\nstderr: %s", code, tc.code, out, errs)
			}
			if code != 0 && errs == "" {
				t.Fatal("no error message")
			}
		})
	}
}

func TestReplayCLIBaselineAndJUnit(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := replayCLI(t, "replay", "--encoding", "none", "--json", replaySuite)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep replay.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Configs) != 3 || rep.Cases != 9 {
		t.Fatalf("--json: %v %+v", err, rep)
	}
	base := filepath.Join(dir, "base.json")
	os.WriteFile(base, []byte(out), 0o644)
	junit := filepath.Join(dir, "junit.xml")
	code, out, errs = replayCLI(t, "replay", "--encoding", "none", "--baseline", base, "--max-drop", "recall=0,pass_rate=0", "--junit", junit, replaySuite)
	if code != 0 || !strings.Contains(out, "no case changed") {
		t.Fatalf("same run against its baseline: exit %d\n%s\n%s", code, out, errs)
	}
	x, err := os.ReadFile(junit)
	if err != nil || !strings.Contains(string(x), `<testcase name="wrong-tool"`) || !strings.Contains(string(x), `failures="4"`) {
		t.Fatalf("junit: %v\n%s", err, x)
	}
	// A baseline that was better: recall and a case's outcome.
	rep.Configs[1].Metrics.Recall = 1
	for _, r := range rep.Configs[1].Results {
		if r.ID == "wrong-tool" {
			r.Passed, r.Cause = true, ""
		}
	}
	b, _ := json.Marshal(rep)
	os.WriteFile(base, b, 0o644)
	code, out, errs = replayCLI(t, "replay", "--encoding", "none", "--baseline", base, "--max-drop", "recall=0.05", replaySuite)
	if code != 3 || !strings.Contains(out, "REGRESSION k=5: recall") || !strings.Contains(out, "k=5: wrong-tool: passed → failed (selection, wrong_func_name)") ||
		!strings.Contains(errs, "threshold") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// --json carries the comparison.
	code, out, _ = replayCLI(t, "replay", "--encoding", "none", "--json", "--baseline", base, "--max-drop", "recall=0.05", replaySuite)
	var withCmp replay.Report
	if code != 3 || json.Unmarshal([]byte(out), &withCmp) != nil || withCmp.Comparison == nil || len(withCmp.Comparison.Regressions) != 1 {
		t.Fatalf("exit %d: %.300s", code, out)
	}
}

func TestReplayCLIEmbeddedSuite(t *testing.T) {
	code, out, errs := replayCLI(t, "replay", "--encoding", "none", "-j", "2")
	if code != 0 || !strings.Contains(out, replay.ExampleSuiteName) {
		t.Fatalf("exit %d\n%.500s\n%s", code, out, errs)
	}
}

func TestValidateCLI(t *testing.T) {
	code, out, _ := replayCLI(t, "validate", replaySuite)
	if code != 0 || !strings.Contains(out, "ok, 9 cases (8 with transcripts, 8 with gold calls)") {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, _, errs := replayCLI(t, "validate", "../../testdata/replay/broken/suite.jsonl")
	if code != 1 || !strings.Contains(errs, "suite.jsonl:4: query: required field is missing") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, out, _ = replayCLI(t, "validate", "--schema")
	if code != 0 || !json.Valid([]byte(out)) || !strings.Contains(out, "gold_calls") {
		t.Fatalf("exit %d: %.200s", code, out)
	}
	if code, _, _ := replayCLI(t, "validate"); code != 0 {
		t.Fatalf("embedded suite invalid: exit %d", code)
	}
}
