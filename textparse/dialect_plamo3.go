package textparse

// PLaMo 3 (Preferred Networks; vLLM's plamo3 parser): a block of tool
// requests, each its name and its JSON arguments between tags; every tag is
// <|plamo:begin_NAME:plamo|> or <|plamo:end_NAME:plamo|>, the arguments
// opened by three tokens that constrain them to JSON. Reasoning is
// <|plamo:begin_think:plamo|>…<|plamo:end_think:plamo|> (the prompt
// usually opens it: ReasoningOpen), and <|plamo:tag|> ends the turn (and
// reasoning the turn ends in).
//
//	Checking.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|>
//	<|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|>
//	<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"city": "Tokyo"}<|plamo:end_tool_arguments:plamo|>
//	<|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>
//
// (written here on several lines; the model writes the tags together).
const FormatPLaMo3 Format = "plamo3"

func init() {
	register(&Dialect{
		Format: FormatPLaMo3,
		Wire:   `<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{json}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>…<|plamo:end_tool_requests:plamo|>; <|plamo:begin_think:plamo|>…<|plamo:end_think:plamo|> reasoning; <|plamo:tag|> dropped`,
		Blocks: []Block{{
			Open:    "<|plamo:begin_tool_requests:plamo|>",
			Close:   "<|plamo:end_tool_requests:plamo|>",
			Call:    "<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>",
			CallEnd: "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>",
			Body: Body{Read: ReadNameJSON,
				NameEnd: "<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>"},
		}},
		// The end of the turn ends reasoning cut short too, as vLLM's
		// plamo3 reasoning parser reads it: the token is no reasoning text.
		Reasoning:  []Span{{Open: "<|plamo:begin_think:plamo|>", Close: "<|plamo:end_think:plamo|>", Ends: []string{"<|plamo:tag|>"}}},
		Drop:       []string{"<|plamo:tag|>"},
		StrayClose: true,
		CutMarkers: true,
	})
}
