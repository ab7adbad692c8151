package tune

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/retrieval"
)

// Space is the set of settings a run searches. Each list holds the values
// one setting may take; the base configuration's own value is always added,
// so the search starts from it and can only improve on it. An empty list
// keeps the base value (the setting is not tuned).
type Space struct {
	// K are the k values tried; k is evaluated from one ranking per
	// setting, so it costs almost nothing.
	K []int `json:"k,omitempty"`
	// K1 and B are the BM25 parameters.
	K1 []float64 `json:"k1,omitempty"`
	B  []float64 `json:"b,omitempty"`
	// FieldB are the values each tuned field's own b may take (BM25F's
	// per-field length normalisation, retrieval.Config.FieldB), for the
	// fields of Fields; a field may also keep the global b.
	FieldB []float64 `json:"field_b,omitempty"`
	// Weights are the values each tuned field weight may take (0 drops the
	// field); Fields lists the tuned fields (default: all of
	// retrieval.Fields).
	Weights []float64 `json:"weights,omitempty"`
	Fields  []string  `json:"fields,omitempty"`
	// Analyzer options: Chinese unigrams/bigrams/both (only searched when
	// the suite has Chinese, Japanese or Korean text), the normalisation of
	// English words (none, light plural folding, Snowball stemming), stop
	// words, and the tokenizer (mixed, which keeps technical tokens whole
	// and splits them, or standard, which does neither).
	CJK        []string `json:"cjk,omitempty"`
	Normalize  []string `json:"normalize,omitempty"`
	StopWords  []bool   `json:"stop_words,omitempty"`
	Tokenizers []string `json:"tokenizer,omitempty"`
	// NoSplit: whether technical tokens are also split into their parts
	// (false) or kept whole only (true).
	NoSplit []bool `json:"no_split,omitempty"`
	// ZhStopWords (Chinese stop words dropped or not) and CJKUnigramWeight
	// (query weight of single Han characters) are searched only when the
	// suite has Chinese, Japanese or Korean text.
	ZhStopWords      []bool    `json:"zh_stop_words,omitempty"`
	CJKUnigramWeight []float64 `json:"cjk_unigram_weight,omitempty"`
	// Similarity: BM25F (retrieval's default) or the sum of per-field BM25.
	Similarity []string `json:"similarity,omitempty"`
	// PairWeight: query weight of adjacent-word pair terms (0: no pairs).
	PairWeight []float64 `json:"pair_weight,omitempty"`
	// FeedbackDocs: RM3-style pseudo-relevance feedback, how many of the
	// best tools of a first search expand the query (0: off). Points with
	// feedback are scored by real index searches (two passes per query), so
	// each value costs a full evaluation; not in DefaultSpace, since it lost
	// on every dev set (retrieval/EVAL.md).
	FeedbackDocs []int `json:"feedback_docs,omitempty"`
	// MaxAlways is how many always-include tools may be chosen: the tools
	// that are gold in the most training cases, tried as growing prefixes
	// of that list. Only for suites with one catalog. 0: not tuned.
	MaxAlways int `json:"max_always,omitempty"`
}

// DefaultSpace is a broad space: k 1…10, k1 0.5…2, b 0.25…1, every field
// weight in 0…5 and every field's own b in 0…1, every analyzer option, both
// similarities, up to 3 always-include tools.
func DefaultSpace() Space {
	return Space{
		K:          []int{1, 2, 3, 4, 5, 6, 8, 10},
		K1:         []float64{0.5, 0.8, 1.2, 1.6, 2},
		B:          []float64{0.25, 0.5, 0.75, 0.9, 1},
		FieldB:     []float64{0, 0.3, 0.5, 0.75, 1},
		Weights:    []float64{0, 0.25, 0.5, 1, 1.5, 2, 3, 5},
		Fields:     slices.Clone(retrieval.Fields),
		CJK:        []string{retrieval.CJKUnigram, retrieval.CJKBigram, retrieval.CJKBoth},
		Normalize:  []string{retrieval.NormalizeNone, retrieval.NormalizeLight, retrieval.NormalizeSnowball},
		StopWords:  []bool{false, true},
		Tokenizers: []string{retrieval.TokenizerMixed, retrieval.TokenizerStandard},
		NoSplit:    []bool{false, true},
		MaxAlways:  3,

		ZhStopWords:      []bool{false, true},
		CJKUnigramWeight: []float64{0.3, 0.5, 1},
		Similarity:       []string{retrieval.SimilarityBM25F, retrieval.SimilarityBM25},
		PairWeight:       []float64{0, 0.3, 0.6},
	}
}

// Validate checks the values of the space.
func (s Space) Validate() error {
	for _, k := range s.K {
		if k < 1 {
			return fmt.Errorf("space: k must be ≥ 1, got %d", k)
		}
	}
	for _, v := range s.K1 {
		if v < 0 || math.IsNaN(v) {
			return fmt.Errorf("space: k1 must be ≥ 0, got %g", v)
		}
	}
	for _, v := range s.B {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("space: b must be in [0, 1], got %g", v)
		}
	}
	for _, v := range s.FieldB {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("space: field_b must be in [0, 1], got %g", v)
		}
	}
	for _, v := range s.Weights {
		if v < 0 || math.IsNaN(v) {
			return fmt.Errorf("space: weights must be ≥ 0, got %g", v)
		}
	}
	for _, f := range s.Fields {
		if !slices.Contains(retrieval.Fields, f) {
			return fmt.Errorf("space: unknown field %q (want one of %s)", f, strings.Join(retrieval.Fields, ", "))
		}
	}
	for _, c := range s.CJK {
		if _, err := retrieval.NewAnalyzer(retrieval.AnalyzerConfig{CJK: c}, nil); err != nil {
			return fmt.Errorf("space: %v", err)
		}
	}
	for _, n := range s.Normalize {
		if _, err := retrieval.NewAnalyzer(retrieval.AnalyzerConfig{Normalize: n}, nil); err != nil {
			return fmt.Errorf("space: %v", err)
		}
	}
	for _, t := range s.Tokenizers {
		if _, err := retrieval.NewAnalyzer(retrieval.AnalyzerConfig{Tokenizer: t}, nil); err != nil {
			return fmt.Errorf("space: %v", err)
		}
	}
	for _, v := range s.CJKUnigramWeight {
		if !(v > 0 && v <= 1) {
			return fmt.Errorf("space: cjk_unigram_weight must be in (0, 1], got %g", v)
		}
	}
	for _, v := range s.PairWeight {
		if v < 0 || math.IsNaN(v) {
			return fmt.Errorf("space: pair_weight must be ≥ 0, got %g", v)
		}
	}
	for _, v := range s.FeedbackDocs {
		if v < 0 {
			return fmt.Errorf("space: feedback_docs must be ≥ 0, got %d", v)
		}
	}
	for _, sim := range s.Similarity {
		if sim != retrieval.SimilarityBM25F && sim != retrieval.SimilarityBM25 {
			return fmt.Errorf("space: similarity %q cannot be tuned (want %q or %q)", sim, retrieval.SimilarityBM25F, retrieval.SimilarityBM25)
		}
	}
	if s.MaxAlways < 0 {
		return fmt.Errorf("space: max always-include must be ≥ 0, got %d", s.MaxAlways)
	}
	return nil
}

// Point is one configuration of the searched settings.
type Point struct {
	K       int
	K1, B   float64
	Weights [numFields]float64 // in retrieval.Fields order
	// FieldB is each field's own b, in retrieval.Fields order; inheritB
	// (below 0) means the field uses B.
	FieldB   [numFields]float64
	Analyzer retrieval.AnalyzerConfig
	// Always is the number of always-include candidates used (a prefix).
	Always int
	// Similarity is retrieval.SimilarityBM25F or SimilarityBM25.
	Similarity string
	// FeedbackDocs is retrieval.Config.FeedbackDocs (0: no feedback).
	FeedbackDocs int
}

const numFields = 9

// inheritB marks a field of Point.FieldB that uses the global b.
const inheritB = -1

// bOf is the b of field f (an index into retrieval.Fields).
func (p *Point) bOf(f int) float64 {
	if b := p.FieldB[f]; b >= 0 {
		return b
	}
	return p.B
}

// fieldBs is the b of every field.
func (p *Point) fieldBs() [numFields]float64 {
	var out [numFields]float64
	for f := range out {
		out[f] = p.bOf(f)
	}
	return out
}

func init() {
	if len(retrieval.Fields) != numFields {
		panic("tune: retrieval.Fields changed; update numFields")
	}
}

// pointOf reads the searched settings out of a configuration.
func pointOf(c retrieval.Config) Point {
	p := Point{K: c.K, K1: c.K1, B: c.B, Analyzer: normAnalyzer(c.Analyzer), Similarity: tunableSimilarity(c.Similarity), FeedbackDocs: c.FeedbackDocs}
	for i, f := range retrieval.Fields {
		p.Weights[i] = c.Weights[f]
		p.FieldB[i] = inheritB
		if b, ok := c.FieldB[f]; ok {
			p.FieldB[i] = b
		}
	}
	return p
}

func normAnalyzer(a retrieval.AnalyzerConfig) retrieval.AnalyzerConfig {
	if a.Tokenizer == "" {
		a.Tokenizer = retrieval.TokenizerMixed
	}
	if a.CJK == "" {
		a.CJK = retrieval.CJKBoth
	}
	if a.Normalize == "" {
		a.Normalize = retrieval.NormalizeLight
	}
	if a.Stem { // Stem is shorthand for Snowball
		a.Normalize, a.Stem = retrieval.NormalizeSnowball, false
	}
	if a.CJKUnigramWeight == 0 || a.CJKUnigramWeight == 1 { // 0 means 1
		a.CJKUnigramWeight = 1
	}
	return a
}

// tunableSimilarity maps a configured similarity to one the engine
// rescores: the per-field sum stays, anything else (the default, or
// bluge's stock formula, kept only for comparison) becomes BM25F.
func tunableSimilarity(s string) string {
	if s == retrieval.SimilarityBM25 {
		return s
	}
	return retrieval.SimilarityBM25F
}

// config applies the point to base; always lists the always-include
// candidates of the run.
func (p Point) config(base retrieval.Config, always []string) retrieval.Config {
	c := base
	c.K, c.K1, c.B, c.Analyzer = p.K, p.K1, p.B, p.Analyzer
	c.Weights = make(map[string]float64, numFields)
	c.FieldB = nil
	for i, f := range retrieval.Fields {
		c.Weights[f] = p.Weights[i]
		if b := p.FieldB[i]; b >= 0 {
			if c.FieldB == nil {
				c.FieldB = map[string]float64{}
			}
			c.FieldB[f] = b
		}
	}
	c.Always = nil
	if p.Always > 0 {
		c.Always = slices.Clone(always[:min(p.Always, len(always))])
	}
	c.Similarity = tunableSimilarity(p.Similarity)
	c.FeedbackDocs = p.FeedbackDocs
	return c
}

// key identifies the point without its k (one ranking serves every k).
func (p Point) key() string {
	var b strings.Builder
	b.WriteString(strconv.FormatFloat(p.K1, 'g', -1, 64))
	b.WriteByte('/')
	b.WriteString(strconv.FormatFloat(p.B, 'g', -1, 64))
	for _, w := range p.Weights {
		b.WriteByte('/')
		b.WriteString(strconv.FormatFloat(w, 'g', -1, 64))
	}
	for _, fb := range p.FieldB {
		b.WriteByte('/')
		b.WriteString(strconv.FormatFloat(fb, 'g', -1, 64))
	}
	fmt.Fprintf(&b, "/%s/%s/%s/%t/%t/%d/%t/%g/%s/%g/%d", p.Analyzer.Tokenizer, p.Analyzer.CJK, p.Analyzer.Normalize, p.Analyzer.StopWords, p.Analyzer.NoSplit, p.Always,
		p.Analyzer.ZhStopWords, p.Analyzer.CJKUnigramWeight, p.Similarity, p.Analyzer.PairWeight, p.FeedbackDocs)
	return b.String()
}

func (p Point) activeFields() bool {
	for _, w := range p.Weights {
		if w > 0 {
			return true
		}
	}
	return false
}

// dim is one searched setting: n values, set applies value i to a point.
type dim struct {
	name string
	n    int
	set  func(p *Point, i int)
	// index finds the point's current value (-1: none).
	index func(p *Point) int
}

// dims lists the searched settings except k, base values included.
// dims lists the settings searched: those of the space, less the weight
// and b of fields not live (engine.liveFields; nil: all live).
func (s Space) dims(base Point, cjk bool, live map[string]bool, maxAlways int) []dim {
	var out []dim
	floats := func(name string, vals []float64, cur float64, get func(*Point) *float64) {
		if len(vals) == 0 {
			return
		}
		vals = withValue(vals, cur)
		out = append(out, dim{name: name, n: len(vals),
			set: func(p *Point, i int) { *get(p) = vals[i] },
			index: func(p *Point) int {
				return slices.Index(vals, *get(p))
			}})
	}
	floats("k1", s.K1, base.K1, func(p *Point) *float64 { return &p.K1 })
	floats("b", s.B, base.B, func(p *Point) *float64 { return &p.B })
	var fields []string
	for _, f := range s.Fields {
		if live == nil || live[f] {
			fields = append(fields, f)
		}
	}
	for _, f := range fields {
		i := slices.Index(retrieval.Fields, f)
		floats("weight."+f, s.Weights, base.Weights[i], func(p *Point) *float64 { return &p.Weights[i] })
	}
	if len(s.FieldB) > 0 {
		for _, f := range fields {
			i := slices.Index(retrieval.Fields, f)
			// inheritB (the global b) is one of the values.
			floats("field_b."+f, withValue(s.FieldB, inheritB), base.FieldB[i], func(p *Point) *float64 { return &p.FieldB[i] })
		}
	}
	strs := func(name string, vals []string, cur string, get func(*Point) *string) {
		if len(vals) == 0 {
			return
		}
		vals = withString(vals, cur)
		out = append(out, dim{name: name, n: len(vals),
			set:   func(p *Point, i int) { *get(p) = vals[i] },
			index: func(p *Point) int { return slices.Index(vals, *get(p)) }})
	}
	bools := func(name string, vals []bool, cur bool, get func(*Point) *bool) {
		if len(vals) == 0 {
			return
		}
		if !slices.Contains(vals, cur) {
			vals = append(slices.Clone(vals), cur)
		}
		out = append(out, dim{name: name, n: len(vals),
			set:   func(p *Point, i int) { *get(p) = vals[i] },
			index: func(p *Point) int { return slices.Index(vals, *get(p)) }})
	}
	strs("analyzer.tokenizer", s.Tokenizers, base.Analyzer.Tokenizer, func(p *Point) *string { return &p.Analyzer.Tokenizer })
	if cjk {
		strs("analyzer.cjk", s.CJK, base.Analyzer.CJK, func(p *Point) *string { return &p.Analyzer.CJK })
		bools("analyzer.zh_stop_words", s.ZhStopWords, base.Analyzer.ZhStopWords, func(p *Point) *bool { return &p.Analyzer.ZhStopWords })
		floats("analyzer.cjk_unigram_weight", s.CJKUnigramWeight, base.Analyzer.CJKUnigramWeight, func(p *Point) *float64 { return &p.Analyzer.CJKUnigramWeight })
	}
	strs("similarity", s.Similarity, base.Similarity, func(p *Point) *string { return &p.Similarity })
	strs("analyzer.normalize", s.Normalize, base.Analyzer.Normalize, func(p *Point) *string { return &p.Analyzer.Normalize })
	bools("analyzer.stop_words", s.StopWords, base.Analyzer.StopWords, func(p *Point) *bool { return &p.Analyzer.StopWords })
	bools("analyzer.no_split", s.NoSplit, base.Analyzer.NoSplit, func(p *Point) *bool { return &p.Analyzer.NoSplit })
	floats("analyzer.pair_weight", s.PairWeight, base.Analyzer.PairWeight, func(p *Point) *float64 { return &p.Analyzer.PairWeight })
	if len(s.FeedbackDocs) > 0 {
		vals := slices.Clone(s.FeedbackDocs)
		if !slices.Contains(vals, base.FeedbackDocs) {
			vals = append(vals, base.FeedbackDocs)
		}
		out = append(out, dim{name: "feedback_docs", n: len(vals),
			set:   func(p *Point, i int) { p.FeedbackDocs = vals[i] },
			index: func(p *Point) int { return slices.Index(vals, p.FeedbackDocs) }})
	}
	if maxAlways > 0 {
		out = append(out, dim{name: "always", n: maxAlways + 1,
			set:   func(p *Point, i int) { p.Always = i },
			index: func(p *Point) int { return p.Always }})
	}
	return out
}

// size is the number of points of the space (without k); it saturates.
func size(dims []dim) int {
	n := 1
	for _, d := range dims {
		if n > math.MaxInt32/max(d.n, 1) {
			return math.MaxInt32
		}
		n *= d.n
	}
	return n
}

func withValue(vals []float64, v float64) []float64 {
	if slices.Contains(vals, v) {
		return vals
	}
	out := append(slices.Clone(vals), v)
	sort.Float64s(out)
	return out
}

func withString(vals []string, v string) []string {
	if slices.Contains(vals, v) {
		return vals
	}
	return append(slices.Clone(vals), v)
}

// kValues are the k values a run evaluates.
func kValues(s Space, obj Objective, base int) []int {
	if obj.K > 0 {
		return []int{obj.K}
	}
	ks := slices.Clone(s.K)
	if base > 0 || len(ks) == 0 {
		ks = append(ks, max(base, 1))
	}
	sort.Ints(ks)
	return slices.Compact(ks)
}
