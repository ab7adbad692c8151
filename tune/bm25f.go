package tune

import "github.com/tooleval/tooleval/retrieval"

// bm25fScratch is per-worker space for BM25F rescoring.
type bm25fScratch struct {
	df   []int
	last []int32
	idfw []float64
	x    []float64
}

// candScores returns the score of every candidate of q under point p, with
// the formula of the point's similarity (see retrieval.Terms): from the
// per-field scores fs for the sum of per-field BM25, from the matches for
// BM25F. ntools is the size of the catalog.
func (r *ranker) candScores(a *analysis, q *qmatch, fs []float64, p *Point, ntools int) []float64 {
	r.cand = r.cand[:0]
	if p.Similarity == retrieval.SimilarityBM25 {
		for i := range q.cands {
			var s float64
			for f, x := range fs[i*numFields : (i+1)*numFields] {
				if x != 0 {
					s += p.Weights[f] * x
				}
			}
			r.cand = append(r.cand, s)
		}
		return r.cand
	}
	// BM25F: a term's document frequency counts the tools holding it in
	// any field with a weight above 0, over the whole catalog (every such
	// tool is a candidate).
	sc := &r.bm25f
	nq := len(q.qweight)
	sc.df = resize(sc.df, nq)
	sc.last = resize(sc.last, nq)
	sc.idfw = resize(sc.idfw, nq)
	sc.x = resize(sc.x, nq)
	for t := range sc.df {
		sc.df[t], sc.last[t] = 0, -1
	}
	w := &p.Weights
	for i := range q.cands {
		for _, m := range q.ms[q.off[i]:q.off[i+1]] {
			if w[m.field] <= 0 {
				continue
			}
			if t := q.qterm[m.term]; sc.last[t] != int32(i) {
				sc.last[t] = int32(i)
				sc.df[t]++
			}
		}
	}
	for t := range sc.idfw {
		sc.idfw[t] = retrieval.IDF(float64(sc.df[t]), float64(ntools)) * q.qweight[t]
	}
	for i := range q.cands {
		clear(sc.x)
		for _, m := range q.ms[q.off[i]:q.off[i+1]] {
			f := int(m.field)
			if w[f] <= 0 {
				continue
			}
			sc.x[q.qterm[m.term]] += retrieval.WeightedTF(w[f], float64(m.tf), float64(m.dl), a.avgdl[f], p.bOf(f))
		}
		var s float64
		for t, x := range sc.x {
			if x > 0 {
				s += sc.idfw[t] * retrieval.Saturate(x, p.K1)
			}
		}
		r.cand = append(r.cand, s)
	}
	return r.cand
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
