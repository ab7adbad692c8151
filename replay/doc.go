// Package replay is the runner of the harness that measures an agent's
// tool setup. It takes a suite (JSON Lines: a query, a catalog, the gold tools and, when
// recorded, the model's output and the expected calls), replays every case
// under every configuration — each k and retrieval setting — and reports
// how the setup performs:
//
//   - retrieval: Recall@k, COMP@k, NDCG@k, P@k; noise (injected tools that
//     are not gold) and the tokens they cost; injected tokens and the
//     reduction against injecting the whole catalog, per prompt variant,
//     with the gold-call parameters each rendered prompt does not show;
//   - calls: the transcript parsed as recorded, one byte at a time and in
//     seeded random chunkings (a disagreement is a parser failure), then
//     checked against the gold calls with the Berkeley Function Calling
//     Leaderboard's rules (package metrics): call accuracy, wrong-argument
//     rate, tool-selection and abstention accuracy;
//   - attribution: every failed case is a retrieval_miss, selection or
//     arguments failure (or parser, or error for a case that could not be
//     replayed).
//   - trajectories (steps.go, trajectory.go): a multi-step case replays
//     step by step; the model's calls to the search tool re-run BM25 and
//     grow the injected set, a call to a tool not injected by then is
//     not_injected, and the report adds success, step pass rate, recall
//     before and after the model's searches, misses recovered by search,
//     and the search_query cause (TrajectoryStats, merged like the rest).
//
// The suite it reads is package suite; the report it returns is package
// report (model, merge, gate), written by package render.
//
// Typical use:
//
//	s, err := suite.LoadFile("suite.jsonl") // errors name file:line: field
//	defer s.Close()
//	rep, err := replay.Run(s, replay.Options{Ks: []int{3, 5, 10}, Jobs: 4})
//	render.WriteTable(os.Stdout, rep, 8)
//
// Per-case results depend only on the case and the options, never on the
// number of workers or the sharding, so report.Merge of a run's shards is
// exactly the whole run's report.
package replay
