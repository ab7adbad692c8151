// Package otelimport turns OpenTelemetry traces of agent runs into a
// replay suite (`tooleval import otel`).
//
// Input is OTLP/JSON: one ExportTraceServiceRequest per line, as the
// OpenTelemetry Collector's file exporter writes them, or JSON documents
// over any number of lines. Requests are read as TracesData (whose JSON
// encoding is the request's) by otlpjson.go, with fastjson against a table
// of the OTLP trace messages, as protojson reads them into the official
// OpenTelemetry types (go.opentelemetry.io/proto/otlp; a differential fuzz
// test holds the two together, and keeps the protobuf runtime out of the
// binary's start-up); OTLP/JSON's hex trace and span ids are read back as
// written.
//
// Each agent run — a root span (no parent, or a parent not in the export)
// with the model calls below it — becomes one case:
//
//   - query: the last user message of the first model call's input (else
//     the root span's input);
//   - catalog: the tools offered to the model calls
//     (gen_ai.tool.definitions, OpenLLMetry's llm.request.functions.N.*,
//     OpenInference's llm.tools.N.tool.json_schema), then those tool spans
//     describe, then tools called but defined nowhere, inferred from their
//     arguments (tag otel:inferred_tools); written as an OpenAI tools
//     array named by its content, catalogs/<hash>.json;
//   - one step per model call, in start order: its output as the body of a
//     non-streamed OpenAI chat completion (format openai-chat; text, tool
//     calls with their ids and arguments), with the model and the span's
//     duration as the one chunk's time; the tool results fed back after
//     it (tool_results, by call id) from the execute_tool span with the
//     call's id, else the next model call's input, else the next tool span
//     of that tool; a later user message starts a step with a query. A run
//     of one model call with no tool result is a single-step case;
//   - gold_tools: the tools the run called; the calls themselves are
//     observed, not gold, until a person accepts the run
//     (Options.Accept): then each observed call becomes a gold call whose
//     arguments allow the observed value, and a step with no call expects
//     none. Tags: otel, otel:unreviewed (otel:accepted), and the
//     convention the run was read in.
//
// Model spans are read in the GenAI semantic conventions' current form
// (gen_ai.operation.name chat/text_completion/generate_content,
// gen_ai.input.messages and gen_ai.output.messages in the parts form,
// gen_ai.request.model / gen_ai.response.model), the older span events
// gen_ai.content.prompt / gen_ai.content.completion (gen_ai.prompt and
// gen_ai.completion holding OpenAI-style messages), OpenLLMetry's indexed
// gen_ai.prompt.N.* / gen_ai.completion.N.* attributes, and OpenInference's
// llm.input_messages.N.message.* / llm.output_messages.N.message.*. Tool
// spans: execute_tool (gen_ai.tool.name, gen_ai.tool.call.id,
// gen_ai.tool.call.arguments, gen_ai.tool.call.result), OpenInference TOOL
// spans, OpenLLMetry tool spans. A model span recorded without content
// (capture off) takes as its calls the tool spans that ran before the next
// model call (tag otel:calls_from_tool_spans). Agent and workflow spans
// give structure only; any other span is skipped and counted by name, and
// a run with no user message is left out with a warning naming the file,
// line and span. Input that is not an OTLP JSON export is an error
// naming the file and line.
//
// Secrets: attributes, and members of JSON values copied into the suite
// (messages, arguments, results, tool definitions), whose key names a
// secret (authorization, API keys, tokens, passwords, cookies…; see
// secretKey) are dropped when read, so no later step can copy them.
package otelimport
