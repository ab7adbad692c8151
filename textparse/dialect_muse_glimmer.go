package textparse

// Muse Glimmer: function_calls' shape in the atem namespace.
//
//	<atem:function_calls>
//	<atem:invoke name="get_weather">
//	<atem:parameter name="city">Paris</atem:parameter>
//	</atem:invoke>
//	</atem:function_calls>
//
// Values are coerced by the catalog's schema like function_calls'.
const FormatMuseGlimmer Format = "muse_glimmer"

func init() {
	register(&Dialect{
		Format: FormatMuseGlimmer,
		Wire:   `<atem:function_calls><atem:invoke name="NAME"><atem:parameter name="P">V</atem:parameter></atem:invoke></atem:function_calls>`,
		Tags:   &Tags{Wrapper: "atem:function_calls", Invoke: "atem:invoke", Param: "atem:parameter"},
	})
}
