package nativeparse

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// exampleWriters render a toolcall.ExampleCall as each provider streams
// it: the text, then the call. Every provider format needs one (the
// contract tests build a suite case per format from them).
var exampleWriters = map[Format]func(text, name, args string) string{
	OpenAIChat: func(text, name, args string) string {
		return sseEvents("", `{"choices":[{"index":0,"delta":{"role":"assistant","content":`+text+`}}]}`,
			"", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_0","type":"function","function":{"name":`+name+`,"arguments":`+quote(args)+`}}]}}]}`,
			"", `{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			"", `[DONE]`)
	},
	OpenAIResponses: func(text, name, args string) string {
		item := `{"type":"function_call","id":"fc_0","call_id":"call_0","name":` + name + `,"arguments":`
		return sseEvents("response.output_text.delta", `{"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":`+text+`}`,
			"response.output_item.added", `{"type":"response.output_item.added","output_index":1,"item":`+item+`""}}`,
			"response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","output_index":1,"item_id":"fc_0","delta":`+quote(args)+`}`,
			"response.function_call_arguments.done", `{"type":"response.function_call_arguments.done","output_index":1,"item_id":"fc_0","arguments":`+quote(args)+`}`,
			"response.output_item.done", `{"type":"response.output_item.done","output_index":1,"item":`+item+quote(args)+`}}`)
	},
	Anthropic: func(text, name, args string) string {
		return sseEvents("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+text+`}}`,
			"content_block_stop", `{"type":"content_block_stop","index":0}`,
			"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_0","name":`+name+`,"input":{}}}`,
			"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":`+quote(args)+`}}`,
			"content_block_stop", `{"type":"content_block_stop","index":1}`,
			"message_stop", `{"type":"message_stop"}`)
	},
	Gemini: func(text, name, args string) string {
		return sseEvents("", `{"candidates":[{"content":{"parts":[{"text":`+text+`}],"role":"model"}}]}`,
			"", `{"candidates":[{"content":{"parts":[{"functionCall":{"name":`+name+`,"args":`+args+`}}],"role":"model"},"finishReason":"STOP"}]}`)
	},
	Bedrock: func(text, name, args string) string {
		return `{"messageStart":{"role":"assistant"}}` + "\n" +
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":` + text + `}}}` + "\n" +
			`{"contentBlockStop":{"contentBlockIndex":0}}` + "\n" +
			`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_0","name":` + name + `}}}}` + "\n" +
			`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":` + quote(args) + `}}}}` + "\n" +
			`{"contentBlockStop":{"contentBlockIndex":1}}` + "\n" +
			`{"messageStop":{"stopReason":"tool_use"}}` + "\n"
	},
	Ollama: func(text, name, args string) string {
		return `{"model":"m","created_at":"t","message":{"role":"assistant","content":` + text + `},"done":false}` + "\n" +
			`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":` + name + `,"arguments":` + args + `}}]},"done":true}` + "\n"
	},
}

// WriteExample renders c as provider f streams it (auto: as openai-chat).
// It is an error for a format without a writer.
func WriteExample(f Format, c toolcall.ExampleCall) (string, error) {
	if f == Auto {
		f = OpenAIChat
	}
	w, ok := exampleWriters[f]
	if !ok {
		return "", fmt.Errorf("nativeparse: format %q has no example writer", f)
	}
	return w(quote(c.Text), quote(c.Name), c.Arguments()), nil
}

// quote writes s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// sseEvents writes server-sent events from (event name, data) pairs; an empty
// name writes no event: line.
func sseEvents(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] != "" {
			b.WriteString("event: " + pairs[i] + "\n")
		}
		b.WriteString("data: " + pairs[i+1] + "\n\n")
	}
	return b.String()
}
