package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// maxTrialColumns is how many values of k the trials table shows: k = 1…
// maxTrialColumns−1 and the largest k (every k is in the JSON).
const maxTrialColumns = 5

// hasTrials reports whether any case of any configuration had several
// trials.
func hasTrials(rep *report.Report) bool {
	for _, c := range rep.Configs {
		if c.Metrics.Trials.MaxTrials > 1 {
			return true
		}
	}
	return false
}

// trialKs are the k values the trials table shows.
func trialKs(rep *report.Report) []int {
	most := 0
	for _, c := range rep.Configs {
		most = max(most, c.Metrics.Trials.MaxTrials)
	}
	var ks []int
	for k := 1; k <= most && k < maxTrialColumns; k++ {
		ks = append(ks, k)
	}
	if !slices.Contains(ks, most) {
		ks = append(ks, most)
	}
	return ks
}

// trialsTitle heads the trials table.
const trialsTitle = "Repeated trials (pass@k: one of k trials passes; pass^k: all k pass)"

// trialsGrid is one line per configuration: trials, flaky cases, pass@k
// and pass^k; then how many cases each k covers (those with at least k
// trials; the same in every configuration). nil when no case had several
// trials.
func trialsGrid(rep *report.Report) *grid {
	if !hasTrials(rep) {
		return nil
	}
	ks := trialKs(rep)
	header := []string{"config", "trials", "flaky"}
	for _, k := range ks {
		header = append(header, fmt.Sprintf("pass@%d", k))
	}
	for _, k := range ks {
		header = append(header, fmt.Sprintf("pass^%d", k))
	}
	g := newGrid(1, header...)
	for _, c := range rep.Configs {
		t := &c.Metrics.Trials
		row := []string{c.Config.Name, fmt.Sprintf("%d/%d", t.Passes, t.TrialsSum), fmt.Sprint(t.Flaky)}
		for _, est := range []func(int) *float64{t.At, t.Hat} {
			for _, k := range ks {
				row = append(row, num3(est(k)))
			}
		}
		g.Add(row...)
	}
	cover := []string{"cases ≥ k trials", "", ""}
	t := &rep.Configs[0].Metrics.Trials
	for range 2 {
		for _, k := range ks {
			if k <= len(t.PassAt) {
				cover = append(cover, fmt.Sprint(t.PassAt[k-1].Cases))
			} else {
				cover = append(cover, "0")
			}
		}
	}
	g.Add(cover...)
	return g
}

// flakyGrid lists the cases that both passed and failed in some
// configuration, with their passes out of trials in each; limit > 0 shows
// at most that many. It returns nil when there is none, and how many there
// are.
func flakyGrid(rep *report.Report, limit int) (*grid, int) {
	var ids []string
	line := map[string]int{}
	for _, c := range rep.Configs {
		for _, f := range c.Flaky {
			if _, seen := line[f.ID]; !seen {
				ids = append(ids, f.ID)
				line[f.ID] = f.Line
			}
		}
	}
	if len(ids) == 0 {
		return nil, 0
	}
	slices.SortStableFunc(ids, func(a, b string) int { return line[a] - line[b] })
	header := []string{"case", "line"}
	for _, c := range rep.Configs {
		header = append(header, c.Config.Name)
	}
	g := newGrid(1, header...)
	counts := make([]map[string]string, len(rep.Configs))
	for i, c := range rep.Configs {
		counts[i] = map[string]string{}
		for _, r := range c.Results {
			if _, flaky := line[r.ID]; flaky {
				n, p := r.TrialCounts()
				counts[i][r.ID] = fmt.Sprintf("%d/%d", p, n)
			}
		}
	}
	for j, id := range ids {
		if limit > 0 && j == limit {
			break
		}
		row := []string{id, fmt.Sprint(line[id])}
		for i := range rep.Configs {
			row = append(row, counts[i][id])
		}
		g.Add(row...)
	}
	return g, len(ids)
}

// flakyTitle heads the flaky table.
func flakyTitle(shown, all int) string {
	t := "Flaky cases (passed some trials, failed others; trials passed per configuration)"
	if shown < all {
		t += fmt.Sprintf(": %d of %d, -v lists them all", shown, all)
	}
	return t
}

// trialLines describes each trial of a case with several, one line each
// (nil for a case with one).
func trialLines(r *report.CaseResult) []string {
	var out []string
	for i, t := range r.Trials {
		out = append(out, fmt.Sprintf("trial %d/%d: %s", i+1, len(r.Trials), trialVerdict(r, t)))
	}
	return out
}

// trialVerdict is "passed", or the cause and what went wrong, of one
// trial of r.
func trialVerdict(r *report.CaseResult, t *report.TrialResult) string {
	if t.Passed {
		return "passed"
	}
	if d := trialDetail(r, t); d != "" {
		return t.Cause + ": " + d
	}
	return t.Cause
}

// trialDetail is Detail for one trial of r.
func trialDetail(r *report.CaseResult, t *report.TrialResult) string {
	one := *r
	one.Passed, one.Cause, one.Parse, one.Calls, one.Latency, one.Trajectory, one.Trials = t.Passed, t.Cause, t.Parse, t.Calls, t.Latency, t.Trajectory, nil
	return failure(&one)
}

// firstFailingTrial is the 1-based number of the trial a failed case's
// verdict comes from, 0 when it has one trial or passed.
func firstFailingTrial(r *report.CaseResult) int {
	for i, t := range r.Trials {
		if !t.Passed {
			return i + 1
		}
	}
	return 0
}

// trialTally is "2/3 trials passed" for a case with several trials, ""
// otherwise.
func trialTally(r *report.CaseResult) string {
	if len(r.Trials) == 0 {
		return ""
	}
	n, c := r.TrialCounts()
	return fmt.Sprintf("%d/%d trials passed", c, n)
}

// trialSections are the trials table and the flaky cases (at most limit,
// 0: all) with their titles; nil grids when no case had several trials.
func trialSections(rep *report.Report, limit int) []section {
	g := trialsGrid(rep)
	if g == nil {
		return nil
	}
	out := []section{{trialsTitle, g}}
	if fg, n := flakyGrid(rep, limit); fg != nil {
		out = append(out, section{flakyTitle(len(fg.Rows), n), fg})
	}
	return out
}

// trialHeadline are the cards' extra lines when a case had several
// trials: pass@k and pass^k at the k the tables show.
func trialHeadline(rep *report.Report) []headlineMetric {
	if !hasTrials(rep) {
		return nil
	}
	var at, hat []headlineMetric
	for _, k := range trialKs(rep) {
		at = append(at, headlineMetric{fmt.Sprintf("pass@%d", k), fmt.Sprintf("pass_at_%d", k), num3})
		hat = append(hat, headlineMetric{fmt.Sprintf("pass^%d", k), fmt.Sprintf("pass_hat_%d", k), num3})
	}
	return append(at, hat...)
}

// addTrials adds each trial of a case with several to its drill-down:
// the trial's verdict, parsed calls and failed checks.
func addTrials(h *htmlCase, r *report.CaseResult) {
	for _, t := range r.Trials {
		var one htmlCase
		one.MarkNames = one.addCalls(t.Parse, t.Calls)
		if t.Trajectory != nil {
			stepsView(&one, t.Trajectory)
		}
		h.Trials = append(h.Trials, htmlTrial{Passed: t.Passed, Verdict: trialVerdict(r, t), Format: one.Format,
			MarkNames: one.MarkNames, Calls: one.Calls, Problems: one.Problems})
	}
}

// trialsSource adds each trial's recording from the suite case c: the
// names of a trajectory's calls to mark and, when full is set, the
// transcript (a trajectory's steps one after another).
func trialsSource(h *htmlCase, c *suite.Case, r *report.CaseResult, full bool) {
	for i := range h.Trials {
		tc, tr := c.Trial(i), &h.Trials[i]
		if tc.Trajectory() {
			var one htmlCase
			stepsSource(&one, tc, r.Trials[i].Trajectory, full)
			tr.MarkNames, tr.Transcript = one.MarkNames, one.Transcript
			continue
		}
		if full && tc.Transcript != nil {
			tr.Transcript = string(tc.Transcript.Bytes())
		}
	}
}

// flakyLine is the summary's one line of flaky cases: those of the first
// configuration with their trials passed ("" when none); the terminal
// clips it, -v lists every configuration's in a table.
func flakyLine(rep *report.Report) string {
	c := rep.Configs[0]
	if len(c.Flaky) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "flaky at %s:", c.Config.Name)
	for i, f := range c.Flaky {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %d/%d", f.ID, f.Passed, f.Trials)
	}
	return b.String()
}
