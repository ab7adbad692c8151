// Package metrics scores an agent's tool setup: retrieval metrics over the
// tools injected into a prompt (Recall@k, COMP@k, NDCG@k, P@k; noise and
// token cost), and the Berkeley Function Calling Leaderboard's
// possible-answer checks of the calls a model made against gold calls.
//
// Call checks run in the leaderboard's order — wrong_count,
// wrong_func_name, missing_required, unexpected_param, type_error,
// value_error, missing_optional — with invalid_json and incomplete_call
// from the parser ahead of them. Strings compare after Standardize; the
// calls of a parallel answer match in any order. Attribute names why a
// failed case failed: retrieval_miss, selection or arguments.
//
// The package computes per-case values; replay aggregates them.
package metrics
