package tune

import (
	"fmt"
	"slices"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/retrieval"
)

// verify scores a configuration the way replay does, with real
// retrieval.Index searches and the metrics package, at each k of ks:
// the configuration's always-include tools (those in a case's catalog)
// are injected besides the case's own and ranked ahead of the retrieved
// ones. budget, when > 0, cuts the injected tools as the search did.
func (e *engine) verify(cfg retrieval.Config, cases []int, ks []int, budget int) ([]Score, error) {
	kmax := slices.Max(ks)
	indexes := make([]*retrieval.Index, len(e.cats))
	defer func() {
		for _, ix := range indexes {
			if ix != nil {
				ix.Close()
			}
		}
	}()
	return e.scoreRanked(cases, ks, budget, func(c *ecase) ([]string, []string, error) {
		cd := e.cats[c.cat]
		if indexes[c.cat] == nil {
			cc := cfg
			cc.Always = nil
			for _, a := range cfg.Always {
				if _, ok := cd.byName[a]; ok {
					cc.Always = append(cc.Always, a)
				}
			}
			ix, err := retrieval.New(cd.tools, retrieval.WithConfig(cc))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", cd.name, err)
			}
			indexes[c.cat] = ix
		}
		ix := indexes[c.cat]
		var tuned []string
		for _, a := range ix.Config().Always {
			if !slices.Contains(c.c.AlwaysInclude, a) && !slices.Contains(tuned, a) {
				tuned = append(tuned, a)
			}
		}
		hits, err := ix.Search(c.c.Query, kmax, append(slices.Clone(c.c.AlwaysInclude), tuned...)...)
		if err != nil {
			return nil, nil, fmt.Errorf("case %s: %v", c.c.ID, err)
		}
		var ranked []string
		for _, h := range hits {
			if !h.Always {
				ranked = append(ranked, h.Name)
			}
		}
		return tuned, ranked, nil
	})
}

// scoreRanked scores the cases with the metrics package from their
// rankings: rank returns the tuned always-include tools a case does not
// already have and the retrieved tools, best first.
func (e *engine) scoreRanked(cases []int, ks []int, budget int, rank func(c *ecase) (tuned, ranked []string, err error)) ([]Score, error) {
	out := make([]Score, len(ks))
	for i, k := range ks {
		out[i] = Score{K: k, Cases: len(cases)}
	}
	for _, ci := range cases {
		c := e.cases[ci]
		cd := e.cats[c.cat]
		tuned, retrieved, err := rank(c)
		if err != nil {
			return nil, err
		}
		ranked := append(slices.Clone(tuned), retrieved...)
		always := slices.Clone(c.c.AlwaysInclude)
		gold := slices.DeleteFunc(slices.Clone(c.c.GoldTools), func(t string) bool { return slices.Contains(always, t) })
		var costs *catData
		if e.encoding != "" {
			if costs, err = e.costs(c.cat); err != nil {
				return nil, err
			}
		}
		cost := func(name string) int {
			if costs == nil {
				return 0
			}
			return costs.costs[cd.byName[name]]
		}
		for i, k := range ks {
			cut := len(tuned) + k
			top := ranked[:min(cut, len(ranked))]
			if budget > 0 && costs != nil {
				used := costs.envelope
				for _, a := range always {
					used += cost(a)
				}
				for j, name := range top {
					if used+cost(name) > budget {
						top = top[:j]
						break
					}
					used += cost(name)
				}
			}
			s := &out[i]
			if len(gold) > 0 {
				s.Scored++
				s.Recall += metrics.RecallAt(top, gold, cut)
				s.Comp += metrics.CompleteAt(top, gold, cut)
				s.NDCG += metrics.NDCGAt(top, gold, cut)
				s.Precision += metrics.PrecisionAt(top, gold, cut)
			}
			injected := append(slices.Clone(always), top...)
			n := metrics.MeasureNoise(injected, c.c.GoldTools, cost)
			s.Noise += n.Share
			s.Injected += float64(n.Injected)
			if costs != nil {
				s.Tokens += float64(n.Tokens + costs.envelope)
			}
		}
	}
	for i := range out {
		finish(&out[i])
	}
	return out, nil
}
