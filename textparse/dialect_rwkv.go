package textparse

// RWKV (vLLM's rwkv parser): a bold "Tool Call:" line, then the call as a
// JSON object in a ```json fence, one fence per call.
//
//	**Tool Call:**
//	```json
//	{
//	  "name": "get_weather",
//	  "arguments": {"city": "Paris"}
//	}
//	```
//
// A ```json fence without the line before it is a call too when its
// object starts with the "name" key (compact, or indented by two spaces as
// json.dumps writes it); another fence (a config file shown to the user)
// stays text, and so does a fence alone inside reasoning. The dialect is
// read only when named (NoAuto): Markdown answers hold these forms.
const FormatRWKV Format = "rwkv"

func init() {
	body, inObject := Body{Read: ReadJSON}, Body{Read: ReadJSON, InObject: true}
	register(&Dialect{
		Format: FormatRWKV,
		Wire:   "**Tool Call:**\\n```json\\n{\"name\":NAME,\"arguments\":{json}}\\n``` (or the fence alone, its object starting with \"name\")",
		Blocks: []Block{
			{Open: "**Tool Call:**\n```json", Close: "```", Body: body},
			{Open: "**Tool Call:** ```json", Close: "```", Body: body},
			// A fence alone is a call only where its object starts with
			// the name key, compact or as json.dumps(indent=2) writes it.
			{Named: true, Open: "```json\n{\"name\":", Close: "```", Body: inObject},
			{Named: true, Open: "```json\n{\n  \"name\":", Close: "```", Body: inObject},
		},
		NoAuto: true,
	})
}
