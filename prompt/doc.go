// Package prompt renders a set of tools into the tool part of a system
// prompt, in the variants agent products use, and counts what a rendering
// costs in characters and BPE tokens.
//
// The variants are deterministic (the same tools in the same order give the
// same bytes), so they can be compared in replay runs and kept as golden
// files:
//
//   - names: the tool names only, the baseline many products start from;
//   - detailed: description, one line per parameter, MCP behaviour hints;
//   - xml: <tool><name/><description/><input_json_schema/></tool> per tool;
//   - retrieved: the "## AvailableTools (retrieved)" block with a per-tool
//     character budget, for tools chosen by retrieval;
//   - json: compact JSON, one tool per line;
//   - native: the request-side tools payload of a provider API
//     (native:openai-chat, native:openai-responses, native:anthropic,
//     native:gemini).
//
// A text variant can be followed by the calling-protocol section for a
// text protocol (use_tool, function_calls, tool_call, qwen3_coder), which
// tells the model how to write a call and shows one example.
//
// Token counts use the o200k_base and cl100k_base BPE encodings embedded in
// the binary; counting never touches the network.
package prompt
