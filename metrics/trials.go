package metrics

import (
	"fmt"
	"slices"
)

// PassAt is the unbiased estimator of pass@k for one case recorded n times
// with c successes: the probability that at least one of k trials drawn
// without replacement from the n passes,
//
//	pass@k = 1 − C(n−c, k) / C(n, k).
//
// ok is false when the value is not defined: k < 1, k > n (a case with
// fewer than k trials says nothing about k of them), or c outside 0…n.
func PassAt(n, c, k int) (v float64, ok bool) {
	if !validTrials(n, c, k) {
		return 0, false
	}
	return 1 - ratio(n-c, n, k), true
}

// PassHat is the unbiased estimator of pass^k (τ-bench's "pass hat k") for
// one case recorded n times with c successes: the probability that all of
// k trials drawn without replacement from the n pass,
//
//	pass^k = C(c, k) / C(n, k).
//
// ok is false under the same conditions as PassAt.
func PassHat(n, c, k int) (v float64, ok bool) {
	if !validTrials(n, c, k) {
		return 0, false
	}
	return ratio(c, n, k), true
}

func validTrials(n, c, k int) bool { return k >= 1 && k <= n && c >= 0 && c <= n }

// ratio is C(m, k) / C(n, k) for 0 ≤ m ≤ n and 1 ≤ k ≤ n, as the product
// of (m−i)/(n−i) for i < k: no factorial is formed, so it does not overflow
// for any n; it is 0 when m < k.
func ratio(m, n, k int) float64 {
	if m < k {
		return 0
	}
	r := 1.0
	for i := range k {
		r *= float64(m-i) / float64(n-i)
	}
	return r
}

// TrialOutcome counts the cases that were tried Trials times and passed
// Passed of them.
type TrialOutcome struct {
	Trials int `json:"trials"`
	Passed int `json:"passed"`
	Cases  int `json:"cases"`
}

// KEstimate is pass@k or pass^k at one k: the mean of the per-case
// estimates over the Cases cases with at least k trials.
type KEstimate struct {
	K     int     `json:"k"`
	Cases int     `json:"cases"`
	Value float64 `json:"value"`
}

// Trials sums up repeated trials over cases. Its sufficient statistics are
// the outcomes — how many cases had n trials and c successes — so the
// statistics of two disjoint sets of cases add up exactly (Add them case by
// case, in any order) and Derive gives the same estimates, bit for bit,
// whatever the order.
//
// A case with fewer than k trials is left out of pass@k and pass^k (the
// unbiased estimators are not defined for it); KEstimate.Cases says how
// many cases each k covers. Estimates run from k = 1 to MaxTrials, so
// every k listed covers at least one case.
type Trials struct {
	// Cases counts the cases added, TrialsSum their trials, Passes the
	// trials that passed.
	Cases     int `json:"cases"`
	TrialsSum int `json:"trials"`
	Passes    int `json:"passes"`
	// MaxTrials is the most trials any case had.
	MaxTrials int `json:"max_trials"`
	// Flaky counts the cases that both passed and failed (0 < c < n).
	Flaky int `json:"flaky"`
	// Outcomes are the sufficient statistics, sorted by Trials, then
	// Passed.
	Outcomes []TrialOutcome `json:"outcomes"`
	// PassAt and PassHat hold k = 1…MaxTrials (set by Derive).
	PassAt  []KEstimate `json:"pass_at"`
	PassHat []KEstimate `json:"pass_hat"`
}

// Add counts one case tried n times with c successes. It rejects n < 1 and
// c outside 0…n.
func (t *Trials) Add(n, c int) error {
	if n < 1 || c < 0 || c > n {
		return fmt.Errorf("%d successes out of %d trials", c, n)
	}
	t.Cases++
	t.TrialsSum += n
	t.Passes += c
	t.MaxTrials = max(t.MaxTrials, n)
	if c > 0 && c < n {
		t.Flaky++
	}
	i, found := slices.BinarySearchFunc(t.Outcomes, TrialOutcome{Trials: n, Passed: c}, compareOutcome)
	if found {
		t.Outcomes[i].Cases++
	} else {
		t.Outcomes = slices.Insert(t.Outcomes, i, TrialOutcome{Trials: n, Passed: c, Cases: 1})
	}
	return nil
}

func compareOutcome(a, b TrialOutcome) int {
	if a.Trials != b.Trials {
		return a.Trials - b.Trials
	}
	return a.Passed - b.Passed
}

// Derive computes PassAt and PassHat from the outcomes (empty slices when
// no case was added, so the JSON is [] rather than null).
func (t *Trials) Derive() {
	if t.Outcomes == nil {
		t.Outcomes = []TrialOutcome{}
	}
	t.PassAt = make([]KEstimate, 0, t.MaxTrials)
	t.PassHat = make([]KEstimate, 0, t.MaxTrials)
	for k := 1; k <= t.MaxTrials; k++ {
		var cases int
		var at, hat float64
		for _, o := range t.Outcomes {
			if o.Trials < k {
				continue
			}
			a, _ := PassAt(o.Trials, o.Passed, k)
			h, _ := PassHat(o.Trials, o.Passed, k)
			cases += o.Cases
			at += float64(o.Cases) * a
			hat += float64(o.Cases) * h
		}
		t.PassAt = append(t.PassAt, KEstimate{K: k, Cases: cases, Value: at / float64(cases)})
		t.PassHat = append(t.PassHat, KEstimate{K: k, Cases: cases, Value: hat / float64(cases)})
	}
}

// At returns pass@k, or nil when no case had k trials (or k < 1).
func (t *Trials) At(k int) *float64 { return estimate(t.PassAt, k) }

// Hat returns pass^k, or nil when no case had k trials (or k < 1).
func (t *Trials) Hat(k int) *float64 { return estimate(t.PassHat, k) }

func estimate(es []KEstimate, k int) *float64 {
	if k < 1 || k > len(es) {
		return nil
	}
	v := es[k-1].Value
	return &v
}
