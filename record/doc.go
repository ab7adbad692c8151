// Package record makes transcripts from a real model: it sends each case's
// query to a streaming endpoint — OpenAI-compatible Chat Completions (also
// vLLM, Ollama, llama.cpp servers and gateways), the OpenAI Responses API
// or the Anthropic Messages API — with the case's tools rendered as a
// prompt variant and calling protocol (package prompt) or sent natively,
// and saves the response as the suite's transcript, ready for replay.
//
// The native variant keeps the raw response body (SSE) in the chunks it
// arrived in, with their arrival times, under the API's stream format. A
// text variant keeps the model's text, extracted from the stream by
// nativeparse read by read (so the arrival times survive), under the
// protocol's format; reasoning is wrapped in <think>…</think>.
//
// A case with steps is recorded as a trajectory (trajectory.go): the
// model's calls get the suite's canned tool_results back (a call matches a
// gold call by the possible-answer rules), calls to the case's search tool
// run as BM25 retrievals whose tools join the next request, and the
// conversation ends at a final answer, at a call without a canned result
// (the step is saved with stop "off_script") or at Options.Steps turns.
// No tool is ever executed. Every turn keeps its raw stream and chunk
// times, so the trajectory replays offline. conversation.go writes the
// history in each API's shapes (tool_calls and tool messages,
// function_call items, tool_use and tool_result blocks) or, for text
// variants, as the model's text and <tool_result> user messages.
//
// Client does the HTTP: per-attempt and idle timeouts, retries with
// exponential backoff and jitter on 429, 5xx, connection errors and
// streams cut before the API's final event, honouring Retry-After (and
// retry-after-ms). Recorder runs a suite with a bounded number of requests
// in flight and a cap on their rate, appends each recorded case to the
// output as it completes, skips cases the output already holds (so an
// interrupted run resumes), and finally rewrites the output in suite order.
//
// The endpoint's key is sent in a header only; it never appears in a
// transcript, a log line, an error or a summary (errors that echo it are
// redacted).
package record
