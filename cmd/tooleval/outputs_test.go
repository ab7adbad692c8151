package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// tune checks its output paths before the run and writes --out and
// --chart all together or not at all: an existing config is never left
// truncated, and no config is written when the chart cannot be.
func TestTuneOutputsAtomic(t *testing.T) {
	dir := t.TempDir()
	fast := []string{"--suite", tuneSuite, "--encoding", "none", "--folds", "1", "--rounds", "1",
		"--k1", "1.2", "--b", "0.75", "--no-analyzer", "--weight-values", "1", "--no-progress"}
	cfg := filepath.Join(dir, "config.json")
	if err := os.WriteFile(cfg, []byte(`{"k": 7}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// The chart's path is a directory: found before the run, nothing written.
	chart := filepath.Join(dir, "chart")
	if err := os.Mkdir(chart+".svg", 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(append([]string{"tune", "--out", cfg, "--chart", chart}, fast...)...)
	if code != 1 || !strings.Contains(stderr, "--chart") || !strings.Contains(stderr, "chart.svg") || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(cfg); string(b) != `{"k": 7}` {
		t.Fatalf("--out changed to %q", b)
	}
	if st, err := os.Stat(chart + ".svg"); err != nil || !st.IsDir() {
		t.Fatalf("the chart's directory was replaced: %v", err)
	}
	// A missing directory for --out: exit 1 before the run (no table).
	code, stdout, stderr = runCLI(append([]string{"tune", "--out", filepath.Join(dir, "no", "c.json")}, fast...)...)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "--out") {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	// Good paths: everything is written, nothing else is left behind.
	os.Remove(chart + ".svg")
	if code, _, stderr := runCLI(append([]string{"tune", "--out", cfg, "--chart", chart}, fast...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "chart.svg config.json" {
		t.Fatalf("files %v", names)
	}
}

// TestOutputFlagNeverTakesAFlag: a value that looks like a flag after any
// flag that names an output file is exit 2 naming the flag, and no file is
// created under that name. The cases are every output flag of every
// command, enumerated from the commands themselves.
func TestOutputFlagNeverTakesAFlag(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var walk func(path []string, cmds []*cli.Command)
	n := 0
	walk = func(path []string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := append(append([]string(nil), path...), c.Name)
			for _, f := range c.Flags {
				of, ok := asOutput(f)
				if !ok {
					continue
				}
				n++
				args := append(append([]string(nil), p...), "--"+of.Name, "--no-progress")
				code, _, errOut := runCLI(args...)
				if code != exitBadFlags || !strings.Contains(errOut, "--"+of.Name+" --no-progress") {
					t.Errorf("%v: exit %d, want %d naming the flag\n%s", args, code, exitBadFlags, errOut)
				}
				if _, err := os.Stat(filepath.Join(dir, "--no-progress")); err == nil {
					t.Fatalf("%v created a file named --no-progress", args)
				}
			}
			walk(p, c.Subcommands)
		}
	}
	walk(nil, newApp(commands(), nil, io.Discard, io.Discard).Commands)
	if n < 10 {
		t.Fatalf("only %d output flags found; the walk is broken", n)
	}
}

// TestJSONConvention: every command that prints JSON takes --json FILE
// (- for stdout), the one convention.
func TestJSONConvention(t *testing.T) {
	for _, c := range newApp(commands(), nil, io.Discard, io.Discard).Commands {
		var all []*cli.Command
		all = append(append(all, c), c.Subcommands...)
		for _, cmd := range all {
			for _, f := range cmd.Flags {
				if f.Names()[0] != "json" {
					continue
				}
				if _, ok := asOutput(f); !ok {
					t.Errorf("%s: --json is a %T, want an output flag taking FILE (- for stdout)", cmd.Name, f)
				}
			}
		}
	}
}

func TestRetrieveJSONToFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "hits.jsonl")
	code, stdout, errOut := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "ApplyPatch", "-k", "1", "--json", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), `"query":"ApplyPatch"`) {
		t.Fatalf("--json file: %q %v", data, err)
	}
	if strings.Contains(stdout, `"query"`) || stdout == "" {
		t.Errorf("stdout should hold the prompt block, not JSON: %q", stdout)
	}
}
