package textparse

// Microsoft Phi-4-mini (and Phi-4-mini-flash): a JSON list of calls right
// after the word functools; the marker opens the list (InList).
//
//	functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
//
// FireFunction v2 writes the same list (dialect_firefunction_v2.go), so
// auto, which could not tell them apart, detects neither (NoAuto); and
// functools is also a Python module prose talks about.
const FormatPhi4Mini Format = "phi4_mini"

func init() {
	register(&Dialect{
		Format: FormatPhi4Mini,
		Wire:   `functools[{"name":NAME,"arguments":{json}},…]`,
		Blocks: []Block{functoolsList},
		NoAuto: true,
	})
}

// functoolsList is the functools[…] block of Phi-4-mini and FireFunction
// v2: no closer, the block ends with its list.
var functoolsList = Block{Open: "functools[", Body: Body{Read: ReadJSON, InList: true}}
