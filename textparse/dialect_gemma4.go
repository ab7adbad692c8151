package textparse

// Gemma 4: one call per <|tool_call>…<tool_call|>, in Gemma's own value
// syntax (gemma4body.go); reasoning on the thought channel. <tool_call|> is
// a special token: it ends a call wherever it appears, and one outside a
// call is stray markup.
//
//	<|channel>thought
//	The user wants Paris.<channel|><|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>
const FormatGemma4 Format = "gemma4"

func init() {
	register(&Dialect{
		Format:     FormatGemma4,
		Wire:       `<|tool_call>call:NAME{key:<|"|>string<|"|>,n:5,obj:{k:true},list:[…]}<tool_call|>; <|channel>thought…<channel|> reasoning`,
		Blocks:     []Block{{Open: "<|tool_call>", Close: "<tool_call|>", Body: Body{Read: ReadGemma}}},
		Reasoning:  []Span{{Open: "<|channel>thought", Close: "<channel|>"}},
		StrayClose: true,
	})
}
