// Package bfclcheck is the Berkeley Function Calling Leaderboard's own
// AST checker, verdict for verdict: Check gives the leaderboard's pass or
// fail on one model output against the gold answer and function docs, and
// CheckCallsWith picks between it and tooleval's own checker
// (metrics.CheckCalls) by a case's Rules.
//
// Every rule of the leaderboard lives here, and only here:
//
//   - rules.go: Rules, what a suite case carries as "checker" (category,
//     language, declared types, required parameters, underscore names,
//     and the Documented* rules that replace a quirk of the leaderboard's
//     code with its documented behaviour);
//   - check.go: the relevance rules, the call count and the matching of
//     parallel and multiple answers, and each call's checks in the
//     leaderboard's order: name, required parameters, type (Python types:
//     4.0 is not an integer, an int passes for a float), value (values.go:
//     strings after metrics.Standardize, lists, dicts, lists of dicts);
//   - javajs.go: the conversion of Java and JavaScript source-text values
//     by their declared type.
//
// Values are pyliteral.Object, the project's one model of a Python value,
// with Python's == and dict semantics. Results are metrics.CallsResult with
// metrics codes, so replay aggregates both checkers alike.
//
// The package knows nothing of suites or replay: replay calls it per case,
// bfcl writes the leaderboard's score tables from its verdicts.
package bfclcheck
