package metrics

import (
	"math"
	"testing"
)

func TestRetrievalMetrics(t *testing.T) {
	// log2 discounts: rank1 1, rank2 1/log2(3), rank3 1/2, rank4 1/log2(5).
	d2, d3 := 1/math.Log2(3), 0.5
	tests := []struct {
		name                  string
		ranked, gold          []string
		k                     int
		recall, comp, ndcg, p float64
	}{
		{"first hit", []string{"a", "b", "c"}, []string{"a"}, 1, 1, 1, 1, 1},
		{"miss at 1", []string{"b", "a"}, []string{"a"}, 1, 0, 0, 0, 0},
		{"second rank", []string{"b", "a"}, []string{"a"}, 3, 1, 1, d2, 1.0 / 3},
		{"two gold one found", []string{"a", "x", "y"}, []string{"a", "b"}, 3, 0.5, 0, 1 / (1 + d2), 1.0 / 3},
		{"two gold both found late", []string{"x", "a", "b"}, []string{"a", "b"}, 3, 1, 1, (d2 + d3) / (1 + d2), 2.0 / 3},
		{"ideal capped at k", []string{"a", "x"}, []string{"a", "b", "c"}, 1, 1.0 / 3, 0, 1, 1},
		{"duplicates count once", []string{"a", "a", "b"}, []string{"a", "b"}, 2, 1, 1, 1, 1},
		{"fewer results than k", []string{"a"}, []string{"a"}, 10, 1, 1, 1, 0.1},
		{"empty ranked", nil, []string{"a"}, 5, 0, 0, 0, 0},
		{"empty gold", []string{"a"}, nil, 5, 0, 0, 0, 0},
		{"duplicate gold", []string{"a"}, []string{"a", "a"}, 1, 1, 1, 1, 1},
		{"k zero", []string{"a"}, []string{"a"}, 0, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check := func(what string, got, want float64) {
				t.Helper()
				if math.Abs(got-want) > 1e-12 {
					t.Errorf("%s@%d = %v, want %v", what, tc.k, got, want)
				}
			}
			check("Recall", RecallAt(tc.ranked, tc.gold, tc.k), tc.recall)
			check("COMP", CompleteAt(tc.ranked, tc.gold, tc.k), tc.comp)
			check("NDCG", NDCGAt(tc.ranked, tc.gold, tc.k), tc.ndcg)
			check("P", PrecisionAt(tc.ranked, tc.gold, tc.k), tc.p)
		})
	}
}

func TestAverageRetrieval(t *testing.T) {
	cases := []RetrievalCase{
		{Ranked: []string{"a", "b"}, Gold: []string{"a"}},
		{Ranked: []string{"x", "b"}, Gold: []string{"b", "c"}},
	}
	got := AverageRetrieval(cases, 1, 2)
	if len(got) != 2 || got[0].K != 1 || got[1].K != 2 || got[0].Queries != 2 {
		t.Fatalf("shape: %+v", got)
	}
	want1 := RetrievalScores{K: 1, Queries: 2, Recall: 0.5, Complete: 0.5, NDCG: 0.5, Precision: 0.5}
	if got[0] != want1 {
		t.Errorf("k=1: got %+v, want %+v", got[0], want1)
	}
	// k=2: recall (1 + 0.5)/2, comp (1+0)/2, precision (0.5+0.5)/2,
	// ndcg (1 + (1/log2 3)/(1+1/log2 3))/2.
	d2 := 1 / math.Log2(3)
	wantNDCG := (1 + d2/(1+d2)) / 2
	if math.Abs(got[1].Recall-0.75) > 1e-12 || got[1].Complete != 0.5 || got[1].Precision != 0.5 || math.Abs(got[1].NDCG-wantNDCG) > 1e-12 {
		t.Errorf("k=2: got %+v (want ndcg %v)", got[1], wantNDCG)
	}
	if z := AverageRetrieval(nil, 5); z[0] != (RetrievalScores{K: 5}) {
		t.Errorf("no cases: %+v", z[0])
	}
}

// Metrics stay in [0, 1] and never decrease with k (Recall, COMP).
func FuzzRetrievalMetrics(f *testing.F) {
	f.Add("abc", "ac", 2)
	f.Add("aab", "b", 1)
	f.Add("", "a", 3)
	f.Fuzz(func(t *testing.T, r, g string, k int) {
		if k < 0 || k > 50 {
			return
		}
		ranked, gold := split(r), split(g)
		for _, v := range []float64{RecallAt(ranked, gold, k), CompleteAt(ranked, gold, k), NDCGAt(ranked, gold, k), PrecisionAt(ranked, gold, k)} {
			if v < 0 || v > 1+1e-12 || math.IsNaN(v) {
				t.Fatalf("metric out of range: %v for %q %q k=%d", v, r, g, k)
			}
		}
		if RecallAt(ranked, gold, k+1) < RecallAt(ranked, gold, k) || CompleteAt(ranked, gold, k+1) < CompleteAt(ranked, gold, k) {
			t.Fatalf("recall/comp decreased with k for %q %q k=%d", r, g, k)
		}
	})
}

func split(s string) []string {
	var out []string
	for _, c := range s {
		out = append(out, string(c))
	}
	return out
}
