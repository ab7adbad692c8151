package textparse

// IBM Granite 3.x: a JSON list of calls after <|tool_call|> (3.0's special
// token) or <tool_call> (3.1's plain string, read only with --format
// granite: under auto it is tool_call's tag).
//
//	<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Boston"}}]
//	<tool_call> [{"name": "get_weather", "arguments": {"city": "Boston"}}]
//
// The block has no closer: it ends with its list; text may follow.
// Granite 3.2 and 3.3 reason after "Here is my thought process:" and answer
// after "Here is my response:" (read only with --format granite: the words
// are prose elsewhere); Granite 4 thinks in <think>, which --reasoning-open
// opens.
//
//	Here is my thought process:
//	The user wants Boston.Here is my response:
//	<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Boston"}}]
const FormatGranite Format = "granite"

func init() {
	register(&Dialect{
		Format: FormatGranite,
		Wire:   `<|tool_call|>[{"name":NAME,"arguments":{json}},…] (3.1: <tool_call>[…]; 4: </tool_call> dropped); "Here is my thought process:"…"Here is my response:" reasoning`,
		Blocks: []Block{
			{Open: "<|tool_call|>", Body: Body{Read: ReadJSON}},
			{Named: true, Open: "<tool_call>", Body: Body{Read: ReadJSON}},
		},
		// Granite 4 closes each call (<tool_call> {…} </tool_call>, the
		// tool_call dialect's shape, which reads it whole): under
		// --format granite the closer is markup, not text.
		Drop: []string{"</tool_call>"},
		Reasoning: []Span{
			{Open: "Here is my thought process:", Close: "Here is my response:", Named: true, Alt: true},
		},
	})
}
