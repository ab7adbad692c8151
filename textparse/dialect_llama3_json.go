package textparse

// Llama 3.1–3.3 JSON tool calls: the answer is a bare JSON object, or
// several separated by ';', optionally after <|python_tag|>.
//
//	{"name": "get_weather", "parameters": {"city": "Paris"}}
//	<|python_tag|>{"name": "a", "parameters": {}}; {"name": "b", "parameters": {}}
//
// A bare object only counts at the start of the answer (after leading
// whitespace or a reasoning span) and only with --format llama3_json:
// under auto, prose that starts with '{' stays text, and <|python_tag|>
// is what marks the calls.
const FormatLlama3JSON Format = "llama3_json"

func init() {
	body := Body{Read: ReadJSON}
	register(&Dialect{
		Format: FormatLlama3JSON,
		Wire:   `{"name":NAME,"parameters":{json}} at the start of the answer, several separated by ';', optionally after <|python_tag|>`,
		Blocks: []Block{
			{Anchored: true, Sep: ";", Body: body},
			{Open: "<|python_tag|>", Sep: ";", Body: body},
			// After text (vLLM reads a call object anywhere in the
			// answer): only with --format llama3_json, as prose may quote
			// JSON; the marker is the object's start up to its name.
			{Named: true, Open: `{"name":`, Sep: ";", Body: Body{Read: ReadJSON, InObject: true}},
		},
	})
}
