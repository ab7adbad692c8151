package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/retrieval"
)

const suggestSuite = "../../testdata/suggest/suite.jsonl"

func TestSuggestCLI(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suggested.json")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"table", []string{"suggest", "--suite", suggestSuite, "--k", "1", "--folds", "4", "--out", out}, 0, "+ refund"},
		{"json", []string{"suggest", "--suite", suggestSuite, "--k", "1", "--folds", "4", "--json", "-"}, 0, `"word":"refund"`},
		// Chinese: whole words (机票, not 的机) with the cases they fix.
		{"zh table", []string{"suggest", "--suite", "../../testdata/suggest_zh/suite.jsonl", "--k", "1", "--folds", "4"}, 0, "+ 机票"},
		{"zh json", []string{"suggest", "--suite", "../../testdata/suggest_zh/suite.jsonl", "--k", "1", "--folds", "4", "--json", "-"}, 0, `"word":"打车","support":4`},
		// The suite check keeps words of one missed case, naming the case.
		{"suite check", []string{"suggest", "--suite", "../../testdata/suggest_zh/suite.jsonl", "--k", "1", "--folds", "4"}, 0, "in the suite: w2"},
		{"suite check json", []string{"suggest", "--suite", "../../testdata/suggest_zh/suite.jsonl", "--k", "1", "--folds", "4", "--json", "-"}, 0, `"kept_by":"suite","suite_fixes":["w2"]`},
		{"embedded suite", []string{"suggest"}, 0, "yes (suite)"},
		{"suite check estimate", []string{"suggest", "--suite", suggestSuite, "--k", "1", "--folds", "4", "--json", "-"}, 0, `"suite_cv_recall":1,`},
		{"one fold", []string{"suggest", "--suite", suggestSuite, "--folds", "1"}, 2, ""},
		{"bad k", []string{"suggest", "--suite", suggestSuite, "--k", "0"}, 2, ""},
		{"bad support", []string{"suggest", "--suite", suggestSuite, "--min-support", "0"}, 2, ""},
		{"too many folds", []string{"suggest", "--suite", suggestSuite, "--folds", "99"}, 2, ""},
		{"two suites", []string{"suggest", suggestSuite, suggestSuite}, 2, ""},
		{"missing suite", []string{"suggest", "--suite", filepath.Join(dir, "nope.jsonl")}, 1, ""},
		{"missing base", []string{"suggest", "--suite", suggestSuite, "--base", filepath.Join(dir, "nope.json")}, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(stdout, tc.want) {
				t.Fatalf("exit %d (want %d)\nstdout: %.600s\nstderr: %s", code, tc.code, stdout, stderr)
			}
		})
	}
	// --suite-check=false: only what cross-validation confirms.
	code, stdout, stderr := runCLI("suggest", "--suite", "../../testdata/suggest_zh/suite.jsonl", "--k", "1", "--folds", "4", "--suite-check=false")
	if code != 0 || strings.Contains(stdout, "(suite)") || strings.Contains(stdout, "下雨") || !strings.Contains(stdout, "yes (folds)") {
		t.Fatalf("--suite-check=false: exit %d\n%s\n%s", code, stdout, stderr)
	}
	cfg, err := retrieval.LoadConfig(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cfg.Additions["money_back"], "refund") {
		t.Fatalf("--out additions %v lack money_back += refund", cfg.Additions)
	}
	code, stdout, stderr = runCLI("retrieve", "--catalog", "../../testdata/suggest/catalog.json", "--config", out, "--k", "1", "--json", "-", "--query", "can I get a refund")
	if code != 0 || !strings.Contains(stdout, `"name":"money_back"`) {
		t.Fatalf("retrieve with the suggested config: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
