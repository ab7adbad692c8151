package textparse

// Inkling: each call is a message of its own, a JSON call object between
// <|content_invoke_tool_json|> and <|end_message|>. A message may start
// with a header naming its author, <|message_model|>AUTHOR, dropped (the
// call's name is the payload's); a text message's <|content_text|>…
// <|end_message|> is text, a thinking message's <|content_thinking|>…
// <|end_message|> reasoning. The model's other control tokens (a message's
// author, a content kind, the end of the output) are markup wherever they
// stand in its text, dropped as SGLang strips them; a text tool invocation
// (<|content_invoke_tool_text|>…<|end_message|>, whose payload names no
// tool) has its tokens dropped and its words kept as text.
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
		Drop:       inklingControlTokens,
		DropLabels: []string{"<|message_model|>"},
		StrayClose: true,
	})
}

// inklingControlTokens are the control tokens of Inkling's tokenizer that
// mean nothing to a call and are dropped from the text: every one but the
// call's, the thinking message's and the header's own (the block, the
// reasoning span and DropLabels read those).
var inklingControlTokens = []string{
	"<|content_text|>", "<|end_message|>",
	"<|endoftext|>", "<|message_user|>", "<|message_system|>", "<|message_tool|>",
	"<|content_image|>", "<|content_audio_input|>", "<|audio_end|>", "<|content_xml|>",
	"<|content_tool_error|>", "<|content_model_end_sampling|>", "<|model_trigger_generation|>",
	"<|content_invoke_tool|>", "<|content_invoke_tool_text|>",
}
