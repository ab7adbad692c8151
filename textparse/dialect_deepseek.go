package textparse

// DeepSeek V3 / R1 and V3.1 / V3.2-Exp (special tokens, full-width bars and
// "▁" as the model's tokenizer writes them):
//
//	deepseek_v3   <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{json}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
//	deepseek_v31  <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜><｜tool▁calls▁end｜>
//
// Both share their markers, so one body reads both shapes (the type word
// "function" decides); under auto the shape seen names the format.
const (
	FormatDeepSeekV3  Format = "deepseek_v3"
	FormatDeepSeekV31 Format = "deepseek_v31"
)

func init() {
	block := Block{
		Open: "<｜tool▁calls▁begin｜>", Close: "<｜tool▁calls▁end｜>",
		Call: "<｜tool▁call▁begin｜>", CallEnd: "<｜tool▁call▁end｜>",
		Body: Body{Read: ReadNameJSON, NameEnd: "<｜tool▁sep｜>", TypeWord: "function", Untyped: FormatDeepSeekV31, Fence: true},
	}
	// A call written without the calls' opener around it (its own
	// <｜tool▁call▁begin｜> after the text) is a call, as SGLang's V3.1
	// detector reads it: the marker is a special token prose cannot hold.
	bare := Block{Open: block.Call, CallEnd: block.CallEnd, Body: block.Body}
	// The tool-output markers the template writes around tool results: a
	// model that goes on after its calls may start writing them; dropped.
	// So is the end-of-sentence token that ends the turn after the calls,
	// left in the output by a server that keeps special tokens (the
	// template writes it after <｜tool▁calls▁end｜>; vLLM and SGLang skip
	// special tokens, and Ollama's tool parser drops what follows the calls).
	outputs := []string{"<｜tool▁outputs▁begin｜>", "<｜tool▁output▁begin｜>", "<｜tool▁output▁end｜>", "<｜tool▁outputs▁end｜>", "<｜end▁of▁sentence｜>"}
	register(&Dialect{
		Format:     FormatDeepSeekV3,
		Drop:       outputs,
		Wire:       "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\\n```json\\n{json}\\n```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>",
		Blocks:     []Block{block, bare},
		StrayClose: true,
	})
	register(&Dialect{
		Format:     FormatDeepSeekV31,
		Drop:       outputs,
		Wire:       "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>",
		Blocks:     []Block{block, bare},
		StrayClose: true,
	})
}
