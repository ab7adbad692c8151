package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// stepParse is one step's transcript parsed once for every configuration.
type stepParse struct {
	parse   *report.ParseResult
	broken  []metrics.Broken
	latency *report.Latency
}

// parseSteps parses every step's transcript (nil for steps not taken).
func (r *runner) parseSteps(c *suite.Case, cat *catalog.Catalog) ([]*stepParse, error) {
	tools := c.Tools(cat)
	out := make([]*stepParse, len(c.Steps))
	for i, st := range c.Steps {
		if st.Transcript == nil {
			continue
		}
		p, broken, lat, err := parseTranscript(r.opts.Parser, st.Transcript, tools, c.ID+"#"+strconv.Itoa(i+1), r.opts.Seed, max(0, r.opts.RandomChunkings))
		if err != nil {
			return nil, fmt.Errorf("steps[%d]: %v", i, err)
		}
		out[i] = &stepParse{parse: p, broken: broken, latency: lat}
	}
	return out, nil
}

// toolSet is an ordered set of tool names.
type toolSet struct {
	names []string
	has   map[string]bool
}

func newToolSet(names []string) *toolSet {
	s := &toolSet{has: make(map[string]bool, len(names)+8)}
	s.add(names...)
	return s
}

// snapshot returns whether a tool is in the set as it is now (the set
// only grows: the first n names).
func (s *toolSet) snapshot() func(string) bool {
	n := len(s.names)
	return func(name string) bool { return s.has[name] && slices.Index(s.names, name) < n }
}

// add adds names not yet present and returns them.
func (s *toolSet) add(names ...string) []string {
	var added []string
	for _, n := range names {
		if !s.has[n] {
			s.has[n] = true
			s.names = append(s.names, n)
			added = append(added, n)
		}
	}
	return added
}

// trajectoryRun is what replaying one trajectory under one configuration
// needs beyond the case.
type trajectoryRun struct {
	cat    *catalog.Catalog
	first  []string // always-include, then the first retrieval's top k
	needed []string // gold tools outside always_include
	search func(query string) ([]string, error)
	// retrieve: a later user turn is retrieved for (inject); under the
	// other strategies only the model's searches bring tools in.
	retrieve bool
	// searchTool is the search tool the prompts show (nil: none).
	searchTool *suite.SearchTool
	parses     []*stepParse
	tokens     bool
	variant    string
}

// trajectoryJudging is what judging a trajectory's calls adds beyond its
// result: the suite's repairs that changed its calls, and the repairs that
// would each alone have made it pass (only when it failed on its calls
// alone).
type trajectoryJudging struct {
	used, fixes []repair.Kind
}

// trajectory replays c's steps under one configuration. Under the strict
// trajectory mode each checked step's calls are judged against its gold
// calls; under a pooled mode (unordered, subset, superset) the checked
// steps' calls are judged together against all their gold calls at the
// end, and a checked step the model never took fails nothing by itself.
func (r *runner) trajectory(c *suite.Case, t *trajectoryRun) (*report.TrajectoryResult, trajectoryJudging, error) {
	res := &report.TrajectoryResult{Passed: true, Needed: len(t.needed), Steps: make([]report.StepResult, len(c.Steps))}
	var tj trajectoryJudging
	pooled := c.Judging().Mode() != metrics.Strict
	// parts are the judged outputs of the checked steps; callsOnly says
	// whether every failure so far was a call check's.
	var parts []judged
	var failing []judged
	callsOnly := true
	set := newToolSet(t.first)
	searchName := ""
	if c.Search() != nil {
		searchName = c.Search().Name
	}
	bySearch := map[string]bool{}
	var pending []string
	searched := false
	for i, st := range c.Steps {
		sr := &res.Steps[i]
		sr.Step, sr.Checked, sr.Stop = i+1, st.GoldCalls != nil, st.Stop
		if st.Query != "" && t.retrieve && t.search != nil {
			found, err := t.search(st.Query)
			if err != nil {
				return nil, tj, err
			}
			pending = append(pending, found...)
		}
		sr.Added = set.add(pending...)
		pending = pending[:0]
		sr.Injected = len(set.names)
		if sr.Checked {
			res.GoldSteps++
		}
		if st.Stop != "" {
			res.Stop = st.Stop
		}
		p := t.parses[i]
		if p == nil {
			// The model stopped before this step.
			sr.Passed = !sr.Checked
			if sr.Checked {
				res.StoppedEarly = true
				sr.Code, sr.Cause = "not_taken", "stopped"
			}
			if !pooled {
				callsOnly = callsOnly && sr.Passed
				r.stepVerdict(res, sr)
			}
			continue
		}
		sr.Taken, sr.Parse, sr.Latency = true, p.parse, p.latency
		res.StepsTaken++
		if err := r.stepCost(c, t, set.names, res); err != nil {
			return nil, tj, err
		}
		var calls []toolcall.Call
		var names []string
		for _, call := range p.parse.Calls {
			if searchName != "" && call.Name == searchName {
				s := report.Search{}
				q, err := searchQuery(call.Arguments, c.Search().QueryParam)
				if err != nil {
					s.Error = err.Error()
				} else {
					s.Query = q
					var qe *strategy.QueryError
					if s.Found, err = t.search(q); errors.As(err, &qe) {
						s.Error = qe.Error()
					} else if err != nil {
						return nil, tj, err
					}
					s.Found = slices.Clip(s.Found)
					for _, f := range s.Found {
						if !set.has[f] && !slices.Contains(pending, f) {
							s.New = append(s.New, f)
							bySearch[f] = true
						}
					}
					pending = append(pending, s.Found...)
				}
				sr.Searches = append(sr.Searches, s)
				continue
			}
			calls = append(calls, call)
			names = append(names, call.Name)
		}
		res.Searches += len(sr.Searches)
		res.Calls += len(calls)
		sr.NotInjected = metrics.NotInjected(names, func(n string) bool { return set.has[n] }, searchName)
		for _, n := range names {
			if slices.Contains(sr.NotInjected, n) {
				res.NotInjectedCalls++
			}
		}
		badSearch := slices.ContainsFunc(sr.Searches, func(s report.Search) bool { return s.Error != "" })
		stepOK := p.parse.Disagreement == "" && len(sr.NotInjected) == 0 && !badSearch
		if sr.Checked {
			j := r.judge(c, t.cat, calls, p.broken, st.GoldCalls)
			j.injected = set.snapshot()
			tj.used = unionKinds(tj.used, j.used)
			parts = append(parts, j)
			if !pooled {
				sr.Calls = new(j.calls) // a copy, not all of j
				res.ToolCalls += j.calls.ToolCalls
				res.WrongArgCalls += j.calls.WrongArgCalls
				if stepOK && !j.calls.Correct {
					failing = append(failing, j)
				}
			}
		}
		sr.Passed = stepOK && (sr.Calls == nil || sr.Calls.Correct)
		callsOnly = callsOnly && stepOK
		if p.parse.Disagreement != "" {
			res.ParserFailures++
		}
		if !sr.Passed {
			goldIn := true
			for _, g := range st.GoldCalls {
				if !set.has[g.Name] {
					goldIn = false
				}
			}
			switch {
			case p.parse.Disagreement != "":
				sr.Cause, sr.Code = report.CauseParser, report.CauseParser
			case badSearch && len(sr.NotInjected) == 0 && (sr.Calls == nil || sr.Calls.Correct):
				sr.Cause, sr.Code = string(metrics.CauseArguments), string(toolcall.CodeMissingRequired)
			default:
				sr.Cause = string(metrics.AttributeStep(goldIn, searched, len(sr.NotInjected) > 0, sr.Calls))
				switch {
				case len(sr.NotInjected) > 0:
					sr.Code = string(toolcall.CodeNotInjected)
				case sr.Calls != nil:
					sr.Code = string(sr.Calls.Code)
				}
			}
		}
		if len(sr.Searches) > 0 {
			searched = true
		}
		r.stepVerdict(res, sr)
	}
	if pooled {
		r.pooledVerdict(c, t, res, parts, set, searched)
		if !res.Pooled.Correct {
			failing = parts
		}
	}
	if !res.Passed && callsOnly && len(failing) > 0 {
		tj.fixes = r.fixes(c, t.cat, failing, pooled)
	}
	set.add(pending...)
	for _, n := range t.needed {
		first := slices.Contains(t.first, n)
		if !first {
			res.MissedFirst = append(res.MissedFirst, n)
			if bySearch[n] && set.has[n] {
				res.Recovered = append(res.Recovered, n)
			}
		}
	}
	if res.Needed > 0 {
		res.RecallFirst = float64(res.Needed-len(res.MissedFirst)) / float64(res.Needed)
		final := 0
		for _, n := range t.needed {
			if set.has[n] {
				final++
			}
		}
		res.RecallFinal = float64(final) / float64(res.Needed)
	}
	return res, tj, nil
}

// pooledVerdict judges the checked steps' calls together (a pooled
// trajectory mode). A failure counts when no step failed before: its cause
// is the first retrieval_miss / search_query / selection / arguments that
// fits, with no failing step (FailedStep 0).
func (r *runner) pooledVerdict(c *suite.Case, t *trajectoryRun, res *report.TrajectoryResult, parts []judged, set *toolSet, searched bool) {
	var calls []toolcall.Call
	var broken []metrics.Broken
	var gold []metrics.GoldCall
	for _, p := range parts {
		calls = append(calls, p.out.Calls...)
		broken = append(broken, p.out.Broken...)
		gold = append(gold, p.gold...)
	}
	cr := c.Judge(t.cat, calls, gold, broken)
	res.Pooled = &cr
	res.ToolCalls += cr.ToolCalls
	res.WrongArgCalls += cr.WrongArgCalls
	if cr.Correct || !res.Passed {
		return
	}
	goldIn := true
	for _, g := range gold {
		if !set.has[g.Name] {
			goldIn = false
		}
	}
	res.Passed = false
	res.Cause = string(metrics.AttributeStep(goldIn, searched, false, &cr))
	res.Code = string(cr.Code)
}

// stepVerdict counts a step into the trajectory's verdict.
func (r *runner) stepVerdict(res *report.TrajectoryResult, sr *report.StepResult) {
	if sr.Passed {
		if sr.Checked {
			res.StepsPassed++
		}
		return
	}
	if res.Passed {
		res.Passed = false
		res.FailedStep, res.Cause, res.Code = sr.Step, sr.Cause, sr.Code
	}
}

// stepCost adds what the step's prompt injected: the tools, those of them
// that are not gold, and (counted) their tokens — the search tool and its
// rule included — noise tokens being what the prompt costs beyond the
// gold tools alone.
func (r *runner) stepCost(c *suite.Case, t *trajectoryRun, injected []string, res *report.TrajectoryResult) error {
	res.InjectedTools += len(injected)
	gold := make([]string, 0, len(injected))
	for _, n := range injected {
		if slices.Contains(c.GoldTools, n) {
			gold = append(gold, n)
		}
	}
	res.NoiseTools += len(injected) - len(gold)
	if !t.tokens {
		return nil
	}
	all, err := r.costs.tokensWith(t.cat, t.variant, injected, t.searchTool)
	if err != nil {
		return err
	}
	goldOnly, err := r.costs.tokensWith(t.cat, t.variant, gold, t.searchTool)
	if err != nil {
		return err
	}
	res.InjectedTokens += all
	res.NoiseTokens += max(0, all-goldOnly)
	return nil
}

// searchQuery reads the query argument of a search call.
func searchQuery(args json.RawMessage, param string) (string, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(args, &m); err != nil {
		return "", fmt.Errorf("arguments are not a JSON object: %v", err)
	}
	raw, ok := m[param]
	if !ok {
		return "", fmt.Errorf("no %q argument", param)
	}
	var q string
	if err := json.Unmarshal(raw, &q); err != nil || q == "" {
		return "", fmt.Errorf("%q must be a non-empty string", param)
	}
	return q, nil
}

// searcher returns, per k, the search a trajectory's re-retrievals run:
// BM25 with the configuration's settings on the query, top k beyond the
// always-include tools (already injected). Results are cached per query
// for the case.
func (r *runner) searcher(ix interface {
	Search(string, int, ...string) ([]retrieval.Hit, error)
}, maxK int, always []string) func(k int) func(string) ([]string, error) {
	cache := map[string][]string{}
	return func(k int) func(string) ([]string, error) {
		return func(q string) ([]string, error) {
			ranked, ok := cache[q]
			if !ok {
				hits, err := ix.Search(q, maxK, always...)
				if err != nil {
					return nil, err
				}
				for _, h := range hits {
					if !h.Always {
						ranked = append(ranked, h.Name)
					}
				}
				cache[q] = ranked
			}
			return ranked[:min(k, len(ranked)):min(k, len(ranked))], nil
		}
	}
}
