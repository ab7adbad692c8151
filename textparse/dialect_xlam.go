package textparse

// Salesforce xLAM: the answer is a JSON list of calls, optionally inside a
// ```json fence.
//
//	[{"name": "get_weather", "arguments": {"city": "Paris"}}, …]
//	```json
//	[{"name": "get_weather", "arguments": {"city": "Paris"}}]
//	```
//
// A bare list only counts at the start of the answer and only with
// --format xlam (under auto, prose may start with '['); after text, a list
// in a ```json fence, after [TOOL_CALLS] or inside <tool_call>…</tool_call>
// is read too (with --format xlam only). The closing fence (on its own
// line) ends the block; anything but whitespace after an unfenced list
// is an error, and a broken call ends the block's calls (the model writes
// nothing after its list).
const FormatXLAM Format = "xlam"

func init() {
	register(&Dialect{
		Format: FormatXLAM,
		Wire:   "[{\"name\":NAME,\"arguments\":{json}},…] as the whole answer, optionally in a ```json fence; after text in a ```json fence, after [TOOL_CALLS] or in <tool_call>…</tool_call>",
		Blocks: []Block{
			{Anchored: true, Close: "\n```", Body: Body{Read: ReadJSON, Fence: true}},
			// After text: a ```json fence, a [TOOL_CALLS] marker or a
			// <tool_call> tag around the list (vLLM's xLAM parser reads
			// all three); only with --format xlam, as prose may hold them.
			{Named: true, Open: "```json", Close: "\n```", Body: Body{Read: ReadJSON}},
			{Named: true, Open: "[TOOL_CALLS]", Body: Body{Read: ReadJSON}},
			{Named: true, Open: "<tool_call>", Close: "</tool_call>", Body: Body{Read: ReadJSON}},
		},
	})
}
