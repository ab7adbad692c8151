package textparse

// GLM-4.5/4.6/4.7: the tool name right after <tool_call>, then key/value
// pairs whose values are coerced by the catalog like XML parameters
// (read by kv.go).
//
//	<tool_call>get_weather
//	<arg_key>city</arg_key>
//	<arg_value>Beijing</arg_value>
//	</tool_call>
const FormatGLM45 Format = "glm45"

func init() {
	register(&Dialect{
		Format: FormatGLM45,
		Wire:   "<tool_call>NAME\\n<arg_key>P</arg_key>\\n<arg_value>V</arg_value>…</tool_call>",
		Tags:   glmTags,
	})
}

// glmTags are the tags of GLM-4.5's calls (and Laguna's, the same).
var glmTags = &Tags{Invoke: "tool_call", Key: "arg_key", Value: "arg_value", UntypedJSON: true, KeepNewline: true, EscapedNewlines: true}
