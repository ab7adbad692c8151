package textparse

// Huawei openPangu (vLLM's "pangu" and "openpangu_v2" parsers): a JSON list
// of calls between the tool-call tokens, reasoning before it.
//
//	<think>Two cities, two lookups.</think>I'll check both.<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Xi'an"}}, {"name": "get_weather", "arguments": {"city": "Shenzhen"}}]<|tool_call_end|>
//
// The openPangu-Embedded checkpoints, whose vocabulary lacks those tokens,
// write the same list between [unused11] and [unused12], and reason
// between [unused16] and [unused17]; both spellings are read. A call
// object may give its arguments under "parameters" (openPangu V2).
// <|tool_call_start|> is LFM2's Python-list marker under auto
// (dialect_pythonic.go), so pangu is read only when named; openpangu_v2
// is another name of it.
const (
	FormatPangu       Format = "pangu"
	FormatOpenPanguV2 Format = "openpangu_v2"
)

func init() {
	body := Body{Read: ReadJSON}
	d := Dialect{
		Format: FormatPangu,
		Wire:   `<|tool_call_start|>[{"name":NAME,"arguments":{json}},…]<|tool_call_end|> (or [unused11]…[unused12]); [unused16]…[unused17] reasoning`,
		Blocks: []Block{
			{Open: "<|tool_call_start|>", Close: "<|tool_call_end|>", Body: body},
			{Open: "[unused11]", Close: "[unused12]", Body: body},
		},
		Reasoning:  []Span{{Open: "[unused16]", Close: "[unused17]", Alt: true}},
		StrayClose: true,
		NoAuto:     true,
	}
	register(&d)
	v2 := d
	v2.Format, v2.Wire, v2.Alias = FormatOpenPanguV2, "the same as pangu", FormatPangu
	register(&v2)
}
