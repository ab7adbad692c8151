package retrieval

import (
	"fmt"
	"sort"
)

// Explanation says why a tool scored what it did for a query.
type Explanation struct {
	Tool  string  `json:"tool"`
	Score float64 `json:"score"`
	// Fields lists the fields with at least one matching term, in Fields
	// order.
	Fields []FieldMatch `json:"fields,omitempty"`
}

// FieldMatch is the part of a score that comes from one field.
type FieldMatch struct {
	Field  string      `json:"field"`
	Weight float64     `json:"weight"`
	Score  float64     `json:"score"`
	Terms  []TermMatch `json:"terms"`
}

// TermMatch is one query term found in a field.
type TermMatch struct {
	Term string `json:"term"`
	// Freq is how often the term occurs in the field; DocFreq in how many
	// tools' fields.
	Freq    int     `json:"freq"`
	DocFreq int     `json:"doc_freq"`
	Score   float64 `json:"score"`
	// Expanded marks terms added by synonym expansion.
	Expanded bool `json:"expanded,omitempty"`
}

// Explain breaks the score of tool for query down by field and term. The
// total equals the Score that Search reports for the tool (up to
// floating-point rounding).
func (ix *Index) Explain(query, tool string) (*Explanation, error) {
	i, ok := ix.byName[tool]
	if !ok {
		return nil, fmt.Errorf("retrieval: explain: tool %q is not in the catalog", tool)
	}
	acc := ix.getAccumulator()
	terms := ix.feedback(ix.analyzeQuery(query), acc)
	ix.putAccumulator(acc)
	e := ix.score(terms, i)
	return &e, nil
}

// score computes a tool's score from the index's statistics with the
// formula of the configured similarity; the total equals the impacts
// Search adds up. Under BM25F a term's score (one saturation over all
// fields) is shared among the fields it occurs in by their part of the
// weighted term frequency.
func (ix *Index) score(terms []queryTerm, i int) Explanation {
	t := &ix.tools[i]
	e := Explanation{Tool: t.Name}
	nested := ix.nested(t)
	nf := len(ix.fields)
	freq := make([]map[string]int, nf)
	dl := make([]float64, nf)
	for j, f := range ix.fields {
		ft := ix.fieldTerms(t, nested, f.name)
		dl[j] = float64(len(ft))
		freq[j] = map[string]int{}
		for _, x := range ft {
			freq[j][x]++
		}
	}
	fms := make([]FieldMatch, nf)
	for j, f := range ix.fields {
		fms[j] = FieldMatch{Field: f.name, Weight: f.weight}
	}
	k1 := ix.cfg.K1
	part := make([]float64, nf)
	for _, qt := range terms {
		id, ok := ix.terms[qt.term]
		if !ok {
			continue
		}
		clear(part)
		var x float64
		for j, f := range ix.fields {
			tf := float64(freq[j][qt.term])
			if tf == 0 {
				continue
			}
			switch ix.cfg.Similarity {
			case SimilarityBM25:
				part[j] = f.weight * IDF(float64(ix.fieldDF[j][id]), float64(ix.fieldDocs[j])) * TF(tf, dl[j], ix.avgdl[j], k1, f.b)
			case SimilarityBluge:
				part[j] = f.weight * stockBM25(tf, dl[j], ix.avgdl[j], float64(ix.fieldDF[j][id]), float64(ix.fieldDocs[j]), k1, f.b)
			default:
				part[j] = WeightedTF(f.weight, tf, dl[j], ix.avgdl[j], f.b)
				x += part[j]
			}
		}
		if x > 0 { // BM25F: share the term's score by weighted tf
			s := IDF(float64(ix.df[id]), float64(len(ix.tools))) * Saturate(x, k1)
			for j := range part {
				part[j] = s * part[j] / x
			}
		}
		for j := range ix.fields {
			if part[j] == 0 {
				continue
			}
			docFreq := int(ix.fieldDF[j][id])
			if ix.cfg.Similarity == SimilarityBM25F {
				docFreq = int(ix.df[id])
			}
			s := part[j] * qt.weight
			fms[j].Terms = append(fms[j].Terms, TermMatch{Term: UnmarkSense(qt.term), Freq: freq[j][qt.term], DocFreq: docFreq, Score: s, Expanded: qt.expanded})
			fms[j].Score += s
		}
	}
	for _, fm := range fms {
		if len(fm.Terms) > 0 {
			sort.SliceStable(fm.Terms, func(a, b int) bool { return fm.Terms[a].Score > fm.Terms[b].Score })
			e.Fields = append(e.Fields, fm)
			e.Score += fm.Score
		}
	}
	return e
}
