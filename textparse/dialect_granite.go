package textparse

// IBM Granite 3.x: a JSON list of calls after <|tool_call|> (3.0's special
// token) or <tool_call> (3.1's plain string, read only with --format
// granite: under auto it is tool_call's tag).
//
//	<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Boston"}}]
//	<tool_call> [{"name": "get_weather", "arguments": {"city": "Boston"}}]
//
// The block has no closer: it ends with its list; text may follow.
const FormatGranite Format = "granite"

func init() {
	register(&Dialect{
		Format: FormatGranite,
		Wire:   `<|tool_call|>[{"name":NAME,"arguments":{json}},…] (3.1: <tool_call>[…]; 4: </tool_call> dropped)`,
		Blocks: []Block{
			{Open: "<|tool_call|>", Body: Body{Read: ReadJSON}},
			{Named: true, Open: "<tool_call>", Body: Body{Read: ReadJSON}},
		},
		// Granite 4 closes each call (<tool_call> {…} </tool_call>, the
		// tool_call dialect's shape, which reads it whole): under
		// --format granite the closer is markup, not text.
		Drop: []string{"</tool_call>"},
	})
}
