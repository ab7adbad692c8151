package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

const replaySuite = "../../testdata/replay/suite.jsonl"

func replayCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"tooleval"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestReplayCLIExitCodes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"table", []string{"replay", "--encoding", "none", replaySuite}, 0, "Failures by cause"},
		{"markdown", []string{"replay", "--encoding", "none", "--markdown", "-", replaySuite}, 0, "| config | recall |"},
		{"json and markdown on stdout", []string{"replay", "--json", "-", "--markdown", "-", replaySuite}, 2, ""},
		{"junit on stdout", []string{"replay", "--junit", "-", replaySuite}, 2, ""},
		{"bad filter", []string{"replay", "--filter", "kind:x", replaySuite}, 2, ""},
		{"bad shard", []string{"replay", "--shard", "4/3", replaySuite}, 2, ""},
		{"bad k", []string{"replay", "-k", "-2", replaySuite}, 2, ""},
		{"bad variant", []string{"replay", "--variant", "sonnet", replaySuite}, 2, ""},
		{"bad max-drop", []string{"replay", "--baseline", replaySuite, "--max-drop", "speed=1", replaySuite}, 2, ""},
		{"max-drop without baseline", []string{"replay", "--max-drop", "recall=0.1", replaySuite}, 2, ""},
		{"two suites", []string{"replay", replaySuite, replaySuite}, 2, ""},
		{"broken suite", []string{"replay", "../../testdata/replay/broken/suite.jsonl"}, 1, ""},
		{"missing suite", []string{"replay", filepath.Join(dir, "nope.jsonl")}, 1, ""},
		{"unreadable baseline", []string{"replay", "--baseline", filepath.Join(dir, "nope.json"), replaySuite}, 1, ""},
		{"baseline not a report", []string{"replay", "--baseline", replaySuite, replaySuite}, 1, ""},
		{"minimum missed", []string{"replay", "--encoding", "none", "--min", "pass_rate=0.99", replaySuite}, 3, "REGRESSION k=3: pass_rate 0.5556 < min 0.9900"},
		{"unmeasured minimum", []string{"replay", "--encoding", "none", "--filter", "retrieval-only", "--min", "call_accuracy=0.5", replaySuite}, 0, "call_accuracy could not be measured"},
		{"unmeasured minimum required", []string{"replay", "--encoding", "none", "--filter", "retrieval-only", "--min", "call_accuracy=0.5", "--require-measured", replaySuite}, 3, "ERROR k=3: call_accuracy could not be measured"},
		{"quiet", []string{"replay", "--encoding", "none", "-q", replaySuite}, 0, ""},
		{"quiet unmeasured", []string{"replay", "--encoding", "none", "-q", "--filter", "retrieval-only", "--min", "call_accuracy=0.5", replaySuite}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := replayCLI(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d (want %d)\nstdout: %.400s\nstderr: %s", code, tc.code, out, errs)
			}
			if code != 0 && errs == "" {
				t.Fatal("no error message")
			}
			if strings.Contains(tc.name, "unmeasured") && !strings.Contains(errs, "call_accuracy could not be measured") {
				t.Fatalf("stderr does not say the metric was not measured: %s", errs)
			}
		})
	}
}

func TestReplayCLIBaselineAndJUnit(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := replayCLI(t, "replay", "--encoding", "none", "--json", "-", replaySuite)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Configs) != 3 || rep.Cases != 9 {
		t.Fatalf("--json: %v %+v", err, rep)
	}
	base := filepath.Join(dir, "base.json")
	os.WriteFile(base, []byte(out), 0o644)
	junit, md, js, page := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "summary.md"), filepath.Join(dir, "report.json"), filepath.Join(dir, "report.html")
	code, out, errs = replayCLI(t, "replay", "--encoding", "none", "--baseline", base, "--max-drop", "recall=0,pass_rate=0",
		"--junit", junit, "--markdown", md, "--json", js, "--html", page, replaySuite)
	if code != 0 || !strings.Contains(out, "no case changed") || !strings.Contains(out, "Failures by cause") {
		t.Fatalf("same run against its baseline: exit %d\n%s\n%s", code, out, errs)
	}
	x, err := os.ReadFile(junit)
	if err != nil || !strings.Contains(string(x), `<testcase name="wrong-tool" classname="suite.k=5"`) || !strings.Contains(string(x), `failures="4"`) ||
		!strings.Contains(string(x), `file="`+replaySuite+`"`) || !strings.Contains(string(x), `timestamp="`) {
		t.Fatalf("junit: %v\n%s", err, x)
	}
	if m, err := os.ReadFile(md); err != nil || !strings.HasPrefix(string(m), "## tooleval replay") || !strings.Contains(string(m), "- PASSED") {
		t.Fatalf("markdown: %v\n%s", err, m)
	}
	if j, err := os.ReadFile(js); err != nil || !json.Valid(j) {
		t.Fatalf("json: %v", err)
	}
	if h, err := os.ReadFile(page); err != nil || !strings.Contains(string(h), "<svg") || !strings.Contains(string(h), "Search my notes") {
		t.Fatalf("html: %v", err)
	}
	// A baseline that was better: recall and a case's outcome.
	rep.Configs[1].Metrics.Recall = ptr(1.0)
	for _, r := range rep.Configs[1].Results {
		if r.ID == "wrong-tool" {
			r.Passed, r.Cause = true, ""
		}
	}
	b, _ := json.Marshal(rep)
	os.WriteFile(base, b, 0o644)
	code, out, errs = replayCLI(t, "replay", "--encoding", "none", "--baseline", base, "--max-drop", "recall=0.05", replaySuite)
	if code != 3 || !strings.Contains(out, "REGRESSION k=5: recall fell 1.0000 → 0.8750 (drop 0.1250 > allowed 0.0500)") ||
		!strings.Contains(out, "k=5: wrong-tool: passed → failed (selection, wrong_func_name)") || !strings.Contains(errs, "gate failed") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// --json carries the comparison and the verdict.
	code, out, _ = replayCLI(t, "replay", "--encoding", "none", "--json", "-", "--baseline", base, "--max-drop", "recall=0.05", replaySuite)
	var withCmp report.Report
	if code != 3 || json.Unmarshal([]byte(out), &withCmp) != nil || withCmp.Comparison == nil || withCmp.Verdict == nil || len(withCmp.Verdict.Regressions) != 1 {
		t.Fatalf("exit %d: %.300s", code, out)
	}
}

// The gate cannot be bypassed by renaming a config file or changing k:
// configurations match by settings, and unmatched ones fail the gate.
func TestReplayCLIGateMatchesSettings(t *testing.T) {
	dir := t.TempDir()
	cfgA, cfgB := filepath.Join(dir, "cfgA.json"), filepath.Join(dir, "cfgB.json")
	os.WriteFile(cfgA, []byte(`{"k": 5}`), 0o644)
	os.WriteFile(cfgB, []byte(`{"k": 5}`), 0o644)
	base := filepath.Join(dir, "base.json")
	if code, _, errs := replayCLI(t, "replay", "--encoding", "none", "--config", cfgA, "--json", base, "-q", replaySuite); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(base)
	var rep report.Report
	if json.Unmarshal(b, &rep) != nil || len(rep.Configs) != 1 || rep.Configs[0].Config.K != 5 {
		t.Fatalf("--config runs at the config's k: %s", b)
	}
	// Same settings under another file name: matched, no error.
	if code, out, errs := replayCLI(t, "replay", "--encoding", "none", "--config", cfgB, "--baseline", base, "--max-drop", "recall=0", replaySuite); code != 0 || !strings.Contains(out, "PASSED") {
		t.Fatalf("renamed config: exit %d\n%s\n%s", code, out, errs)
	}
	// Other k values: unmatched in both directions, exit 3 naming them.
	code, _, errs := replayCLI(t, "replay", "--encoding", "none", "-k", "3,10", "--baseline", base, "--max-drop", "recall=0", replaySuite)
	if code != 3 || !strings.Contains(errs, `configuration "k=3"`) || !strings.Contains(errs, `configuration "k=5 config=cfgA"`) {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if code, _, errs := replayCLI(t, "replay", "--encoding", "none", "-k", "3,10", "--baseline", base, "--allow-unmatched", replaySuite); code != 0 {
		t.Fatalf("--allow-unmatched: exit %d: %s", code, errs)
	}
}

// merge of shard reports prints and gates exactly as the whole run.
func TestMergeCLI(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--encoding", "none", "--chunkings", "0", "-k", "3,5"}
	whole := filepath.Join(dir, "whole.json")
	if code, _, errs := replayCLI(t, append([]string{"replay", "--json", whole, "-q", replaySuite}, args...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var shards []string
	for i := 1; i <= 3; i++ {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		shards = append(shards, f)
		if code, _, errs := replayCLI(t, append([]string{"replay", "--shard", fmt.Sprintf("%d/3", i), "--json", f, "-q", replaySuite}, args...)...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errs)
		}
	}
	code, out, errs := replayCLI(t, append([]string{"merge", "--json", "-"}, shards...)...)
	want, _ := os.ReadFile(whole)
	if code != 0 || out != string(want) {
		t.Fatalf("merge: exit %d %s\n%.300s\nwant %.300s", code, errs, out, want)
	}
	wcode, wout, _ := replayCLI(t, append([]string{"replay", "--min", "pass_rate=0.9", replaySuite}, args...)...)
	mcode, mout, _ := replayCLI(t, append([]string{"merge", "--min", "pass_rate=0.9"}, shards...)...)
	if wcode != 3 || mcode != wcode || mout != wout {
		t.Fatalf("merge exit %d, whole run exit %d\n%s\n---\n%s", mcode, wcode, mout, wout)
	}
	if code, _, errs := replayCLI(t, "merge", shards[0], shards[2]); code != 1 || !strings.Contains(errs, "missing 1 shard: 2/3") {
		t.Fatalf("missing shard: exit %d: %s", code, errs)
	}
	if code, _, _ := replayCLI(t, "merge"); code != 2 {
		t.Fatalf("no arguments: exit %d", code)
	}
	// --html without --suite warns that the drill-down will be empty;
	// with it, no warning.
	page := filepath.Join(dir, "page.html")
	if code, _, errs := replayCLI(t, append([]string{"merge", "-q", "--html", page}, shards...)...); code != 0 || !strings.Contains(errs, "--html without --suite") {
		t.Fatalf("merge --html without --suite: exit %d, want a warning:\n%s", code, errs)
	}
	if code, _, errs := replayCLI(t, append([]string{"merge", "-q", "--html", page, "--suite", replaySuite}, shards...)...); code != 0 || strings.Contains(errs, "warning") {
		t.Fatalf("merge --html --suite: exit %d\n%s", code, errs)
	}
}

func ptr[T any](v T) *T { return &v }

func TestReplayCLIEmbeddedSuite(t *testing.T) {
	code, out, errs := replayCLI(t, "replay", "--encoding", "none", "-j", "2")
	if code != 0 || !strings.Contains(out, suite.ExampleSuiteName) {
		t.Fatalf("exit %d\n%.500s\n%s", code, out, errs)
	}
}

func TestValidateCLI(t *testing.T) {
	code, out, _ := replayCLI(t, "validate", replaySuite)
	if code != 0 || !strings.Contains(out, "ok, 9 cases (8 with transcripts, 8 with gold calls)") {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, _, errs := replayCLI(t, "validate", "../../testdata/replay/broken/suite.jsonl")
	if code != 1 || !strings.Contains(errs, "suite.jsonl:4: query: required field is missing") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, out, _ = replayCLI(t, "validate", "--schema")
	if code != 0 || !json.Valid([]byte(out)) || !strings.Contains(out, "gold_calls") {
		t.Fatalf("exit %d: %.200s", code, out)
	}
	if code, _, _ := replayCLI(t, "validate"); code != 0 {
		t.Fatalf("embedded suite invalid: exit %d", code)
	}
}

// A --filter that selects nothing must not pass a gate silently: exit 1
// naming the filter, unless --allow-no-cases.
func TestReplayFilterSelectsNothing(t *testing.T) {
	code, _, errOut := runCLI("replay", "--filter", "nomatch*", "--min", "pass_rate=0.9", "-q")
	if code != exitBadInput || !strings.Contains(errOut, "--filter nomatch* selects no case") {
		t.Fatalf("exit %d, want %d naming the filter:\n%s", code, exitBadInput, errOut)
	}
	if code, _, errOut := runCLI("replay", "--filter", "nomatch*", "--allow-no-cases", "-q"); code != exitOK {
		t.Fatalf("--allow-no-cases: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI("replay", "--filter", "nomatch*", "--filter", "*", "-q", "--json", "-"); code != exitOK {
		t.Fatalf("a filter that selects cases: exit %d\n%s", code, errOut)
	}
}

// Every command that reads a suite takes it both ways: as its argument and
// as --suite, with the same result; two different suites are exit 2.
func TestSuiteSpellings(t *testing.T) {
	for _, tc := range [][]string{
		{"replay", "--encoding", "none", "-k", "3", "--json", "-", "-q"},
		{"validate"},
		{"suggest", "--k", "1", "--folds", "1", "--json", "-"},
	} {
		pos := append(append([]string(nil), tc...), replaySuite)
		flag := append(append([]string(nil), tc...), "--suite", replaySuite)
		c1, o1, e1 := runCLI(pos...)
		c2, o2, e2 := runCLI(flag...)
		if c1 != c2 || o1 != o2 {
			t.Errorf("%s: SUITE gives exit %d, --suite exit %d\n%.300s\n%s\n---\n%.300s\n%s", tc[0], c1, c2, o1, e1, o2, e2)
		}
		if c, _, e := runCLI(append(pos, "--suite", "../../testdata/record/suite.jsonl")...); c != exitBadFlags || !strings.Contains(e, "two suites") {
			if tc[0] != "validate" { // validate checks every suite it is given
				t.Errorf("%s: two suites: exit %d %s", tc[0], c, e)
			}
		}
	}
	if c, _, e := runCLI("record", "--suite", "../../testdata/record/suite.jsonl"); c != exitBadFlags || !strings.Contains(e, "--out") {
		t.Errorf("record --suite without --out: exit %d %s", c, e)
	}
}

// init writes a starter that validate and replay accept as they are, and
// refuses to write over it a second time.
func TestInitCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "starter")
	if code, out, errOut := runCLI("init", dir); code != exitOK || !strings.Contains(out, "suite.jsonl") {
		t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
	}
	suite := filepath.Join(dir, "suite.jsonl")
	if code, _, errOut := runCLI("validate", suite); code != exitOK {
		t.Fatalf("validate: exit %d %s", code, errOut)
	}
	if code, _, errOut := runCLI("replay", suite, "--config", filepath.Join(dir, "retrieval.json"), "--encoding", "none", "-q"); code != exitOK {
		t.Fatalf("replay: exit %d %s", code, errOut)
	}
	if code, _, errOut := runCLI("init", dir); code != exitBadInput || !strings.Contains(errOut, "already exists") {
		t.Fatalf("second init: exit %d %s", code, errOut)
	}
}
