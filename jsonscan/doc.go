// Package jsonscan is an incremental JSON scanner shared by the tool-call
// parsers. A Scanner is fed bytes as they arrive and, without ever looking
// at a byte twice, tells the caller
//
//   - where the top-level value ends (string-aware: a '}' or "</tag>"
//     inside a string is content),
//   - how many of the bytes consumed so far are settled and may be passed
//     on as an argument delta: a number or literal at a chunk edge ("12"
//     may become "123", "tru" must become "true") is Pending until its
//     delimiter arrives,
//   - the first syntax error, with its byte offset, and nesting beyond a
//     configurable depth.
//
// The scanner keeps its state small and exposed through read-only methods
// (Depth, Container, State, InString, PendingEscape, NumberComplete, …) so
// that partial-value closing can be built on top of it. Scanning allocates
// nothing per byte and costs O(1) per byte; the container stack grows only
// with nesting depth and is kept across Reset.
//
// Validate checks a whole value in one pass with a depth cap and an error
// of bounded size (offset plus an Excerpt of at most MaxExcerpt bytes);
// Nesting measures depth without validating, as a cheap guard in front of
// parsers whose cost grows with depth.
package jsonscan
