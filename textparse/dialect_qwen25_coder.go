package textparse

// Qwen2.5-Coder: Hermes-style JSON calls (one object, or a list of them)
// in a <tools> tag, as its chat template asks for them.
//
//	<tools>
//	{"name": "get_weather", "arguments": {"city": "Paris"}}
//	</tools>
//
// Kept out of auto detection: Hermes and Qwen templates list the tool
// definitions between the same tags in the prompt, and a model that
// echoes them writes <tools>{…}</tools> that is no call.
const FormatQwen25Coder Format = "qwen25_coder"

func init() {
	register(&Dialect{
		Format: FormatQwen25Coder,
		Wire:   `<tools>{"name":NAME,"arguments":{json}}</tools> (or a JSON list of calls)`,
		Blocks: []Block{{Open: "<tools>", Close: "</tools>", Body: Body{Read: ReadJSON, Fence: true}}},
		NoAuto: true,
	})
}
