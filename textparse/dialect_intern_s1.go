package textparse

// Intern-S1: InternLM's plugin actions (dialect_internlm.go), whose
// special tokens its tokenizer decodes with a space between them (vLLM's
// intern-s1 parser).
//
//	<|action_start|> <|plugin|>
//	{"name": "get_weather", "parameters": {"city": "Tokyo"}}
//	<|action_end|>
//
// Both spellings are read. Kept out of auto detection: InternLM's
// spelling is detected as internlm.
const FormatInternS1 Format = "intern_s1"

func init() {
	body := Body{Read: ReadJSON}
	register(&Dialect{
		Format: FormatInternS1,
		Wire:   `<|action_start|> <|plugin|>{"name":NAME,"parameters":{json}}<|action_end|> (or without the space)`,
		Blocks: []Block{
			{Open: "<|action_start|> <|plugin|>", Close: "<|action_end|>", Body: body},
			{Open: "<|action_start|><|plugin|>", Close: "<|action_end|>", Body: body},
		},
		NoAuto: true,
	})
}
