package textparse

// Gemma 4: one call per <|tool_call>…<tool_call|>, in Gemma's own value
// syntax (gemma4body.go); reasoning on the thought channel, and in an
// unlabelled <|channel>…<channel|> too (the label is optional). <tool_call|>
// is a special token: it ends a call wherever it appears, and one outside a
// call is stray markup. <|tool_response> (and <tool_response|>), the tokens
// around the tool's answer that the model may start writing after its
// call, are dropped, and so are the end-of-turn tokens a server that keeps
// special tokens leaves at the end of the answer (<turn|>, <eos>, in either
// order, as vLLM's offline Gemma 4 reader strips them).
//
//	<|channel>thought
//	The user wants Paris.<channel|><|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>
const FormatGemma4 Format = "gemma4"

func init() {
	register(&Dialect{
		Format:     FormatGemma4,
		Wire:       `<|tool_call>call:NAME{key:<|"|>string<|"|>,n:5,obj:{k:true},list:[…]}<tool_call|>; <|channel>thought…<channel|> (label optional) reasoning; <|tool_response> dropped`,
		Blocks:     []Block{{Open: "<|tool_call>", Close: "<tool_call|>", AltClose: "<turn|>", Body: Body{Read: ReadGemma}}},
		Reasoning:  []Span{{Open: "<|channel>", Close: "<channel|>", Label: "thought"}},
		Drop:       []string{"<|tool_response>", "<tool_response|>", "<turn|>", "<eos>"},
		StrayClose: true,
	})
}
