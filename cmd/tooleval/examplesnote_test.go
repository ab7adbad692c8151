package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamplesNoteLocalSuite: a command given no suite runs the embedded
// examples; where the working directory holds a suite.jsonl (tooleval init
// writes one), stderr says it was not read and how to name it, and only
// there.
func TestExamplesNoteLocalSuite(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, _, stderr := runCLI("validate")
	if code != 0 || strings.Contains(stderr, "not read") {
		t.Fatalf("no local suite: code %d, stderr %q", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "suite.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("validate")
	if code != 0 || !strings.Contains(stdout, "examples (embedded)") || !strings.Contains(stderr, "./suite.jsonl is not read unless named (tooleval validate suite.jsonl)") {
		t.Fatalf("local suite: code %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
