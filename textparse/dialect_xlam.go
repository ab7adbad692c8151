package textparse

// Salesforce xLAM: the answer is a JSON list of calls, optionally inside a
// ```json fence.
//
//	[{"name": "get_weather", "arguments": {"city": "Paris"}}, …]
//	```json
//	[{"name": "get_weather", "arguments": {"city": "Paris"}}]
//	```
//
// The list only counts at the start of the answer and only with --format
// xlam (under auto, prose may start with '['). The closing fence (on its
// own line) ends the block; anything but whitespace after an unfenced list
// is an error, and a broken call ends the block's calls (the model writes
// nothing after its list).
const FormatXLAM Format = "xlam"

func init() {
	register(&Dialect{
		Format: FormatXLAM,
		Wire:   "[{\"name\":NAME,\"arguments\":{json}},…] as the whole answer, optionally in a ```json fence",
		Blocks: []Block{{Anchored: true, Close: "\n```", Body: Body{Read: ReadJSON, Fence: true}}},
	})
}
