package textparse

// Fireworks FireFunction v2: text, then the calls as a JSON list after
// " functools" (the block of Phi-4-mini, dialect_phi4_mini.go).
//
//	I'll check both. functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]
const FormatFireFunctionV2 Format = "firefunction_v2"

func init() {
	register(&Dialect{
		Format: FormatFireFunctionV2,
		Wire:   `functools[{"name":NAME,"arguments":{json}},…] after the text`,
		Blocks: []Block{functoolsList},
		NoAuto: true,
	})
}
