// Package metrics scores an agent's tool setup: retrieval metrics over the
// tools injected into a prompt (Recall@k, COMP@k, NDCG@k, P@k; noise and
// token cost), and tooleval's own call checker (CheckCalls): the
// leaderboard-style possible-answer checks of the calls a model made
// against gold calls, with any-order matching of parallel calls.
//
// Call checks run in the leaderboard's order — wrong_count,
// wrong_func_name, missing_required, unexpected_param, type_error,
// value_error, missing_optional — with invalid_json and incomplete_call
// from the parser ahead of them. Strings compare after Standardize (the
// leaderboard's normalisation); the calls of a parallel answer match in
// any order (Assign). Attribute names why a failed case failed:
// retrieval_miss, selection or arguments.
//
// Match is the checker's options, the one home of the match modes: a
// trajectory mode (strict, unordered, subset, superset: which calls must
// be matched), an argument mode per suite, tool or parameter (exact,
// ignore, subset) and a string mode (standardize, exact). The zero Match
// is the default above; CheckCalls and CheckCall are the methods of a nil
// *Match.
//
// The leaderboard's own checker, verdict for verdict, is package
// bfclcheck; it reports in this package's CallsResult and codes.
//
// Repeated trials of a case are scored with the unbiased estimators
// PassAt (pass@k = 1 − C(n−c,k)/C(n,k): at least one of k trials passes)
// and PassHat (pass^k = C(c,k)/C(n,k): all k pass), for n trials with c
// successes; Trials keeps their sufficient statistics over many cases.
//
// The package computes per-case values; replay aggregates them.
package metrics
