// Package catalog loads tool definitions from the formats agent products and
// benchmarks use (OpenAI Chat and Responses tools arrays, Anthropic tools
// arrays, MCP tools/list results, BFCL function docs, and a plain document
// form), normalises every schema to JSON Schema, selects the tools a mode,
// model or configuration exposes, and validates calls against the schemas.
//
// The result is a Catalog: an ordered, name-unique set of toolcall.Tool
// values that implements toolcall.ToolSet. The parsers use it to recognise
// tool names and coerce values; the metrics use Check to classify what is
// wrong with a call against its schema (what a call should be, against gold
// calls, is metrics.CheckCalls and bfclcheck.Check). Its problem codes are
// toolcall's; a file that cannot be read as a catalog is a
// *toolcall.FileError.
package catalog
