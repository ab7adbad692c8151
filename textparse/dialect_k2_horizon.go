package textparse

// K2 Horizon (vLLM's k2_horizon parser): a block of calls in IFM tags,
// each the tool name then key/value pairs whose values are converted by
// the catalog. Its chat template writes the calls in one of three forms
// (the request's tool_call_format): the pairs, the pairs with each value's
// declared type, or a JSON call object per call. One description reads
// all three.
//
//	<ifm|tool_calls><ifm|tool_call>lookup
//	<ifm|arg_key>query</ifm|arg_key><ifm|arg_value>rain</ifm|arg_value>
//	<ifm|arg_key>limit</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value>3</ifm|arg_value>
//	</ifm|tool_call></ifm|tool_calls>
//
//	<ifm|tool_calls><ifm|tool_call>{"name": "lookup", "arguments": {"limit": 3}}</ifm|tool_call></ifm|tool_calls>
//
// A value no schema and no declared type types is a string. A call
// outside the block is read too (SGLang's k2_v3 detector reads one).
// Reasoning is in <ifm|think>, <ifm|think_fast> or <ifm|think_faster>
// (the request's reasoning effort: high, medium, low; the first
// checkpoints wrote <think>, <think_fast>, <think_faster>); the serving stacks
// start the output inside it (the template opens it), so with
// ReasoningOpen any of the three closers ends it, and so does the call
// block (a call written in reasoning, call_in_reasoning).
const FormatK2Horizon Format = "k2_horizon"

func init() {
	register(&Dialect{
		Format: FormatK2Horizon,
		Wire:   `<ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>P</ifm|arg_key>[<ifm|arg_type>T</ifm|arg_type>]<ifm|arg_value>V</ifm|arg_value>…</ifm|tool_call>…</ifm|tool_calls> (or <ifm|tool_call>{"name":NAME,"arguments":{json}}</ifm|tool_call>)`,
		Tags: &Tags{Wrapper: "ifm|tool_calls", Invoke: "ifm|tool_call", Key: "ifm|arg_key", Value: "ifm|arg_value",
			TypeTag: "ifm|arg_type", CallObject: true, KeepNewline: true, Bare: true,
			Think: "ifm|think", ThinkAlt: []string{"ifm|think_fast", "ifm|think_faster", "think_fast", "think_faster"}},
	})
}
