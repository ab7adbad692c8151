package retrieval

import (
	"math"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// descOnly indexes only the description field, without stop words or
// stemming, so scores can be worked out by hand.
func descOnly(extra ...Option) []Option {
	cfg := DefaultConfig()
	cfg.Analyzer = AnalyzerConfig{Normalize: NormalizeNone}
	cfg.Weights = map[string]float64{FieldDescription: 1}
	return append([]Option{WithConfig(cfg)}, extra...)
}

var handCorpus = []toolcall.Tool{
	{Name: "t1", Description: "read file"},              // dl 2
	{Name: "t2", Description: "write file file"},        // dl 3
	{Name: "t3", Description: "list directory entries"}, // dl 3
}

// TestBM25HandComputed checks scores against values worked out by hand:
// N = 3, avgdl = 8/3, k1 = 1.2, b = 0.75.
//
//	"file": n = 2, idf = ln(1 + 1.5/2.5) = ln 1.6
//	  t1: tf 1, dl 2: 1·2.2 / (1 + 1.2·(0.25 + 0.75·2·3/8)) = 2.2/1.975
//	  t2: tf 2, dl 3: 2·2.2 / (2 + 1.2·(0.25 + 0.75·3·3/8)) = 4.4/3.3125
//	"directory": n = 1, idf = ln(1 + 2.5/1.5) = ln(8/3)
//	  t3: tf 1, dl 3: 2.2 / (1 + 1.3125) = 2.2/2.3125
func TestBM25HandComputed(t *testing.T) {
	ix, err := New(handCorpus, descOnly()...)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	tests := []struct {
		query string
		want  []Hit
	}{
		{"file", []Hit{{Name: "t2", Score: 0.6243067075264112}, {Name: "t1", Score: 0.523548346501579}}},
		{"directory", []Hit{{Name: "t3", Score: 0.9331132352976423}}},
		{"file directory", []Hit{{Name: "t3", Score: 0.9331132352976423}, {Name: "t2", Score: 0.6243067075264112}, {Name: "t1", Score: 0.523548346501579}}},
		{"nothing matches", nil},
	}
	for _, tc := range tests {
		checkHits(t, ix, tc.query, tc.want, 1e-6)
	}
}

// bluge's stock IDF for "file" is ln(1 + (3-2) + 0.5/2.5) = ln 2.2 and its
// tf has no (k1+1) factor: t1 scores ln 2.2 · 1/(1 + 1.2·0.8125).
func TestStockBlugeSimilarity(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Analyzer = AnalyzerConfig{Normalize: NormalizeNone}
	cfg.Weights = map[string]float64{FieldDescription: 1}
	cfg.Similarity = SimilarityBluge
	ix, err := New(handCorpus, WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	got, err := ix.Search("file", 10)
	if err != nil {
		t.Fatal(err)
	}
	want := 0.3992189166401368
	for _, h := range got {
		if h.Name == "t1" && math.Abs(h.Score-want) > 1e-6 {
			t.Errorf("stock t1 = %v, want %v", h.Score, want)
		}
	}
	e, _ := ix.Explain("file", "t1")
	if math.Abs(e.Score-want) > 1e-6 {
		t.Errorf("stock explain t1 = %v, want %v", e.Score, want)
	}
}

func TestIDFSeparatesRareFromCommon(t *testing.T) {
	// In 1000 documents a term in 1 should weigh far more than one in 500.
	if r := IDF(1, 1000) / IDF(500, 1000); r < 5 {
		t.Errorf("IDF ratio rare/common = %.2f, want > 5", r)
	}
	if IDF(1000, 1000) <= 0 {
		t.Error("IDF must stay positive for a term in every document")
	}
	if got := TF(0, 10, 10, 1.2, 0.75); got != 0 {
		t.Errorf("TF(0) = %v", got)
	}
	// dl = avgdl: tf·(k1+1)/(tf+k1) for tf = 1 is exactly 1.
	if got := TF(1, 5, 5, 1.2, 0.75); math.Abs(got-1) > 1e-12 {
		t.Errorf("TF(1, dl=avgdl) = %v, want 1", got)
	}
}

func TestK1AndBChangeScores(t *testing.T) {
	score := func(k1, b float64) float64 {
		ix, err := New(handCorpus, descOnly(WithBM25(k1, b))...)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		h, _ := ix.Search("file", 1)
		return h[0].Score
	}
	// b = 0, k1 = 1.2: t2 (tf 2) scores ln1.6 · 2·2.2/(2+1.2).
	if got, want := score(1.2, 0), math.Log(1.6)*4.4/3.2; math.Abs(got-want) > 1e-6 {
		t.Errorf("b=0: %v, want %v", got, want)
	}
	// k1 = 0: tf is binary, score is idf.
	if got, want := score(0, 0.75), math.Log(1.6); math.Abs(got-want) > 1e-6 {
		t.Errorf("k1=0: %v, want %v", got, want)
	}
}

// checkHits searches ix for query (k 10) and compares names and scores
// (within tol) with want.
func checkHits(t *testing.T, ix *Index, query string, want []Hit, tol float64) {
	t.Helper()
	got, err := ix.Search(query, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%q: got %v, want %v", query, got, want)
	}
	for i := range got {
		if got[i].Name != want[i].Name || math.Abs(got[i].Score-want[i].Score) > tol {
			t.Errorf("%q hit %d: got %+v, want %+v", query, i, got[i], want[i])
		}
	}
}
