package tune

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Search methods.
const (
	MethodAuto       = "auto"       // grid when the space has at most GridLimit points, else coordinate
	MethodGrid       = "grid"       // every point of the space
	MethodCoordinate = "coordinate" // coordinate ascent from the base (and random restarts)
)

// candidate is one evaluated point at its best k.
type candidate struct {
	Point Point
	Score Score
	seq   int // evaluation order, for stable ties
}

// searcher finds the best point on a set of cases.
type searcher struct {
	e      *engine
	obj    Objective
	ks     []int
	dims   []dim
	cases  []int
	always []string
	memo   map[string]*candidate
	evals  int
	tick   func()
	err    error
}

// eval scores a point at every k and keeps its best k (ties: smaller k).
func (s *searcher) eval(p Point) *candidate {
	p.K = 0
	key := p.key()
	if c, ok := s.memo[key]; ok {
		return c
	}
	c := &candidate{Point: p, Score: Score{Objective: math.Inf(-1)}, seq: len(s.memo)}
	s.memo[key] = c
	if !p.activeFields() || s.err != nil {
		return c
	}
	scores, err := s.e.evaluate(evalReq{p: p, cases: s.cases, ks: s.ks, always: s.always, budget: s.obj.Budget})
	s.evals++
	if s.tick != nil {
		s.tick()
	}
	if err != nil {
		s.err = err
		return c
	}
	for _, sc := range scores {
		sc.Objective = s.obj.Value(sc)
		if sc.Objective > c.Score.Objective+eps {
			c.Score = sc
			c.Point.K = sc.K
		}
	}
	return c
}

const eps = 1e-12

func better(a, b *candidate) bool { return a.Score.Objective > b.Score.Objective+eps }

// grid evaluates every point of the space.
func (s *searcher) grid(base Point) *candidate {
	best := s.eval(base)
	idx := make([]int, len(s.dims))
	for {
		p := base
		for i, d := range s.dims {
			d.set(&p, idx[i])
		}
		if c := s.eval(p); better(c, best) {
			best = c
		}
		i := 0
		for ; i < len(idx); i++ {
			idx[i]++
			if idx[i] < s.dims[i].n {
				break
			}
			idx[i] = 0
		}
		if i == len(idx) || s.err != nil {
			return best
		}
	}
}

// coordinate runs coordinate ascent from base and from restarts random
// points: each round tries every value of every setting (in an order
// drawn from rng) with the others fixed and moves to the best; it stops
// after a round without improvement or after rounds rounds.
func (s *searcher) coordinate(base Point, rounds, restarts int, rng *rand.Rand) *candidate {
	best := s.ascend(s.eval(base), rounds, rng)
	for r := 0; r < restarts && s.err == nil; r++ {
		p := base
		for _, d := range s.dims {
			d.set(&p, rng.IntN(d.n))
		}
		if c := s.ascend(s.eval(p), rounds, rng); better(c, best) {
			best = c
		}
	}
	return best
}

func (s *searcher) ascend(cur *candidate, rounds int, rng *rand.Rand) *candidate {
	order := make([]int, len(s.dims))
	for i := range order {
		order[i] = i
	}
	for round := 0; round < rounds && s.err == nil; round++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		moved := false
		for _, di := range order {
			d := s.dims[di]
			at := d.index(&cur.Point)
			for v := 0; v < d.n; v++ {
				if v == at {
					continue
				}
				p := cur.Point
				d.set(&p, v)
				if c := s.eval(p); better(c, cur) {
					cur, moved = c, true
				}
			}
		}
		if !moved {
			break
		}
	}
	return cur
}

// top returns the n best points evaluated, best first, leaving out points
// whose scores equal those of a better-listed one (settings that change
// nothing on this suite, such as the weight of a field no tool has).
func (s *searcher) top(n int) []*candidate {
	all := make([]*candidate, 0, len(s.memo))
	for _, c := range s.memo {
		if !math.IsInf(c.Score.Objective, -1) {
			all = append(all, c)
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if better(all[i], all[j]) {
			return true
		}
		if better(all[j], all[i]) {
			return false
		}
		return all[i].seq < all[j].seq
	})
	var out []*candidate
	for _, c := range all {
		if len(out) == n {
			break
		}
		if !slices.ContainsFunc(out, func(o *candidate) bool { return o.Score == c.Score }) {
			out = append(out, c)
		}
	}
	return out
}
