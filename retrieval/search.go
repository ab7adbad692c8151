package retrieval

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/blugelabs/bluge"
)

// Hit is one tool chosen for a query.
type Hit struct {
	// Name is the tool name.
	Name string `json:"name"`
	// Score is the tool's BM25 score for the query (0 when an
	// always-include tool matches no query term).
	Score float64 `json:"score"`
	// Always is set for always-include tools.
	Always bool `json:"always"`
}

// Search returns the tools to inject for query: the always-include tools
// first, in the order given (duplicates dropped), then the k best-scoring
// other tools by descending score, ties in catalog order. The always list
// is the one passed here; Config.Always is only a default for callers such
// as the CLI. An always-include name that is not in the catalog is an error
// naming it. A query with no indexed term yields only the always-include
// tools.
func (ix *Index) Search(query string, k int, always ...string) ([]Hit, error) {
	if k < 0 {
		return nil, fmt.Errorf("retrieval: k must be ≥ 0, got %d", k)
	}
	var hits []Hit
	isAlways := map[string]bool{}
	for _, name := range always {
		if _, ok := ix.byName[name]; !ok {
			return nil, fmt.Errorf("retrieval: always-include tool %q is not in the catalog", name)
		}
		if isAlways[name] {
			continue
		}
		isAlways[name] = true
		hits = append(hits, Hit{Name: name, Always: true})
	}
	terms := ix.analyzeQuery(query)
	q, clauses := ix.buildQuery(terms)
	if clauses == 0 {
		return hits, nil
	}
	var found map[string]float64
	if len(hits) > 0 {
		found = map[string]float64{}
	}
	if n := k + len(hits); n > 0 {
		// A few more than needed, so that ties at the cut are ordered
		// by catalog order below rather than by bluge.
		req := bluge.NewTopNSearch(n+tieSlack, q)
		if !ix.byNumber {
			req = req.SortBy([]string{"-_score", ordField})
		}
		it, err := ix.reader.Search(context.Background(), req)
		if err != nil {
			return nil, fmt.Errorf("retrieval: search %q: %w", query, err)
		}
		var ranked []rankedHit
		for {
			m, err := it.Next()
			if err != nil {
				return nil, fmt.Errorf("retrieval: search %q: %w", query, err)
			}
			if m == nil {
				break
			}
			ord, ok := ix.ordOf[m.Number]
			if !ok {
				return nil, fmt.Errorf("retrieval: search %q: unknown document number %d", query, m.Number)
			}
			name := ix.tools[ord].Name
			if isAlways[name] {
				found[name] = m.Score
				continue
			}
			ranked = append(ranked, rankedHit{ord: ord, score: m.Score})
		}
		// Scores that are equal but for floating-point rounding (the same
		// terms summed in another order) tie, and ties go in catalog order.
		sort.SliceStable(ranked, func(a, b int) bool {
			sa, sb := tieKey(ranked[a].score), tieKey(ranked[b].score)
			if sa != sb {
				return sa > sb
			}
			return ranked[a].ord < ranked[b].ord
		})
		for _, r := range ranked[:min(k, len(ranked))] {
			hits = append(hits, Hit{Name: ix.tools[r.ord].Name, Score: r.score})
		}
	}
	for i := range hits {
		if !hits[i].Always {
			break
		}
		if s, ok := found[hits[i].Name]; ok {
			hits[i].Score = s
		} else {
			// Not among the top hits: score it directly.
			hits[i].Score = ix.score(terms, ix.byName[hits[i].Name]).Score
		}
	}
	return hits, nil
}

// buildQuery makes one weighted term query per (field, term) pair the
// field actually holds.
func (ix *Index) buildQuery(terms []queryTerm) (bluge.Query, int) {
	bq := bluge.NewBooleanQuery()
	n := 0
	for _, f := range ix.fields {
		df := ix.stats[f.name].df
		for _, t := range terms {
			if _, ok := df[t.term]; !ok {
				continue
			}
			bq.AddShould(bluge.NewTermQuery(t.term).SetField(f.name).SetBoost(f.weight * t.weight))
			n++
		}
	}
	return bq, n
}

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
	e := ix.score(ix.analyzeQuery(query), i)
	return &e, nil
}

// score computes a tool's score from the Index's own statistics, with the
// same formula the bluge similarity applies.
func (ix *Index) score(terms []queryTerm, i int) Explanation {
	e := Explanation{Tool: ix.tools[i].Name}
	stock := ix.cfg.Similarity == SimilarityBluge
	for _, f := range ix.fields {
		ft := ix.fieldTerms(&ix.tools[i], f.name)
		if len(ft) == 0 {
			continue
		}
		st := ix.stats[f.name]
		freq := map[string]int{}
		for _, t := range ft {
			freq[t]++
		}
		fm := FieldMatch{Field: f.name, Weight: f.weight}
		for _, t := range terms {
			tf := freq[t.term]
			if tf == 0 {
				continue
			}
			n := float64(st.df[t.term])
			var s float64
			if stock {
				s = stockBM25(float64(tf), float64(len(ft)), st.avgdl(), n, float64(st.docs), ix.cfg.K1, ix.cfg.B)
			} else {
				s = IDF(n, float64(st.docs)) * TF(float64(tf), float64(len(ft)), st.avgdl(), ix.cfg.K1, ix.cfg.B)
			}
			s *= f.weight * t.weight
			fm.Terms = append(fm.Terms, TermMatch{Term: t.term, Freq: tf, DocFreq: int(n), Score: s, Expanded: t.expanded})
			fm.Score += s
		}
		if len(fm.Terms) > 0 {
			sort.SliceStable(fm.Terms, func(a, b int) bool { return fm.Terms[a].Score > fm.Terms[b].Score })
			e.Fields = append(e.Fields, fm)
			e.Score += fm.Score
		}
	}
	return e
}

// tieSlack is how many hits beyond k are fetched to order ties at the cut.
const tieSlack = 8

type rankedHit struct {
	ord   int
	score float64
}

// tieKey rounds a score to 9 significant digits, so that sums of the same
// terms in another order compare equal.
func tieKey(s float64) float64 {
	if s == 0 {
		return 0
	}
	e := math.Pow(10, 9-math.Ceil(math.Log10(math.Abs(s))))
	return math.Round(s*e) / e
}
