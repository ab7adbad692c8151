package tune

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// engine scores points on a suite without building bluge indexes: each
// catalog is analysed once per analyzer setting into per-field postings,
// each query into the (tool, field, term) matches BM25 needs, and every
// weight, k1 and b setting is scored from those with the same formula an
// Index applies (see retrieval.Terms). Queries are never parsed again.
type engine struct {
	base     retrieval.Config
	encoding string // "" when tokens are not counted
	variant  string
	jobs     int

	cats  []*catData
	cases []*ecase

	// Analyses and field scores are cached, the least recently used
	// dropped first, to bound memory on large catalogs.
	mu       sync.Mutex
	analyses map[anKey]*anEntry
	anOrder  []anKey
	scores   []scoreSet
}

// Cache sizes: a coordinate-ascent step changes one setting at a time, so
// a few entries serve nearly every evaluation.
const (
	maxAnalyses  = 2
	maxScoreSets = 2
)

type scoreSet struct {
	a  *analysis
	k1 float64
	b  [numFields]float64 // per field
	fs [][]float64
}

type catData struct {
	name   string
	cat    *catalog.Catalog
	tools  []toolcall.Tool
	byName map[string]int32

	costOnce sync.Once
	costErr  error
	envelope int
	costs    []int
}

type ecase struct {
	c       *suite.Case
	cat     int
	always  []int32 // the case's always-include tools, in order
	gold    []int32 // gold tools besides always-include (what metrics score)
	goldAll []int32 // every gold tool (what noise counts against)
}

type anKey struct {
	cat int
	an  retrieval.AnalyzerConfig
}

type anEntry struct {
	once sync.Once
	a    *analysis
	err  error
}

// analysis is one catalog under one analyzer setting.
type analysis struct {
	avgdl [numFields]float64
	// q holds the matches of every case of the catalog (nil for others).
	q []*qmatch
}

// qmatch lists a query's matches grouped by tool (ascending tool id).
type qmatch struct {
	cands []int32
	off   []int32 // matches of cands[i] are off[i]:off[i+1]
	ms    []qm
	idfw  []float64 // per (field, query term) pair: IDF · query-term weight
	// qterm maps each (field, query term) pair to its query term, qweight
	// holds each query term's weight (BM25F needs both).
	qterm   []uint16
	qweight []float64
}

// qm is one (tool, field, term) match, kept small: large catalogs have
// millions of them per analysis.
type qm struct {
	dl    uint32 // field length
	tf    uint16 // term frequency (saturated far below 65535)
	term  uint16 // index into qmatch.idfw
	field uint8
}

func newEngine(s *suite.Suite, base retrieval.Config, encoding, variant string, jobs int) (*engine, error) {
	e := &engine{base: base, encoding: encoding, variant: variant, jobs: max(1, jobs), analyses: map[anKey]*anEntry{}}
	catIndex := map[*catalog.Catalog]int{}
	for _, c := range s.Cases {
		cat := s.Catalog(c)
		if cat == nil {
			return nil, fmt.Errorf("%s:%d: case %s: catalog %s is not loaded", s.Name, c.Line, c.ID, c.Catalog)
		}
		ci, ok := catIndex[cat]
		if !ok {
			ci = len(e.cats)
			catIndex[cat] = ci
			cd := &catData{name: c.Catalog, cat: cat, tools: cat.Tools(), byName: map[string]int32{}}
			for i, t := range cd.tools {
				if _, dup := cd.byName[t.Name]; dup {
					return nil, fmt.Errorf("%s: tool %q is defined twice", c.Catalog, t.Name)
				}
				cd.byName[t.Name] = int32(i)
			}
			e.cats = append(e.cats, cd)
		}
		cd := e.cats[ci]
		ec := &ecase{c: c, cat: ci}
		ids := func(field string, names []string) ([]int32, error) {
			var out []int32
			for _, n := range names {
				id, ok := cd.byName[n]
				if !ok {
					return nil, fmt.Errorf("%s:%d: %s: tool %q is not in catalog %s", s.Name, c.Line, field, n, c.Catalog)
				}
				if !slices.Contains(out, id) {
					out = append(out, id)
				}
			}
			return out, nil
		}
		var err error
		if ec.always, err = ids("always_include", c.AlwaysInclude); err != nil {
			return nil, err
		}
		if ec.goldAll, err = ids("gold_tools", c.GoldTools); err != nil {
			return nil, err
		}
		for _, g := range ec.goldAll {
			if !slices.Contains(ec.always, g) {
				ec.gold = append(ec.gold, g)
			}
		}
		e.cases = append(e.cases, ec)
	}
	return e, nil
}

// hasCJK reports whether any query or tool text holds Han, kana or Hangul.
func (e *engine) hasCJK() bool {
	for _, c := range e.cases {
		if containsCJK(c.c.Query) {
			return true
		}
	}
	for _, cd := range e.cats {
		for i := range cd.tools {
			t := &cd.tools[i]
			if containsCJK(t.Description) || containsCJK(t.Details) {
				return true
			}
			for _, p := range t.Params {
				if containsCJK(p.Description) {
					return true
				}
			}
		}
	}
	return false
}

// liveFields returns the fields that hold a term in some tool of some
// catalog under the base configuration: tuning the weight or b of a field
// that is empty everywhere (FieldSenses of an English catalog, details of
// a catalog without documentation) changes no score, so it is not searched.
func (e *engine) liveFields() (map[string]bool, error) {
	live := map[string]bool{}
	for _, cd := range e.cats {
		terms, err := retrieval.NewCatalogTerms(e.base, cd.tools)
		if err != nil {
			return nil, err
		}
		for _, f := range retrieval.Fields {
			for i := 0; i < len(cd.tools) && !live[f]; i++ {
				live[f] = len(terms.Field(&cd.tools[i], f)) > 0
			}
		}
	}
	return live, nil
}

func containsCJK(s string) bool {
	for _, r := range s {
		if r >= 0x1100 && (r >= 0x3040 && r <= 0x30ff || r >= 0x3400 && r <= 0x9fff || r >= 0xac00 && r <= 0xd7af || r >= 0xf900 && r <= 0xfaff || r >= 0x20000 && r <= 0x2ffff || r >= 0x1100 && r <= 0x11ff) {
			return true
		}
	}
	return false
}

// analysis returns catalog cat analysed with an, built once.
func (e *engine) analysis(cat int, an retrieval.AnalyzerConfig) (*analysis, error) {
	k := anKey{cat, normAnalyzer(an)}
	e.mu.Lock()
	ent, ok := e.analyses[k]
	if !ok {
		ent = &anEntry{}
		e.analyses[k] = ent
	}
	if i := slices.Index(e.anOrder, k); i >= 0 {
		e.anOrder = slices.Delete(e.anOrder, i, i+1)
	}
	e.anOrder = append(e.anOrder, k)
	if len(e.anOrder) > maxAnalyses {
		delete(e.analyses, e.anOrder[0])
		e.anOrder = e.anOrder[1:]
	}
	e.mu.Unlock()
	ent.once.Do(func() { ent.a, ent.err = e.analyse(cat, k.an) })
	return ent.a, ent.err
}

type posting struct {
	tool int32
	tf   int32
}

func (e *engine) analyse(cat int, an retrieval.AnalyzerConfig) (*analysis, error) {
	cfg := e.base
	cfg.Analyzer = an
	cd := e.cats[cat]
	terms, err := retrieval.NewCatalogTerms(cfg, cd.tools)
	if err != nil {
		return nil, err
	}
	a := &analysis{q: make([]*qmatch, len(e.cases))}
	var postings [numFields]map[string][]posting
	var docs [numFields]int
	dl := make([][numFields]int32, len(cd.tools))
	freq := map[string]int32{}
	for f, field := range retrieval.Fields {
		postings[f] = map[string][]posting{}
		tokens := 0
		for i := range cd.tools {
			ts := terms.Field(&cd.tools[i], field)
			if len(ts) == 0 {
				continue
			}
			docs[f]++
			tokens += len(ts)
			dl[i][f] = int32(len(ts))
			clear(freq)
			for _, t := range ts {
				freq[t]++
			}
			// Terms in first-occurrence order keep the build deterministic.
			for _, t := range ts {
				if n := freq[t]; n > 0 {
					postings[f][t] = append(postings[f][t], posting{int32(i), n})
					freq[t] = 0
				}
			}
		}
		if docs[f] > 0 {
			a.avgdl[f] = float64(tokens) / float64(docs[f])
		}
	}
	type match struct {
		tool int32
		m    qm
	}
	var ms []match
	cnt := make([]int32, len(cd.tools))
	pos := make([]int32, len(cd.tools))
	for ci, c := range e.cases {
		if c.cat != cat {
			continue
		}
		ms = ms[:0]
		q := &qmatch{}
		qts := terms.Query(c.c.Query)
		for _, qt := range qts {
			q.qweight = append(q.qweight, qt.Weight)
		}
		for f := range retrieval.Fields {
			for qi, qt := range qts {
				ps := postings[f][qt.Term]
				if len(ps) == 0 {
					continue
				}
				if len(q.idfw) == math.MaxUint16 {
					return nil, fmt.Errorf("case %s: query has too many terms", c.c.ID)
				}
				term := uint16(len(q.idfw))
				q.idfw = append(q.idfw, retrieval.IDF(float64(len(ps)), float64(docs[f]))*qt.Weight)
				q.qterm = append(q.qterm, uint16(qi))
				for _, p := range ps {
					ms = append(ms, match{p.tool, qm{dl: uint32(dl[p.tool][f]), tf: uint16(min(p.tf, math.MaxUint16)), term: term, field: uint8(f)}})
				}
			}
		}
		// Group by tool (counting sort, stable: fields, then query terms).
		clear(cnt)
		for _, m := range ms {
			cnt[m.tool]++
		}
		q.ms = make([]qm, len(ms))
		at := int32(0)
		for id, n := range cnt {
			if n == 0 {
				continue
			}
			q.cands = append(q.cands, int32(id))
			q.off = append(q.off, at)
			pos[id] = at
			at += n
		}
		for _, m := range ms {
			q.ms[pos[m.tool]] = m.m
			pos[m.tool]++
		}
		q.off = append(q.off, int32(len(ms)))
		a.q[ci] = q
	}
	return a, nil
}

// fieldScores returns, per case, the unweighted BM25 score of every
// candidate's fields of analysis a under k1 and each field's b.
func (e *engine) fieldScores(a *analysis, k1 float64, b [numFields]float64) [][]float64 {
	e.mu.Lock()
	for i, s := range e.scores {
		if s.a == a && s.k1 == k1 && s.b == b {
			e.scores = append(slices.Delete(e.scores, i, i+1), s)
			e.mu.Unlock()
			return s.fs
		}
	}
	e.mu.Unlock()
	out := make([][]float64, len(a.q))
	for ci, q := range a.q {
		if q == nil {
			continue
		}
		s := make([]float64, len(q.cands)*numFields)
		for i := range q.cands {
			for _, m := range q.ms[q.off[i]:q.off[i+1]] {
				f := int(m.field)
				s[i*numFields+f] += q.idfw[m.term] * retrieval.TF(float64(m.tf), float64(m.dl), a.avgdl[f], k1, b[f])
			}
		}
		out[ci] = s
	}
	e.mu.Lock()
	e.scores = append(e.scores, scoreSet{a, k1, b, out})
	if len(e.scores) > maxScoreSets {
		e.scores[0] = scoreSet{}
		e.scores = e.scores[1:]
	}
	e.mu.Unlock()
	return out
}

// costs counts the tokens of every tool of a catalog rendered alone in the
// engine's variant, minus the envelope (the rendering of no tools), as
// replay does; the cost of a set of tools is the envelope plus their costs.
func (e *engine) costs(cat int) (*catData, error) {
	cd := e.cats[cat]
	cd.costOnce.Do(func() {
		cd.costs = make([]int, len(cd.tools))
		if e.encoding == "" {
			return
		}
		env, err := prompt.Render(nil, e.variant, prompt.Options{})
		if err != nil {
			cd.costErr = err
			return
		}
		if cd.envelope, err = prompt.CountTokens(env, e.encoding); err != nil {
			cd.costErr = err
			return
		}
		for i := range cd.tools {
			text, err := prompt.Render(cd.tools[i:i+1], e.variant, prompt.Options{})
			if err != nil {
				cd.costErr = fmt.Errorf("rendering %s as %s: %v", cd.tools[i].Name, e.variant, err)
				return
			}
			n, err := prompt.CountTokens(text, e.encoding)
			if err != nil {
				cd.costErr = err
				return
			}
			cd.costs[i] = max(0, n-cd.envelope)
		}
	})
	return cd, cd.costErr
}

// alwaysCandidates are the tools that are gold in the most of the given
// cases (at least two, and not already always-include there), most
// frequent first, ties by name; nil unless the suite has one catalog.
func (e *engine) alwaysCandidates(cases []int, n int) []string {
	if n <= 0 || len(e.cats) != 1 {
		return nil
	}
	cd := e.cats[0]
	count := map[int32]int{}
	for _, ci := range cases {
		for _, g := range e.cases[ci].gold {
			count[g]++
		}
	}
	type tc struct {
		name string
		n    int
	}
	var list []tc
	for id, c := range count {
		if c >= 2 {
			list = append(list, tc{cd.tools[id].Name, c})
		}
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].n != list[j].n {
			return list[i].n > list[j].n
		}
		return strings.Compare(list[i].name, list[j].name) < 0
	})
	var out []string
	for _, t := range list[:min(n, len(list))] {
		out = append(out, t.name)
	}
	return out
}
