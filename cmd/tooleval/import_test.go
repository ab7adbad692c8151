package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestImportBFCLCommand(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runCLI("import", "bfcl", "--out", out, "../../testdata/bfcl/checkout")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"imported 23 cases and 15 tools", "simple_python", "fake-gpt-FC", "fc (name)", "dots as _ (calls)",
		"warning: ", `live_simple_1-1-0": ground_truth[0].bank.balance.type`, "and 5 case catalogs in catalogs/"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"catalog.json", "suite.jsonl", "suite.fake-gpt-FC.jsonl", "suite.tiny-prompt-model.jsonl", "catalogs/multiple_1.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// The written suite validates.
	if code, _, stderr := runCLI("validate", filepath.Join(out, "suite.fake-gpt-FC.jsonl")); code != 0 {
		t.Errorf("validate: exit %d: %s", code, stderr)
	}

	// Multi-turn categories import as trajectories (issue 15), and the
	// model's multi-turn results replay as steps.
	mt := t.TempDir()
	if code, stdout, stderr := runCLI("import", "bfcl", "--out", mt, "--category", "multi_turn*", "../../testdata/bfcl/checkout"); code != 0 || !strings.Contains(stdout, "imported 1 case") {
		t.Errorf("multi-turn import: exit %d: %s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runCLI("replay", "-v", "--encoding", "none", "-k", "5", filepath.Join(mt, "suite.fake-gpt-FC.jsonl")); code != 0 || !strings.Contains(stdout, "Trajectories") {
		t.Errorf("multi-turn replay: exit %d: %s%s", code, stdout, stderr)
	}

	code, stdout, _ = runCLI("import", "bfcl", "--json", "-", "--category", "parallel", "--results", "-", "--out", t.TempDir(), "../../testdata/bfcl/checkout")
	var sum struct {
		Cases      int `json:"cases"`
		Categories []struct {
			Category string `json:"category"`
		} `json:"categories"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &sum) != nil || sum.Cases != 2 || len(sum.Categories) != 1 {
		t.Errorf("--json: exit %d, %s", code, stdout)
	}
}

// TestBFCLScoreCommand scores the imported model suites with the
// leaderboard's checker, through `bfcl score` and `replay --bfcl-scores`.
func TestBFCLScoreCommand(t *testing.T) {
	out := t.TempDir()
	if code, _, stderr := runCLI("import", "bfcl", "--out", out, "../../testdata/bfcl/checkout"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	scores := t.TempDir()
	code, _, stderr := runCLI("bfcl", "score", "--out", scores, filepath.Join(out, "suite.fake-gpt-FC.jsonl"), filepath.Join(out, "suite.tiny-prompt-model.jsonl"))
	if code != 0 {
		t.Fatalf("bfcl score: exit %d: %s", code, stderr)
	}
	live, err := os.ReadFile(filepath.Join(scores, "data_live.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// fake-gpt-FC: live_simple 1/4 (an empty allowed list, text, a required
	// name the doc does not declare), live irrelevance 2/3 (broken JSON and
	// [{}] are no call), relevance 1/1; overall weighted by entries: 4/8.
	want := "Rank,Model,Overall Acc,AST Acc,Simple Acc,Multiple Acc,Parallel Acc,Parallel Multiple Acc,Irrelevance Acc,Relevance Acc\n" +
		"1,fake-gpt-FC,50.00%,N/A,25.00%,N/A,N/A,N/A,66.67%,100.00%\n" +
		"2,tiny-prompt-model,0.00%,N/A,0.00%,N/A,N/A,N/A,N/A,N/A\n"
	if string(live) != want {
		t.Errorf("data_live.csv:\n%s\nwant:\n%s", live, want)
	}
	java, err := os.ReadFile(filepath.Join(scores, "fake-gpt-FC", "BFCL_v4_simple_java_score.json"))
	if err != nil || !strings.HasPrefix(string(java), `{"accuracy":0.5,"correct_count":1,"total_count":2}`) || !strings.Contains(string(java), `"id":"simple_java_1"`) {
		t.Errorf("simple_java score file: %s %v", java, err)
	}
	again := t.TempDir()
	if code, _, stderr := runCLI("replay", "--bfcl-scores", again, "-k", "3", filepath.Join(out, "suite.fake-gpt-FC.jsonl")); code != 0 {
		t.Fatalf("replay --bfcl-scores: exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(again, "data_live.csv")); !strings.Contains(string(b), "1,fake-gpt-FC,50.00%") {
		t.Errorf("replay --bfcl-scores data_live.csv: %s", b)
	}
	if code, _, stderr := runCLI("bfcl", "score", "--out", t.TempDir(), filepath.Join(out, "suite.jsonl")); code != 1 || !strings.Contains(stderr, "no case carries") {
		t.Errorf("scoring a suite without transcripts: exit %d, %s", code, stderr)
	}
}

func TestImportBFCLCommandErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"import", "bfcl"}, 2, "want exactly one DIR"},
		{[]string{"import", "bfcl", "--catalogs", "per-tool", "x"}, 2, "--catalogs must be shared or case"},
		{[]string{"import", "bfcl", "--out", "OUT", "/nonexistent/bfcl"}, 1, "/nonexistent/bfcl"},
		{[]string{"import", "bfcl", "--out", "OUT", "../../testdata/record"}, 1, "no question files"},
		{[]string{"import", "bfcl", "--out", "OUT", "--strict", "../../testdata/bfcl/checkout"}, 1, "empty list of allowed values"},
		{[]string{"import", "bfcl", "--documented", "nope", "x"}, 2, "unknown documented rule"},
		{[]string{"bfcl", "score"}, 2, "want at least one SUITE"},
	}
	for _, tc := range cases {
		args := tc.args
		for i, a := range args {
			if a == "OUT" {
				args[i] = t.TempDir()
			}
		}
		code, _, stderr := runCLI(args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}
