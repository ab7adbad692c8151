// Package suite is the replay suite format and its loading: a JSON Lines
// file whose lines are cases (a query, a catalog, the gold tools and,
// when recorded, the model's output and the expected calls) or one
// settings line, with multi-step trajectories (steps.go) and their search
// tool. LoadFile and LoadFileWith read a suite and every catalog and
// transcript it names (paths stay inside the suite's directory, each
// file within its cap; catalogs may come from MCP servers) and report
// every problem at once as Errors, each naming file:line: field.
// Filter selects cases by id, tag or language; suite.schema.json, the
// JSON Schema of a line, is generated from the Go types, the parser
// registry and the prompt variants (go generate ./suite); LoadExamples
// loads the embedded example suite that `tooleval replay` runs by
// default.
//
// The runner is package replay, the report it produces package report.
//
//	s, err := suite.LoadFile("suite.jsonl") // errors name file:line: field
//	if err != nil { … }
//	defer s.Close()
package suite
