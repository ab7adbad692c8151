package retrieval

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// Hit is one tool chosen for a query.
type Hit struct {
	// Name is the tool name.
	Name string `json:"name"`
	// Score is the tool's BM25 score for the query (0 when an
	// always-include tool matches no query term).
	Score float64 `json:"score"`
	// Always is set for always-include tools.
	Always bool `json:"always"`
}

// Search returns the tools to inject for query: the always-include tools
// first, in the order given (duplicates dropped), then the k best-scoring
// other tools by descending score, ties in catalog order. The always list
// is the one passed here; Config.Always is only a default for callers such
// as the CLI. An always-include name that is not in the catalog is an error
// naming it. A query with no indexed term yields only the always-include
// tools.
func (ix *Index) Search(query string, k int, always ...string) ([]Hit, error) {
	if k < 0 {
		return nil, fmt.Errorf("retrieval: k must be ≥ 0, got %d", k)
	}
	var hits []Hit
	isAlways := map[string]bool{}
	for _, name := range always {
		if _, ok := ix.byName[name]; !ok {
			return nil, fmt.Errorf("retrieval: always-include tool %q is not in the catalog", name)
		}
		if isAlways[name] {
			continue
		}
		isAlways[name] = true
		hits = append(hits, Hit{Name: name, Always: true})
	}
	acc := ix.getAccumulator()
	defer ix.putAccumulator(acc)
	terms := ix.feedback(ix.analyzeQuery(query), acc)
	if !ix.accumulate(acc, terms) {
		acc.reset()
		return hits, nil
	}
	top := acc.top(k+len(hits)+tieSlack, isAlways, ix.byName)
	// Scores that are equal but for floating-point rounding (the same
	// terms summed in another order) tie, and ties go in catalog order.
	sort.SliceStable(top, func(a, b int) bool {
		sa, sb := tieKey(top[a].score), tieKey(top[b].score)
		if sa != sb {
			return sa > sb
		}
		return top[a].ord < top[b].ord
	})
	for _, r := range top[:min(k, len(top))] {
		hits = append(hits, Hit{Name: ix.tools[r.ord].Name, Score: r.score})
	}
	for i := range hits {
		if !hits[i].Always {
			break
		}
		hits[i].Score = acc.score[ix.byName[hits[i].Name]]
	}
	acc.reset()
	return hits, nil
}

// Matches reports whether any term of query (after analysis and
// expansion) is in the index. When it is not — a zero match — Search
// returns only the always-include tools whatever k: BM25 ranks only tools
// that share a term with the query, so k is an upper bound.
func (ix *Index) Matches(query string) bool {
	for _, t := range ix.analyzeQuery(query) {
		if _, ok := ix.terms[t.term]; ok && t.weight > 0 {
			return true
		}
	}
	return false
}

// accumulate adds every query term's impacts to acc; false when no query
// term is in the index.
func (ix *Index) accumulate(acc *accumulator, terms []queryTerm) bool {
	found := false
	for _, t := range terms {
		id, ok := ix.terms[t.term]
		if !ok || t.weight == 0 {
			continue
		}
		found = true
		p := &ix.post[id]
		for j, d := range p.docs {
			if acc.score[d] == 0 {
				acc.touched = append(acc.touched, d)
			}
			acc.score[d] += t.weight * p.impacts[j]
		}
	}
	return found
}

// accumulator is one search's scratch space: a score per tool and the
// tools touched.
type accumulator struct {
	score   []float64
	touched []int32
	best    []rankedHit
}

func (ix *Index) getAccumulator() *accumulator {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if n := len(ix.free); n > 0 {
		a := ix.free[n-1]
		ix.free = ix.free[:n-1]
		return a
	}
	return &accumulator{score: make([]float64, len(ix.tools))}
}

func (ix *Index) putAccumulator(a *accumulator) {
	ix.mu.Lock()
	ix.free = append(ix.free, a)
	ix.mu.Unlock()
}

func (a *accumulator) reset() {
	for _, d := range a.touched {
		a.score[d] = 0
	}
	a.touched = a.touched[:0]
}

// top returns the n best-scoring touched tools that are not always-include
// (by score, then catalog order), in no particular order.
func (a *accumulator) top(n int, skip map[string]bool, byName map[string]int) []rankedHit {
	best := a.best[:0]
	var skipOrd []int
	for name := range skip {
		skipOrd = append(skipOrd, byName[name])
	}
	if n <= 0 {
		return nil
	}
	worse := func(x, y rankedHit) bool { // x ranks below y
		return x.score < y.score || x.score == y.score && x.ord > y.ord
	}
	for _, d := range a.touched {
		h := rankedHit{ord: int(d), score: a.score[d]}
		if h.score <= 0 || len(best) == n && !worse(best[0], h) || containsInt(skipOrd, h.ord) {
			continue
		}
		// best is a min-heap on rank: best[0] is the worst kept.
		if len(best) < n {
			best = append(best, h)
			for c := len(best) - 1; c > 0; {
				p := (c - 1) / 2
				if !worse(best[c], best[p]) {
					break
				}
				best[c], best[p] = best[p], best[c]
				c = p
			}
			continue
		}
		best[0] = h
		for p := 0; ; {
			c := 2*p + 1
			if c >= len(best) {
				break
			}
			if c+1 < len(best) && worse(best[c+1], best[c]) {
				c++
			}
			if !worse(best[c], best[p]) {
				break
			}
			best[c], best[p] = best[p], best[c]
			p = c
		}
	}
	a.best = best
	return slices.Clone(best)
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// tieSlack is how many hits beyond k are fetched to order ties at the cut.
const tieSlack = 8

type rankedHit struct {
	ord   int
	score float64
}

// tieKey rounds a score to 9 significant digits, so that sums of the same
// terms in another order compare equal.
func tieKey(s float64) float64 {
	if s == 0 {
		return 0
	}
	e := math.Pow(10, 9-math.Ceil(math.Log10(math.Abs(s))))
	return math.Round(s*e) / e
}
