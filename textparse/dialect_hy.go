package textparse

// Tencent HY (Hunyuan) v3 and v4: a tool_calls block of calls, each the
// tool name, an optional <tool_sep>, then GLM-style key/value pairs whose
// values are coerced by the catalog (or, as the chat template may write
// them, one JSON object after <tool_sep>).
//
//	<tool_calls>
//	<tool_call>get_weather<tool_sep>
//	<arg_key>city</arg_key>
//	<arg_value>Paris</arg_value>
//	</tool_call>
//	</tool_calls>
//
// v4 drops <tool_sep>, and its checkpoints' tokenizers add one suffix to
// every tag (<tool_call:SUFFIX>, <think:SUFFIX>, the suffix varies by
// checkpoint). One description reads the family (Tags.Suffix: any suffix
// or none, <tool_sep> or not), so hy_v4 is another name of hy_v3. Shapes
// from the serving stacks' HY v3/v4 parsers (vLLM hy_v3, its V4 dialect
// with the tokenizer-derived suffix; Dynamo's Hunyuan parser).
//
// Auto detects the family by its <tool_calls> wrapper (or a suffixed
// tag) and reports hy_v3. Hunyuan-A13B, Jamba and Apriel write a JSON list
// in the same <tool_calls> tag: under auto a '[' after the wrapper hands
// the block to the JSON list reader (hyListBody), reported as
// hunyuan_a13b, the family's older model.
const (
	FormatHYV3 Format = "hy_v3"
	FormatHYV4 Format = "hy_v4"
)

func init() {
	wrapperHooks = append(wrapperHooks, (*Parser).hyListBody)
	tags := &Tags{Wrapper: "tool_calls", Invoke: "tool_call", CallSep: "tool_sep", Key: "arg_key", Value: "arg_value", Suffix: true, Bare: true}
	register(&Dialect{
		Format: FormatHYV3,
		Wire:   "<tool_calls><tool_call>NAME<tool_sep><arg_key>P</arg_key><arg_value>V</arg_value>…</tool_call>…</tool_calls>; every tag may carry a :SUFFIX",
		Tags:   tags,
	})
	register(&Dialect{
		Format: FormatHYV4,
		Wire:   "the same as hy_v3: <tool_calls:S><tool_call:S>NAME<arg_key:S>P</arg_key:S><arg_value:S>V</arg_value:S>…</tool_call:S></tool_calls:S>",
		Tags:   tags,
		Alias:  FormatHYV3,
		NoAuto: true,
	})
}

// hyListBody (a wrapper hook) looks at the first byte after <tool_calls>
// under auto: a '[' starts a JSON list of calls (Hunyuan-A13B's, Jamba's,
// Apriel's), read by the hunyuan_a13b block from here on. It reports false
// when HY's tags go on (a '<', or a byte that starts no list, stray up to
// the next tag, at any chunking).
func (p *Parser) hyListBody(b []byte, i int) (int, bool) {
	return p.wrapperTo(FormatHunyuanA13B, b, i, func(c byte) bool { return c == '[' })
}
