package textparse

// Inkling: each call is a message of its own, a JSON call object between
// <|content_invoke_tool_json|> and <|end_message|>. A message may start
// with a header naming its author, <|message_model|>AUTHOR, dropped (the
// call's name is the payload's); a text message's <|content_text|>…
// <|end_message|> is text, a thinking message's <|content_thinking|>…
// <|end_message|> reasoning.
//
//	Checking.<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "arguments": {"city": "Paris"}}<|end_message|>
//	<|message_model|><|content_text|>Done.<|end_message|>
const FormatInkling Format = "inkling"

func init() {
	register(&Dialect{
		Format:     FormatInkling,
		Wire:       `<|content_invoke_tool_json|>{"name":NAME,"arguments":{json}}<|end_message|>, after an optional header <|message_model|>AUTHOR (dropped); <|content_text|>…<|end_message|> text, <|content_thinking|>…<|end_message|> reasoning`,
		Blocks:     []Block{{Open: "<|content_invoke_tool_json|>", Close: "<|end_message|>", Body: Body{Read: ReadJSON}}},
		Reasoning:  []Span{{Open: "<|content_thinking|>", Close: "<|end_message|>", Alt: true}},
		Drop:       []string{"<|content_text|>", "<|end_message|>"},
		DropLabels: []string{"<|message_model|>"},
		StrayClose: true,
	})
}
