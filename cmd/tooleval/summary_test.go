package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// The default output of replay on the embedded suite fits a 100-column
// terminal and about a screen, and ends with the one line that says it
// all; -v prints the full tables.
func TestReplaySummaryFitsScreen(t *testing.T) {
	code, out, errs := replayCLI(t, "replay")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) > 45 {
		t.Errorf("%d lines, want at most 45:\n%s", len(lines), out)
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("line %d is %d columns wide, want at most 100: %q", i+1, n, l)
		}
	}
	last := lines[len(lines)-1]
	if !regexp.MustCompile(`^\d+ cases, 6 configs: \d+(-\d+)? passed, \d+(-\d+)? failed, \d+-\d+ not recorded; no gate$`).MatchString(last) {
		t.Errorf("last line %q", last)
	}
	// The embedded suite shows a subset-mode trajectory and failures each
	// repair fixes (issue 26).
	// The embedded suite declares strategies: one table compares them
	// (issue 27), and the summary lists fewer worst cases to fit.
	for _, want := range []string{"config      │ first │  end  │ searches │ tokens │ unshown │ exact │ call acc │", "│ search:regex k=5 │",
		"│ all              │ 1.000 │ 1.000 │", "Failures by cause", "Not recorded under the strategy (not judged): search:bm25 k=5 278, search:regex k=5 278",
		"│ search:bm25 k=5  │ 0.000 │ 1.000 │     1.50 │", "│ search:regex k=5 │ 0.000 │ 0.750 │", "k=3: worst cases (5 of ", "Trials: flaky at k=3: fs-flaky-215 2/3",
		"k=3: cases judged by a match mode other than the default: subset 1",
		"k=3: failures each repair fixes: tool_name 1, json 3, coerce 5, drop_unknown 3, drop_optional 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	full := []string{"By language and tag", "Call checks", "Prompt variants", "Streaming latency", "Trajectories", "│ zero match │", "k=10: worst cases",
		"Match modes other than the default", "Failures each repair would fix", "Tool-search strategies (needed tools"}
	for _, hidden := range full {
		if strings.Contains(out, hidden) {
			t.Errorf("summary shows %q, a -v table", hidden)
		}
	}
	for _, flag := range []string{"-v", "--verbose"} {
		code, out, errs = replayCLI(t, "replay", flag)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", flag, code, errs)
		}
		for _, want := range full {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q", flag, want)
			}
		}
		if !strings.HasSuffix(out, " not recorded; no gate\n") {
			t.Errorf("%s does not end with the outcome line", flag)
		}
	}
}

// The last line says whether a gate was given and how it went.
func TestReplayOutcomeLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--min", "pass_rate=0.99"}, 3, "9 cases, 3 configs: 5 passed, 4 failed; gate failed: 3 problems\n"},
		{[]string{"--min", "pass_rate=0.1"}, 0, "; gate passed\n"},
		{[]string{"-k", "3"}, 0, "9 cases, 1 config: 5 passed, 4 failed; no gate\n"},
	} {
		code, out, errs := replayCLI(t, append([]string{"replay", "--encoding", "none", replaySuite}, tc.args...)...)
		if code != tc.code || !strings.HasSuffix(out, tc.want) {
			t.Errorf("%v: exit %d (want %d), output ends %q, want %q\n%s", tc.args, code, tc.code, out[max(0, len(out)-120):], tc.want, errs)
		}
	}
}
