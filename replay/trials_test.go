package replay

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"math"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

const trialsSuite = "../testdata/replay/trajectory/trials.jsonl"

// TestTrialsReplay: each recording of a case is judged on its own, the
// case passes when all do, and the configuration's pass@k and pass^k are
// the hand-computed means over the cases with at least k trials.
func TestTrialsReplay(t *testing.T) {
	s, err := suite.LoadFile(trialsSuite)
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, Options{Ks: []int{5}, Variants: []string{"retrieved"}, RandomChunkings: -1})
	cr := rep.Configs[0]
	want := map[string]struct {
		n, c   int
		passed bool
		cause  string
		causes []string
	}{
		"steady-pass":   {2, 2, true, "", []string{"", ""}},
		"flaky-note":    {4, 2, false, "arguments", []string{"", "arguments", "", "selection"}},
		"steady-fail":   {2, 0, false, "arguments", []string{"arguments", "arguments"}},
		"traj-flaky":    {3, 2, false, "arguments", []string{"", "", "arguments"}},
		"single":        {1, 1, true, "", nil},
		"no-transcript": {1, 1, true, "", nil},
	}
	for _, r := range cr.Results {
		w := want[r.ID]
		n, c := r.TrialCounts()
		if n != w.n || c != w.c || r.Passed != w.passed || r.Cause != w.cause {
			t.Errorf("%s: %d of %d passed, passed %v cause %q; want %d of %d, %v %q", r.ID, c, n, r.Passed, r.Cause, w.c, w.n, w.passed, w.cause)
		}
		var causes []string
		for _, tr := range r.Trials {
			causes = append(causes, tr.Cause)
		}
		if strings.Join(causes, ",") != strings.Join(w.causes, ",") {
			t.Errorf("%s: trial causes %q, want %q", r.ID, causes, w.causes)
		}
	}
	// The third trajectory trial failed at its first step; the second
	// searched first and took three steps.
	for _, r := range cr.Results {
		if r.ID == "traj-flaky" {
			if r.Trials[2].Trajectory == nil || r.Trials[2].Trajectory.FailedStep != 1 || len(r.Trials[1].Trajectory.Steps) != 3 {
				t.Errorf("traj-flaky trials: %+v", r.Trials)
			}
			if r.Trajectory != r.Trials[2].Trajectory {
				t.Error("the case's trajectory is not its first failing trial's")
			}
		}
	}
	tr := cr.Metrics.Trials
	// k=2 over the four cases with 2+ trials (2/2, 2/4, 0/2, 2/3):
	// pass@2 = (1 + 5/6 + 0 + 1)/4, pass^2 = (1 + 1/6 + 0 + 1/3)/4.
	checks := []struct {
		name       string
		got        *float64
		want       float64
		wantCases  int
		casesOfGot int
	}{
		{"pass@1", tr.At(1), (1 + 0.5 + 0 + 2.0/3 + 1 + 1) / 6, 6, tr.PassAt[0].Cases},
		{"pass@2", tr.At(2), (1 + 5.0/6 + 0 + 1) / 4, 4, tr.PassAt[1].Cases},
		{"pass^2", tr.Hat(2), (1 + 1.0/6 + 0 + 1.0/3) / 4, 4, tr.PassHat[1].Cases},
		{"pass@3", tr.At(3), (1 + 1) / 2.0, 2, tr.PassAt[2].Cases},
		{"pass^3", tr.Hat(3), 0, 2, tr.PassHat[2].Cases},
		{"pass@4", tr.At(4), 1, 1, tr.PassAt[3].Cases},
	}
	for _, c := range checks {
		if c.got == nil || math.Abs(*c.got-c.want) > 1e-12 || c.casesOfGot != c.wantCases {
			t.Errorf("%s = %v over %d cases, want %v over %d", c.name, c.got, c.casesOfGot, c.want, c.wantCases)
		}
	}
	if *tr.At(1) != *tr.Hat(1) {
		t.Errorf("pass@1 %v ≠ pass^1 %v", *tr.At(1), *tr.Hat(1))
	}
	if tr.At(5) != nil {
		t.Error("pass@5 measured with at most 4 trials")
	}
	if len(cr.Flaky) != 2 || cr.Flaky[0] != (report.FlakyCase{ID: "flaky-note", Line: 3, Trials: 4, Passed: 2}) || cr.Flaky[1].ID != "traj-flaky" {
		t.Errorf("flaky = %+v", cr.Flaky)
	}
}

// TestTrialsShardsMerge: with the cases' trials in different shards, the
// merge is byte for byte the whole run (per-case n and c are the only
// statistics kept), and it gates the same on pass_hat_K.
func TestTrialsShardsMerge(t *testing.T) {
	s, err := suite.LoadFile(trialsSuite)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Ks: []int{1, 5}, Variants: []string{"retrieved"}, RandomChunkings: -1}
	whole := runTest(t, s, opts)
	want := reportJSON(t, whole)
	gate := report.Gate{Min: []report.Threshold{{Metric: "pass_hat_2", Value: 0.5}, {Metric: "pass_at_3", Value: 0.9}}}
	wantVerdict := strings.Join(gate.Check(whole, nil).Problems(), "\n")
	if !strings.Contains(wantVerdict, "pass_hat_2 0.3750 < min 0.5000") {
		t.Fatalf("gate on the whole run: %s", wantVerdict)
	}
	for n := 2; n <= 4; n++ {
		var shards []*report.Report
		for i := n; i >= 1; i-- {
			o := opts
			o.Shard, o.Shards = i, n
			shards = append(shards, readBack(t, reportJSON(t, runTest(t, s, o))))
		}
		merged, err := report.Merge(shards)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if got := reportJSON(t, merged); got != want {
			i := firstDiff(got, want)
			t.Fatalf("n=%d: merged differs at %d: %s", n, i, got[max(0, i-100):min(len(got), i+100)])
		}
		if got := strings.Join(gate.Check(merged, nil).Problems(), "\n"); got != wantVerdict {
			t.Fatalf("n=%d: verdict %q, whole run %q", n, got, wantVerdict)
		}
	}
}

// TestTrialsPrinters: every output shows the trials — the table (golden),
// the summary, Markdown, JUnit (properties and one line per trial) and
// HTML (pass@k cards, the flaky list, a drill-down per trial).
func TestTrialsPrinters(t *testing.T) {
	s, err := suite.LoadFile(trialsSuite)
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, Options{Ks: []int{1, 5}, Variants: []string{"retrieved"}, RandomChunkings: -1})
	rep.Suite = "trials.jsonl"
	var table, summary, md, junit, page bytes.Buffer
	for _, w := range []error{
		render.WriteTable(&table, rep, 3), render.WriteSummary(&summary, rep, 3), render.WriteMarkdown(&md, rep, 3),
		render.WriteJUnit(&junit, rep), render.WriteHTML(&page, rep, render.HTMLOptions{Suite: s}),
	} {
		if w != nil {
			t.Fatal(w)
		}
	}
	golden.Check(t, "../testdata/replay/trajectory/trials-table.golden", table.Bytes(), *update)
	for name, out := range map[string]string{"table": table.String(), "markdown": md.String()} {
		for _, want := range []string{"pass@4", "pass^2", "0.375", "cases ≥ k trials", "flaky-note", "traj-flaky", "Flaky cases", "2/4"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
	// The summary lists the first configuration's flaky cases in one line.
	for _, want := range []string{"pass@4", "pass^2", "0.375", "flaky at k=1: traj-flaky 1/3\n"} {
		if !strings.Contains(summary.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, summary.String())
		}
	}
	if !strings.Contains(table.String(), "2/4 trials passed; trial 2: arguments") {
		t.Error("the worst cases do not name the failing trial")
	}
	var doc struct {
		Suites []struct {
			Cases []struct {
				Name  string `xml:"name,attr"`
				Props []struct {
					Name  string `xml:"name,attr"`
					Value string `xml:"value,attr"`
				} `xml:"properties>property"`
				Out string `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(junit.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range doc.Suites[1].Cases { // k=5
		switch c.Name {
		case "flaky-note":
			found = true
			if len(c.Props) != 2 || c.Props[0].Name != "trials" || c.Props[0].Value != "4" || c.Props[1].Name != "trials_passed" || c.Props[1].Value != "2" {
				t.Errorf("flaky-note properties %+v", c.Props)
			}
			if !strings.Contains(c.Out, "trial 1/4: passed\ntrial 2/4: arguments: value_error") || !strings.Contains(c.Out, "trial 4/4: selection") {
				t.Errorf("flaky-note system-out %q", c.Out)
			}
		case "single":
			if len(c.Props) != 0 || c.Out != "" {
				t.Errorf("a case with one recording has trial output: %+v", c)
			}
		}
	}
	if !found {
		t.Error("no flaky-note test case")
	}
	h := page.String()
	for _, want := range []string{`data-metric="pass_hat_2">0.375<`, `data-metric="pass_at_4">1.000<`, "flaky-note (line 3): 2/4 trials passed",
		// each trial's verdict and calls, in the drill-down's data (render tests the drill-down)
		`"selection: wrong_func_name: called \"set_reminder\"`, "arguments: value_error", `"create_note({`} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
}

// TestTrialsMergeRejectsTampering: a shard whose trials contradict its
// verdicts, or whose pass@k statistics are not what its case results give,
// is refused, naming where.
func TestTrialsMergeRejectsTampering(t *testing.T) {
	s, err := suite.LoadFile(trialsSuite)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Ks: []int{5}, Variants: []string{"retrieved"}, RandomChunkings: -1}
	var shards []string
	for i := 1; i <= 2; i++ {
		o := opts
		o.Shard, o.Shards = i, 2
		shards = append(shards, reportJSON(t, runTest(t, s, o)))
	}
	if _, err := mergeJSON(shards); err != nil {
		t.Fatalf("honest shards: %v", err)
	}
	// Shard 1 holds steady-pass (1st case), steady-fail, single (0, 2, 4);
	// shard 2 flaky-note, traj-flaky, no-transcript.
	tests := []struct {
		name string
		path []any
		v    any
		want string
	}{
		{"a failed trial marked passed", []any{"configs", 0, "results", 0, "trials", 1, "passed"}, true, `case "flaky-note" (line 3): trials[1]: passed true with cause "arguments"`},
		{"pass^2 edited", []any{"configs", 0, "metrics", "trials", "pass_hat", 1, "value"}, 0.9, "its metrics disagree with its case results"},
		{"an outcome edited", []any{"configs", 0, "metrics", "trials", "outcomes", 0, "cases"}, 5, "its metrics disagree with its case results"},
		{"the flaky list emptied", []any{"configs", 0, "flaky"}, []any{}, "its flaky disagree with its case results"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var doc any
			if err := json.Unmarshal([]byte(shards[1]), &doc); err != nil {
				t.Fatal(err)
			}
			setPath(doc, tt.path, tt.v)
			b, _ := json.Marshal(doc)
			_, err := mergeJSON([]string{shards[0], string(b)})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("merge = %v, want an error with %q", err, tt.want)
			}
		})
	}
}
