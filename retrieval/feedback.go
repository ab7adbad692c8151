package retrieval

import (
	"sort"
)

// Feedback defaults (Config.FeedbackTerms, FeedbackWeight).
const (
	DefaultFeedbackTerms  = 10
	DefaultFeedbackWeight = 0.3
)

// feedback is RM3-style pseudo-relevance feedback: the query is run, the
// FeedbackDocs best tools are taken as relevant, and the FeedbackTerms
// terms with the highest relevance-model weight
//
//	w(t) = Σ_d s(d)/Σs · tf_d(t)/|d|
//
// (s the first-pass score, tf the field-weighted term frequency over the
// tool's indexed fields, |d| its total) are mixed into the query: with λ =
// FeedbackWeight, a term's new weight is (1−λ)·q(t) + λ·W·w(t)/Σw, W the
// sum of the original weights, so the query keeps its total weight. It
// returns terms unchanged when feedback is off or nothing matched.
func (ix *Index) feedback(terms []queryTerm, acc *accumulator) []queryTerm {
	m := ix.cfg.FeedbackDocs
	if m <= 0 || len(terms) == 0 {
		return terms
	}
	nTerms := ix.cfg.FeedbackTerms
	if nTerms <= 0 {
		nTerms = DefaultFeedbackTerms
	}
	lambda := ix.cfg.FeedbackWeight
	if lambda <= 0 {
		lambda = DefaultFeedbackWeight
	}
	if !ix.accumulate(acc, terms) {
		acc.reset()
		return terms
	}
	top := acc.top(m, nil, nil)
	acc.reset()
	sort.Slice(top, func(a, b int) bool {
		if top[a].score != top[b].score {
			return top[a].score > top[b].score
		}
		return top[a].ord < top[b].ord
	})
	var total float64
	for _, h := range top {
		total += h.score
	}
	rel := map[string]float64{}
	for _, h := range top {
		t := &ix.tools[h.ord]
		tf := map[string]float64{}
		var length float64
		for _, f := range ix.fields {
			for _, term := range ix.fieldTerms(t, ix.nested(t), f.name) {
				tf[term] += f.weight
				length += f.weight
			}
		}
		for term, x := range tf {
			rel[term] += h.score / total * x / length
		}
	}
	cands := make([]string, 0, len(rel))
	for term := range rel {
		cands = append(cands, term)
	}
	sort.Slice(cands, func(a, b int) bool {
		if rel[cands[a]] != rel[cands[b]] {
			return rel[cands[a]] > rel[cands[b]]
		}
		return cands[a] < cands[b]
	})
	cands = cands[:min(nTerms, len(cands))]
	var sumQ, sumW float64
	for _, t := range terms {
		sumQ += t.weight
	}
	for _, c := range cands {
		sumW += rel[c]
	}
	out := make([]queryTerm, len(terms), len(terms)+len(cands))
	at := map[string]int{}
	for i, t := range terms {
		t.weight *= 1 - lambda
		out[i] = t
		at[t.term] = i
	}
	for _, c := range cands {
		w := lambda * sumQ * rel[c] / sumW
		if i, ok := at[c]; ok {
			out[i].weight += w
			continue
		}
		out = append(out, queryTerm{term: c, weight: w, expanded: true})
	}
	return out
}
