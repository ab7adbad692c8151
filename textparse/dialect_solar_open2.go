package textparse

// Solar Open2 (Upstage): each call between special tokens, the tool's
// name on the call's first line, then one marker-delimited pair per
// argument, its value written as text (read by ReadMarkerArgs,
// markerargs.go).
//
//	<|tool_call:start|>get_weather
//	<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>
//	<|tool_arg:start|>days<|tool_arg:value|>3<|tool_arg:end|>
//	<|tool_call:end|>
//
// A value is a string unless the catalog's schema types the parameter
// otherwise (3 for an integer; a value that does not convert stays its
// text). Reasoning is <|think:start|>…<|think:end|>; the chat template
// opens it in the prompt (--reasoning-open). Shapes from vLLM's
// solar_open2 tool and reasoning parsers: a call whose <|tool_call:end|>
// is missing ends at the next <|tool_call:start|>, a value whose
// <|tool_arg:end|> is missing at the next marker, and a key given twice
// keeps its first value.
const FormatSolarOpen2 Format = "solar_open2"

func init() {
	register(&Dialect{
		Format: FormatSolarOpen2,
		Wire:   `<|tool_call:start|>NAME\n<|tool_arg:start|>P<|tool_arg:value|>V<|tool_arg:end|>\n…<|tool_call:end|>; <|think:start|>…<|think:end|> reasoning`,
		Blocks: []Block{{Open: "<|tool_call:start|>", Body: Body{
			Read: ReadMarkerArgs, NameEnd: "\n",
			ArgOpen: "<|tool_arg:start|>", ArgValue: "<|tool_arg:value|>", ArgEnd: "<|tool_arg:end|>", CallClose: "<|tool_call:end|>",
		}}},
		// A call written inside the reasoning ends it, and the reasoning
		// goes on after the call's end token (the model may think on and
		// call again before <|think:end|>), as vLLM's reasoning parser
		// lifts complete calls out of the think block and keeps the text
		// around them.
		Reasoning: []Span{{Open: "<|think:start|>", Close: "<|think:end|>", Resume: true}},
		// The markers are special tokens: one the output was cut inside is
		// dropped.
		CutMarkers: true,
	})
}
