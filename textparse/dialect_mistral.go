package textparse

// Mistral: [TOOL_CALLS] before the calls, in two generations.
//
//	v3 (Mistral 7B v0.3, Mixtral):   [TOOL_CALLS] [{"name": "f", "arguments": {…}, "id": "a1b2c3d4e"}, …]
//	v11+ (Small 3.1+, Devstral, Magistral, Ministral 3):
//	                                 [TOOL_CALLS]f[ARGS]{…}[TOOL_CALLS]g[CALL_ID]a1b2c3d4e[ARGS]{…}
//
// The first byte after [TOOL_CALLS] decides: '[' or '{' is the v3 JSON,
// anything else a name. A name may run straight into its JSON
// (NAME{json}): a server that detokenizes with skip_special_tokens drops
// the [ARGS] token, and vLLM reads what is left so. Magistral reasons
// inside [THINK]…[/THINK]. A [/TOOL_CALLS] after the calls (Ollama's
// template for Mistral writes the list as [TOOL_CALLS] […][/TOOL_CALLS],
// mirroring [/TOOL_RESULTS]) is markup: dropped, as Ollama's tool parser
// (and vLLM's list fallback) read the calls without it.
const FormatMistral Format = "mistral"

func init() {
	register(&Dialect{
		Format: FormatMistral,
		Wire:   `[TOOL_CALLS][{"name":…,"arguments":{…}}] (v3) or [TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{json} (v11+; [ARGS] may be absent); [THINK]…[/THINK] reasoning`,
		Blocks: []Block{{
			Open: "[TOOL_CALLS]",
			Body: Body{Read: ReadJSON | ReadNameJSON, NameEnd: "[ARGS]", IDMark: "[CALL_ID]", BraceEndsName: true},
		}},
		Reasoning: []Span{{Open: "[THINK]", Close: "[/THINK]"}},
		Drop:      []string{"[/TOOL_CALLS]"},
	})
}
