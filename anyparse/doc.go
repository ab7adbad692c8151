// Package anyparse builds a toolcall.StreamParser from a format name, so
// that the CLI and replay can take the format as data ("use_tool",
// "function_calls", …, or "auto") without knowing which parser package
// implements it.
//
// Text protocols are registered in text.go (package textparse), provider
// streams in native.go (package nativeparse). "auto" (auto.go) holds the
// first bytes back until it can tell a provider stream (SSE field lines,
// NDJSON provider objects) from model text, then delegates to nativeparse's
// or textparse's own auto-detection.
package anyparse
