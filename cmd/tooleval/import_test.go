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
	for _, want := range []string{"imported 11 cases and 5 tools", "simple_python", "multi-turn: 1", "fake-gpt-FC", "wrote to"} {
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

	code, stdout, _ = runCLI("import", "bfcl", "--json", "--category", "parallel", "--results", "-", "--out", t.TempDir(), "../../testdata/bfcl/checkout")
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
