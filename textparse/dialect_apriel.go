package textparse

// ServiceNow Apriel (1.5, 1.6 Thinker): calls as a JSON list in
// <tool_calls> (the block of Hunyuan-A13B, dialect_hunyuan_a13b.go).
// Apriel 1.5 reasons in <thinking>…</thinking> (read like <think>); 1.6
// writes its reasoning after "Here are my reasoning steps:" and its answer
// between
// [BEGIN FINAL RESPONSE] and [END FINAL RESPONSE] (the end dropped).
//
//	Here are my reasoning steps:
//	The user wants Paris.
//	[BEGIN FINAL RESPONSE]
//	<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>
//	[END FINAL RESPONSE]
const FormatApriel Format = "apriel"

func init() {
	register(&Dialect{
		Format: FormatApriel,
		Wire:   `<tool_calls>[{"name":NAME,"arguments":{json}},…]</tool_calls>; "Here are my reasoning steps:"…[BEGIN FINAL RESPONSE] reasoning`,
		Blocks: []Block{toolCallsList},
		Reasoning: []Span{
			{Open: "Here are my reasoning steps:", Close: "[BEGIN FINAL RESPONSE]"},
		},
		Drop:       []string{"[END FINAL RESPONSE]"},
		StrayClose: true,
		NoAuto:     true,
	})
}
