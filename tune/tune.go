package tune

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
)

// Options control a tuning run. The zero value tunes DefaultConfig over
// DefaultSpace for DefaultObjective with 5-fold cross-validation.
type Options struct {
	// Objective is what is maximised (zero: DefaultObjective).
	Objective Objective
	// Space is what is searched (zero: DefaultSpace).
	Space *Space
	// Base is the starting point and the untuned default the result is
	// compared with; its synonyms, protected terms and always-include
	// tools are kept (always-include is then not tuned) (nil:
	// retrieval.DefaultConfig). Tuning always uses the corrected BM25.
	Base *retrieval.Config
	// Folds is the number of cross-validation folds (default 5; 1: none).
	Folds int
	// Method is MethodAuto (default), MethodGrid or MethodCoordinate.
	Method string
	// GridLimit is the largest space MethodAuto searches by grid
	// (default 256 points, k not counted).
	GridLimit int
	// Rounds caps the rounds of coordinate ascent (default 4); Restarts
	// is the number of extra random starting points (default 1).
	Rounds, Restarts int
	// Seed makes the folds and the ascent order reproducible (default 1).
	Seed int64
	// Encoding counts tokens for budgets, the table and the chart
	// (default prompt.EncodingO200k; "none": tokens are not counted).
	Encoding string
	// Variant is the prompt variant injected tools are costed in
	// (default prompt.VariantRetrieved).
	Variant string
	// Top is how many of the best configurations are listed (default 5).
	Top int
	// Curve are the k values of the chart's curves (default 1…20).
	Curve []int
	// Jobs is the number of workers (default GOMAXPROCS). Results do not
	// depend on it.
	Jobs int
	// Progress, when set, is called after each evaluation with the number
	// done and the expected total (an estimate for coordinate ascent).
	Progress func(done, total int)
}

func (o *Options) normalise() error {
	if o.Objective == (Objective{}) {
		o.Objective = DefaultObjective()
	}
	if o.Objective.Metric == "" {
		o.Objective.Metric = MetricRecall
	}
	if err := o.Objective.Validate(); err != nil {
		return err
	}
	if o.Space == nil {
		s := DefaultSpace()
		o.Space = &s
	}
	if err := o.Space.Validate(); err != nil {
		return err
	}
	if o.Base == nil {
		c := retrieval.DefaultConfig()
		o.Base = &c
	}
	if err := o.Base.Validate(); err != nil {
		return fmt.Errorf("base config: %v", err)
	}
	if o.Folds == 0 {
		o.Folds = 5
	}
	if o.Folds < 1 {
		return fmt.Errorf("folds must be ≥ 1, got %d", o.Folds)
	}
	switch o.Method {
	case "":
		o.Method = MethodAuto
	case MethodAuto, MethodGrid, MethodCoordinate:
	default:
		return fmt.Errorf("unknown method %q (want auto, grid or coordinate)", o.Method)
	}
	if o.GridLimit <= 0 {
		o.GridLimit = 256
	}
	if o.Rounds <= 0 {
		o.Rounds = 4
	}
	if o.Restarts == 0 {
		o.Restarts = 1
	}
	if o.Restarts < 0 {
		o.Restarts = 0
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	enc, err := prompt.ResolveEncoding(o.Encoding)
	if err != nil {
		return err
	}
	o.Encoding = enc
	if o.Encoding == "none" && o.Objective.Budget > 0 {
		return errors.New("a token budget needs an encoding to count tokens")
	}
	if o.Variant == "" {
		o.Variant = prompt.VariantRetrieved
	}
	if _, err := prompt.Render(nil, o.Variant, prompt.Options{}); err != nil {
		return fmt.Errorf("variant %q: %v", o.Variant, err)
	}
	if o.Top <= 0 {
		o.Top = 5
	}
	if len(o.Curve) == 0 {
		for k := 1; k <= 20; k++ {
			o.Curve = append(o.Curve, k)
		}
	}
	for _, k := range o.Curve {
		if k < 1 {
			return fmt.Errorf("curve k must be ≥ 1, got %d", k)
		}
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	return nil
}

// Validate checks the options, filling in defaults, as Run does.
func (o *Options) Validate() error { return o.normalise() }

// Result is what a tuning run found.
type Result struct {
	Suite     string    `json:"suite"`
	Cases     int       `json:"cases"`
	Objective Objective `json:"objective"`
	Method    string    `json:"method"`
	Seed      int64     `json:"seed"`
	// SpaceSize is the number of points of the space, k not counted
	// (saturates at 2³¹−1); Evaluations how many were scored in all.
	SpaceSize   int `json:"space_size"`
	Evaluations int `json:"evaluations"`
	// Tuned lists the settings searched.
	Tuned []string `json:"tuned"`
	// Folds are the cross-validation folds (none with Folds = 1); CV sums
	// them up.
	Folds []Fold     `json:"folds,omitempty"`
	CV    *CVSummary `json:"cv,omitempty"`
	// Best are the best configurations found on the whole suite, best
	// first; Best[0].Config is the one to use. Default is the untuned base
	// at its own k.
	Best    []Ranked `json:"best"`
	Default Ranked   `json:"default"`
	// DefaultAtBestK is the default at Best[0]'s k, when that differs from
	// its own k, to tell what k alone changes from what the rest does.
	DefaultAtBestK *Ranked `json:"default_at_best_k,omitempty"`
	// Holdout scores Best[0] and Default once on a held-out suite.
	Holdout *Holdout `json:"holdout,omitempty"`
	// Curves are Best[0] and Default at every k of the chart, scored with
	// real retrieval indexes.
	Curves []Curve `json:"curves"`
}

// Ranked is a configuration with its score.
type Ranked struct {
	Config retrieval.Config `json:"config"`
	// Score is measured with real retrieval indexes and the metrics
	// package, as replay would.
	Score Score `json:"score"`
}

// Fold is one cross-validation fold: the best configuration found on the
// other folds, scored on them (Train) and on this fold (Test), and the
// default on this fold.
type Fold struct {
	Fold      int              `json:"fold"`
	TestCases int              `json:"test_cases"`
	Config    retrieval.Config `json:"config"`
	Train     Score            `json:"train"`
	Test      Score            `json:"test"`
	// DefaultTrain and DefaultTest score the default on the same cases.
	DefaultTrain Score `json:"default_train"`
	DefaultTest  Score `json:"default_test"`
	// Winner is "tuned" or "default" (better objective on the test fold),
	// "tie", or "empty" when the test fold has no case with a gold tool
	// (such a fold measures nothing and is left out of the means).
	Winner string `json:"winner"`
}

// The fold outcomes.
const (
	WinnerTuned   = "tuned"
	WinnerDefault = "default"
	WinnerTie     = "tie"
	WinnerEmpty   = "empty"
)

// CVSummary is the mean and standard deviation over the folds of the
// objective (and recall) on the test folds, tuned and default. Empty folds
// (no case with a gold tool) are left out of the means, not counted as 0.
type CVSummary struct {
	Folds int `json:"folds"`
	// EmptyFolds counts the folds left out of the means.
	EmptyFolds          int     `json:"empty_folds"`
	TrainMean           float64 `json:"train_mean"`
	TestMean            float64 `json:"test_mean"`
	TestStd             float64 `json:"test_std"`
	DefaultMean         float64 `json:"default_mean"`
	DefaultStd          float64 `json:"default_std"`
	TestRecallMean      float64 `json:"test_recall_mean"`
	DefaultRecallMean   float64 `json:"default_recall_mean"`
	TestNoiseMean       float64 `json:"test_noise_mean"`
	DefaultNoiseMean    float64 `json:"default_noise_mean"`
	FoldsBetterThanDflt int     `json:"folds_better_than_default"`
	FoldsWorseThanDflt  int     `json:"folds_worse_than_default"`
	// LostToDefault: the tuned configurations scored below the default on
	// the held-out folds on average; what tuning found does not
	// generalise, and --out writes the default unless forced.
	LostToDefault bool `json:"lost_to_default"`
}

// Holdout is the held-out suite's score, measured once at the end.
type Holdout struct {
	Suite   string `json:"suite"`
	Cases   int    `json:"cases"`
	Best    Score  `json:"best"`
	Default Score  `json:"default"`
}

// Curve is one configuration scored at several k.
type Curve struct {
	Name   string  `json:"name"`
	Points []Score `json:"points"`
}

// Run tunes retrieval on the suite. holdout, when not nil, is scored once
// with the best and the default configuration at the end. Run fails on bad
// options and on catalogs or cases it cannot index.
func Run(suite *suite.Suite, holdout *suite.Suite, opts Options) (*Result, error) {
	if err := opts.normalise(); err != nil {
		return nil, err
	}
	if len(suite.Cases) == 0 {
		return nil, fmt.Errorf("%s: the suite has no cases", suite.Name)
	}
	enc := opts.Encoding
	if enc == "none" {
		enc = ""
	}
	base := *opts.Base
	base.Similarity = tunableSimilarity(base.Similarity)
	e, err := newEngine(suite, base, enc, opts.Variant, opts.Jobs)
	if err != nil {
		return nil, err
	}
	obj := opts.Objective
	ks := kValues(*opts.Space, obj, base.K)
	basePoint := pointOf(base)
	if obj.K > 0 {
		base.K = obj.K
		basePoint.K = obj.K
	}
	maxAlways := opts.Space.MaxAlways
	if len(e.cats) != 1 {
		maxAlways = 0
	}
	// A base with always-include tools keeps them (in the catalogs that
	// have them) and they are not tuned.
	fixedAlways := base.Always
	if len(fixedAlways) > 0 {
		maxAlways = 0
		basePoint.Always = len(fixedAlways)
	}
	live, err := e.liveFields()
	if err != nil {
		return nil, err
	}
	dims := opts.Space.dims(basePoint, e.hasCJK(), live, maxAlways)
	res := &Result{Suite: suite.Name, Cases: len(suite.Cases), Objective: obj, Seed: opts.Seed, SpaceSize: size(dims)}
	for _, d := range dims {
		res.Tuned = append(res.Tuned, d.name)
	}
	if len(ks) > 1 {
		res.Tuned = append([]string{"k"}, res.Tuned...)
	}
	res.Method = opts.Method
	if res.Method == MethodAuto {
		res.Method = MethodCoordinate
		if res.SpaceSize <= opts.GridLimit {
			res.Method = MethodGrid
		}
	}

	// Progress: an estimate of evaluations per search.
	perSearch := res.SpaceSize
	if res.Method == MethodCoordinate {
		n := 0
		for _, d := range dims {
			n += d.n - 1
		}
		perSearch = 1 + n*min(opts.Rounds, 2)*(1+opts.Restarts)
	}
	searches := 1
	if opts.Folds > 1 {
		searches += opts.Folds
	}
	total, done := perSearch*searches, 0
	tick := func() {
		done++
		if done > total {
			total = done + perSearch/2
		}
		if opts.Progress != nil {
			opts.Progress(done, total)
		}
	}

	search := func(cases []int, seed uint64) (*searcher, *candidate, error) {
		always := e.alwaysCandidates(cases, maxAlways)
		if len(fixedAlways) > 0 {
			always = fixedAlways
		}
		s := &searcher{e: e, obj: obj, ks: ks, dims: dims, cases: cases, always: always, memo: map[string]*candidate{}, tick: tick}
		var best *candidate
		if res.Method == MethodGrid {
			best = s.grid(basePoint)
		} else {
			best = s.coordinate(basePoint, opts.Rounds, opts.Restarts, rand.New(rand.NewPCG(uint64(opts.Seed), seed)))
		}
		res.Evaluations += s.evals
		return s, best, s.err
	}

	all := make([]int, len(e.cases))
	for i := range all {
		all[i] = i
	}
	if opts.Folds > 1 {
		folds, err := Folds(len(e.cases), opts.Folds, opts.Seed)
		if err != nil {
			return nil, err
		}
		for fi, test := range folds {
			var train []int
			for fj, f := range folds {
				if fj != fi {
					train = append(train, f...)
				}
			}
			slices.Sort(train)
			s, best, err := search(train, uint64(fi+1))
			if err != nil {
				return nil, err
			}
			ts, err := e.evaluate(evalReq{p: best.Point, cases: test, ks: []int{best.Point.K}, always: s.always, budget: obj.Budget})
			if err != nil {
				return nil, err
			}
			ds, err := e.evaluate(evalReq{p: basePoint, cases: test, ks: []int{base.K}, always: fixedAlways, budget: obj.Budget})
			if err != nil {
				return nil, err
			}
			dt, err := e.evaluate(evalReq{p: basePoint, cases: train, ks: []int{base.K}, always: fixedAlways, budget: obj.Budget})
			if err != nil {
				return nil, err
			}
			ts[0].Objective, ds[0].Objective, dt[0].Objective = obj.Value(ts[0]), obj.Value(ds[0]), obj.Value(dt[0])
			res.Folds = append(res.Folds, Fold{Fold: fi + 1, TestCases: len(test), Config: best.Point.config(base, s.always),
				Train: best.Score, Test: ts[0], DefaultTrain: dt[0], DefaultTest: ds[0]})
		}
		res.CV = summarise(res.Folds)
	}

	s, _, err := search(all, 0)
	if err != nil {
		return nil, err
	}
	// The best and the default are scored with real indexes along their
	// curves; the runners-up keep the engine's scores (the same numbers:
	// see TestEngineMatchesIndex).
	top := s.top(opts.Top)
	for i, c := range top {
		r := Ranked{Config: c.Point.config(base, s.always)}
		if i > 0 {
			sc, err := e.evaluate(evalReq{p: c.Point, cases: all, ks: []int{c.Point.K}, always: s.always, budget: obj.Budget, tokens: true})
			if err != nil {
				return nil, err
			}
			r.Score = sc[0]
			r.Score.Objective = obj.Value(sc[0])
		}
		res.Best = append(res.Best, r)
	}
	dflt := *opts.Base
	dflt.K = base.K
	res.Default = Ranked{Config: dflt}
	for _, r := range []*Ranked{&res.Best[0], &res.Default} {
		ks := slices.Clone(opts.Curve)
		for _, k := range []int{res.Best[0].Config.K, dflt.K} {
			if !slices.Contains(ks, k) {
				ks = append(ks, k)
			}
		}
		slices.Sort(ks)
		pts, err := e.verify(r.Config, all, ks, obj.Budget)
		if err != nil {
			return nil, err
		}
		var curve []Score
		for i := range pts {
			pts[i].Objective = obj.Value(pts[i])
			if pts[i].K == r.Config.K {
				r.Score = pts[i]
			}
			if r == &res.Default && pts[i].K == res.Best[0].Config.K && pts[i].K != dflt.K {
				cfg := dflt
				cfg.K = pts[i].K
				res.DefaultAtBestK = &Ranked{Config: cfg, Score: pts[i]}
			}
			if slices.Contains(opts.Curve, pts[i].K) {
				curve = append(curve, pts[i])
			}
		}
		name := "tuned"
		if r == &res.Default {
			name = "default"
		}
		res.Curves = append(res.Curves, Curve{Name: name, Points: curve})
	}
	best := res.Best[0].Config

	if holdout != nil {
		he, err := newEngine(holdout, base, enc, opts.Variant, opts.Jobs)
		if err != nil {
			return nil, err
		}
		hall := make([]int, len(he.cases))
		for i := range hall {
			hall[i] = i
		}
		h := &Holdout{Suite: holdout.Name, Cases: len(hall)}
		hb := best
		if len(he.cats) != 1 || len(e.cats) != 1 {
			hb.Always = nil
		}
		bs, err := he.verify(hb, hall, []int{hb.K}, obj.Budget)
		if err != nil {
			return nil, fmt.Errorf("holdout: %v", err)
		}
		hd, err := he.verify(dflt, hall, []int{dflt.K}, obj.Budget)
		if err != nil {
			return nil, fmt.Errorf("holdout: %v", err)
		}
		h.Best, h.Default = bs[0], hd[0]
		h.Best.Objective, h.Default.Objective = obj.Value(h.Best), obj.Value(h.Default)
		res.Holdout = h
	}
	if opts.Progress != nil {
		opts.Progress(total, total)
	}
	return res, nil
}

// Folds splits n cases into k folds of sizes differing by at most one: the
// cases are shuffled with the seed and dealt out in turn. Every case is in
// exactly one fold; each fold is sorted.
func Folds(n, k int, seed int64) ([][]int, error) {
	if k < 2 {
		return nil, fmt.Errorf("cross-validation needs at least 2 folds, got %d", k)
	}
	if n < k {
		return nil, fmt.Errorf("cannot split %d cases into %d folds", n, k)
	}
	perm := rand.New(rand.NewPCG(uint64(seed), 0x746f6f6c)).Perm(n)
	out := make([][]int, k)
	for i, c := range perm {
		out[i%k] = append(out[i%k], c)
	}
	for _, f := range out {
		slices.Sort(f)
	}
	return out, nil
}

func summarise(folds []Fold) *CVSummary {
	s := &CVSummary{Folds: len(folds)}
	var train, test, dflt []float64
	for i := range folds {
		f := &folds[i]
		switch {
		case f.Test.Scored == 0:
			f.Winner = WinnerEmpty
			s.EmptyFolds++
			continue
		case f.Test.Objective > f.DefaultTest.Objective+eps:
			f.Winner = WinnerTuned
			s.FoldsBetterThanDflt++
		case f.Test.Objective < f.DefaultTest.Objective-eps:
			f.Winner = WinnerDefault
			s.FoldsWorseThanDflt++
		default:
			f.Winner = WinnerTie
		}
		train = append(train, f.Train.Objective)
		test = append(test, f.Test.Objective)
		dflt = append(dflt, f.DefaultTest.Objective)
		s.TestRecallMean += f.Test.Recall
		s.DefaultRecallMean += f.DefaultTest.Recall
		s.TestNoiseMean += f.Test.Noise
		s.DefaultNoiseMean += f.DefaultTest.Noise
	}
	n := float64(len(test))
	if n == 0 {
		return s
	}
	s.TrainMean, _ = meanStd(train)
	s.TestRecallMean /= n
	s.DefaultRecallMean /= n
	s.TestNoiseMean /= n
	s.DefaultNoiseMean /= n
	s.TestMean, s.TestStd = meanStd(test)
	s.DefaultMean, s.DefaultStd = meanStd(dflt)
	s.LostToDefault = s.TestMean < s.DefaultMean-eps
	return s
}

// meanStd is the mean and the sample standard deviation.
func meanStd(xs []float64) (float64, float64) {
	var m float64
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	if len(xs) < 2 {
		return m, 0
	}
	var v float64
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(len(xs)-1))
}

// LossWarning says, loudly, that the tuned configurations lost to the
// default under cross-validation; "" when they did not.
func (r *Result) LossWarning() string {
	if r.CV == nil || !r.CV.LostToDefault {
		return ""
	}
	return fmt.Sprintf("WARNING: the tuned configuration LOST to the default under %d-fold cross-validation: "+
		"objective %s on the held-out folds, tuned %.4f ± %.4f < default %.4f ± %.4f "+
		"(the 'test' and 'default' columns of the cross-validation table's mean ± sd row; "+
		"held-out recall tuned %.4f, default %.4f); folds won %d, lost %d: it does not generalise",
		r.CV.Folds, r.Objective.Formula(), r.CV.TestMean, r.CV.TestStd, r.CV.DefaultMean, r.CV.DefaultStd,
		r.CV.TestRecallMean, r.CV.DefaultRecallMean, r.CV.FoldsBetterThanDflt, r.CV.FoldsWorseThanDflt)
}

// OutConfig is the configuration to write out: the best found, or — when
// it lost to the default under cross-validation and force is not set —
// the default. tuned reports which one it is.
func (r *Result) OutConfig(force bool) (cfg retrieval.Config, tuned bool) {
	if r.CV != nil && r.CV.LostToDefault && !force {
		return r.Default.Config, false
	}
	return r.Best[0].Config, true
}
