package main

import (
	"strings"
	"testing"
)

// TestReplayTrialGate: pass_at_K and pass_hat_K gate like any metric, a K
// no case reaches fails the gate naming it, and a malformed K is a bad
// flag.
func TestReplayTrialGate(t *testing.T) {
	const s = "../../testdata/replay/trajectory/trials.jsonl"
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"passes", []string{"--min", "pass_hat_2=0.3", "--min", "pass_at_2=0.7"}, 0, "gate passed"},
		{"below the bound", []string{"--min", "pass_hat_2=0.5"}, 3, "REGRESSION k=5: pass_hat_2 0.3750 < min 0.5000"},
		{"beyond the trials recorded", []string{"--min", "pass_hat_5=0"}, 3, "ERROR k=5: pass_hat_5 could not be measured (it needs cases with at least 5 trials"},
		{"k zero", []string{"--min", "pass_at_0=0.5"}, 2, "k must be a whole number ≥ 1"},
		{"not a number", []string{"--min", "pass_hat_x=0.5"}, 2, "unknown metric"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(append([]string{"replay", s, "-k", "5", "--encoding", "none"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out+errs, tc.want) {
				t.Errorf("exit %d, want %d with %q\n%s\n%s", code, tc.code, tc.want, out, errs)
			}
		})
	}
	code, out, _ := runCLI("replay", s, "-k", "5", "--encoding", "none")
	for _, want := range []string{"pass^4", "flaky-note", "traj-flaky"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q (exit %d)\n%s", want, code, out)
		}
	}
}
