// Package nativeparse turns the raw HTTP response body of a streaming LLM
// API call into toolcall events, fed in chunks of any size.
//
// It understands the native streaming wire formats of OpenAI Chat
// Completions ("openai-chat"), OpenAI Responses ("openai-responses"),
// Anthropic Messages ("anthropic"), Gemini streamGenerateContent
// ("gemini"), Ollama /api/chat ("ollama") and Amazon Bedrock
// ConverseStream ("bedrock": its events as JSON objects, as the AWS SDKs
// yield them), and can sniff which one it is given ("auto"). Framing (server-sent events, newline-delimited JSON, or a
// JSON array streamed element by element as Gemini sends without alt=sse)
// is handled by Framer; each wire event's JSON is decoded with one reused
// fastjson parser.
//
// The events are the same as those of the text-protocol parser (textparse):
// text, reasoning, call_start, args_delta, call_end and error. An event's
// Offset is the byte offset, in the whole body, of the wire event that
// carried it. A call is finished only by its protocol's end signal (a
// finish_reason, content_block_stop, response.output_item.done, …); a
// stream that stops before that reports incomplete_call with the partial
// arguments, never a complete call.
//
// A <think>…</think> span that opens the content of an OpenAI Chat
// Completions or Ollama stream is reasoning, as clients read the output of
// servers that run no reasoning parser (ParseOptions.ThinkAsText keeps it
// as text; see thinkSplit).
//
// OpenAI-compatible Responses servers vary the canonical stream; these
// variants are read too (as Roo Code's handlers read them): text.delta
// and reasoning_summary.delta events, text and reasoning items added
// whole, tool_call items (tool_call_id, function.name, arguments as an
// object or input), argument deltas without item keys (the item last
// added that no key rules out) or naming a call no item was added for,
// response.done and response.error. Text sent only in the events that
// repeat it once complete (output_text.done, content_part, a message's
// output_item.done; response.completed's output) is given for an output
// item no text came for (response.completed's only when none came at
// all), so it is never given twice.
//
// A response that was not streamed is read too, as the same events: an
// OpenAI Chat Completions body, a Responses body ({"object":"response",
// "output":[…]}), an Anthropic Messages body ({"type":"message",
// "content":[…]}) and a Bedrock Converse body ({"output":{"message":…},
// "stopReason":…}); a tool use that is the last block of a body cut by
// max_tokens is incomplete, as when streamed. Calls that only a
// response.completed event's output holds (servers that send no item
// events for them) are read from it.
//
// A custom tool's call (OpenAI's free-form tools: a Responses
// custom_tool_call item and its custom_tool_call_input events, a Chat
// Completions tool_calls element of type custom) has one argument, input,
// the text the model wrote: {"input": TEXT}, streamed as the text comes.
// A Responses call of a built-in tool the agent runs (shell_call,
// local_shell_call, apply_patch_call, computer_call) is a call named by
// the tool (shell, apply_patch, …) whose arguments are the fields the model
// wrote ({"action": …}, {"operation": …}); the built-in tools the provider
// runs itself (web search, file search, code interpreter, MCP) put their
// results in the response and are not calls for the agent.
//
// While a call is in flight, Parser.Partial returns its arguments so far
// closed into valid JSON (see jsonscan.Partial).
//
// Every cost is linear in the body and memory is capped: a line, an SSE
// event's data or a JSON-array value longer than ParseOptions.MaxRecordBytes is
// reported as too_large when the cap is crossed and skipped without being
// buffered; arguments nested past ParseOptions.MaxDepth (default
// 128, as for the text parsers) are too_deep at the byte that crosses the cap; a call's arguments
// past ParseOptions.MaxCallBytes are too_large. Error messages quote a bounded
// excerpt, never the input. Detector decides on the first SniffWindow
// bytes at most, so auto detection does not depend on the chunking.
package nativeparse
