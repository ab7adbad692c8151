// Package xmlparse is the entry point for the XML-style tool-call protocols
// agents are prompted to write — use_tool, function_calls/invoke,
// tool_call, qwen3_coder and cline — under the name callers have always
// imported.
//
// The parser itself lives in package textparse, which grew into one engine
// for every text dialect (special-token markers, JSON and Python call lists
// as well as XML-ish tags). xmlparse re-exports it unchanged: a Parser from
// xmlparse.New is a textparse.Parser, takes the same toolcall.ParseOptions,
// and emits the same toolcall.Event values, so code written against
// xmlparse keeps working and can use any textparse dialect by its Format.
package xmlparse
