package textparse

// AI21 Jamba 1.5 / 1.6 / 1.7: a JSON list of calls in <tool_calls> (the
// block of Hunyuan-A13B, dialect_hunyuan_a13b.go).
//
//	I'll look it up.<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>
const FormatJamba Format = "jamba"

func init() {
	register(&Dialect{
		Format:     FormatJamba,
		Wire:       `<tool_calls>[{"name":NAME,"arguments":{json}},…]</tool_calls>`,
		Blocks:     []Block{toolCallsList},
		StrayClose: true,
		NoAuto:     true,
	})
}
