package textparse

// function_calls (Claude-style): calls in a wrapper, parameters as tags
// whose values are coerced by the catalog's schema.
//
//	<function_calls>
//	<invoke name="get_weather">
//	<parameter name="city">Paris</parameter>
//	</invoke>
//	</function_calls>
//
// A bare <invoke> without the wrapper is read too.
const FormatFunctionCalls Format = "function_calls"

func init() {
	register(&Dialect{
		Format: FormatFunctionCalls,
		Wire:   `<function_calls><invoke name="NAME"><parameter name="P">V</parameter></invoke></function_calls>`,
		Tags:   &Tags{Wrapper: "function_calls", Reopen: true, Invoke: "invoke", Param: "parameter", Bare: true},
	})
}
