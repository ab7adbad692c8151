package textparse

// dots (rednote hi lab, dots.llm): invoke and parameter tags in its own
// wrapper.
//
//	<dots_function_call>
//	<invoke name="get_weather">
//	<parameter name="city">Paris</parameter>
//	</invoke>
//	</dots_function_call>
//
// Values are coerced by the catalog's schema like function_calls'. The
// wrapper may hold a JSON call object instead (vLLM's fallback):
// <dots_function_call>{"name": NAME, "arguments": {…}}</dots_function_call>.
// A closer outside a wrapper is dropped (malformed_markup).
const FormatDots Format = "dots"

func init() {
	register(&Dialect{
		Format: FormatDots,
		Wire:   `<dots_function_call><invoke name="NAME"><parameter name="P">V</parameter></invoke></dots_function_call>`,
		Tags:   &Tags{Wrapper: "dots_function_call", Invoke: "invoke", Param: "parameter", WrapperJSON: true},
		// A </dots_function_call> in text is stray markup: vLLM strips it.
		StrayClose: true,
	})
}
