package textparse

// MiniMax-M2: function_calls' invoke and parameter tags in its own
// wrapper.
//
//	<minimax:tool_call>
//	<invoke name="get_weather">
//	<parameter name="city">Paris</parameter>
//	</invoke>
//	</minimax:tool_call>
const FormatMiniMaxM2 Format = "minimax_m2"

func init() {
	register(&Dialect{
		Format: FormatMiniMaxM2,
		Wire:   `<minimax:tool_call><invoke name="NAME"><parameter name="P">V</parameter></invoke></minimax:tool_call>`,
		Tags:   &Tags{Wrapper: "minimax:tool_call", Invoke: "invoke", Param: "parameter", Bare: true},
	})
}
