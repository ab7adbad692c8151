package tune

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/retrieval/lexicon"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// SuggestOptions configure Suggest.
type SuggestOptions struct {
	// Base is the configuration whose misses are studied (nil: defaults).
	Base *retrieval.Config
	// K: a gold tool outside the top K is a miss (0: Base.K).
	K int
	// Folds for cross-validation (0: 5); Seed shuffles them.
	Folds int
	Seed  int64
	// MaxPerFold caps the additions tried per fold, most supported first
	// (0: 50).
	MaxPerFold int
	// MinSupport is how many missed cases of a tool must hold a word for
	// it to be proposed (0: 2): one query's own wording is not evidence,
	// and a chance bigram of one Chinese sentence would otherwise be tried.
	// It applies to what cross-validation tries; the suite check below
	// also takes words of smaller support.
	MinSupport int
	// NoSuiteCheck turns off the suite check: then only what
	// cross-validation confirms is kept (the behaviour before issue 25).
	// With the check on (the default), a proposal of any support, one
	// missed case included, is also kept when adding it alone to the base
	// (with what cross-validation kept) fixes a missed case whose query
	// holds the word and breaks no case of the suite, no fold of the
	// cross-validation got worse with it, and it breaks no case together
	// with those kept before it (suiteCheck). A word that one
	// request holds is never confirmed by cross-validation (its only case
	// is in the training folds whenever it is proposed); checked on every
	// case of the suite, it is kept only where it fixes that request and
	// costs nothing elsewhere.
	NoSuiteCheck bool
}

// Suggestion is one proposed change: Word added to Tool's description, or,
// when Tool is empty, the synonym rule Word = Synonym (a query word and a
// word of the missed tools' names or descriptions).
type Suggestion struct {
	Tool    string `json:"tool,omitempty"`
	Word    string `json:"word"`
	Synonym string `json:"synonym,omitempty"`
	// Support counts the suite's missed cases of Tool whose query holds
	// Word (for a rule: the missed cases, of at least two different tools,
	// whose query holds Word and whose gold tool holds Synonym).
	Support int `json:"support"`
	// Folds counts the folds whose training cases proposed it; Gain is
	// the mean change of recall@K on those folds' held-out cases when it
	// alone is added (0 when no fold proposed it: untested).
	Folds int     `json:"folds"`
	Gain  float64 `json:"gain"`
	// Fixed is the net number of held-out cases it fixed over those folds
	// (recall counted per case); Better and Worse count the folds where it
	// raised and lowered held-out recall. Kept: at least 2 cases fixed and
	// worse on no fold (folds without a held-out case it could fix leave
	// it at 0; one case can move by chance when any word is added).
	Fixed float64 `json:"fixed"`
	// Fixes lists the held-out cases (by id) whose recall@K it raised,
	// Breaks those it lowered, over every fold that tried it.
	Fixes  []string `json:"fixes,omitempty"`
	Breaks []string `json:"breaks,omitempty"`
	Better int      `json:"better"`
	Worse  int      `json:"worse"`
	Kept   bool     `json:"kept"`
	// KeptBy says what kept it: "folds" (cross-validation, above) or
	// "suite" (the suite check, SuggestOptions.NoSuiteCheck).
	KeptBy string `json:"kept_by,omitempty"`
	// SuiteFixes and SuiteBreaks are the suite's cases (by id) whose
	// recall@K rose and fell when the suite check added it alone to the
	// base configuration (with what cross-validation kept); empty when it
	// was not checked. When it passed alone but broke a case together with
	// the suggestions kept before it, SuiteBreaks names those cases.
	SuiteFixes  []string `json:"suite_fixes,omitempty"`
	SuiteBreaks []string `json:"suite_breaks,omitempty"`
}

// SuggestResult is what Suggest found.
type SuggestResult struct {
	K     int `json:"k"`
	Folds int `json:"folds"`
	// BaseRecall is recall@K of the base configuration on every case;
	// CVRecall the mean held-out recall@K when each fold adds what its
	// training cases proposed (the gain to expect on new cases).
	BaseRecall float64 `json:"base_recall"`
	CVRecall   float64 `json:"cv_recall"`
	// SuiteCVRecall is the mean held-out recall@K when each fold keeps
	// what the suite check keeps on its training cases (every proposal of
	// the training cases, of any support, checked on them): the gain to
	// expect on new cases from the suite check. Absent with NoSuiteCheck.
	SuiteCVRecall *float64     `json:"suite_cv_recall,omitempty"`
	Suggestions   []Suggestion `json:"suggestions"`
	// Config is the base configuration with the kept additions and
	// synonym rules.
	Config retrieval.Config `json:"config"`
}

// Suggest closes seed 002's loop "replay real tasks, then add description
// words": from the retrieval misses of a suite (gold tools outside the top
// k), it proposes query words that led to the gold tool but are absent
// from everything indexed for it, and scores each by cross-validation: in
// every fold, additions are proposed from the training cases only (a word
// of a held-out query is never used for that fold) and measured on the
// held-out cases.
//
// Candidate words are whole content words of a query (contentWords):
// English words as typed, not stop words, request words (need, want,
// help) or names inside a sentence; Chinese words segmented by the
// config's lexicon (the built-in one, plus its CC-CEDICT file), function
// words dropped — never a bigram across a word boundary. They must be rare
// in the catalog: held by at most max(3, N/50) of its N tools (需要, help,
// location say nothing about which tool is wanted), and point at the tool
// in the cases learnt from: more than half of the cases whose query holds
// the word need that tool, a request for n tools counting 1/n for each
// (the words of a request's other intents are not the missed tool's). A
// synonym rule "query word = tool word" is proposed when, in missed cases
// of at least two different gold tools, the query word is absent from the
// gold tool and the tool word (a content word of its name or description,
// absent from the query) is present, and most cases holding the query
// word need tools holding the tool word. Each suggestion lists the
// held-out cases it fixed and broke.
//
// Cross-validation keeps what fixes two held-out cases and hurts no fold;
// it can never confirm a word that one request holds. The suite check
// (on unless NoSuiteCheck) keeps such a word when, on the whole suite, it
// fixes its request and breaks nothing (suiteCheck): trained on one half
// of a set with several requests per tool, that is what raises recall on
// the other half (retrieval/EVAL.md).
func Suggest(suite *suite.Suite, opts SuggestOptions) (*SuggestResult, error) {
	base := retrieval.DefaultConfig()
	if opts.Base != nil {
		base = *opts.Base
	}
	k := opts.K
	if k <= 0 {
		k = base.K
	}
	if k <= 0 {
		return nil, errors.New("suggest: k must be ≥ 1")
	}
	nf := opts.Folds
	if nf == 0 {
		nf = 5
	}
	maxPer := opts.MaxPerFold
	if maxPer <= 0 {
		maxPer = 50
	}
	minSup := opts.MinSupport
	if minSup <= 0 {
		minSup = 2
	}
	if len(suite.Cases) == 0 {
		return nil, fmt.Errorf("%s: the suite has no cases", suite.Name)
	}
	sg, err := newSuggester(suite, k)
	if err != nil {
		return nil, err
	}
	all := allCases(len(suite.Cases))
	res := &SuggestResult{K: k, Folds: nf}
	if res.BaseRecall, err = sg.recall(base, all); err != nil {
		return nil, err
	}
	minAll := minSup
	if !opts.NoSuiteCheck {
		minAll = 1
	}
	props, err := sg.propose(base, all, minAll)
	if err != nil {
		return nil, err
	}
	gains := map[addition][]foldGain{}
	if nf > 1 {
		folds, err := Folds(len(suite.Cases), nf, opts.Seed)
		if err != nil {
			return nil, fmt.Errorf("suggest: %v", err)
		}
		for fi, test := range folds {
			train := complement(len(suite.Cases), test)
			fp, err := sg.propose(base, train, minSup)
			if err != nil {
				return nil, err
			}
			tried := top(fp, maxPer)
			before, err := sg.recalls(base, test)
			if err != nil {
				return nil, err
			}
			nTest := len(before)
			after, err := sg.recall(withAdditions(base, tried), test)
			if err != nil {
				return nil, err
			}
			res.CVRecall += after / float64(nf)
			if !opts.NoSuiteCheck {
				checked, err := sg.foldSuiteCheck(base, train)
				if err != nil {
					return nil, err
				}
				r, err := sg.recall(checked, test)
				if err != nil {
					return nil, err
				}
				if res.SuiteCVRecall == nil {
					res.SuiteCVRecall = new(float64)
				}
				*res.SuiteCVRecall += r / float64(nf)
			}
			for _, a := range tried {
				after, err := sg.recalls(withAdditions(base, []addition{a}), test)
				if err != nil {
					return nil, fmt.Errorf("fold %d: %v", fi+1, err)
				}
				g := foldGain{}
				for _, ci := range test {
					b, ok := before[ci]
					if !ok {
						continue
					}
					d := after[ci] - b
					g.cases += d
					switch {
					case d > 1e-9:
						g.fixes = append(g.fixes, suite.Cases[ci].ID)
					case d < -1e-9:
						g.breaks = append(g.breaks, suite.Cases[ci].ID)
					}
				}
				g.recall = g.cases / float64(max(nTest, 1))
				gains[a] = append(gains[a], g)
			}
		}
	}
	for _, a := range top(props, len(props)) {
		s := Suggestion{Tool: a.tool, Word: a.word, Synonym: a.syn, Support: props[a]}
		if g := gains[a]; len(g) > 0 {
			s.Folds = len(g)
			for _, x := range g {
				s.Gain += x.recall / float64(len(g))
				s.Fixed += x.cases
				s.Fixes = append(s.Fixes, x.fixes...)
				s.Breaks = append(s.Breaks, x.breaks...)
				switch {
				case x.cases > 1e-9:
					s.Better++
				case x.cases < -1e-9:
					s.Worse++
				}
			}
			slices.Sort(s.Fixes)
			slices.Sort(s.Breaks)
			if s.Fixed >= minFixed-1e-9 && s.Worse == 0 {
				s.Kept, s.KeptBy = true, "folds"
			}
		}
		res.Suggestions = append(res.Suggestions, s)
	}
	var keep []addition
	for _, s := range res.Suggestions {
		if s.Kept {
			keep = append(keep, addition{s.Tool, s.Word, s.Synonym})
		}
	}
	res.Config = withAdditions(base, keep)
	if !opts.NoSuiteCheck {
		if res.Config, err = sg.suiteCheck(res.Config, res.Suggestions, all); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(res.Suggestions, func(i, j int) bool {
		a, b := &res.Suggestions[i], &res.Suggestions[j]
		if a.Gain != b.Gain {
			return a.Gain > b.Gain
		}
		if a.Kept != b.Kept {
			return a.Kept
		}
		return len(a.SuiteFixes) > len(b.SuiteFixes)
	})
	return res, nil
}

// suiteCheck tries each suggestion not yet kept on every case of the
// suite, each on its own: added to cfg (the base with what
// cross-validation kept), it passes when it fixes at least one case whose
// query holds its word and breaks none, and no cross-validation fold got
// worse with it. Each records the cases it fixed and broke on its own.
// Several words of one request may each fix it alone: all of them pass, as
// the tool's next requests may hold any one of them. The suggestions that
// pass are then added together, most supported first, each kept unless
// it breaks a case with those kept before it (words that pass alone can
// still push another tool out together). It returns cfg with the
// suggestions it kept.
func (s *suggester) suiteCheck(cfg retrieval.Config, list []Suggestion, all []int) (retrieval.Config, error) {
	base, err := s.recalls(cfg, all)
	if err != nil {
		return cfg, err
	}
	lex, err := retrieval.ConfigLexicon(cfg)
	if err != nil {
		return cfg, err
	}
	// changed lists the cases whose recall rose and fell from before to
	// after.
	changed := func(before, after map[int]float64) (up, down []int) {
		for _, ci := range all {
			b, ok := before[ci]
			if !ok {
				continue
			}
			switch d := after[ci] - b; {
			case d > 1e-9:
				up = append(up, ci)
			case d < -1e-9:
				down = append(down, ci)
			}
		}
		return up, down
	}
	ids := func(cases []int) []string {
		out := make([]string, len(cases))
		for i, ci := range cases {
			out[i] = s.suite.Cases[ci].ID
		}
		slices.Sort(out)
		return out
	}
	var pass []int
	for i := range list {
		sg := &list[i]
		if sg.Kept || sg.Worse > 0 {
			continue
		}
		after, err := s.recalls(withAdditions(cfg, []addition{{sg.Tool, sg.Word, sg.Synonym}}), all)
		if err != nil {
			return cfg, err
		}
		up, down := changed(base, after)
		sg.SuiteFixes, sg.SuiteBreaks = ids(up), ids(down)
		own := slices.ContainsFunc(up, func(ci int) bool {
			return slices.Contains(contentWords(lex, s.suite.Cases[ci].Query), sg.Word)
		})
		if own && len(down) == 0 {
			pass = append(pass, i)
		}
	}
	cur := base
	for _, i := range pass {
		sg := &list[i]
		next := withAdditions(cfg, []addition{{sg.Tool, sg.Word, sg.Synonym}})
		after, err := s.recalls(next, all)
		if err != nil {
			return cfg, err
		}
		if _, down := changed(cur, after); len(down) > 0 {
			sg.SuiteBreaks = ids(down) // together with those kept before it
			continue
		}
		sg.Kept, sg.KeptBy = true, "suite"
		cfg, cur = next, after
	}
	return cfg, nil
}

// foldSuiteCheck is the suite check on the training cases of one fold:
// every proposal they make, of any support, checked on them alone; it
// returns base with what it keeps.
func (s *suggester) foldSuiteCheck(base retrieval.Config, train []int) (retrieval.Config, error) {
	props, err := s.propose(base, train, 1)
	if err != nil {
		return base, err
	}
	var list []Suggestion
	for _, a := range top(props, len(props)) {
		list = append(list, Suggestion{Tool: a.tool, Word: a.word, Synonym: a.syn, Support: props[a]})
	}
	return s.suiteCheck(base, list, train)
}

// allCases lists the case indexes 0…n-1.
func allCases(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// addition is a word for a tool, or (tool "") the synonym rule word = syn.
type addition struct{ tool, word, syn string }

// foldGain is what one suggestion changed on one fold's held-out cases:
// their mean recall, the cases' summed recall (cases fixed), and the ids
// of the cases whose recall rose and fell.
type foldGain struct {
	recall, cases float64
	fixes, breaks []string
}

// minFixed is how many held-out cases (net, over all folds) a suggestion
// must fix to be kept: one case can move by chance when any word is
// added to any tool.
const minFixed = 2

// top lists the proposals by support (then tool and word), at most n.
func top(props map[addition]int, n int) []addition {
	list := slices.Collect(maps.Keys(props))
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if props[a] != props[b] {
			return props[a] > props[b]
		}
		if a.tool != b.tool {
			return a.tool < b.tool
		}
		if a.word != b.word {
			return a.word < b.word
		}
		return a.syn < b.syn
	})
	return list[:min(n, len(list))]
}

func complement(n int, test []int) []int {
	var out []int
	for i := 0; i < n; i++ {
		if _, found := slices.BinarySearch(test, i); !found {
			out = append(out, i)
		}
	}
	return out
}

// withAdditions returns base with the words added to its Additions and
// the rules to its Synonyms.
func withAdditions(base retrieval.Config, adds []addition) retrieval.Config {
	c := base
	c.Additions = maps.Clone(base.Additions)
	c.Synonyms = slices.Clone(base.Synonyms)
	for _, a := range adds {
		if a.tool == "" {
			c.Synonyms = append(c.Synonyms, retrieval.SynonymGroup{a.word, a.syn})
			continue
		}
		if c.Additions == nil {
			c.Additions = map[string]string{}
		}
		if cur := c.Additions[a.tool]; cur != "" {
			c.Additions[a.tool] = cur + " " + a.word
		} else {
			c.Additions[a.tool] = a.word
		}
	}
	return c
}

// suggester runs a suite's cases against real indexes.
type suggester struct {
	suite *suite.Suite
	k     int
}

func newSuggester(suite *suite.Suite, k int) (*suggester, error) {
	for _, c := range suite.Cases {
		if suite.Catalog(c) == nil {
			return nil, fmt.Errorf("%s:%d: case %s: catalog %s is not loaded", suite.Name, c.Line, c.ID, c.Catalog)
		}
	}
	return &suggester{suite: suite, k: k}, nil
}

// each runs the cases with cfg, calling fn with each case's tools and its
// retrieved tool names (always-include tools excluded).
func (s *suggester) each(cfg retrieval.Config, cases []int, fn func(c *suite.Case, tools []toolcall.Tool, ranked []string, terms *retrieval.Terms)) error {
	cfg.Always = nil
	indexes := map[string]*retrieval.Index{}
	defer func() {
		for _, ix := range indexes {
			ix.Close()
		}
	}()
	for _, ci := range cases {
		c := s.suite.Cases[ci]
		cat := s.suite.Catalog(c)
		ix := indexes[c.Catalog]
		if ix == nil {
			var err error
			if ix, err = retrieval.New(cat.Tools(), retrieval.WithConfig(cfg)); err != nil {
				return fmt.Errorf("%s: %v", c.Catalog, err)
			}
			indexes[c.Catalog] = ix
		}
		hits, err := ix.Search(c.Query, s.k, c.AlwaysInclude...)
		if err != nil {
			return fmt.Errorf("case %s: %v", c.ID, err)
		}
		var ranked []string
		for _, h := range hits {
			if !h.Always {
				ranked = append(ranked, h.Name)
			}
		}
		fn(c, cat.Tools(), ranked, ix.Terms())
	}
	return nil
}

// recall is the mean recall@k of the cases' gold tools that are not
// always-include (cases with none are not scored).
func (s *suggester) recall(cfg retrieval.Config, cases []int) (float64, error) {
	sum, n, err := s.recallSum(cfg, cases)
	if n == 0 {
		return 0, err
	}
	return sum / float64(n), err
}

// recalls is recall@k per scored case (by index in the suite).
func (s *suggester) recalls(cfg retrieval.Config, cases []int) (map[int]float64, error) {
	out := map[int]float64{}
	at := 0
	err := s.each(cfg, cases, func(c *suite.Case, _ []toolcall.Tool, ranked []string, _ *retrieval.Terms) {
		ci := cases[at]
		at++
		gold := missing(c, nil)
		if len(gold) == 0 {
			return
		}
		out[ci] = float64(len(gold)-len(missing(c, ranked))) / float64(len(gold))
	})
	return out, err
}

// recallSum is the sum of the scored cases' recall@k (the number of gold
// tools found, each case counting 1 at most) and how many were scored.
func (s *suggester) recallSum(cfg retrieval.Config, cases []int) (float64, int, error) {
	var sum float64
	n := 0
	err := s.each(cfg, cases, func(c *suite.Case, _ []toolcall.Tool, ranked []string, _ *retrieval.Terms) {
		gold := missing(c, nil)
		if len(gold) == 0 {
			return
		}
		n++
		sum += float64(len(gold)-len(missing(c, ranked))) / float64(len(gold))
	})
	return sum, n, err
}

// missing lists the case's gold tools that are neither always-include nor
// ranked.
func missing(c *suite.Case, ranked []string) []string {
	var out []string
	for _, g := range c.GoldTools {
		if !slices.Contains(c.AlwaysInclude, g) && !slices.Contains(ranked, g) && !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// propose counts, per (missed gold tool, candidate word), the cases whose
// query holds the word, keeping those with at least minSupport. Candidate
// words are whole content words (contentWords) of the query, rare in the
// catalog and not held by the gold tool; a rule pairs one with a rare
// content word of the gold tool's name or description that the query
// lacks.
//
// A candidate must also point at its tool in the cases it learns from
// (purity): of the cases whose query holds the word, more than half need
// that tool (for a rule: have gold tools holding the tool word), a case
// needing n tools counting 1/n for each. In a
// request for four tools, "plan", "trip" or "statistics" belong to the
// other three as much as to the missed one, and words that occur across
// many requests for many tools (provide, tasks, next) say nothing about
// which one is wanted.
func (s *suggester) propose(cfg retrieval.Config, cases []int, minSupport int) (map[addition]int, error) {
	lex, err := retrieval.ConfigLexicon(cfg)
	if err != nil {
		return nil, err
	}
	props := map[addition]int{}
	df := map[string]map[string]int{}           // catalog → term → tools holding it
	ruleTools := map[addition]map[string]bool{} // rule → gold tools behind it
	indexed := map[string]map[string]bool{}     // catalog#tool → its terms
	named := map[string][]string{}              // catalog#tool → name and description words
	toolInfo := func(cat string, tools []toolcall.Tool, terms *retrieval.Terms, g string) (map[string]bool, []string) {
		key := cat + "#" + g
		if have := indexed[key]; have != nil {
			return have, named[key]
		}
		have := map[string]bool{}
		for i := range tools {
			if tools[i].Name != g {
				continue
			}
			for _, f := range retrieval.Fields {
				for _, t := range terms.Field(&tools[i], f) {
					have[t] = true
				}
			}
			name := strings.Join(terms.Field(&tools[i], retrieval.FieldNameWords), " ")
			named[key] = contentWords(lex, name+". "+tools[i].Description)
		}
		indexed[key] = have
		return have, named[key]
	}
	// Purity counts over every case learnt from, hit or missed; a case
	// needing n tools gives each of them 1/n of its words (a word of a
	// request for four tools belongs to one of them, not to all four).
	withWord := map[string]float64{}           // catalog#word → cases whose query holds it
	withTool := map[string]float64{}           // catalog#word#tool → … that need the tool
	withSyn := map[string]map[string]float64{} // catalog#word → tool word → … whose gold holds it
	catTerms := map[string]*retrieval.Terms{}
	for _, ci := range cases {
		c := s.suite.Cases[ci]
		tools := s.suite.Catalog(c).Tools()
		terms := catTerms[c.Catalog]
		if terms == nil {
			if terms, err = retrieval.NewCatalogTerms(cfg, tools); err != nil {
				return nil, fmt.Errorf("%s: %v", c.Catalog, err)
			}
			catTerms[c.Catalog] = terms
		}
		gold := uniq(c.GoldTools)
		share := 1 / float64(max(len(gold), 1))
		golds := map[string]float64{}
		for _, g := range gold {
			_, words := toolInfo(c.Catalog, tools, terms, g)
			for _, u := range words {
				golds[u] += share
			}
		}
		for _, w := range contentWords(lex, c.Query) {
			key := c.Catalog + "#" + w
			withWord[key]++
			for _, g := range gold {
				withTool[key+"#"+g] += share
			}
			if withSyn[key] == nil {
				withSyn[key] = map[string]float64{}
			}
			for u, x := range golds {
				withSyn[key][u] += x
			}
		}
	}
	// pure: more than half of the evidence for the word points at the
	// tool (a rule: at the tool word).
	pure := func(cat string, a addition) bool {
		key := cat + "#" + a.word
		n := withWord[key]
		if a.tool != "" {
			return 2*withTool[key+"#"+a.tool] > n+1e-9
		}
		return 2*withSyn[key][a.syn] > n+1e-9
	}
	err = s.each(cfg, cases, func(c *suite.Case, tools []toolcall.Tool, ranked []string, terms *retrieval.Terms) {
		miss := missing(c, ranked)
		if len(miss) == 0 {
			return
		}
		cdf := df[c.Catalog]
		if cdf == nil {
			cdf = docFreqs(tools, terms)
			df[c.Catalog] = cdf
		}
		rare := func(w string) bool { return wordDF(cdf, terms, w) <= max(3, len(tools)/50) }
		inQuery := contentWords(lex, c.Query)
		args := argumentWords(lex, c)
		var words []string
		for _, w := range inQuery {
			if rare(w) && !args[w] {
				words = append(words, w)
			}
		}
		for _, g := range miss {
			have, toolWords := toolInfo(c.Catalog, tools, terms, g)
			for _, w := range words {
				if holds(have, terms, w) {
					continue
				}
				if a := (addition{g, w, ""}); pure(c.Catalog, a) {
					props[a]++
				}
				for _, u := range toolWords {
					if u == w || slices.Contains(inQuery, u) || !rare(u) {
						continue
					}
					r := addition{"", w, u}
					if !pure(c.Catalog, r) {
						continue
					}
					props[r]++
					if ruleTools[r] == nil {
						ruleTools[r] = map[string]bool{}
					}
					ruleTools[r][g] = true
				}
			}
		}
	})
	maps.DeleteFunc(props, func(a addition, n int) bool {
		return n < minSupport || a.tool == "" && len(ruleTools[a]) < 2
	})
	return props, err
}

// argumentWords returns the content words of the values the case's gold
// calls pass (its steps' too): the user's data — a city, a person, a
// package to install — which the request names for the call, not words
// about the tool, so never suggested for its description ("alice" for
// request_reviewers, 上海 for a flight tool).
func argumentWords(lex *lexicon.Lexicon, c *suite.Case) map[string]bool {
	out := map[string]bool{}
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case string:
			for _, w := range contentWords(lex, v) {
				out[w] = true
			}
		case []any:
			for _, x := range v {
				add(x)
			}
		case map[string]any:
			for _, x := range v {
				add(x)
			}
		}
	}
	calls := slices.Clone(c.GoldCalls)
	for _, st := range c.Steps {
		calls = append(calls, st.GoldCalls...)
	}
	for _, g := range calls {
		for _, prm := range g.Params {
			for _, raw := range prm.Allowed {
				var v any
				if json.Unmarshal(raw, &v) == nil {
					add(v)
				}
			}
		}
	}
	return out
}

// uniq returns list without repeats, in order.
func uniq(list []string) []string {
	var out []string
	for _, x := range list {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// holds reports whether a tool's terms already hold word w: an English
// word as typed or in its normal form, a Chinese word when every one of
// its bigrams is there.
func holds(have map[string]bool, terms *retrieval.Terms, w string) bool {
	ts := terms.Text(w)
	han := strings.IndexFunc(w, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
	n := 0
	for _, t := range ts {
		if han && utf8.RuneCountInString(t) < 2 {
			continue
		}
		if !han && have[t] {
			return true
		}
		if han && !have[t] {
			return false
		}
		n++
	}
	return han && n > 0
}

// wordDF is how many tools hold word w, as far as term counts tell: for
// English the most common of its forms, for Chinese its rarest bigram.
func wordDF(df map[string]int, terms *retrieval.Terms, w string) int {
	han := strings.IndexFunc(w, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
	best := -1
	for _, t := range terms.Text(w) {
		if han && utf8.RuneCountInString(t) < 2 {
			continue
		}
		switch {
		case best < 0:
			best = df[t]
		case han:
			best = min(best, df[t])
		default:
			best = max(best, df[t])
		}
	}
	return max(best, 0)
}

// docFreqs counts the tools holding each term in any field.
func docFreqs(tools []toolcall.Tool, terms *retrieval.Terms) map[string]int {
	df := map[string]int{}
	seen := map[string]bool{}
	for i := range tools {
		clear(seen)
		for _, f := range retrieval.Fields {
			for _, t := range terms.Field(&tools[i], f) {
				if !seen[t] {
					seen[t] = true
					df[t]++
				}
			}
		}
	}
	return df
}
