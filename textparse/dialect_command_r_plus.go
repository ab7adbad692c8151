package textparse

// Cohere Command R / R+ (2024): an "Action:" line, then the calls as a
// fenced JSON list of {"tool_name", "parameters"} objects.
//
//	Action: ```json
//	[
//	    {"tool_name": "internet_search", "parameters": {"query": "Paris weather"}}
//	]
//	```
//
// The fence may start on the line after "Action:" too, and the turn's
// <|CHATBOT_TOKEN|> and <|END_OF_TURN_TOKEN|> around an answer are
// dropped.
//
// "Action:" opens every scan of prose with a common byte, so auto does not
// look for it (NoAuto); Command R7B and Command A write cohere's markers.
const FormatCommandRPlus Format = "command_r_plus"

func init() {
	register(&Dialect{
		Format: FormatCommandRPlus,
		Wire:   "Action: ```json\\n[{\"tool_name\":NAME,\"parameters\":{json}},…]\\n```",
		// The fence follows "Action:" on its line or the next; the
		// turn's own tokens around an answer are markup.
		Blocks: []Block{
			{Open: "Action: ```json", Close: "```", Body: Body{Read: ReadJSON}},
			{Open: "Action:\n```json", Close: "```", Body: Body{Read: ReadJSON}},
		},
		Drop:   []string{"<|CHATBOT_TOKEN|>", "<|END_OF_TURN_TOKEN|>"},
		NoAuto: true,
	})
}
