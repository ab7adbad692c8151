package nativeparse

import (
	"bytes"

	"github.com/valyala/fastjson"
)

// sniff tells the provider from one decoded wire event and its SSE event
// name, or returns "" when the event does not tell (an error body, a
// keep-alive: a "ping", which proxies of other providers send too, or
// an empty object).
func sniff(v *fastjson.Value, event []byte) Format {
	if v.Type() == fastjson.TypeArray {
		if a := v.GetArray(); len(a) > 0 {
			return sniff(a[0], event)
		}
		return ""
	}
	typ := stringOf(v.Get("type"))
	if typ == nil {
		typ = event
	}
	switch {
	case bytes.HasPrefix(typ, []byte("response.")):
		return OpenAIResponses
	case bytes.HasPrefix(typ, []byte("message_")), bytes.HasPrefix(typ, []byte("content_block_")):
		return Anthropic
	case typ == nil && string(v.GetStringBytes("object")) == "response" && v.Exists("output"):
		return OpenAIResponses // a response body, not streamed
	case string(typ) == "message" && v.Exists("role") && v.Get("content") != nil && v.Get("content").Type() == fastjson.TypeArray:
		return Anthropic // a Messages body, not streamed
	case v.Exists("choices") || string(v.GetStringBytes("object")) == "chat.completion.chunk":
		return OpenAIChat
	case v.Exists("candidates") || v.Exists("usageMetadata") || v.Exists("promptFeedback"):
		return Gemini
	case bedrockIs(v, event):
		return Bedrock
	case v.Exists("message") && v.Exists("created_at"), v.Exists("done") && (v.Exists("model") || v.Exists("message") || v.Exists("response")):
		return Ollama
	}
	return ""
}

// isKeepAlive reports whether an event that did not tell the provider is a
// keep-alive to skip silently: {}, or a "ping" by type or SSE event name.
func isKeepAlive(v *fastjson.Value, event []byte) bool {
	if v.Type() != fastjson.TypeObject {
		return false
	}
	if o, _ := v.Object(); o.Len() == 0 {
		return true
	}
	typ := stringOf(v.Get("type"))
	if typ == nil {
		typ = event
	}
	return string(typ) == "ping"
}

// bedrockIs reports whether v is a Bedrock ConverseStream event (or one of
// its exceptions).
func bedrockIs(v *fastjson.Value, event []byte) bool {
	if name, _ := bedrockEvent(v, event); name != "" || bedrockBody(v) != nil {
		return true
	}
	for _, name := range bedrockErrors {
		if v.Exists(name) {
			return true
		}
	}
	return false
}
