package retrieval

import "strings"

// VariantWeight is the query weight of a normal form the analyzer adds next
// to a word as typed (flight for "flights"): the exact form counts fully, the
// other number half, so "list branches" prefers list_branches over
// create_branch while "flight" still finds search_flights. Measured: 0.3 to
// 0.7 are within 0.3 points of each other on every corpus (see EVAL.md).
const VariantWeight = 0.5

// PartWeight is the query weight of the parts of a technical token in a
// query (package, json for "package.json"; kubernetes, kubectl for
// "kubernetes/kubectl"); its whole form weighs 1. Paths, file and repository
// names in a request are mostly arguments, not what the tool does, so their
// parts should not outvote the request's words. Measured: 0.3 gains 1.7
// points of R@5 on en-mcp and 0.1–0.3 on the dev sets over 1 (EVAL.md).
const PartWeight = 0.3

// queryTerm is one analysed query term with its weight: 1 for terms of the
// query itself, VariantWeight for normal forms of query words,
// Config.SynonymWeight for terms added by expansion.
type queryTerm struct {
	term     string
	weight   float64
	expanded bool
}

// expander adds the other members of every synonym group a query mentions.
type expander struct {
	groups [][]synonym
	weight float64
}

type synonym struct {
	text  string   // width- and case-folded
	terms []string // analysed
}

func newExpander(a *Analyzer, groups []SynonymGroup, weight float64) *expander {
	e := &expander{weight: weight}
	for _, g := range groups {
		var members []synonym
		for _, t := range g {
			f := strings.TrimSpace(foldCase(t))
			members = append(members, synonym{text: f, terms: dedupe(a.Terms(t))})
		}
		e.groups = append(e.groups, members)
	}
	return e
}

// analyzeQuery returns the query's distinct terms, then the expansion terms
// of every synonym group the query mentions. A group member is mentioned
// when its text occurs in the query (at word boundaries for Latin text) or,
// for a one-term member, when that term is among the query's terms (so
// "searching" mentions "search" when stemming is on).
func (ix *Index) analyzeQuery(q string) []queryTerm {
	var out []queryTerm
	have := map[string]int{}
	terms, weights := ix.an.queryTerms(q)
	for i, t := range terms {
		if j, ok := have[t]; ok {
			out[j].weight = max(out[j].weight, weights[i])
			continue
		}
		have[t] = len(out)
		out = append(out, queryTerm{term: t, weight: weights[i]})
	}
	out = ix.expandSynonyms(q, out, have)
	if ix.tr != nil {
		out = ix.tr.translate(q, out, have)
	}
	return out
}

// expandSynonyms appends the other members of every synonym group q
// mentions.
func (ix *Index) expandSynonyms(q string, out []queryTerm, have map[string]int) []queryTerm {
	if ix.exp == nil || len(ix.exp.groups) == 0 || ix.exp.weight == 0 {
		return out
	}
	folded := foldCase(q)
	for _, g := range ix.exp.groups {
		hit := -1
		for i, m := range g {
			if mentions(folded, m, have) {
				hit = i
				break
			}
		}
		if hit < 0 {
			continue
		}
		for i, m := range g {
			if i == hit {
				continue
			}
			for _, t := range m.terms {
				if _, ok := have[t]; ok {
					continue
				}
				have[t] = len(out)
				out = append(out, queryTerm{term: t, weight: ix.exp.weight, expanded: true})
			}
		}
	}
	return out
}

func mentions(folded string, m synonym, have map[string]int) bool {
	if len(m.terms) == 1 {
		if _, ok := have[m.terms[0]]; ok {
			return true
		}
	}
	for off := 0; off < len(folded); {
		i := strings.Index(folded[off:], m.text)
		if i < 0 {
			return false
		}
		at := off + i
		if atBoundary(folded, at, at+len(m.text)) {
			return true
		}
		off = at + 1
	}
	return false
}

func dedupe(terms []string) []string {
	out := terms[:0:0]
	for _, t := range terms {
		if !contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}
