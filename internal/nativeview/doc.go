// Package nativeview turns a recorded provider stream (the SSE or NDJSON
// of openai-chat, openai-responses, anthropic, gemini, ollama or bedrock) into what
// a person reads: the reasoning, text and tool calls in the order the
// model produced them, instead of the raw `data:` lines. The HTML report's
// drill-down shows transcripts through it, with the raw events folded
// away.
package nativeview
