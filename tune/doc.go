// Package tune searches retrieval settings for the best tool retrieval on
// a replay suite, without fooling itself: k, BM25's k1 and b, the weight of
// every indexed field, the similarity (BM25F or the per-field sum),
// analyzer options (tokenizer, Chinese unigrams or bigrams, Chinese stop
// words and unigram weight, word pairs, English stemming and stop words)
// and a set of always-include tools, against an Objective — Recall@k, COMP@k, NDCG@k or recall within
// a token budget, minus a noise penalty.
//
// Run searches by grid when the space is small and by coordinate ascent
// (with seeded random restarts) otherwise, guards against overfitting with
// k-fold cross-validation (Folds; the mean and spread over the held-out
// folds are reported beside the default's) and scores an optional held-out
// suite once at the end. The same seed gives the same result, whatever the
// number of workers.
//
// Tuning is fast because it never rebuilds an index per setting: each
// catalog is analysed once per analyzer setting (retrieval.Terms), each
// query into the (tool, field, term) matches BM25 needs, and every weight,
// k1 and b setting is scored from those with the formula
// retrieval.Index applies (BM25F rescored per point, since its weights sit
// inside the saturation); one ranking serves every k. Only queries and
// gold tools are used — transcripts are not parsed. The best and the
// default configurations are then scored again with real retrieval
// indexes and the metrics package, as replay would. Pseudo-relevance
// feedback (Space.FeedbackDocs, off in DefaultSpace) is the exception: it
// re-runs each query, so points with feedback are scored by real index
// searches.
//
// The result prints as a table (WriteTable), marshals to JSON, saves its
// best configuration as a retrieval config file (SaveConfig) that
// `tooleval retrieve --config` and `tooleval replay --config` read, and
// draws a chart of recall and noise against k and of recall against
// injected tokens (WriteSVG, drawn with internal/svgchart like the HTML
// report's charts).
//
// Suggest closes the other half of the loop: from the retrieval misses of a
// suite it proposes description words per tool and synonym rules, each
// scored by cross-validation on held-out folds (WriteSuggestions).
package tune
