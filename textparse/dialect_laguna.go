package textparse

// Laguna (Poolside, the poolside_v1 parsers of vLLM and SGLang): GLM-4.7's
// calls, the tool name inline after <tool_call> (a newline after it is
// accepted too), then key/value pairs coerced by the catalog. Reasoning is
// <think>…</think>, usually opened by the prompt (ReasoningOpen). laguna is
// another name of glm45: auto reports glm45.
//
//	<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>
const FormatLaguna Format = "laguna"

func init() {
	register(&Dialect{
		Format: FormatLaguna,
		Wire:   "the same as glm45: <tool_call>NAME<arg_key>P</arg_key><arg_value>V</arg_value>…</tool_call>",
		Tags:   glmTags,
		Alias:  FormatGLM45,
	})
}
