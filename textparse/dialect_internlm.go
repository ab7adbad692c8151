package textparse

// InternLM 2 / 2.5: one JSON call per action, addressed to the plugin
// channel.
//
//	<|action_start|><|plugin|>
//	{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>
//
// Other channels (<|action_start|><|interpreter|> code) are text. The
// tokens decoded with a space between them (<|action_start|> <|plugin|>,
// as Intern-S1 and SGLang's InternLM detector write them) open an action
// too when internlm is named.
const FormatInternLM Format = "internlm"

func init() {
	body := Body{Read: ReadJSON}
	register(&Dialect{
		Format: FormatInternLM,
		Wire:   `<|action_start|><|plugin|>{"name":NAME,"parameters":{json}}<|action_end|> (or with a space between the tokens)`,
		Blocks: []Block{
			{Open: "<|action_start|><|plugin|>", Close: "<|action_end|>", Body: body},
			// Only when internlm is named (intern_s1/spaced_not_auto).
			{Named: true, Open: "<|action_start|> <|plugin|>", Close: "<|action_end|>", Body: body},
		},
	})
}
