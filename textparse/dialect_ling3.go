package textparse

// Ling 3.0 (inclusionAI's Bailing V3; llama.cpp's dedicated Ling parser):
// GLM-4.6's calls, the tool name after <tool_call> then key/value pairs on
// their own lines (or flush against each other), values coerced by the
// catalog. Reasoning is <think>…</think>, opened by the prompt when thinking
// is on (ReasoningOpen). Its end-of-turn token <|role_end|> may come out
// spelled as text: named, the dialect drops it. ling3 is another name of
// glm45: auto reports glm45 (and does not drop the token: other models'
// text may hold it).
//
//	<tool_call>get_weather
//	<arg_key>city</arg_key>
//	<arg_value>Paris</arg_value>
//	</tool_call><|role_end|>
const FormatLing3 Format = "ling3"

func init() {
	register(&Dialect{
		Format: FormatLing3,
		Wire:   "the same as glm45; <|role_end|> dropped",
		Tags:   glmTags,
		Alias:  FormatGLM45,
		Drop:   []string{"<|role_end|>"},
	})
}
