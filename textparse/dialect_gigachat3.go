package textparse

// Sber GigaChat 3 / 3.1: the answer's text ends with <|message_sep|>
// (markup, dropped); a call is a message of its own whose role is
// "function call", then one JSON object.
//
//	Let me check.<|message_sep|>function call<|role_sep|>
//	{"name": "get_weather", "arguments": {"city": "Moscow"}}
//
// GigaChat 3.1 writes the call after one token instead:
//
//	Let me check.<|function_call|>{"name": "get_weather", "arguments": {"city": "Moscow"}}
const FormatGigaChat3 Format = "gigachat3"

func init() {
	register(&Dialect{
		Format: FormatGigaChat3,
		Wire:   `function call<|role_sep|>\n{"name":NAME,"arguments":{json}} (3.1: <|function_call|>{json}); <|message_sep|> and </s> dropped`,
		Blocks: []Block{
			{Open: "function call<|role_sep|>", Body: Body{Read: ReadJSON}},
			{Open: "<|function_call|>", Body: Body{Read: ReadJSON}},
		},
		// </s> is the model's end-of-sequence token, which a server that
		// keeps special tokens passes on after the call (vLLM strips it).
		Drop:   []string{"<|message_sep|>", "</s>"},
		NoAuto: true,
	})
}
