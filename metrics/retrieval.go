package metrics

import "math"

// Retrieval metrics for one query: ranked is what a retriever returned, in
// rank order; gold is the set of tools the query needs. Duplicates in
// ranked count once (at their first rank); an empty gold set scores 0 on
// every metric, since there is nothing to find.

// RecallAt is |top-k ∩ gold| / |gold|.
func RecallAt(ranked, gold []string, k int) float64 {
	g := goldSet(gold)
	if len(g) == 0 {
		return 0
	}
	return float64(hitsAt(ranked, g, k)) / float64(len(g))
}

// CompleteAt (COMP@k) is 1 when every gold tool is in the top k, else 0.
func CompleteAt(ranked, gold []string, k int) float64 {
	g := goldSet(gold)
	if len(g) == 0 {
		return 0
	}
	if hitsAt(ranked, g, k) == len(g) {
		return 1
	}
	return 0
}

// PrecisionAt is |top-k ∩ gold| / k.
func PrecisionAt(ranked, gold []string, k int) float64 {
	g := goldSet(gold)
	if len(g) == 0 || k <= 0 {
		return 0
	}
	return float64(hitsAt(ranked, g, k)) / float64(k)
}

// NDCGAt is the normalised discounted cumulative gain at k with binary
// relevance: DCG = Σ 1/log2(rank+1) over gold tools in the top k, divided by
// the DCG of an ideal ranking with min(|gold|, k) hits at the top.
func NDCGAt(ranked, gold []string, k int) float64 {
	g := goldSet(gold)
	if len(g) == 0 || k <= 0 {
		return 0
	}
	var dcg float64
	seen := map[string]bool{}
	rank := 0
	for _, r := range ranked {
		if seen[r] {
			continue
		}
		seen[r] = true
		rank++
		if rank > k {
			break
		}
		if g[r] {
			dcg += 1 / math.Log2(float64(rank)+1)
		}
	}
	var ideal float64
	for i := 1; i <= min(len(g), k); i++ {
		ideal += 1 / math.Log2(float64(i)+1)
	}
	return dcg / ideal
}

// RetrievalScores are the averages of the per-query metrics at one k.
type RetrievalScores struct {
	K         int     `json:"k"`
	Queries   int     `json:"queries"`
	Recall    float64 `json:"recall"`
	Complete  float64 `json:"comp"`
	NDCG      float64 `json:"ndcg"`
	Precision float64 `json:"precision"`
}

// RetrievalCase is one query's result and its gold tools.
type RetrievalCase struct {
	Ranked []string
	Gold   []string
}

// AverageRetrieval averages Recall@k, COMP@k, NDCG@k and P@k over the
// cases, one RetrievalScores per k in ks (in that order). Zero cases give
// zero scores.
func AverageRetrieval(cases []RetrievalCase, ks ...int) []RetrievalScores {
	out := make([]RetrievalScores, len(ks))
	for i, k := range ks {
		s := RetrievalScores{K: k, Queries: len(cases)}
		for _, c := range cases {
			s.Recall += RecallAt(c.Ranked, c.Gold, k)
			s.Complete += CompleteAt(c.Ranked, c.Gold, k)
			s.NDCG += NDCGAt(c.Ranked, c.Gold, k)
			s.Precision += PrecisionAt(c.Ranked, c.Gold, k)
		}
		if n := float64(len(cases)); n > 0 {
			s.Recall /= n
			s.Complete /= n
			s.NDCG /= n
			s.Precision /= n
		}
		out[i] = s
	}
	return out
}

func goldSet(gold []string) map[string]bool {
	g := make(map[string]bool, len(gold))
	for _, x := range gold {
		g[x] = true
	}
	return g
}

// hitsAt counts distinct gold tools among the first k distinct entries.
func hitsAt(ranked []string, g map[string]bool, k int) int {
	seen := make(map[string]bool, min(k, len(ranked))) // k may be huge: "all"
	n, rank := 0, 0
	for _, r := range ranked {
		if rank >= k {
			break
		}
		if seen[r] {
			continue
		}
		seen[r] = true
		rank++
		if g[r] {
			n++
		}
	}
	return n
}
