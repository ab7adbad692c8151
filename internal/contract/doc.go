// Package contract writes the contract suite: one replay case per format
// the parser registry lists (anyparse.Formats), each a transcript written by
// that format's example writer, plus cases for the transcript options
// reasoning_open (with keep_calls_in_reasoning), think_as_text and a call
// written inside reasoning. The replay and CLI tests replay it and
// expect every call scored correct, so a format that is not reachable from
// a suite fails a test.
package contract
