package textparse

// Step-3 (StepFun): tag-shaped special tokens around each call, and an
// invoke in the steptml namespace inside.
//
//	<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">
//	<steptml:parameter name="city">Paris</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>
//
// A value sits flush against its tags, so its whitespace is data, a
// trailing newline included (code edits depend on it), as vLLM's Step-3
// parser keeps it; the model may repeat the tool's name after
// <｜tool_sep｜> (function<｜tool_sep｜>NAME\n<steptml:invoke …>).
const FormatStep3 Format = "step3"

func init() {
	register(&Dialect{
		Format: FormatStep3,
		Wire:   `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="NAME"><steptml:parameter name="P">V</steptml:parameter></steptml:invoke><｜tool_call_end｜>…<｜tool_calls_end｜>`,
		Tags: &Tags{Wrapper: "｜tool_calls_begin｜", WrapperEnd: "｜tool_calls_end｜",
			CallBegin: "｜tool_call_begin｜", CallSep: "｜tool_sep｜", CallEnd: "｜tool_call_end｜",
			Invoke: "steptml:invoke", Param: "steptml:parameter", KeepNewline: true},
	})
}
