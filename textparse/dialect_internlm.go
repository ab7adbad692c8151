package textparse

// InternLM 2 / 2.5: one JSON call per action, addressed to the plugin
// channel.
//
//	<|action_start|><|plugin|>
//	{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>
//
// Other channels (<|action_start|><|interpreter|> code) are text.
const FormatInternLM Format = "internlm"

func init() {
	register(&Dialect{
		Format: FormatInternLM,
		Wire:   `<|action_start|><|plugin|>{"name":NAME,"parameters":{json}}<|action_end|>`,
		Blocks: []Block{{
			Open: "<|action_start|><|plugin|>", Close: "<|action_end|>",
			Body: Body{Read: ReadJSON},
		}},
	})
}
