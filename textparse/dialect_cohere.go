package textparse

// Cohere Command R7B / Command A: a JSON list of calls between action
// markers, reasoning between thinking markers, the answer between response
// markers (dropped: they carry no meaning for calls; Command A writes
// <|START_TEXT|>…<|END_TEXT|> inside its response, dropped too, and so is
// the end-of-turn token when it arrives spelled out).
//
//	<|START_THINKING|>…<|END_THINKING|><|START_ACTION|>[
//	    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}}
//	]<|END_ACTION|>
//
// The model's tool_call_id is the call's id.
const FormatCohere Format = "cohere"

func init() {
	register(&Dialect{
		Format: FormatCohere,
		Wire:   `<|START_ACTION|>[{"tool_call_id":ID,"tool_name":NAME,"parameters":{json}},…]<|END_ACTION|>; <|START_THINKING|>…<|END_THINKING|> reasoning`,
		Blocks: []Block{{
			Open: "<|START_ACTION|>", Close: "<|END_ACTION|>",
			Body: Body{Read: ReadJSON, Fence: true},
		}},
		// The answer's opener ends the reasoning too: Command A's prompt
		// may open the thinking, and a reply without thoughts starts with
		// it (SGLang's Command 4 reasoning parser).
		Reasoning: []Span{{Open: "<|START_THINKING|>", Close: "<|END_THINKING|>",
			Ends: []string{"<|START_RESPONSE|>", "<|START_TEXT|>"}}},
		Drop: []string{"<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_TEXT|>", "<|END_OF_TURN_TOKEN|>"},
		// Grounded answers cite their sources: <co>text</co: 0:[1,2]>.
		// The tags are dropped, the cited text kept, in the answer and the
		// reasoning alike (vLLM's Command parsers strip them).
		DropTags: []string{"<co>", "</co:"},
	})
}
