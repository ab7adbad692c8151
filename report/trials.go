package report

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tooleval/tooleval/internal/lazyre"
	"github.com/tooleval/tooleval/metrics"
)

// TrialResult is one trial of a case that holds several recordings
// (transcripts or step_trials in the suite): that recording's verdict and
// what decided it.
type TrialResult struct {
	Passed bool   `json:"passed"`
	Cause  string `json:"cause,omitempty"`
	// Parse, Calls, Latency and Trajectory are as in CaseResult, for this
	// trial's recording.
	Parse      *ParseResult         `json:"parse,omitempty"`
	Calls      *metrics.CallsResult `json:"calls,omitempty"`
	Latency    *Latency             `json:"latency,omitempty"`
	Trajectory *TrajectoryResult    `json:"trajectory,omitempty"`
}

// TrialOf is the trial part of a case result.
func TrialOf(r *CaseResult) *TrialResult {
	return &TrialResult{Passed: r.Passed, Cause: r.Cause, Parse: r.Parse, Calls: r.Calls, Latency: r.Latency, Trajectory: r.Trajectory}
}

// CombineTrials makes one case result of a case's trials under one
// configuration (each the case replayed with one of its recordings, the
// same retrieval in each): the case passes when every trial passes, and
// its cause, parse, calls, latency and trajectory are those of its first
// failing trial (the first trial when all passed), so every other figure
// reads as for a case with one recording. Trials lists each trial. One
// trial is returned as it is; a broken trial (cause error) breaks the case.
func CombineTrials(trials []*CaseResult) *CaseResult {
	if len(trials) == 1 {
		return trials[0]
	}
	rep := trials[0]
	for _, t := range trials {
		if t.Cause == CauseError {
			return t
		}
		if !t.Passed && rep.Passed {
			rep = t
		}
	}
	out := *rep
	out.Trials = make([]*TrialResult, len(trials))
	for i, t := range trials {
		out.Trials[i] = TrialOf(t)
	}
	return &out
}

// TrialCounts returns how many trials the case had and how many passed: a
// case with one recording (or none) is one trial.
func (r *CaseResult) TrialCounts() (n, passed int) {
	if len(r.Trials) == 0 {
		if r.Passed {
			return 1, 1
		}
		return 1, 0
	}
	for _, t := range r.Trials {
		if t.Passed {
			passed++
		}
	}
	return len(r.Trials), passed
}

// FlakyCase is a case that both passed and failed across its trials.
type FlakyCase struct {
	ID     string `json:"id"`
	Line   int    `json:"line"`
	Trials int    `json:"trials"`
	Passed int    `json:"passed"`
}

// FlakyCases lists the cases of results that both passed and failed, in
// result order (never nil).
func FlakyCases(results []*CaseResult) []FlakyCase {
	out := []FlakyCase{}
	for _, r := range results {
		if n, c := r.TrialCounts(); c > 0 && c < n {
			out = append(out, FlakyCase{ID: r.ID, Line: r.Line, Trials: n, Passed: c})
		}
	}
	return out
}

// checkTrials rejects trials that contradict themselves or the case's
// verdict: a single trial listed, a trial's passed against its cause, a
// case passed with a failed trial, a cause other than its first failing
// trial's.
func checkTrials(r *CaseResult) error {
	if r.Trials == nil {
		return nil
	}
	if len(r.Trials) < 2 {
		return fmt.Errorf("trials lists %d trial (a case with one recording lists none)", len(r.Trials))
	}
	cause := ""
	for i, t := range r.Trials {
		if t == nil {
			return fmt.Errorf("trials[%d] is null", i)
		}
		if t.Passed != (t.Cause == "") || (t.Cause != "" && !slices.Contains(CauseOrder, t.Cause)) || t.Cause == CauseError {
			return fmt.Errorf("trials[%d]: passed %t with cause %q", i, t.Passed, t.Cause)
		}
		if cause == "" {
			cause = t.Cause
		}
	}
	if r.Cause != cause {
		return fmt.Errorf("cause %q, but its first failing trial's is %q", r.Cause, cause)
	}
	return nil
}

// trialMetric reads the threshold metrics of repeated trials, pass_at_K
// and pass_hat_K for any K ≥ 1; ok is false for any other name. A K that
// no case reached is never measured, and unlike other unmeasured metrics
// it fails the gate (strict): a bound on pass^5 of a suite recorded three
// times could otherwise never fail.
func trialMetric(name string) (m metric, ok bool, err error) {
	sub := trialMetricName().FindStringSubmatch(name)
	if sub == nil {
		return metric{}, false, nil
	}
	k, err := strconv.Atoi(sub[2])
	if err != nil || k < 1 {
		return metric{}, true, fmt.Errorf("%s: k must be a whole number ≥ 1", name)
	}
	m = metric{strict: true, what: fmt.Sprintf("cases with at least %d trials (transcripts or step_trials)", k)}
	if sub[1] == "at" {
		m.get = func(a *Aggregate) *float64 { return a.Trials.At(k) }
	} else {
		m.get = func(a *Aggregate) *float64 { return a.Trials.Hat(k) }
	}
	return m, true, nil
}

var trialMetricName = lazyre.New(`^pass_(at|hat)_([0-9]+)$`)

// TrialMetricNames are how the trial metrics are listed where the metric
// names are (help, messages): one entry per family.
var TrialMetricNames = []string{"pass_at_K", "pass_hat_K"}
