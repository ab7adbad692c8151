package retrieval

import (
	"fmt"
	"math"

	segment "github.com/blugelabs/bluge_segment_api"

	"github.com/blugelabs/bluge/search"
)

// BM25Similarity is Okapi BM25 for bluge, plugged in through bluge's
// search.Similarity interface. For a term with document frequency n in a
// field held by N documents, a document whose field has dl terms (average
// avgdl) and contains the term tf times scores
//
//	boost · idf · tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl))
//	idf = ln(1 + (N − n + 0.5) / (n + 0.5))
//
// bluge 0.2.2's own BM25 computes idf as ln(1 + (N − n) + 0.5/(n + 0.5)),
// which hardly separates rare terms from common ones.
//
// Norms are encoded exactly like bluge's (the field length's bits stored as a
// float32), so an index written with either similarity reads with both.
type BM25Similarity struct {
	k1, b float64
	// n and avgdl, when set, override bluge's collection statistics, which
	// only count tokens exactly before segments are merged.
	docs  float64
	avgdl float64
}

// NewBM25Similarity returns BM25 with the given k1 (term-frequency
// saturation, ≥ 0) and b (length normalisation, 0…1).
func NewBM25Similarity(k1, b float64) *BM25Similarity {
	return &BM25Similarity{k1: k1, b: b}
}

// withFieldStats returns a copy that uses exact field statistics: the number
// of documents holding the field and their average length in terms.
func (s *BM25Similarity) withFieldStats(docs int, avgdl float64) *BM25Similarity {
	c := *s
	c.docs, c.avgdl = float64(docs), avgdl
	return &c
}

// ComputeNorm encodes a field length, as bluge's BM25 does.
func (s *BM25Similarity) ComputeNorm(numTerms int) float32 {
	return math.Float32frombits(uint32(numTerms))
}

// IDF is ln(1 + (N − n + 0.5)/(n + 0.5)).
func IDF(n, N float64) float64 {
	if n > N {
		N = n
	}
	return math.Log(1 + (N-n+0.5)/(n+0.5))
}

// TF is the saturated, length-normalised term frequency
// tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)).
func TF(tf, dl, avgdl, k1, b float64) float64 {
	if tf <= 0 {
		return 0
	}
	norm := 1.0
	if avgdl > 0 {
		norm = 1 - b + b*dl/avgdl
	}
	return tf * (k1 + 1) / (tf + k1*norm)
}

// Scorer implements search.Similarity.
func (s *BM25Similarity) Scorer(boost float64, cs segment.CollectionStats, ts segment.TermStats) search.Scorer {
	docs, avgdl := s.docs, s.avgdl
	if docs == 0 && cs != nil {
		docs = float64(cs.DocumentCount())
		if docs > 0 {
			avgdl = float64(cs.SumTotalTermFrequency()) / docs
		}
	}
	var n float64
	if ts != nil {
		n = float64(ts.DocumentFrequency())
	}
	return &bm25Scorer{boost: boost, k1: s.k1, b: s.b, n: n, docs: docs, avgdl: avgdl, idf: IDF(n, docs)}
}

type bm25Scorer struct {
	boost, k1, b   float64
	n, docs, avgdl float64
	idf            float64
}

func (s *bm25Scorer) Score(freq int, norm float64) float64 {
	dl := float64(math.Float32bits(float32(norm)))
	return s.boost * s.idf * TF(float64(freq), dl, s.avgdl, s.k1, s.b)
}

func (s *bm25Scorer) Explain(freq int, norm float64) *search.Explanation {
	dl := float64(math.Float32bits(float32(norm)))
	tf := TF(float64(freq), dl, s.avgdl, s.k1, s.b)
	return search.NewExplanation(s.boost*s.idf*tf, fmt.Sprintf("score(freq=%d), boost · idf · tf from:", freq),
		search.NewExplanation(s.boost, "boost"),
		search.NewExplanation(s.idf, "idf = ln(1 + (N - n + 0.5)/(n + 0.5))",
			search.NewExplanation(s.n, "n, documents containing the term"),
			search.NewExplanation(s.docs, "N, documents with the field")),
		search.NewExplanation(tf, "tf = freq·(k1+1)/(freq + k1·(1 - b + b·dl/avgdl))",
			search.NewExplanation(float64(freq), "freq"),
			search.NewExplanation(s.k1, "k1"),
			search.NewExplanation(s.b, "b"),
			search.NewExplanation(dl, "dl, field length"),
			search.NewExplanation(s.avgdl, "avgdl, average field length")))
}

// stockBM25 is bluge 0.2.2's BM25 formula, used to explain scores of an
// index built with SimilarityBluge.
func stockBM25(tf, dl, avgdl, n, N, k1, b float64) float64 {
	idf := math.Log(1 + (N - n) + 0.5/(n+0.5))
	return idf * tf / (tf + k1*(1-b+b*dl/avgdl))
}
