package textparse

// NVIDIA Nemotron Nano 2 (9B/12B v2): a JSON list of calls between
// <TOOLCALL> tokens, after optional <think>…</think> reasoning.
//
//	<think>The user wants Paris.</think><TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</TOOLCALL>
const FormatNemotronNanoV2 Format = "nemotron_nano_v2"

func init() {
	register(&Dialect{
		Format:     FormatNemotronNanoV2,
		Wire:       `<TOOLCALL>[{"name":NAME,"arguments":{json}},…]</TOOLCALL>`,
		Blocks:     []Block{{Open: "<TOOLCALL>", Close: "</TOOLCALL>", Body: Body{Read: ReadJSON}}},
		StrayClose: true,
	})
}
