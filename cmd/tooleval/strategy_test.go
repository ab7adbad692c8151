package main

import (
	"strings"
	"testing"
)

// TestStrategyFlags: --strategy names what it takes, and a bad one is exit
// 2 naming it; record takes one strategy a run.
func TestStrategyFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--strategy", "top_k"}, `replay: --strategy top_k: strategy: unknown "top_k" (want inject, search, all)`},
		{[]string{"replay", "--strategy", "search:grep"}, `replay: --strategy search:grep: search: unknown "grep" (want bm25 or regex)`},
		{[]string{"replay", "--strategy", "search,search:bm25"}, `replay: --strategy search:bm25: strategy: search:bm25 is declared twice`},
		{[]string{"record", "suite.jsonl", "--out", "x.jsonl", "--strategy", "inject,all"}, "record: --strategy takes one strategy a run (got 2)"},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != exitBadFlags || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	code, out, errs := runCLI("replay", "--help")
	if code != exitOK || !strings.Contains(out, "inject, search, search:bm25, search:regex, all") {
		t.Errorf("replay --help does not list the strategies: %d %s", code, errs)
	}
	// The strategies run on a suite that declares none.
	code, out, errs = replayCLI(t, "replay", "--encoding", "none", "-k", "3", "--strategy", "inject,search:regex,all", "../../testdata/replay/trajectory/suite.jsonl")
	if code != exitOK || !strings.Contains(out, "│ search:regex k=3 │") || !strings.Contains(out, "3 configs") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
}
