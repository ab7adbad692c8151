package retrieval

import "math"

// IDF is ln(1 + (N − n + 0.5)/(n + 0.5)) for a term held by n of N
// documents: always positive, and far larger for rare terms than for common
// ones. (bluge 0.2.2's stock BM25 computes ln(1 + (N − n) + 0.5/(n + 0.5)),
// which hardly separates them; see stockBM25.)
func IDF(n, N float64) float64 {
	if n > N {
		N = n
	}
	return math.Log(1 + (N-n+0.5)/(n+0.5))
}

// TF is the saturated, length-normalised term frequency of Okapi BM25,
// tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)).
func TF(tf, dl, avgdl, k1, b float64) float64 {
	if tf <= 0 {
		return 0
	}
	return tf * (k1 + 1) / (tf + k1*lengthNorm(dl, avgdl, b))
}

// lengthNorm is BM25's length normalisation 1 − b + b·dl/avgdl.
func lengthNorm(dl, avgdl, b float64) float64 {
	if avgdl <= 0 {
		return 1
	}
	return 1 - b + b*dl/avgdl
}

// Saturate is BM25F's saturation of a weighted, length-normalised term
// frequency: x·(k1+1)/(x + k1).
func Saturate(x, k1 float64) float64 {
	if x <= 0 {
		return 0
	}
	return x * (k1 + 1) / (x + k1)
}

// WeightedTF is BM25F's term frequency of one field: the field weight times
// the term frequency divided by the field's length normalisation,
// w·tf / (1 − b + b·dl/avgdl). A document's term frequency is the sum over
// its fields.
func WeightedTF(w, tf, dl, avgdl, b float64) float64 {
	return w * tf / lengthNorm(dl, avgdl, b)
}

// stockBM25 is bluge 0.2.2's BM25 formula (its stock IDF, no (k1+1)
// factor), kept for comparison as SimilarityBluge.
func stockBM25(tf, dl, avgdl, n, N, k1, b float64) float64 {
	idf := math.Log(1 + (N - n) + 0.5/(n+0.5))
	return idf * tf / (tf + k1*lengthNorm(dl, avgdl, b))
}
