package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tune checks its output paths before the run and writes --out and
// --chart all together or not at all: an existing config is never left
// truncated, and no SVG is written when the PNG cannot be.
func TestTuneOutputsAtomic(t *testing.T) {
	dir := t.TempDir()
	fast := []string{"--suite", tuneSuite, "--encoding", "none", "--folds", "1", "--rounds", "1",
		"--k1", "1.2", "--b", "0.75", "--no-analyzer", "--weight-values", "1", "--no-progress"}
	cfg := filepath.Join(dir, "config.json")
	if err := os.WriteFile(cfg, []byte(`{"k": 7}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// The PNG's path is a directory: found before the run, nothing written.
	chart := filepath.Join(dir, "chart")
	if err := os.Mkdir(chart+".png", 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(append([]string{"tune", "--out", cfg, "--chart", chart}, fast...)...)
	if code != 1 || !strings.Contains(stderr, "--chart") || !strings.Contains(stderr, "chart.png") || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(cfg); string(b) != `{"k": 7}` {
		t.Fatalf("--out changed to %q", b)
	}
	if _, err := os.Stat(chart + ".svg"); !os.IsNotExist(err) {
		t.Fatalf("the SVG was written: %v", err)
	}
	// A missing directory for --out: exit 1 before the run (no table).
	code, stdout, stderr = runCLI(append([]string{"tune", "--out", filepath.Join(dir, "no", "c.json")}, fast...)...)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "--out") {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	// Good paths: everything is written, nothing else is left behind.
	os.Remove(chart + ".png")
	if code, _, stderr := runCLI(append([]string{"tune", "--out", cfg, "--chart", chart}, fast...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "chart.png chart.svg config.json" {
		t.Fatalf("files %v", names)
	}
}
