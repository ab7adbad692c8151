package textparse

// Inkling: each call is a message of its own, a JSON call object between
// <|content_invoke_tool_json|> and <|end_message|>.
//
//	Checking.<|content_invoke_tool_json|>{"name": "get_weather", "arguments": {"city": "Paris"}}<|end_message|>
const FormatInkling Format = "inkling"

func init() {
	register(&Dialect{
		Format:     FormatInkling,
		Wire:       `<|content_invoke_tool_json|>{"name":NAME,"arguments":{json}}<|end_message|>`,
		Blocks:     []Block{{Open: "<|content_invoke_tool_json|>", Close: "<|end_message|>", Body: Body{Read: ReadJSON}}},
		StrayClose: true,
	})
}
