package replay

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
)

// NamedRetrieval is a retrieval setting with the name reports use for it.
type NamedRetrieval struct {
	Name   string
	Config retrieval.Config
	// Ks are the k values this setting is replayed at (default:
	// Options.Ks).
	Ks []int
}

// Options control a run. The zero value runs the defaults.
type Options struct {
	// Ks are the k values to retrieve with (default 3, 5, 10).
	Ks []int
	// Retrieval are the retrieval settings to compare (default one,
	// "default": retrieval.DefaultConfig()). Their Config.K is ignored:
	// each runs at its own Ks, or at Options.Ks.
	Retrieval []NamedRetrieval
	// Strategies are the ways of showing tools to the model to compare
	// (package strategy), each run as configurations of its own: inject
	// and search:bm25 at each retrieval setting and k (a strategy's own k
	// when it names one), search:regex at each k with the first setting,
	// all once. Empty: the suite's settings line's, else inject alone
	// (and the report then carries no strategy figures, as before
	// strategies existed).
	Strategies []strategy.Strategy
	// Filter selects the cases (see ParseFilter); sharding applies to the
	// cases it keeps.
	Filter *suite.Filter
	// Variants are the prompt variants measured (default
	// DefaultVariants); the first is the one the configurations' token and
	// noise-token numbers use.
	Variants []string
	// Encoding is the tokenizer (default prompt.EncodingO200k; "none"
	// counts no tokens).
	Encoding string
	// Jobs is the number of workers (default GOMAXPROCS).
	Jobs int
	// Shard and Shards replay only the cases whose 0-based position p in
	// the suite has p % Shards == Shard-1 (Shard is 1-based; 0 Shards: all).
	Shard, Shards int
	// Seed seeds the random chunkings (default 1).
	Seed int64
	// RandomChunkings is how many random chunkings each transcript is
	// parsed in besides as recorded and one byte at a time (default 2;
	// negative: none).
	RandomChunkings int
	// Parser builds the parser for a transcript format (default
	// DefaultParser).
	Parser ParserFunc
	// Progress, when set, is called after each case with the number of
	// cases done and the total.
	Progress func(done, total int)
}

// DefaultVariants are the prompt variants a run measures by default.
var DefaultVariants = []string{
	prompt.VariantRetrieved, prompt.VariantNames, prompt.VariantDetailed,
	prompt.VariantXML, prompt.VariantJSON, prompt.VariantNative,
}

// DefaultKs are the k values a run uses by default.
var DefaultKs = []int{3, 5, 10}

// Validate checks the options, filling in defaults, as Run does; callers
// use it to report bad settings before loading anything.
func (o *Options) Validate() error { return o.normalise() }

func (o *Options) normalise() error {
	if len(o.Ks) == 0 {
		o.Ks = DefaultKs
	}
	if len(o.Retrieval) == 0 {
		o.Retrieval = []NamedRetrieval{{Name: "default", Config: retrieval.DefaultConfig()}}
	}
	o.Retrieval = slices.Clone(o.Retrieval)
	seen := map[string]bool{}
	for i, r := range o.Retrieval {
		if r.Name == "" || seen[r.Name] {
			return fmt.Errorf("retrieval settings need distinct names, got %q twice or empty", r.Name)
		}
		seen[r.Name] = true
		if len(r.Ks) == 0 {
			o.Retrieval[i].Ks = o.Ks
		}
		for _, k := range o.Retrieval[i].Ks {
			if k < 0 {
				return fmt.Errorf("k must be ≥ 0, got %d", k)
			}
		}
	}
	if i, err := strategy.Check(o.Strategies); err != nil {
		return fmt.Errorf("strategies[%d]: %v", i, err)
	}
	o.Strategies = slices.Clone(o.Strategies)
	for i := range o.Strategies {
		o.Strategies[i] = o.Strategies[i].Resolved()
	}
	if n := len(o.plans()); n > report.MaxConfigs {
		return fmt.Errorf("%d configurations (each k of each retrieval setting and strategy), over the cap of %d a report holds", n, report.MaxConfigs)
	}
	keys := map[string]string{}
	for _, c := range o.Configs() {
		if other, dup := keys[c.Key]; dup {
			return fmt.Errorf("configurations %q and %q have the same settings", other, c.Name)
		}
		keys[c.Key] = c.Name
	}
	if len(o.Variants) == 0 {
		o.Variants = DefaultVariants
	}
	for _, v := range o.Variants {
		if _, err := prompt.Render(nil, v, prompt.Options{}); err != nil {
			return fmt.Errorf("variant %q: %v", v, err)
		}
	}
	enc, err := prompt.ResolveEncoding(o.Encoding)
	if err != nil {
		return err
	}
	o.Encoding = enc
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	if o.Shards < 0 || o.Shards > 0 && (o.Shard < 1 || o.Shard > o.Shards) {
		return fmt.Errorf("shard must be i/n with 1 ≤ i ≤ n, got %d/%d", o.Shard, o.Shards)
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.RandomChunkings == 0 {
		o.RandomChunkings = 2
	}
	if o.Parser == nil {
		o.Parser = DefaultParser
	}
	return nil
}

// plan is one configuration to replay: a retrieval setting (its index in
// Options.Retrieval), a k and a strategy.
type plan struct {
	ri, k int
	strat strategy.Strategy
}

// plans lists the configurations in report order: per strategy, per
// retrieval setting, per k.
func (o *Options) plans() []plan {
	strats := o.Strategies
	if len(strats) == 0 {
		strats = []strategy.Strategy{{Strategy: strategy.Inject}}
	}
	var out []plan
	for _, s := range strats {
		s = s.Resolved()
		if s.Strategy == strategy.All {
			out = append(out, plan{0, 0, s})
			continue
		}
		for ri, r := range o.Retrieval {
			if s.Search == strategy.Regex && ri > 0 {
				break // a regex search uses no retrieval setting
			}
			ks := r.Ks
			if len(ks) == 0 {
				ks = o.Ks
			}
			if s.K > 0 {
				ks = []int{s.K}
			}
			for _, k := range ks {
				out = append(out, plan{ri, k, s})
			}
		}
	}
	return out
}

// Configs lists the configurations a run with these options replays, in
// report order: per strategy, per retrieval setting, per k.
func (o *Options) Configs() []report.Config {
	var out []report.Config
	for _, p := range o.plans() {
		r := o.Retrieval[p.ri]
		name := "k=" + strconv.Itoa(p.k)
		switch {
		case p.strat.Strategy == strategy.All:
			name = "all"
		case p.strat.Strategy == strategy.Search:
			name = p.strat.String() + " " + name
		}
		if (len(o.Retrieval) > 1 || r.Name != "default") && p.strat.Search != strategy.Regex && p.strat.Strategy != strategy.All {
			name += " config=" + r.Name
		}
		settings := r.Config
		settings.K = p.k
		c := report.Config{Name: name, K: p.k, Weights: r.Name, Settings: settings}
		if len(o.Strategies) > 0 {
			c.Strategy = p.strat.String()
		}
		c.Key = report.ConfigKeyOf(settings, c.Strategy)
		out = append(out, c)
	}
	return out
}

// Run replays every case of the suite (or of one shard) under every
// configuration and returns the report. Per-case results depend only on
// the case and the options, never on Jobs or sharding. Run fails only on
// bad options; a case that cannot be replayed is reported as broken.
func Run(s *suite.Suite, opts Options) (*report.Report, error) {
	if len(opts.Strategies) == 0 {
		opts.Strategies = s.Settings.Strategies
	}
	if err := opts.normalise(); err != nil {
		return nil, err
	}
	started := time.Now()
	var cases []*suite.Case
	for _, c := range s.Cases {
		if opts.Filter.Match(c) {
			cases = append(cases, c)
		}
	}
	if opts.Shards > 0 {
		var mine []*suite.Case
		for i, c := range cases {
			if i%opts.Shards == opts.Shard-1 {
				mine = append(mine, c)
			}
		}
		cases = mine
	}
	r := &runner{suite: s, opts: &opts, configs: opts.Configs(), plans: opts.plans(), costs: newCosts(opts.Encoding), shared: newShared()}
	if opts.Encoding == "none" {
		r.costs.encoding = ""
	}
	results := make([][]*report.CaseResult, len(cases))
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
		next = make(chan int)
	)
	for w := 0; w < min(opts.Jobs, max(1, len(cases))); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = r.replayTrials(cases[i])
				if opts.Progress != nil {
					mu.Lock()
					done++
					opts.Progress(done, len(cases))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()

	rep := &report.Report{Suite: s.Name, SuiteHash: s.Hash, Cases: len(cases), Seed: opts.Seed, Encoding: opts.Encoding, Variants: opts.Variants,
		Filter: opts.Filter.Patterns(), Counting: report.CountingFor(opts.Variants, opts.Encoding), Started: started,
		Repair: kindNames(s.Repairs())}
	if opts.Shards > 0 {
		rep.Shard = fmt.Sprintf("%d/%d", opts.Shard, opts.Shards)
	}
	tokens := opts.Encoding != prompt.EncodingNone
	for ci, cfg := range r.configs {
		cr := &report.ConfigResult{Config: cfg, Results: make([]*report.CaseResult, len(cases))}
		for i := range cases {
			cr.Results[i] = results[i][ci]
		}
		cr.Summarise(opts.Variants, tokens)
		rep.Configs = append(rep.Configs, cr)
	}
	rep.Elapsed = time.Since(started)
	return rep, nil
}

type runner struct {
	suite   *suite.Suite
	opts    *Options
	configs []report.Config
	plans   []plan // one per configuration
	costs   *costs
	regex   sync.Map // *catalog.Catalog → *retrieval.RegexIndex
	shared  *shared  // the lists results repeat, held once
}

// index returns the retrieval index of a catalog under setting ri.
func (r *runner) index(cat *catalog.Catalog, ri int) (*retrieval.Index, error) {
	cfg := r.opts.Retrieval[ri].Config
	// Always-include tools are applied per case (caseAlways), so that a
	// configuration naming tools of one catalog still serves the others.
	cfg.Always = nil
	return r.suite.Index(cat, cfg)
}

// replayTrials runs one case under every configuration, each with the
// case's recordings made under the configuration's strategy (suite.Case.
// Under): configurations that judge the same recordings are replayed
// together, and a configuration whose strategy the case holds no
// recording of gets a result marked not recorded.
func (r *runner) replayTrials(c *suite.Case) []*report.CaseResult {
	recs := c.Recordings()
	out := make([]*report.CaseResult, len(r.configs))
	groups := map[string][]int{} // which recordings → configurations
	var order []string
	for ci, p := range r.plans {
		if len(recs) == 0 {
			recs = []string{""} // no recording: as one without a strategy (suite.Case.Under)
		}
		key := make([]byte, len(recs))
		for i, rec := range recs {
			key[i] = '0'
			if suite.RecordedUnder(rec, p.strat.String()) {
				key[i] = '1'
			}
		}
		if _, ok := groups[string(key)]; !ok {
			order = append(order, string(key))
		}
		groups[string(key)] = append(groups[string(key)], ci)
	}
	for _, key := range order {
		cis := groups[key]
		sub, recorded := c.Under(r.plans[cis[0]].strat.String())
		res := r.replayOnly(sub, cis)
		for i, ci := range cis {
			if !recorded {
				res[i] = notRecorded(res[i])
			}
			out[ci] = res[i]
		}
	}
	return out
}

// notRecorded marks the result of a case replayed without its recordings
// (none made under the configuration's strategy): not judged.
func notRecorded(res *report.CaseResult) *report.CaseResult {
	if res.Cause == report.CauseError {
		return res // the case is broken whatever the strategy
	}
	res.NotRecorded, res.Passed, res.Cause = true, false, ""
	res.Repaired, res.Repairs, res.Strategy = nil, nil, nil
	return res
}

// replayOnly runs one case under the configurations cis, once per trial
// (each of its recordings), and combines the trials of each configuration
// into the case's result (report.CombineTrials).
func (r *runner) replayOnly(c *suite.Case, cis []int) []*report.CaseResult {
	n := c.TrialCount()
	if n == 1 {
		return r.replay(c, cis)
	}
	byTrial := make([][]*report.CaseResult, n)
	var elapsed time.Duration
	for i := range n {
		byTrial[i] = r.replay(c.Trial(i), cis)
		elapsed += byTrial[i][0].Elapsed
	}
	out := make([]*report.CaseResult, len(cis))
	trials := make([]*report.CaseResult, n)
	for j := range out {
		for i := range n {
			trials[i] = byTrial[i][j]
		}
		out[j] = report.CombineTrials(trials)
		out[j].Elapsed = elapsed
	}
	return out
}

// replay runs one case under the configurations cis.
func (r *runner) replay(c *suite.Case, cis []int) (out []*report.CaseResult) {
	started := time.Now()
	defer func() {
		// Every configuration shares the case's parse; each gets the
		// case's time (for JUnit; never in the JSON).
		d := time.Since(started)
		for _, res := range out {
			if res != nil {
				res.Elapsed = d
			}
		}
	}()
	out = make([]*report.CaseResult, len(cis))
	fail := func(err error) []*report.CaseResult {
		for i := range out {
			out[i] = &report.CaseResult{ID: c.ID, Line: c.Line, Lang: c.Lang, Tags: c.Tags, Cause: report.CauseError, Error: err.Error(),
				Injected: []string{}, Variants: []report.CaseVariant{}}
		}
		return out
	}
	cat := r.suite.Catalog(c)
	var (
		parse   *report.ParseResult
		calls   *metrics.CallsResult
		latency *report.Latency
		j       judged
	)
	if c.Transcript != nil {
		var broken []metrics.Broken
		var err error
		parse, broken, latency, err = parseTranscript(r.opts.Parser, c.Transcript, cat, c.ID, r.opts.Seed, max(0, r.opts.RandomChunkings))
		if err != nil {
			return fail(err)
		}
		if c.CheckCalls() {
			j = r.judge(c, cat, parse.Calls, broken, c.GoldCalls)
			// A copy: pointing into j would keep all of it (the
			// repaired output, the gold calls) with every result.
			calls = new(j.calls)
			if !j.calls.Correct {
				j.fixes = r.fixes(c, cat, []judged{j}, false)
			}
		}
	}
	var steps []*stepParse
	if c.Trajectory() {
		var err error
		if steps, err = r.parseSteps(c, cat); err != nil {
			return fail(err)
		}
	}
	settings := make([]*setting, len(r.opts.Retrieval))
	for oi, ci := range cis {
		p := r.plans[ci]
		st := settings[p.ri]
		if st == nil {
			var err error
			if st, err = r.setting(c, cat, p.ri); err != nil {
				return fail(err)
			}
			settings[p.ri] = st
		}
		res, err := r.replayPlan(c, cat, p, st, parse, calls, steps)
		if err != nil {
			return fail(err)
		}
		res.Latency = latency
		if steps == nil {
			res.Repaired = kindNames(j.used)
			if !res.Passed && (res.Cause == string(metrics.CauseSelection) || res.Cause == string(metrics.CauseArguments)) {
				res.Repairs = kindNames(j.fixes)
			}
		}
		res.Match = c.MatchLabel()
		out[oi] = res
	}
	return out
}

// score builds one case's result for one configuration.
// search is the search tool the prompt shows (its tokens are counted),
// nil for none.
func (r *runner) score(c *suite.Case, cat *catalog.Catalog, always, topk, gold []string, k int, parse *report.ParseResult, calls *metrics.CallsResult, search *suite.SearchTool) (*report.CaseResult, error) {
	res := &report.CaseResult{ID: c.ID, Line: c.Line, Lang: c.Lang, Tags: c.Tags, Parse: parse, Calls: calls}
	res.Injected = append(append(make([]string, 0, len(always)+len(topk)), always...), topk...)
	if len(gold) > 0 {
		res.Scored = true
		res.Recall = metrics.RecallAt(topk, gold, k)
		res.Comp = metrics.CompleteAt(topk, gold, k)
		res.NDCG = metrics.NDCGAt(topk, gold, k)
		res.Precision = metrics.PrecisionAt(topk, gold, k)
	}
	for _, g := range c.GoldTools {
		if !slices.Contains(res.Injected, g) {
			res.Missed = append(res.Missed, g)
		}
	}
	res.Variants = make([]report.CaseVariant, len(r.opts.Variants))
	// The gold tools among the injected, in injection order: what the
	// prompt would cost without the noise.
	goldInjected := slices.DeleteFunc(slices.Clone(res.Injected), func(t string) bool { return !slices.Contains(c.GoldTools, t) })
	noise := metrics.MeasureNoise(res.Injected, c.GoldTools, nil)
	for vi, v := range r.opts.Variants {
		injected, err := r.costs.tokensWith(cat, v, res.Injected, search)
		if err != nil {
			return nil, err
		}
		goldOnly, err := r.costs.tokensWith(cat, v, goldInjected, search)
		if err != nil {
			return nil, err
		}
		whole, err := r.costs.whole(cat, v)
		if err != nil {
			return nil, err
		}
		cv := report.CaseVariant{Variant: v, InjectedTokens: injected, NoiseTokens: max(0, injected-goldOnly), CatalogTokens: whole}
		seen := map[string]bool{}
		for _, g := range c.GoldCalls {
			t, ok := cat.Lookup(g.Name)
			if !ok || !slices.Contains(res.Injected, g.Name) {
				continue
			}
			text, err := r.costs.toolText(cat, v, t)
			if err != nil {
				return nil, err
			}
			for _, p := range g.Params {
				key := g.Name + "." + p.Name
				if seen[key] {
					continue
				}
				seen[key] = true
				cv.GoldParams++
				if !visible(text, p.Name) {
					cv.HiddenParams = append(cv.HiddenParams, key)
				}
			}
		}
		res.Variants[vi] = cv
		if vi == 0 {
			res.Noise = noise
			res.Noise.Tokens, res.Noise.NonGoldTokens = injected, cv.NoiseTokens
			res.CatalogTokens = whole
		}
	}
	switch {
	case parse != nil && parse.Disagreement != "":
		res.Cause = report.CauseParser
	default:
		res.Cause = string(metrics.Attribute(len(res.Missed) == 0, calls))
		// Wrong calls from a model that called inside its reasoning: that
		// is the cause to see (a retrieval miss still comes first).
		if (res.Cause == string(metrics.CauseSelection) || res.Cause == string(metrics.CauseArguments)) && parse != nil && parse.CallInReasoning() {
			res.Cause = report.CauseCallInReasoning
		}
	}
	res.Passed = res.Cause == ""
	res.Injected, res.Variants = r.shared.list(res.Injected), r.shared.costs(res.Variants)
	return res, nil
}

// caseAlways is what a case always injects: its own always_include list,
// then the retrieval configuration's always-include tools that its catalog
// has (a configuration may serve a suite of several catalogs).
func caseAlways(c *suite.Case, cat *catalog.Catalog, configured []string) []string {
	out := c.AlwaysInclude
	for _, name := range configured {
		if _, ok := cat.Lookup(name); ok && !slices.Contains(out, name) {
			out = append(slices.Clip(out), name)
		}
	}
	return out
}
