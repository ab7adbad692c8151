// Package bfcl imports the Berkeley Function Calling Leaderboard into
// tooleval's own files: a catalog of the questions' function docs, a replay
// suite of the questions (query, gold tools, gold calls in the
// leaderboard's possible-answer semantics), and, from the leaderboard's
// model result files, one suite per model whose cases carry that model's
// output as a transcript, so real model outputs can be replayed.
//
// Load reads a checkout (or its bfcl_eval/data directory):
//
//	BFCL_v<N>_<category>.json                   questions (JSON Lines)
//	possible_answer/BFCL_v<N>_<category>.json   ground truth per question
//	../../result/<model>/**/BFCL_v<N>_<category>_result.json
//
// The highest version of each category is used. Irrelevance categories
// become abstention cases (gold_calls []); multi-turn and agentic categories
// are counted and left out, as are questions with no function docs.
// Ground truth written as Python calls (the executable categories) is
// turned into the same one-allowed-value form.
//
// Model results are stored by the leaderboard either decoded (a list of
// {name: arguments} calls, from function-calling models) or as the model's
// text in Python call syntax (prompting models). Neither is a wire format,
// so both are written as `tool_call` transcripts, one block per call;
// broken JSON arguments stay broken, and text with no readable calls is
// kept verbatim with format "auto". Names that a function-calling API got
// with dots replaced by underscores are mapped back, as the leaderboard's
// checker does.
//
// Every problem in an input file is a *FileError naming the file, the line
// and, where known, the case id and field.
package bfcl
