// Package anyparse builds a toolcall.StreamParser from a format name, so
// that the CLI and replay can take the format as data ("use_tool",
// "function_calls", …, or "auto") without knowing which parser package
// implements it.
//
// Text protocols are registered in text.go (package xmlparse). Native
// provider streams register themselves the same way from their own file;
// "auto" is resolved by newAuto in auto.go.
package anyparse
