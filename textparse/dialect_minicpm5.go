package textparse

// MiniCPM5 (OpenBMB): one function tag per call, the tool named by its
// name="…" attribute, each parameter a param tag; values are coerced by
// the catalog's schema like function_calls'. The calls follow the answer
// (after <think>…</think>) with no wrapper.
//
//	<function name="get_weather"><param name="city">Paris</param></function>
//
// qwen3_coder and Functionary v3.1 write <function=NAME>: the tag is
// shared, so under auto the spelling decides the dialect (name="…" is
// MiniCPM5's, '=' after the tag name theirs; Tags.Eq).
const FormatMiniCPM5 Format = "minicpm5"

func init() {
	register(&Dialect{
		Format: FormatMiniCPM5,
		Wire:   `<function name="NAME"><param name="P">V</param></function>…`,
		Tags: &Tags{Invoke: "function", Param: "param", Bare: true, CDATA: true,
			// The tokenizer's merged spellings (vLLM reads them too).
			InvokeAlt: []string{"functionname", "function\u0120name"}, ParamAlt: []string{"paramname", "param\u0120name"},
			// An OpenAI-style wrapper around the arguments (vLLM unwraps it).
			Unwrap: []string{"properties", "arguments"}},
	})
}
