package retrieval

import (
	"context"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blugelabs/bluge"
	"github.com/blugelabs/bluge/analysis/analyzer"

	"github.com/tooleval/tooleval/toolcall"
)

// ranker is anything that ranks a catalog's tools for a query, best first.
type ranker interface {
	rank(query string, k int) []string
	close()
}

// indexRanker ranks with an Index.
type indexRanker struct{ ix *Index }

func (r indexRanker) rank(q string, k int) []string {
	hits, err := r.ix.Search(q, k)
	if err != nil {
		panic(err)
	}
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Name
	}
	return out
}

func (r indexRanker) close() { r.ix.Close() }

// referenceText is what both baselines index for a tool: the name, the
// description and every top-level parameter's name and description (what a
// straightforward retriever over an OpenAI tools array sees).
func referenceText(t *toolcall.Tool, nameTimes int) string {
	var b strings.Builder
	for i := 0; i < nameTimes; i++ {
		b.WriteString(t.Name)
		b.WriteByte(' ')
	}
	b.WriteString(t.Description)
	for _, p := range t.Params {
		b.WriteByte(' ')
		b.WriteString(p.Name)
		b.WriteByte(' ')
		b.WriteString(p.Description)
	}
	return b.String()
}

// referenceBM25 is the reference retriever of issue #13, written from its
// description: one field holding the name twice, the description and the
// parameters; Okapi BM25 (k1 1.2, b 0.75) with the correct IDF
// ln(1 + (N − n + 0.5)/(n + 0.5)); lowercase words split at
// non-alphanumerics, snake_case and camelCase boundaries; Han/kana/Hangul
// runs cut into unigrams and bigrams. No stemming, no stop words; a query
// term counts as often as it occurs.
type referenceBM25 struct {
	names []string
	post  map[string][]refPosting
	dl    []float64
	avgdl float64
}

type refPosting struct {
	doc int
	tf  float64
}

func newReferenceBM25(tools []toolcall.Tool) *referenceBM25 {
	r := &referenceBM25{post: map[string][]refPosting{}, dl: make([]float64, len(tools))}
	total := 0.0
	for i := range tools {
		r.names = append(r.names, tools[i].Name)
		terms := referenceTerms(referenceText(&tools[i], 2))
		r.dl[i] = float64(len(terms))
		total += r.dl[i]
		tf := map[string]float64{}
		var order []string
		for _, t := range terms {
			if tf[t] == 0 {
				order = append(order, t)
			}
			tf[t]++
		}
		for _, t := range order {
			r.post[t] = append(r.post[t], refPosting{i, tf[t]})
		}
	}
	r.avgdl = total / float64(len(tools))
	return r
}

func (r *referenceBM25) rank(q string, k int) []string {
	const k1, b = 1.2, 0.75
	N := float64(len(r.names))
	score := map[int]float64{}
	for _, t := range referenceTerms(q) {
		ps := r.post[t]
		if len(ps) == 0 {
			continue
		}
		n := float64(len(ps))
		idf := math.Log(1 + (N-n+0.5)/(n+0.5))
		for _, p := range ps {
			score[p.doc] += idf * p.tf * (k1 + 1) / (p.tf + k1*(1-b+b*r.dl[p.doc]/r.avgdl))
		}
	}
	return topK(score, r.names, k)
}

func (r *referenceBM25) close() {}

func topK(score map[int]float64, names []string, k int) []string {
	docs := make([]int, 0, len(score))
	for d := range score {
		docs = append(docs, d)
	}
	sort.Slice(docs, func(i, j int) bool {
		if score[docs[i]] != score[docs[j]] {
			return score[docs[i]] > score[docs[j]]
		}
		return docs[i] < docs[j]
	})
	var out []string
	for _, d := range docs[:min(k, len(docs))] {
		out = append(out, names[d])
	}
	return out
}

// referenceTerms is the reference tokenizer.
func referenceTerms(s string) []string {
	var out []string
	isCJKRune := func(r rune) bool {
		return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
			unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
	}
	rs := []rune(s)
	for i := 0; i < len(rs); {
		switch r := rs[i]; {
		case isCJKRune(r):
			j := i
			for j < len(rs) && isCJKRune(rs[j]) {
				j++
			}
			for x := i; x < j; x++ {
				out = append(out, string(rs[x]))
				if x+1 < j {
					out = append(out, string(rs[x:x+2]))
				}
			}
			i = j
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j])) && !isCJKRune(rs[j]) {
				j++
			}
			// camelCase: cut before an upper-case letter that follows a
			// lower-case one, and before the last capital of an acronym
			// followed by lower case (HTMLParser → html parser).
			start := i
			for x := i + 1; x <= j; x++ {
				cut := x == j
				if !cut {
					p, c := rs[x-1], rs[x]
					cut = unicode.IsLower(p) && unicode.IsUpper(c) ||
						unicode.IsUpper(p) && unicode.IsUpper(c) && x+1 < j && unicode.IsLower(rs[x+1])
				}
				if cut {
					out = append(out, strings.ToLower(string(rs[start:x])))
					start = x
				}
			}
			i = j
		default:
			i++
		}
	}
	return out
}

// stockBluge is bluge used the obvious way: one text field per tool with
// the same text as the reference (name once), bluge's standard analyzer
// and its stock BM25, queried with a match query on that field.
type stockBluge struct {
	w *bluge.Writer
	r *bluge.Reader
}

func newStockBluge(tools []toolcall.Tool) *stockBluge {
	w, err := bluge.OpenWriter(bluge.InMemoryOnlyConfig())
	if err != nil {
		panic(err)
	}
	batch := bluge.NewBatch()
	for i := range tools {
		doc := bluge.NewDocument(tools[i].Name)
		doc.AddField(bluge.NewTextField("text", referenceText(&tools[i], 1)).WithAnalyzer(analyzer.NewStandardAnalyzer()))
		batch.Update(doc.ID(), doc)
	}
	if err := w.Batch(batch); err != nil {
		panic(err)
	}
	r, err := w.Reader()
	if err != nil {
		panic(err)
	}
	return &stockBluge{w: w, r: r}
}

func (s *stockBluge) rank(q string, k int) []string {
	if strings.TrimSpace(q) == "" || !utf8.ValidString(q) {
		return nil
	}
	mq := bluge.NewMatchQuery(q).SetField("text").SetAnalyzer(analyzer.NewStandardAnalyzer())
	it, err := s.r.Search(context.Background(), bluge.NewTopNSearch(k, mq))
	if err != nil {
		panic(err)
	}
	var out []string
	for {
		m, err := it.Next()
		if err != nil {
			panic(err)
		}
		if m == nil {
			return out
		}
		_ = m.VisitStoredFields(func(field string, value []byte) bool {
			if field == "_id" {
				out = append(out, string(value))
			}
			return true
		})
	}
}

func (s *stockBluge) close() {
	s.r.Close()
	s.w.Close()
}
