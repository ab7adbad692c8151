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
// Values are coerced by the catalog's schema like function_calls'.
const FormatDots Format = "dots"

func init() {
	register(&Dialect{
		Format: FormatDots,
		Wire:   `<dots_function_call><invoke name="NAME"><parameter name="P">V</parameter></invoke></dots_function_call>`,
		Tags:   &Tags{Wrapper: "dots_function_call", Invoke: "invoke", Param: "parameter"},
	})
}
