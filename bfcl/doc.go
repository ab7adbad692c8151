// Package bfcl imports the Berkeley Function Calling Leaderboard into
// tooleval's own files and scores model results the way the leaderboard
// does: a catalog of the questions' function docs, a replay suite of the
// questions (query, gold tools, gold calls in the leaderboard's
// possible-answer semantics, and the leaderboard's checker rules per case),
// and, from the leaderboard's model result files, one suite per model
// whose cases carry that model's output as a transcript.
//
// Load reads a checkout (or its bfcl_eval/data directory) as it is:
//
//	BFCL_v<N>_<category>.json                   questions (JSON Lines)
//	possible_answer/BFCL_v<N>_<category>.json   ground truth per question
//	../../result/<model>/**/BFCL_v<N>_<category>_result.json
//
// The highest version of each category is used. Irrelevance categories
// become abstention cases (gold_calls []); live_relevance cases have no
// gold calls and pass when any call decodes; multi-turn categories become
// trajectories (one step per user turn, see multiturn.go: replay measures
// call-sequence agreement, not the leaderboard's state-based score);
// agentic categories are counted, named in the summary with the reason,
// and left out (an import that gives no case at all is an error). A problem with one
// entry — a malformed line, an answer without a question, an empty list of
// allowed values, a gold parameter the function doc lacks — is a warning
// naming the file, the line and the id (an error with Options.Strict); the
// entry is left out, or imported as the leaderboard scores it.
//
// Every case carries bfclcheck.Rules{Checker: "bfcl"}: its category, the
// leaderboard types of the gold functions' parameters (which the catalog's
// normalised JSON Schema cannot keep: tuple, any, Java and JavaScript type
// names), and for model suites whether the model was given dotted names
// with underscores. `tooleval replay` then gives the leaderboard's verdict
// per case (package bfclcheck), and Scores writes its score tables from
// the finished run's case results, in one pass: ScoreReport reads the call
// checks a replay.Report holds (`tooleval replay --bfcl-scores`), and
// ScoreSuite runs the cheapest replay first (`tooleval bfcl score`).
//
// Model results are decoded as the leaderboard's decode_ast does for the
// model's mode (Options.FC / Options.Prompting, else an "FC" part of the
// model's configuration name, else the shape of its results; an FC model
// whose results are mostly text is a locally served one, decoded by its own
// handler's parser upstream: its text is kept verbatim as an "auto"
// transcript for tooleval's parsers, mode fc-text):
// function-calling results are lists of {name: arguments-JSON}; prompting
// results are text read with Python's ast rules (pyliteral, Options{AST:
// true}), or Java/JavaScript call syntax with source-text values. The calls
// are written as `tool_call` transcripts; a result that does not decode is
// written as a transcript with no call and tagged bfcl:undecoded.
//
// # Where the leaderboard's code and its documented rules differ
//
// The leaderboard is the reference users compare with, so its code is
// followed by default; the documented rule is available through
// Options.Documented (bfclcheck.Rules.Documented, `--documented RULE`) where
// it can be stated as a rule:
//
//   - optional: "" among the allowed values is documented as "the
//     parameter may be left out". The code's list comparison iterates over
//     every allowed value, so "" also admits an empty list ([] for a list
//     parameter with allowed ["", …] passes), and a plain string answer for
//     a list parameter is compared with the list character by character.
//     Documented rule: "" admits only leaving the parameter out.
//   - any_order: parallel calls are documented to match in any order. The
//     code matches each gold call, in order, with the first unused output
//     call that passes, so an output call that fits two gold calls can be
//     used up by the wrong one and the entry fails. Documented rule: the
//     assignment with the most matching calls.
//   - dict_values: an allowed dict is documented to list each key's allowed
//     values. Where an answer gives a key a plain value instead of a list,
//     the code iterates over it (a string's characters) and the key can
//     never match. Documented rule: a plain value is the one allowed value.
//
// Further places where this package follows the code, with no option
// because the code's behaviour is the only one its data can be read by:
//
//   - Types are Python types after json.loads: an integer parameter given
//     4.0 is a type error; an int is accepted for a float (Python only);
//     True is not an int, but True == 1 when values are compared; "any"
//     means a string; list elements are type-checked one level deep, and
//     not at all when an allowed value is not a list (such as "").
//   - The "variable" rule: a value typed like the allowed answers rather
//     than the doc ("dontcare" for an integer) passes the type check and is
//     then compared exactly, without string standardisation.
//   - Strings are standardised with Python's str.lower (full case mapping:
//     "İ" lowercases to "i̇", a final capital sigma to "ς"), after removing
//     spaces and ,./-_*^.
//   - Java and JavaScript values must be source text; a bare JSON value is
//     a type error. Text is converted by the declared type with the
//     leaderboard's patterns: a Java float needs an f suffix, a long an L,
//     a JavaScript float may not have an exponent; Array elements of a
//     declared String type keep their quotes; a Java char is never
//     converted (its pattern cannot match); text that does not match stays
//     a string and so fails the type check.
//   - Decoding is all or nothing: one call with broken JSON arguments, text
//     from a function-calling model, [{}] or "" decode to no call — which
//     passes an irrelevance entry and fails every other. Prompting output
//     wrapped in a ```python fence does not decode (the leaderboard strips
//     backticks, not the language tag). Positional arguments are dropped,
//     a bare name is its own text, "+5" decodes to -5.
//   - Names: a dotted gold name is expected with underscores exactly when
//     the model was given underscored names (the leaderboard's per-model
//     underscore_to_dot setting; here Options.UnderscoreNames/DottedNames,
//     else judged from the names the model's calls use).
//   - Possible answers naming a parameter the doc lacks are kept: giving
//     the parameter is an unexpected parameter, leaving it out passes only
//     when "" is allowed. An empty list of allowed values admits nothing,
//     not even leaving the parameter out.
//
// Transcripts are JSON, which has no tuples: a prompting model's tuple is
// written as {"__tuple__": [items]}, which fails where a list is expected,
// as the tuple does in the leaderboard's checker (an "array" parameter,
// the elements of a list of tuples), and as a plain list when it is the
// whole value of a "tuple" parameter (which the leaderboard converts).
// What cannot be reproduced exactly: dict keys that are not strings become
// strings, and inf/nan (no JSON form) make the output undecodable. The
// Java and JavaScript prompting decoders follow the leaderboard's
// tree-sitter decoders without a full grammar: the first call only, string
// literals lose their quotes, other values are kept as source text, a
// positional identifier is an argument no parameter matches, a Java
// object creation loses its anonymous class body; source the grammar
// would reject is not detected.
//
// Every problem in an input file is a *toolcall.FileError naming the file, the line
// and, where known, the case id and field.
package bfcl
