package textparse

// tool_call (Hermes, Qwen 2.5, most open models): a JSON call object
// between tags.
//
//	<tool_call>
//	{"name": "get_weather", "arguments": {"city": "Paris"}}
//	</tool_call>
//
// The object may also be {"function": {"name", "arguments"}}, carry an id,
// hold its arguments as a JSON-encoded string, be a JSON list of calls or
// sit in a ```json fence (envelope.go). hermes is another name of it, and
// ernie45 (Baidu ERNIE 4.5, vLLM's ernie45 parser) a third: its template
// asks for the same tags.
const (
	FormatToolCall Format = "tool_call"
	FormatHermes   Format = "hermes"
	FormatERNIE45  Format = "ernie45"
)

func init() {
	tags := &Tags{Invoke: "tool_call", JSON: true}
	register(&Dialect{
		Format: FormatToolCall,
		Wire:   `<tool_call>{"name":NAME,"arguments":{json}}</tool_call> (or a JSON list of calls); ChatML's turn tokens dropped`,
		Tags:   tags,
		Drop:   chatMLTokens,
	})
	register(&Dialect{Format: FormatHermes, Wire: "the same as tool_call", Tags: tags, Drop: chatMLTokens, Alias: FormatToolCall})
	// ERNIE 4.5's thinking template writes the answer in <response>
	// tags and ends with </s>: markup (SGLang's response template and
	// vLLM's ERNIE 4.5 reasoning parser strip them).
	register(&Dialect{Format: FormatERNIE45, Wire: "the same as tool_call; <response>…</response> and </s> dropped", Tags: tags,
		Drop: []string{"<response>", "</response>", "</s>"}, Alias: FormatToolCall})
}

// chatMLTokens are the turn tokens of the ChatML template the models that
// write tool_call's calls use (Hermes, Qwen): one a server left in the
// text is markup, dropped when the dialect is named, as SGLang's residual
// special-token stripper and a server skipping special tokens drop it.
var chatMLTokens = []string{"<|im_start|>", "<|im_end|>", "<|endoftext|>"}
