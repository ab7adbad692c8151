package textparse

// Swiss AI Apertus: the calls as a JSON list between tools markers, each
// call an object whose one key is the tool name and whose value is the
// arguments (Body.NameKey); reasoning between inner markers. Its tokenizer
// maps <think> in the prompt to the inner markers, so a <think> the model
// writes is words (NoThink), as vLLM's apertus parser reads it.
//
//	<|inner_prefix|>Paris needs a lookup.<|inner_suffix|><|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>
const FormatApertus Format = "apertus"

func init() {
	register(&Dialect{
		Format:     FormatApertus,
		Wire:       `<|tools_prefix|>[{NAME:{json}},…]<|tools_suffix|>; <|inner_prefix|>…<|inner_suffix|> reasoning`,
		Blocks:     []Block{{Open: "<|tools_prefix|>", Close: "<|tools_suffix|>", Body: Body{Read: ReadJSON, NameKey: true}}},
		Reasoning:  []Span{{Open: "<|inner_prefix|>", Close: "<|inner_suffix|>"}},
		StrayClose: true,
		NoThink:    true,
	})
}
