package textparse

// IQuest Coder (vLLM's iquest_coder and iquest_coder_v2 parsers).
//
// The first generation writes Qwen3-Coder's calls, so iquest_coder is
// another name of qwen3_coder:
//
//	<tool_call>
//	<function=get_weather>
//	<parameter=city>
//	Dallas
//	</parameter>
//	</function>
//	</tool_call>
//
// IQuest Coder V2's tokenizer has a call token of its own, around GLM-4.5's
// key/value pairs: the tool name right after it, then the pairs, values
// written flush against their tags. A value the catalog types as a string
// is kept as written; any other is JSON when it reads whole as JSON.
//
//	<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>Dallas</arg_value></iquestcoder_tool_call>
const (
	FormatIQuestCoder   Format = "iquest_coder"
	FormatIQuestCoderV2 Format = "iquest_coder_v2"
)

func init() {
	register(&Dialect{
		Format: FormatIQuestCoder,
		Wire:   "the same as qwen3_coder",
		Tags:   qwen3CoderTags,
		Alias:  FormatQwen3Coder,
	})
	register(&Dialect{
		Format: FormatIQuestCoderV2,
		Wire:   "<iquestcoder_tool_call>NAME<arg_key>P</arg_key><arg_value>V</arg_value>…</iquestcoder_tool_call>",
		Tags:   &Tags{Invoke: "iquestcoder_tool_call", Key: "arg_key", Value: "arg_value", UntypedJSON: true, KeepNewline: true},
	})
}
