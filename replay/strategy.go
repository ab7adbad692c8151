package replay

import (
	"fmt"
	"slices"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
)

// setting is one case under one retrieval setting: what every strategy
// replayed with that setting shares.
type setting struct {
	ix *retrieval.Index
	// alwaysInclude is what the case always injects; gold its gold tools
	// outside it (the tools it needs).
	alwaysInclude, gold []string
	// always and ranked are the first retrieval's always-include tools
	// and ranking, up to the largest k of the setting's configurations.
	always, ranked []string
	zeroMatch      bool
	// search is the trajectory's BM25 re-retrieval per k (inject).
	search func(k int) func(string) ([]string, error)
}

// setting retrieves the case's query under retrieval setting ri.
func (r *runner) setting(c *suite.Case, cat *catalog.Catalog, ri int) (*setting, error) {
	ix, err := r.index(cat, ri)
	if err != nil {
		return nil, fmt.Errorf("retrieval index for %s: %v", c.Catalog, err)
	}
	st := &setting{ix: ix, alwaysInclude: caseAlways(c, cat, r.opts.Retrieval[ri].Config.Always)}
	st.gold = slices.DeleteFunc(slices.Clone(c.GoldTools), func(t string) bool { return slices.Contains(st.alwaysInclude, t) })
	maxK := 0
	for _, p := range r.plans {
		if p.ri == ri {
			maxK = max(maxK, p.k)
		}
	}
	hits, err := ix.Search(c.Query, maxK, st.alwaysInclude...)
	if err != nil {
		return nil, err
	}
	st.zeroMatch = !ix.Matches(c.Query)
	for _, h := range hits {
		if h.Always {
			st.always = append(st.always, h.Name)
		} else {
			st.ranked = append(st.ranked, h.Name)
		}
	}
	if c.Trajectory() {
		st.search = r.searcher(ix, maxK, st.alwaysInclude)
	}
	return st, nil
}

// regexIndex is the catalog's regex index, built once per run.
func (r *runner) regexIndex(cat *catalog.Catalog) *retrieval.RegexIndex {
	if ix, ok := r.regex.Load(cat); ok {
		return ix.(*retrieval.RegexIndex)
	}
	ix, _ := r.regex.LoadOrStore(cat, retrieval.NewRegex(cat.Tools()))
	return ix.(*retrieval.RegexIndex)
}

// strategySearchTool is the search tool the search strategy shows for a
// search of the given kind: the case's (or the suite's), else
// search_tools(query).
func strategySearchTool(c *suite.Case, search string) *suite.SearchTool {
	s := suite.SearchTool{}.Resolved()
	if cs := c.Search(); cs != nil {
		s = *cs
	}
	s = s.For(search)
	return &s
}

// replayPlan replays one case under one configuration: what its strategy
// shows first, the recorded output judged against it, the model's
// searches run by the strategy's search, and (when the run declares
// strategies) the strategy's figures.
func (r *runner) replayPlan(c *suite.Case, cat *catalog.Catalog, p plan, st *setting, parse *report.ParseResult, calls *metrics.CallsResult, steps []*stepParse) (*report.CaseResult, error) {
	engine := strategy.Engine{BM25: st.ix}
	var (
		topk     []string
		k        = p.k
		search   = c.Search() // the search tool in the prompt
		priced   *suite.SearchTool
		find     func(string) ([]string, error)
		retrieve bool // a later user turn is retrieved for (inject)
	)
	switch p.strat.Strategy {
	case strategy.Search:
		loaded := strategy.Loaded(cat.Tools(), st.always)
		topk, k = loaded[len(st.always):], len(loaded)-len(st.always)
		search = strategySearchTool(c, p.strat.Search)
		priced = search
		if p.strat.Search == strategy.Regex {
			engine.Regex = r.regexIndex(cat)
		}
		find = func(q string) ([]string, error) { return engine.Find(p.strat.Search, q, p.k, loaded) }
	case strategy.All:
		every := strategy.Everything(cat.Tools(), st.always)
		topk, k = every[len(st.always):], len(every)-len(st.always)
		find = func(string) ([]string, error) { return nil, nil } // nothing left to find
	default:
		topk = st.ranked[:min(k, len(st.ranked))]
		retrieve = true
		if st.search != nil {
			find = st.search(k)
		}
	}
	res, err := r.score(c, cat, st.always, topk, st.gold, k, parse, calls, priced)
	if err != nil {
		return nil, err
	}
	if p.strat.Strategy == strategy.Inject {
		res.ZeroMatch = st.zeroMatch
	}
	if steps != nil {
		t := &trajectoryRun{cat: cat, first: res.Injected, needed: st.gold, search: find, retrieve: retrieve, searchTool: search, parses: steps,
			tokens: r.opts.Encoding != prompt.EncodingNone, variant: r.opts.Variants[0]}
		var tj trajectoryJudging
		if res.Trajectory, tj, err = r.trajectory(c, t); err != nil {
			return nil, err
		}
		res.Passed, res.Cause = res.Trajectory.Passed, res.Trajectory.Cause
		res.Repaired, res.Repairs = kindNames(tj.used), kindNames(tj.fixes)
	}
	if len(r.opts.Strategies) > 0 {
		if res.Strategy, err = r.strategyResult(c, cat, p, st, engine, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// strategyResult is the case's figures under the configuration's
// strategy, from its result.
func (r *runner) strategyResult(c *suite.Case, cat *catalog.Catalog, p plan, st *setting, engine strategy.Engine, res *report.CaseResult) (*report.StrategyResult, error) {
	sr := &report.StrategyResult{Tokens: r.opts.Encoding != prompt.EncodingNone}
	if t := res.Trajectory; t != nil {
		sr.Needed, sr.RecallFirst, sr.RecallFinal = t.Needed, t.RecallFirst, t.RecallFinal
		sr.Searches, sr.InjectedTokens, sr.Calls, sr.UnshownCalls = t.Searches, t.InjectedTokens, t.Calls, t.NotInjectedCalls
		for _, step := range t.Steps {
			for _, n := range step.NotInjected {
				if !slices.Contains(sr.Unshown, n) {
					sr.Unshown = append(sr.Unshown, n)
				}
			}
		}
	} else {
		// One turn: what it showed is all the case ever shows.
		sr.Needed = len(st.gold)
		if sr.Needed > 0 {
			shown := 0
			for _, g := range st.gold {
				if slices.Contains(res.Injected, g) {
					shown++
				}
			}
			sr.RecallFirst = float64(shown) / float64(sr.Needed)
			sr.RecallFinal = sr.RecallFirst
		}
		sr.InjectedTokens = res.Noise.Tokens
		if res.Parse != nil {
			searchName := ""
			if s := c.Search(); s != nil {
				searchName = s.Name
			}
			var names []string
			for _, call := range res.Parse.Calls {
				if call.Name != searchName {
					names = append(names, call.Name)
				}
			}
			sr.Calls = len(names)
			sr.Unshown = metrics.NotInjected(names, func(n string) bool { return slices.Contains(res.Injected, n) }, searchName)
			for _, n := range names {
				if slices.Contains(sr.Unshown, n) {
					sr.UnshownCalls++
				}
			}
		}
	}
	// What the prompt shows before any retrieval: the always-include
	// tools under inject, the first prompt under search and all.
	shown := res.Injected
	if p.strat.Strategy == strategy.Inject {
		shown = st.always
	}
	var err error
	sr.Named, sr.ExactNameMiss, err = engine.ExactName(p.strat, c.Query, cat.Names(), shown, p.k)
	return sr, err
}
