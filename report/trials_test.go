package report

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/metrics"
)

// trial is one trial's result: passed, or failed with cause.
func trial(cause string) *CaseResult {
	return &CaseResult{ID: "c", Line: 1, Passed: cause == "", Cause: cause, Injected: []string{"a"},
		Calls: &metrics.CallsResult{Correct: cause == ""}}
}

func TestCombineTrials(t *testing.T) {
	one := trial("")
	if got := CombineTrials([]*CaseResult{one}); got != one || got.Trials != nil {
		t.Fatal("a single trial is not returned as it is")
	}

	fail := trial(string(metrics.CauseArguments))
	got := CombineTrials([]*CaseResult{trial(""), fail, trial(string(metrics.CauseSelection))})
	if got.Passed || got.Cause != string(metrics.CauseArguments) || got.Calls != fail.Calls {
		t.Errorf("combined = passed %v cause %q; want the first failing trial's (arguments)", got.Passed, got.Cause)
	}
	if n, c := got.TrialCounts(); n != 3 || c != 1 {
		t.Errorf("TrialCounts = %d, %d; want 3, 1", n, c)
	}
	if len(got.Trials) != 3 || !got.Trials[0].Passed || got.Trials[2].Cause != string(metrics.CauseSelection) {
		t.Errorf("trials = %+v", got.Trials)
	}
	if err := checkResult(got); err != nil {
		t.Errorf("an honest combined result is refused: %v", err)
	}

	first := trial("")
	all := CombineTrials([]*CaseResult{first, trial(""), trial("")})
	if !all.Passed || all.Cause != "" || all.Calls != first.Calls {
		t.Errorf("all passed: passed %v cause %q; want the first trial's", all.Passed, all.Cause)
	}
	if n, c := all.TrialCounts(); n != 3 || c != 3 {
		t.Errorf("TrialCounts = %d, %d; want 3, 3", n, c)
	}

	broken := trial(CauseError)
	if got := CombineTrials([]*CaseResult{trial(""), broken}); got != broken {
		t.Error("a broken trial does not break the case")
	}
	if n, c := trial("").TrialCounts(); n != 1 || c != 1 {
		t.Errorf("one recording: %d, %d", n, c)
	}
	if n, c := trial(CauseParser).TrialCounts(); n != 1 || c != 0 {
		t.Errorf("one failed recording: %d, %d", n, c)
	}
}

// TestCheckTrialsRejectsTampering: merge refuses a case result whose
// trials contradict themselves or the case's verdict.
func TestCheckTrialsRejectsTampering(t *testing.T) {
	honest := func() *CaseResult {
		return CombineTrials([]*CaseResult{trial(""), trial(string(metrics.CauseSelection)), trial("")})
	}
	tests := []struct {
		name   string
		tamper func(r *CaseResult)
		want   string
	}{
		{"case passed with a failed trial", func(r *CaseResult) { r.Passed, r.Cause = true, "" }, "first failing trial"},
		{"trial passed with a cause", func(r *CaseResult) { r.Trials[1].Passed = true }, "trials[1]: passed true"},
		{"trial failed without a cause", func(r *CaseResult) { r.Trials[0].Passed = false }, "trials[0]: passed false"},
		{"unknown trial cause", func(r *CaseResult) { r.Trials[1].Cause = "luck" }, `trials[1]: passed false with cause "luck"`},
		{"another cause than the first failing trial's", func(r *CaseResult) { r.Cause = string(metrics.CauseArguments) }, "first failing trial's"},
		{"one trial listed", func(r *CaseResult) { r.Trials = r.Trials[:1] }, "lists 1 trial"},
		{"null trial", func(r *CaseResult) { r.Trials[2] = nil }, "trials[2] is null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := honest()
			tt.tamper(r)
			err := checkResult(r)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("checkResult = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestFlakyCases(t *testing.T) {
	flaky := CombineTrials([]*CaseResult{trial(""), trial(CauseParser), trial("")})
	flaky.ID, flaky.Line = "flaky", 4
	steady := CombineTrials([]*CaseResult{trial(CauseParser), trial(CauseParser)})
	got := FlakyCases([]*CaseResult{trial(""), flaky, steady, trial(CauseParser)})
	if len(got) != 1 || got[0] != (FlakyCase{ID: "flaky", Line: 4, Trials: 3, Passed: 2}) {
		t.Errorf("flaky = %+v", got)
	}
	if FlakyCases(nil) == nil {
		t.Error("no flaky case is nil, want [] in JSON")
	}
}

// trialReport is a one-configuration report: a case that passed 1 of 3
// trials, one that passed 3 of 3, and a case with one recording that
// failed.
func trialReport() *Report {
	cr := &ConfigResult{Config: Config{Name: "k=5", K: 5, Key: "0123456789abcdef"}, Results: []*CaseResult{
		CombineTrials([]*CaseResult{trial(CauseParser), trial(""), trial(CauseParser)}),
		CombineTrials([]*CaseResult{trial(""), trial(""), trial("")}),
		trial(string(metrics.CauseSelection)),
	}}
	cr.Summarise(nil, false)
	return &Report{Configs: []*ConfigResult{cr}}
}

func TestTrialAggregate(t *testing.T) {
	a := trialReport().Configs[0].Metrics
	// pass@1 = mean(1/3, 1, 0); pass^2 over the two 3-trial cases: mean(0, 1).
	if v := MetricValue(&a, "pass_at_1"); v == nil || math.Abs(*v-(1.0/3+1)/3) > 1e-12 {
		t.Errorf("pass_at_1 = %v", v)
	}
	if v := MetricValue(&a, "pass_hat_2"); v == nil || math.Abs(*v-0.5) > 1e-12 {
		t.Errorf("pass_hat_2 = %v", v)
	}
	if v := MetricValue(&a, "pass_at_2"); v == nil || math.Abs(*v-(2.0/3+1)/2) > 1e-12 {
		t.Errorf("pass_at_2 = %v", v)
	}
	if MetricValue(&a, "pass_at_4") != nil {
		t.Error("pass_at_4 measured, but no case has 4 trials")
	}
	if a.Trials.Flaky != 1 || a.Trials.MaxTrials != 3 {
		t.Errorf("trials = %+v", a.Trials)
	}
	b, _ := json.Marshal(a.Trials.Outcomes)
	if string(b) != `[{"trials":1,"passed":0,"cases":1},{"trials":3,"passed":1,"cases":1},{"trials":3,"passed":3,"cases":1}]` {
		t.Errorf("outcomes = %s", b)
	}
}

func TestParseTrialThresholds(t *testing.T) {
	for _, tc := range []struct {
		spec, err string
	}{
		{"pass_at_1=0.9", ""},
		{"pass_hat_3=0.5", ""},
		{"pass_hat_12=0", ""},
		{"pass_at_0=0.5", "k must be a whole number ≥ 1"},
		{"pass_hat_00=0.5", "k must be a whole number ≥ 1"},
		{"pass_at_99999999999999999999=0.5", "k must be a whole number ≥ 1"},
		{"pass_hat_3=1.5", "share in [0, 1]"},
		{"pass_at_=0.5", "unknown metric"},
		{"pass_at_x=0.5", "unknown metric"},
		{"pass_hat_-1=0.5", "unknown metric"},
		{"pass_at_K=0.5", "unknown metric"},
	} {
		_, err := ParseThreshold(tc.spec)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("ParseThreshold(%q): %v", tc.spec, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseThreshold(%q) = %v, want %q", tc.spec, err, tc.err)
		}
	}
	_, err := ParseThreshold("pass_at_x=1")
	if err == nil || !strings.Contains(err.Error(), "pass_at_K, pass_hat_K") {
		t.Errorf("the unknown-metric message does not list the families: %v", err)
	}
}

func TestGateOnPassHat(t *testing.T) {
	parse := func(s string) Threshold {
		th, err := ParseThreshold(s)
		if err != nil {
			t.Fatal(err)
		}
		return th
	}
	// pass^2 = 0.5: a bound of 0.5 passes, 0.6 fails.
	v := Gate{Min: []Threshold{parse("pass_hat_2=0.5"), parse("pass_at_3=1")}}.Check(trialReport(), nil)
	if !v.Passed {
		t.Errorf("gate failed: %v", v.Problems())
	}
	v = Gate{Min: []Threshold{parse("pass_hat_2=0.6")}}.Check(trialReport(), nil)
	if v.Passed || len(v.Regressions) != 1 || v.Regressions[0].Metric != "pass_hat_2" || v.Regressions[0].Current != 0.5 {
		t.Errorf("pass_hat_2=0.6 on 0.5: %+v", v)
	}
	if got := v.Regressions[0].String(); !strings.Contains(got, "pass_hat_2 0.5000 < min 0.6000") {
		t.Errorf("message %q", got)
	}
	// No case has 4 trials: an error, not a note, even without
	// RequireMeasured.
	v = Gate{Min: []Threshold{parse("pass_hat_4=0")}}.Check(trialReport(), nil)
	if v.Passed || len(v.Errors) != 1 || !strings.Contains(v.Errors[0], "pass_hat_4 could not be measured (it needs cases with at least 4 trials") {
		t.Errorf("unmeasurable pass_hat_4: %+v", v)
	}
	// Against a baseline: a drop of pass^2 from 1 to 0.5.
	base := trialReport()
	for _, r := range base.Configs[0].Results[:1] {
		for _, tr := range r.Trials {
			tr.Passed, tr.Cause = true, ""
		}
		r.Passed, r.Cause = true, ""
	}
	base.Configs[0].Summarise(nil, false)
	v = Gate{MaxDrop: []Threshold{parse("pass_hat_2=0.1")}}.Check(trialReport(), base)
	if v.Passed || len(v.Regressions) != 1 || v.Regressions[0].Kind != KindDrop || v.Regressions[0].Baseline != 1 {
		t.Errorf("drop of pass_hat_2: %+v", v)
	}
}
