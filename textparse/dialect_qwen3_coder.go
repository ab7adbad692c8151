package textparse

// qwen3_coder: Qwen3-Coder's calls, a function tag named after '=' inside
// <tool_call>, parameters likewise, values coerced by the catalog.
//
//	<tool_call>
//	<function=get_weather>
//	<parameter=city>
//	Paris
//	</parameter>
//	</function>
//	</tool_call>
const FormatQwen3Coder Format = "qwen3_coder"

func init() {
	register(&Dialect{
		Format: FormatQwen3Coder,
		Wire:   "<tool_call><function=NAME><parameter=P>V</parameter></function></tool_call>",
		Tags:   qwen3CoderTags,
	})
}

// qwen3CoderTags are the tags of Qwen3-Coder's calls (and IQuest Coder's,
// the same).
var qwen3CoderTags = &Tags{Wrapper: "tool_call", Invoke: "function", Param: "parameter", Eq: true, Bare: true, SchemaParams: true}
