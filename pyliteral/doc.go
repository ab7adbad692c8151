// Package pyliteral reads tool calls written in Python call syntax —
// `[get_weather(city='Paris', days=3), now()]` — the form BFCL's prompting
// models answer in and the body of the `pythonic` and `olmo3` text dialects.
// Values are Python literals (strings in every quote style, numbers,
// True/False/None, lists, tuples, dicts) and come out as JSON.
//
// Two readers share the package:
//
//   - ParseCalls is strict: keyword arguments with literal values only; a
//     positional argument, a bare name or a repeated keyword is an error.
//     Its values are read by Value (value.go), the incremental reader the
//     text dialects stream through, so both read literals alike.
//   - ParseCallsOptions with Options{AST: true} reads what Python's
//     ast.parse(mode="eval") reads (ast.go: any expression syntax,
//     comments, implicit string concatenation; a keyword such as `from` as
//     an argument name is a syntax error) and resolves the values the way
//     the Berkeley Function Calling Leaderboard's decoder does (resolve.go:
//     bare names as their text, positional arguments dropped, the last of
//     repeated keywords kept, arithmetic evaluated, calls and subscripts as
//     their source text).
//
// Object (object.go) is the project's one model of a Python value: what
// json.loads gives (DecodeJSON), what the AST reader resolves, and what
// the leaderboard's checker compares with Python's == (Equal), dict
// (SetItem, Get) and `in` (Contains) semantics. Lower is Python's
// str.lower, which the leaderboard's string normalisation uses.
//
// It is the project's one Python-literal reader: the BFCL importer and the
// text parsers both use it. Errors are *SyntaxError with a byte offset.
package pyliteral
