// Package strategy names how a configuration puts a catalog's tools in
// front of a model, the choice builders make between:
//
//   - inject: the always-include tools and the top k a BM25 retrieval of
//     the query finds (tooleval's default, and the only strategy before);
//   - search: only the always-loaded tools (always-include ones, and those
//     a catalog does not mark defer_loading when it marks some) plus a
//     search tool; the model's searches bring the others in, by BM25
//     (search:bm25) or by a regular expression it writes (search:regex,
//     retrieval.RegexIndex), k tools per search;
//   - all: the whole catalog.
//
// A Strategy is declared in a suite's settings line ("strategies") or
// with `replay --strategy` / `record --strategy`; package replay replays
// every case under each and the report puts them side by side.
//
//	s, err := strategy.Parse("search:regex") // {Strategy: "search", Search: "regex"}
package strategy
