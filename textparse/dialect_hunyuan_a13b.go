package textparse

// Tencent Hunyuan-A13B: reasoning in <think>, the answer in <answer> tags
// (markup, dropped), calls as a JSON list in <tool_calls>.
//
//	<think>Paris needs a lookup.</think>
//	<answer>
//	<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>
//	</answer>
//
// Jamba and Apriel write the same <tool_calls> list, so none of them is
// in auto's markers (NoAuto); under auto, <tool_calls> is HY's wrapper,
// which hands a '[' after it to this block (dialect_hy.go: hyListBody).
const FormatHunyuanA13B Format = "hunyuan_a13b"

func init() {
	register(&Dialect{
		Format:     FormatHunyuanA13B,
		Wire:       `<tool_calls>[{"name":NAME,"arguments":{json}},…]</tool_calls>; <answer>…</answer> dropped`,
		Blocks:     []Block{toolCallsList},
		Drop:       []string{"<answer>", "</answer>"},
		StrayClose: true,
		NoAuto:     true,
	})
}

// toolCallsList is the <tool_calls>[…]</tool_calls> block of Hunyuan-A13B,
// Jamba and Apriel.
var toolCallsList = Block{Open: "<tool_calls>", Close: "</tool_calls>", Body: Body{Read: ReadJSON}}
