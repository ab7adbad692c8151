package metrics

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

const eps = 1e-12

// TestPassEstimatorsHandComputed checks both estimators against values
// worked out by hand from the binomial formulas.
func TestPassEstimatorsHandComputed(t *testing.T) {
	tests := []struct {
		name      string
		n, c, k   int
		at, hat   float64
		undefined bool
	}{
		// 1 − C(2,2)/C(3,2) = 1 − 1/3; C(1,2) = 0.
		{name: "n3 c1 k2", n: 3, c: 1, k: 2, at: 2.0 / 3, hat: 0},
		{name: "n3 c1 k1 is the pass rate", n: 3, c: 1, k: 1, at: 1.0 / 3, hat: 1.0 / 3},
		// C(2,3) = 0 → pass@3 = 1; C(1,3) = 0.
		{name: "n3 c1 k=n", n: 3, c: 1, k: 3, at: 1, hat: 0},
		// C(1,2) = 0 → 1; C(2,2)/C(3,2) = 1/3.
		{name: "n3 c2 k2", n: 3, c: 2, k: 2, at: 1, hat: 1.0 / 3},
		// 1 − C(3,3)/C(5,3) = 1 − 1/10.
		{name: "n5 c2 k3", n: 5, c: 2, k: 3, at: 0.9, hat: 0},
		// 1 − C(3,2)/C(8,2) = 1 − 3/28; C(5,2)/C(8,2) = 10/28.
		{name: "n8 c5 k2", n: 8, c: 5, k: 2, at: 25.0 / 28, hat: 10.0 / 28},
		// C(7,4)/C(10,4) = 35/210.
		{name: "n10 c7 k4", n: 10, c: 7, k: 4, at: 1, hat: 1.0 / 6},
		{name: "c=0", n: 4, c: 0, k: 2, at: 0, hat: 0},
		{name: "c=0 k=n", n: 4, c: 0, k: 4, at: 0, hat: 0},
		{name: "c=n", n: 4, c: 4, k: 3, at: 1, hat: 1},
		{name: "c=n k=n", n: 4, c: 4, k: 4, at: 1, hat: 1},
		{name: "one trial passed", n: 1, c: 1, k: 1, at: 1, hat: 1},
		{name: "one trial failed", n: 1, c: 0, k: 1, at: 0, hat: 0},
		{name: "k>n", n: 3, c: 1, k: 4, undefined: true},
		{name: "k=0", n: 3, c: 1, k: 0, undefined: true},
		{name: "c>n", n: 3, c: 4, k: 1, undefined: true},
		{name: "c<0", n: 3, c: -1, k: 1, undefined: true},
		{name: "n=0", n: 0, c: 0, k: 1, undefined: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at, okAt := PassAt(tt.n, tt.c, tt.k)
			hat, okHat := PassHat(tt.n, tt.c, tt.k)
			if tt.undefined {
				if okAt || okHat {
					t.Fatalf("PassAt/PassHat(%d,%d,%d) defined (%v %v), want undefined", tt.n, tt.c, tt.k, at, hat)
				}
				return
			}
			if !okAt || !okHat {
				t.Fatalf("PassAt/PassHat(%d,%d,%d) undefined", tt.n, tt.c, tt.k)
			}
			if math.Abs(at-tt.at) > eps {
				t.Errorf("pass@%d = %v, want %v", tt.k, at, tt.at)
			}
			if math.Abs(hat-tt.hat) > eps {
				t.Errorf("pass^%d = %v, want %v", tt.k, hat, tt.hat)
			}
		})
	}
}

// TestPassEstimatorsMatchEnumeration compares the estimators with their
// definition: over every k-subset of the n trials, the share with at least
// one pass (pass@k) and with only passes (pass^k), for every arrangement
// size up to n = 9.
func TestPassEstimatorsMatchEnumeration(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for c := 0; c <= n; c++ {
			// Trials 0…c−1 passed, the rest failed.
			for k := 1; k <= n; k++ {
				var subsets, any, all int
				for mask := 0; mask < 1<<n; mask++ {
					if popcount(mask) != k {
						continue
					}
					subsets++
					passes := popcount(mask & (1<<c - 1))
					if passes > 0 {
						any++
					}
					if passes == k {
						all++
					}
				}
				at, _ := PassAt(n, c, k)
				hat, _ := PassHat(n, c, k)
				if want := float64(any) / float64(subsets); math.Abs(at-want) > eps {
					t.Errorf("n=%d c=%d: pass@%d = %v, enumeration gives %v", n, c, k, at, want)
				}
				if want := float64(all) / float64(subsets); math.Abs(hat-want) > eps {
					t.Errorf("n=%d c=%d: pass^%d = %v, enumeration gives %v", n, c, k, hat, want)
				}
			}
		}
	}
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestPassEstimatorsLargeN: the product form does not overflow where
// factorials would.
func TestPassEstimatorsLargeN(t *testing.T) {
	at, ok := PassAt(1000, 500, 500)
	if !ok || math.Abs(at-1) > eps {
		t.Errorf("pass@500 of 1000 with 500 passes = %v, %v; want 1", at, ok)
	}
	hat, ok := PassHat(1000, 999, 2)
	if want := 999.0 / 1000 * 998 / 999; !ok || math.Abs(hat-want) > eps {
		t.Errorf("pass^2 = %v, want %v", hat, want)
	}
	if math.IsNaN(at) || math.IsNaN(hat) {
		t.Error("NaN")
	}
}

func TestTrialsAggregate(t *testing.T) {
	var tr Trials
	// Two single-trial cases (one passed), one flaky case 1 of 3, one case
	// 3 of 3.
	for _, o := range [][2]int{{1, 1}, {3, 1}, {1, 0}, {3, 3}} {
		if err := tr.Add(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	tr.Derive()
	if tr.Cases != 4 || tr.TrialsSum != 8 || tr.Passes != 5 || tr.MaxTrials != 3 || tr.Flaky != 1 {
		t.Fatalf("counts = %+v", tr)
	}
	wantOutcomes := []TrialOutcome{{1, 0, 1}, {1, 1, 1}, {3, 1, 1}, {3, 3, 1}}
	if len(tr.Outcomes) != len(wantOutcomes) {
		t.Fatalf("outcomes = %v, want %v", tr.Outcomes, wantOutcomes)
	}
	for i := range wantOutcomes {
		if tr.Outcomes[i] != wantOutcomes[i] {
			t.Fatalf("outcomes = %v, want %v", tr.Outcomes, wantOutcomes)
		}
	}
	// k=1: mean of 1, 1/3, 0, 1 over 4 cases; k=2 and 3: the two 3-trial
	// cases only (pass@2 = 2/3 and 1; pass^2 = 0 and 1).
	want := []struct {
		k, cases int
		at, hat  float64
	}{
		{1, 4, (1 + 1.0/3 + 0 + 1) / 4, (1 + 1.0/3 + 0 + 1) / 4},
		{2, 2, (2.0/3 + 1) / 2, (0 + 1) / 2.0},
		{3, 2, (1 + 1) / 2.0, (0 + 1) / 2.0},
	}
	if len(tr.PassAt) != 3 || len(tr.PassHat) != 3 {
		t.Fatalf("k range = %d, %d; want 3", len(tr.PassAt), len(tr.PassHat))
	}
	for _, w := range want {
		a, h := tr.PassAt[w.k-1], tr.PassHat[w.k-1]
		if a.K != w.k || a.Cases != w.cases || math.Abs(a.Value-w.at) > eps {
			t.Errorf("pass@%d = %+v, want %d cases, %v", w.k, a, w.cases, w.at)
		}
		if h.K != w.k || h.Cases != w.cases || math.Abs(h.Value-w.hat) > eps {
			t.Errorf("pass^%d = %+v, want %d cases, %v", w.k, h, w.cases, w.hat)
		}
		if v := tr.At(w.k); v == nil || *v != a.Value {
			t.Errorf("At(%d) = %v", w.k, v)
		}
		if v := tr.Hat(w.k); v == nil || *v != h.Value {
			t.Errorf("Hat(%d) = %v", w.k, v)
		}
	}
	for _, k := range []int{0, 4, -1} {
		if tr.At(k) != nil || tr.Hat(k) != nil {
			t.Errorf("k=%d: measured, want nil (no case has %d trials)", k, k)
		}
	}
}

func TestTrialsAddRejects(t *testing.T) {
	for _, o := range [][2]int{{0, 0}, {2, 3}, {2, -1}, {-1, 0}} {
		var tr Trials
		if err := tr.Add(o[0], o[1]); err == nil {
			t.Errorf("Add(%d, %d) accepted", o[0], o[1])
		}
		if tr.Cases != 0 || len(tr.Outcomes) != 0 {
			t.Errorf("Add(%d, %d) counted a case", o[0], o[1])
		}
	}
}

func TestTrialsEmpty(t *testing.T) {
	var tr Trials
	tr.Derive()
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"cases":0,"trials":0,"passes":0,"max_trials":0,"flaky":0,"outcomes":[],"pass_at":[],"pass_hat":[]}`
	if string(b) != want {
		t.Errorf("empty = %s, want %s", b, want)
	}
	if tr.At(1) != nil {
		t.Error("pass@1 of no case is measured")
	}
}

// TestTrialsOrderIndependent: adding the same cases in any order, or in
// two halves merged by adding again, gives the same JSON byte for byte —
// what merging shards relies on.
func TestTrialsOrderIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for range 200 {
		var cases [][2]int
		for range 1 + rng.IntN(30) {
			n := 1 + rng.IntN(6)
			cases = append(cases, [2]int{n, rng.IntN(n + 1)})
		}
		var a Trials
		for _, c := range cases {
			a.Add(c[0], c[1])
		}
		a.Derive()
		rng.Shuffle(len(cases), func(i, j int) { cases[i], cases[j] = cases[j], cases[i] })
		var b Trials
		for _, c := range cases {
			b.Add(c[0], c[1])
		}
		b.Derive()
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Fatalf("order changed the result:\n%s\n%s", ja, jb)
		}
		// Monotone in k: pass@k never falls, pass^k never rises.
		for k := 1; k < len(a.PassAt); k++ {
			if a.PassAt[k].Cases == a.PassAt[k-1].Cases {
				if a.PassAt[k].Value < a.PassAt[k-1].Value-eps || a.PassHat[k].Value > a.PassHat[k-1].Value+eps {
					t.Fatalf("not monotone at k=%d: %s", k+1, ja)
				}
			}
		}
	}
}
