// Package toolcall holds the types every other tooleval package speaks: a
// tool definition (Tool, Param), a parsed call (Call), and the stream events
// (Event) that both the text-protocol parser (textparse) and the native
// provider-stream parser (nativeparse) hand back as they are fed bytes.
//
// It is deliberately small and has no dependencies outside the standard
// library, so that parsers, retrieval, metrics and replay can all import it
// without importing each other.
//
// A StreamParser is fed chunks and returns events:
//
//	p, err := textparse.New(toolcall.ParseOptions{}) // or anyparse.New, nativeparse.New
//	if err != nil { … }
//	for chunk := range chunks {
//		for _, ev := range p.Feed(chunk) {
//			// ev.Data is only valid until the next Feed or Close.
//		}
//	}
//	for _, ev := range p.Close() { … }
//
// Every problem class of the project is a Code declared here (codes.go):
// the parsers' stream codes, catalog.Check's schema codes and the call
// checkers' codes in their checking order (CheckCodes). Every loader
// (suites, catalogs, leaderboard data) reports a bad input file as a
// *FileError: file, line, column, record id, field, message.
//
// Recorder keeps a copy of the events with adjacent deltas merged, which is
// the chunking-independent form that tests, the CLI and replay compare.
package toolcall
