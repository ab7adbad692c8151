package tune

import (
	"math"
	"slices"
	"sync"

	"github.com/tooleval/tooleval/retrieval"
)

// caseVals are one case's metrics at one k.
type caseVals struct {
	recall, comp, ndcg, prec float64
	noise                    float64
	injected, tokens         float64
	scored                   bool
}

// evalReq is what evaluate scores: a point (its K ignored) at every k of
// ks, on the given cases, with the always-include candidates of the run.
type evalReq struct {
	p      Point
	cases  []int
	ks     []int
	always []string
	budget int
	tokens bool // count tokens (needed for budget)
}

// evaluate scores a point at every k of req.ks from one ranking per case.
func (e *engine) evaluate(req evalReq) ([]Score, error) {
	if req.p.FeedbackDocs > 0 {
		// Feedback re-runs each query with terms from its first results:
		// the one-pass rescoring below cannot express it, the index can.
		return e.verify(req.p.config(e.base, req.always), req.cases, req.ks, req.budget)
	}
	kmax := slices.Max(req.ks)
	needTokens := req.tokens || req.budget > 0
	// Analyses and field scores per catalog used by the cases.
	type catState struct {
		a      *analysis
		fs     [][]float64
		always []int32
	}
	states := make([]*catState, len(e.cats))
	for _, ci := range req.cases {
		cat := e.cases[ci].cat
		if states[cat] != nil {
			continue
		}
		a, err := e.analysis(cat, req.p.Analyzer)
		if err != nil {
			return nil, err
		}
		st := &catState{a: a}
		if req.p.Similarity == retrieval.SimilarityBM25 {
			st.fs = e.fieldScores(a, req.p.K1, req.p.fieldBs())
		}
		cd := e.cats[cat]
		for _, name := range req.always[:min(req.p.Always, len(req.always))] {
			if id, ok := cd.byName[name]; ok && !slices.Contains(st.always, id) {
				st.always = append(st.always, id)
			}
		}
		if needTokens {
			if _, err := e.costs(cat); err != nil {
				return nil, err
			}
		}
		states[cat] = st
	}
	vals := make([]caseVals, len(req.cases)*len(req.ks))
	work := func(lo, hi int, r *ranker) {
		for i := lo; i < hi; i++ {
			c := e.cases[req.cases[i]]
			st := states[c.cat]
			var cd *catData
			if needTokens {
				cd = e.cats[c.cat]
			}
			q := st.a.q[req.cases[i]]
			var fs []float64
			if st.fs != nil {
				fs = st.fs[req.cases[i]]
			}
			r.rank(c, q, r.candScores(st.a, q, fs, &req.p, len(e.cats[c.cat].tools)), st.always, kmax)
			r.measure(c, cd, req.ks, req.budget, vals[i*len(req.ks):(i+1)*len(req.ks)])
		}
	}
	jobs := min(e.jobs, max(1, len(req.cases)/64))
	if jobs <= 1 {
		work(0, len(req.cases), &ranker{})
	} else {
		var wg sync.WaitGroup
		per := (len(req.cases) + jobs - 1) / jobs
		for lo := 0; lo < len(req.cases); lo += per {
			wg.Add(1)
			go func(lo, hi int) {
				defer wg.Done()
				work(lo, hi, &ranker{})
			}(lo, min(lo+per, len(req.cases)))
		}
		wg.Wait()
	}
	// Sum in case order, whatever the number of workers.
	out := make([]Score, len(req.ks))
	for ki, k := range req.ks {
		s := Score{K: k, Cases: len(req.cases)}
		for i := range req.cases {
			v := vals[i*len(req.ks)+ki]
			if v.scored {
				s.Scored++
				s.Recall += v.recall
				s.Comp += v.comp
				s.NDCG += v.ndcg
				s.Precision += v.prec
			}
			s.Noise += v.noise
			s.Injected += v.injected
			s.Tokens += v.tokens
		}
		finish(&s)
		out[ki] = s
	}
	return out, nil
}

// finish turns the sums of a Score into means.
func finish(s *Score) {
	if s.Scored > 0 {
		n := float64(s.Scored)
		s.Recall /= n
		s.Comp /= n
		s.NDCG /= n
		s.Precision /= n
	}
	if s.Cases > 0 {
		n := float64(s.Cases)
		s.Noise /= n
		s.Injected /= n
		s.Tokens /= n
	}
}

// ranker holds one worker's scratch space.
type ranker struct {
	top    []int32   // ranked tools, best first
	scores []float64 // their scores
	list   []int32   // injected order: tuned always-include, then top
	cand   []float64 // score of each candidate of the current case
	bm25f  bm25fScratch
}

// rank puts the best kmax candidates (by score, then catalog order) that
// score above 0 and are not always-include into r.top, and the tuned
// always-include tools the case does not already have in front of them
// into r.list.
func (r *ranker) rank(c *ecase, q *qmatch, cand []float64, always []int32, kmax int) {
	r.top, r.scores = r.top[:0], r.scores[:0]
	for i, id := range q.cands {
		s := cand[i]
		if s <= 0 {
			continue
		}
		if len(r.top) == kmax && s <= r.scores[kmax-1] {
			continue // ties keep the earlier (lower id) tool
		}
		if slices.Contains(c.always, id) || slices.Contains(always, id) {
			continue
		}
		// Insert after every tool with a score ≥ s.
		j := len(r.top)
		for j > 0 && r.scores[j-1] < s {
			j--
		}
		if len(r.top) < kmax {
			r.top = append(r.top, 0)
			r.scores = append(r.scores, 0)
		}
		copy(r.top[j+1:], r.top[j:len(r.top)-1])
		copy(r.scores[j+1:], r.scores[j:len(r.scores)-1])
		r.top[j], r.scores[j] = id, s
	}
	r.list = r.list[:0]
	for _, id := range always {
		if !slices.Contains(c.always, id) {
			r.list = append(r.list, id)
		}
	}
	r.list = append(r.list, r.top...)
}

// measure fills out[i] with the case's metrics at ks[i].
func (r *ranker) measure(c *ecase, cd *catData, ks []int, budget int, out []caseVals) {
	fixed := len(r.list) - len(r.top) // tuned always-include tools in front
	var baseTokens int
	if cd != nil {
		baseTokens = cd.envelope
		for _, id := range c.always {
			baseTokens += cd.costs[id]
		}
	}
	for ki, k := range ks {
		cut := fixed + k
		n := min(cut, len(r.list))
		tokens := baseTokens
		if cd != nil {
			for i := 0; i < n; i++ {
				cost := cd.costs[r.list[i]]
				if budget > 0 && tokens+cost > budget {
					n = i
					break
				}
				tokens += cost
			}
		}
		injected := r.list[:n]
		v := caseVals{tokens: float64(tokens), injected: float64(len(c.always) + n)}
		if len(c.gold) > 0 {
			v.scored = true
			hits := 0
			var dcg float64
			for i, id := range injected {
				if slices.Contains(c.gold, id) {
					hits++
					dcg += 1 / math.Log2(float64(i)+2)
				}
			}
			var ideal float64
			for i := 1; i <= min(len(c.gold), cut); i++ {
				ideal += 1 / math.Log2(float64(i)+1)
			}
			v.recall = float64(hits) / float64(len(c.gold))
			if hits == len(c.gold) {
				v.comp = 1
			}
			v.ndcg = dcg / ideal
			v.prec = float64(hits) / float64(cut)
		}
		if total := len(c.always) + n; total > 0 {
			nonGold := 0
			for _, id := range c.always {
				if !slices.Contains(c.goldAll, id) {
					nonGold++
				}
			}
			for _, id := range injected {
				if !slices.Contains(c.goldAll, id) {
					nonGold++
				}
			}
			v.noise = float64(nonGold) / float64(total)
		}
		out[ki] = v
	}
}
