package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Values that would disable a gate, break an encoder or explode memory
// are bad flags: exit 2, one message naming the flag, nothing on stdout.
// Every numeric flag of every command is range-checked before any work:
// negative, zero where zero means nothing, NaN/Inf, and values large
// enough to explode memory or run forever. Unknown flags are exit 2 for
// every command, subcommands included.
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
		{[]string{"replay", "--min", "noise=5"}, "replay: --min \"noise=5\": noise is a share in [0, 1]"},
		{[]string{"replay", "--min", "pass_rate=80"}, "--min"},
		{[]string{"merge", "--max-drop", "recall=2", "--baseline", "b.json", "x.json"}, "merge: --max-drop"},
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
		{[]string{"tune", "--field-b", "0.3,NaN"}, "--field-b"},
		{[]string{"tune", "--field-b", "1.5"}, "field_b must be in [0, 1]"},
		{rec("--timeout=-5s"), "--timeout"},
		{rec("--idle-timeout=0s"), "--idle-timeout"},
		{rec("--rps", "-5"), "--rps"},
		{rec("--rps", "NaN"), "--rps"},
		{rec("--temperature", "NaN"), "--temperature"},
		{rec("--temperature", "3"), "--temperature"},
		{rec("--max-body", "0"), "--max-body"},
		{[]string{"replay", "--worst", "-1"}, "replay: --worst must be at least 0, not -1"},
		{[]string{"replay", "--chunkings", "-1"}, "replay: --chunkings must be at least 0"},
		{[]string{"replay", "--chunkings", "100000000"}, "replay: --chunkings must be at least 0 and at most 1000"},
		{[]string{"replay", "-j", "0"}, "replay: --jobs must be at least 1"},
		{[]string{"replay", "-k", "-1"}, "replay: -k"},
		{[]string{"replay", "--seed", "1e3"}, "-seed"},
		{[]string{"merge", "--worst", "-3", "x.json"}, "merge: --worst must be at least 0"},
		{[]string{"render", "--catalog", cat, "--budget", "-5"}, "render: --budget must be at least 1, not -5 (or -1 for no limit)"},
		{[]string{"render", "--catalog", cat, "--budget", "0"}, "render: --budget"},
		{[]string{"render", "--catalog", cat, "--mcp-timeout", "-1s"}, "--mcp-timeout"},
		{[]string{"retrieve", "--catalog", cat, "--query", "x", "-k", "-2"}, "retrieve: -k must be at least 0"},
		{[]string{"catalog", "--mcp", "x", "--mcp-timeout", "0s"}, "--mcp-timeout"},
		{[]string{"parse", "--chunk-size", "0"}, "parse: --chunk-size must be at least 1"},
		{[]string{"parse", "--chunk-size", "-4096"}, "parse: --chunk-size"},
		{[]string{"suggest", "--folds", "1"}, "suggest: --folds must be at least 2"},
		{[]string{"suggest", "--k", "0"}, "suggest: -k must be at least 1"},
		{[]string{"suggest", "--max", "0"}, "suggest: --max must be at least 1"},
		{[]string{"suggest", "--min-support", "-1"}, "suggest: --min-support"},
		{[]string{"tune", "--budget", "-5"}, "tune: --budget must be at least 1"},
		{[]string{"tune", "--folds", "0"}, "tune: --folds"},
		{[]string{"tune", "--rounds", "0"}, "tune: --rounds"},
		{[]string{"tune", "--restarts", "-1"}, "tune: --restarts"},
		{[]string{"tune", "--restarts", "1000000000"}, "tune: --restarts must be at least 0 and at most 1000"},
		{[]string{"tune", "--max-always", "-1"}, "tune: --max-always"},
		{[]string{"tune", "--top", "0"}, "tune: --top"},
		{[]string{"tune", "-j", "-1"}, "tune: --jobs"},
		{[]string{"tune", "--k", "0,3"}, "tune: "},
		{[]string{"tune", "--mcp-timeout", "-1s"}, "tune: --mcp-timeout"},
		{rec("--mcp-timeout", "0s"), "record: --mcp-timeout"},
		{rec("-j", "0"), "record: -j must be at least 1"},
		{rec("-j", "100000000"), "record: -j must be at least 1 and at most 1024"},
		{rec("--k", "-1"), "record: -k must be at least 0"},
		{rec("--steps", "0"), "record: --steps"},
		{rec("--max-tokens", "0"), "record: --max-tokens"},
		{rec("--retries", "-1"), "record: --retries"},
		{rec("--retries", "1000000"), "record: --retries must be at least 0 and at most 100"},
		{rec("--max-body", "-1"), "record: --max-body"},
		{[]string{"import", "bfcl", "--zzz", "DIR"}, "import bfcl: unknown flag --zzz"},
		{[]string{"parse", "--zzz"}, "parse: unknown flag --zzz"},
		{[]string{"validate", "--zzz"}, "validate: unknown flag --zzz"},
		{[]string{"catalog", "--zzz", cat}, "catalog: unknown flag --zzz"},
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

// The edges of each range are accepted: -1 is render's "no limit", 0 is
// "none" for --worst and --chunkings.
func TestIntFlagEdgesAccepted(t *testing.T) {
	const cat = "../../testdata/record/catalog.json"
	for _, args := range [][]string{
		{"render", "--catalog", cat, "--variant", "retrieved", "--budget", "-1"},
		{"render", "--catalog", cat, "--variant", "retrieved", "--budget", "1"},
		{"parse", "--chunk-size", "1000000000000", "../../testdata/record/suite.jsonl"},
	} {
		if code, _, stderr := runCLI(args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
}
