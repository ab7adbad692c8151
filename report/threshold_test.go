package report

import (
	"testing"
)

// A threshold on a share (a rate, recall, noise…) over 1 could never fail
// (--max-drop recall=2, --min noise=5) or never pass: it is refused, while
// counts (tokens, parser failures) take any finite value ≥ 0.
func TestParseThresholdRange(t *testing.T) {
	for _, tc := range []struct {
		spec string
		ok   bool
	}{
		{"recall=1", true},
		{"recall=0", true},
		{"recall=1.5", false},
		{"noise=5", false},
		{"pass_rate=80", false},
		{"trajectory_success=2", false},
		{"wrong_argument_rate=1.01", false},
		{"injected_tokens=2500", true},
		{"noise_tokens=300", true},
		{"parser_failures=3", true},
		{"trajectory_injected_tokens=9000", true},
		{"recall=-0.1", false},
		{"recall=NaN", false},
		{"injected_tokens=Inf", false},
	} {
		_, err := ParseThreshold(tc.spec)
		if (err == nil) != tc.ok {
			t.Errorf("ParseThreshold(%q): err %v, want ok=%v", tc.spec, err, tc.ok)
		}
	}
}

// TestCompareNotRecorded: a case the baseline judged that the run could
// not (its recording under the strategy went away) is a change that says
// so, never a failure.
func TestCompareNotRecorded(t *testing.T) {
	cfg := Config{Name: "search:bm25 k=5", Key: "k1"}
	base := &Report{Configs: []*ConfigResult{{Config: cfg, Results: []*CaseResult{{ID: "a", Line: 1, Passed: true}}}}}
	cur := &Report{Configs: []*ConfigResult{{Config: cfg, Results: []*CaseResult{{ID: "a", Line: 1, NotRecorded: true}}}}}
	cmp := Compare(base, cur)
	if len(cmp.Changes) != 1 || cmp.Changes[0].Before != "passed" || cmp.Changes[0].After != "not recorded under the strategy" {
		t.Errorf("changes %+v", cmp.Changes)
	}
}

// TestCheckResultNotRecorded: a shard's result not recorded under its
// strategy is neither passed nor failed; one that says otherwise is
// refused.
func TestCheckResultNotRecorded(t *testing.T) {
	for _, tc := range []struct {
		r  CaseResult
		ok bool
	}{
		{CaseResult{Line: 1, NotRecorded: true}, true},
		{CaseResult{Line: 1, NotRecorded: true, Passed: true}, false},
		{CaseResult{Line: 1, NotRecorded: true, Cause: "retrieval_miss"}, false},
		{CaseResult{Line: 1}, false}, // failed without a cause
	} {
		if err := checkResult(&tc.r); (err == nil) != tc.ok {
			t.Errorf("%+v: %v", tc.r, err)
		}
	}
}
