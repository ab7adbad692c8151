package textparse

// IBM Granite 3.x: a JSON list of calls after <|tool_call|>.
//
//	<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Boston"}}]
//
// The block has no closer: it ends with its list; text may follow.
const FormatGranite Format = "granite"

func init() {
	register(&Dialect{
		Format: FormatGranite,
		Wire:   `<|tool_call|>[{"name":NAME,"arguments":{json}},…]`,
		Blocks: []Block{{Open: "<|tool_call|>", Body: Body{Read: ReadJSON}}},
	})
}
