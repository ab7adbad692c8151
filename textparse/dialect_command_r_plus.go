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
// "Action:" opens every scan of prose with a common byte, so auto does not
// look for it (NoAuto); Command R7B and Command A write cohere's markers.
const FormatCommandRPlus Format = "command_r_plus"

func init() {
	register(&Dialect{
		Format: FormatCommandRPlus,
		Wire:   "Action: ```json\\n[{\"tool_name\":NAME,\"parameters\":{json}},…]\\n```",
		Blocks: []Block{{Open: "Action: ```json", Close: "```", Body: Body{Read: ReadJSON}}},
		NoAuto: true,
	})
}
