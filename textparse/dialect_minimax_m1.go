package textparse

// MiniMax-M1: Hermes-style JSON call objects, one per line, in a
// <tool_calls> block (vLLM's "minimax" parser); <think> reasoning.
//
//	I'll check both.<tool_calls>
//	{"name": "get_weather", "arguments": {"city": "Dallas"}}
//	{"name": "get_weather", "arguments": {"city": "Austin"}}
//	</tool_calls>
//
// The block is Hunyuan-A13B's and Jamba's (dialect_hunyuan_a13b.go): its
// JSON reader takes a list or objects one after another. Kept out of auto
// detection, as they are: <tool_calls> opens HY's calls too.
const FormatMiniMaxM1 Format = "minimax_m1"

func init() {
	register(&Dialect{
		Format:     FormatMiniMaxM1,
		Wire:       `<tool_calls>{"name":NAME,"arguments":{json}}…</tool_calls> (one call object per line)`,
		Blocks:     []Block{toolCallsList},
		StrayClose: true,
		NoAuto:     true,
	})
}
