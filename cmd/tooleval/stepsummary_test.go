package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `--markdown "$GITHUB_STEP_SUMMARY"`, as the README's CI example has it,
// appends to the job summary (what the step wrote before survives, and a
// second report follows the first); any other --markdown FILE is replaced.
func TestMarkdownAppendsToStepSummary(t *testing.T) {
	dir := t.TempDir()
	summary := filepath.Join(dir, "step_summary_md")
	const earlier = "## Build\nok\n"
	if err := os.WriteFile(summary, []byte(earlier), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	fast := []string{"replay", "--encoding", "none", "--chunkings", "0", "--no-progress", "-k", "3"}

	code, report, stderr := runCLI(append(fast, "--markdown", "-")...)
	if code != 0 || report == "" {
		t.Fatalf("--markdown -: exit %d: %s", code, stderr)
	}
	for i := 0; i < 2; i++ {
		if code, _, stderr := runCLI(append(fast, "-q", "--markdown", summary)...); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
	got, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	if want := earlier + "\n" + report + "\n" + report; string(got) != want {
		t.Errorf("step summary:\n%s\nwant the earlier content, then the report twice, blank-line separated:\n%s", got, want)
	}

	// The same file named another way (relative to the working directory)
	// is the step summary too.
	t.Chdir(dir)
	if code, _, stderr := runCLI(append(fast, "-q", "--markdown", "step_summary_md")...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if again, _ := os.ReadFile(summary); strings.Count(string(again), report) != 3 {
		t.Errorf("a relative path to the step summary replaced it:\n%s", again)
	}

	// Any other file is written whole, replacing what was there.
	other := filepath.Join(dir, "report.md")
	if err := os.WriteFile(other, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(append(fast, "-q", "--markdown", other)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(other); string(got) != report {
		t.Errorf("--markdown %s: got\n%s\nwant the report alone", other, got)
	}
}
