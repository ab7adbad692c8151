package textparse

// HyperCLOVA X SEED Think (NAVER; vLLM's hyperclovax_seed_think parser):
// GLM's key/value calls, each value written as JSON (strings quoted),
// reasoning closed by </think> (the prompt opens it: ReasoningOpen), the
// turn ended by <|im_end|> (dropped).
//
//	<tool_call>get_weather
//	<arg_key>city</arg_key>
//	<arg_value>"Seoul"</arg_value>
//	</tool_call>
//
// Where the request forces a call, structured output makes the model write
// a JSON list (or one object) of calls as the whole answer instead:
// [{"name": "get_weather", "parameters": {"city": "Seoul"}}].
const FormatHyperCLOVAXSeedThink Format = "hyperclovax_seed_think"

func init() {
	register(&Dialect{
		Format: FormatHyperCLOVAXSeedThink,
		Wire:   `<tool_call>NAME\n<arg_key>P</arg_key>\n<arg_value>"V"</arg_value>…</tool_call> (values written as JSON), or a JSON list of calls as the whole answer`,
		Tags:   &Tags{Invoke: "tool_call", Key: "arg_key", Value: "arg_value", UntypedJSON: true, QuotedStrings: true},
		Blocks: []Block{{Anchored: true, Body: Body{Read: ReadJSON}}},
		Drop:   []string{"<|im_end|>"},
	})
}
