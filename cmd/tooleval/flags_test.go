package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Values that would disable a gate, break an encoder or explode memory
// are bad flags: exit 2, one message naming the flag, nothing on stdout.
// Unknown flags are exit 2 for every command, subcommands included.
func TestBadFlagValues(t *testing.T) {
	const cat = "../../testdata/record/catalog.json"
	const suite = "../../testdata/record/suite.jsonl"
	out := filepath.Join(t.TempDir(), "rec.jsonl")
	rec := func(args ...string) []string {
		return append(append([]string{"record", "--out", out, "--model", "m", "--base-url", "http://127.0.0.1:1/v1"}, args...), suite)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--min", "recall=NaN"}, "--min"},
		{[]string{"replay", "-k", "3,-1"}, "replay: -k must be ≥ 0"},
		{[]string{"replay", "--min", "recall=+Inf"}, "--min"},
		{[]string{"replay", "--weights", "name=NaN"}, "--weights"},
		{[]string{"replay", "--weights", "name=Inf"}, "--weights"},
		{[]string{"retrieve", "--catalog", cat, "--query", "x", "--k1", "NaN"}, "--k1"},
		{[]string{"retrieve", "--catalog", cat, "--query", "x", "--k1", "-1"}, "--k1"},
		{[]string{"retrieve", "--catalog", cat, "--query", "x", "--b", "NaN"}, "--b"},
		{[]string{"retrieve", "--catalog", cat, "--query", "x", "--render", "zzz"}, "retrieve: unknown --render"},
		{[]string{"render", "--catalog", cat, "--mode", "zzz"}, "render: unknown --mode"},
		{[]string{"render", "--catalog", cat, "--variant", "zzz"}, "render: unknown --variant"},
		{[]string{"tune", "--noise-penalty", "NaN"}, "--noise-penalty"},
		{[]string{"tune", "--k1", "1,NaN"}, "--k1"},
		{[]string{"tune", "--weight-values", "Inf"}, "--weight-values"},
		{rec("--timeout=-5s"), "--timeout"},
		{rec("--idle-timeout=0s"), "--idle-timeout"},
		{rec("--rps", "-5"), "--rps"},
		{rec("--rps", "NaN"), "--rps"},
		{rec("--temperature", "NaN"), "--temperature"},
		{rec("--temperature", "3"), "--temperature"},
		{rec("--max-body", "0"), "--max-body"},
		{[]string{"import", "bfcl", "--zzz", "DIR"}, "import bfcl: flag provided but not defined: -zzz"},
		{[]string{"parse", "--zzz"}, "parse: flag provided but not defined"},
		{[]string{"validate", "--zzz"}, "validate: flag provided but not defined"},
		{[]string{"catalog", "--zzz", cat}, "catalog: flag provided but not defined"},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != exitBadFlags || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and a line with %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// A huge -k means "every tool": it must not allocate by k (it took 7 GB).
func TestReplayHugeK(t *testing.T) {
	code, _, stderr := runCLI("replay", "-k", "100000000", "--no-progress", "--encoding", "none", "--chunkings", "0")
	if code != 0 && code != 3 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
