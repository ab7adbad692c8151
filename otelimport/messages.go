package otelimport

import (
	"encoding/json"
	"strings"
)

// message is a chat message in one shape, whatever the instrumentation
// wrote it as.
type message struct {
	role    string
	text    string
	calls   []call   // the tool calls an assistant message makes
	results []result // the tool results a tool message carries
}

// call is a tool call: its id (may be empty), the tool and its arguments
// (a JSON object, or nil when none were recorded).
type call struct {
	id, name string
	args     any
}

// result is what a tool returned: the call id it answers (may be empty),
// the tool's name when known, and the value (a string or any JSON value).
type result struct {
	id, name string
	value    any
}

// messagesOf reads a list of messages from a structured attribute value:
// the GenAI conventions' parts form ({"role", "parts": [{"type": "text",
// "content"}, {"type": "tool_call", "id", "name", "arguments"},
// {"type": "tool_call_response", "id", "response"}]}), the OpenAI chat form
// ({"role", "content", "tool_calls": [{"id", "function": {"name",
// "arguments"}}], "tool_call_id"}) that the older gen_ai.prompt and
// gen_ai.completion attributes hold, and Anthropic content blocks
// (tool_use, tool_result). A choice ({"message": {…}, "finish_reason"}) is
// read as its message. Elements that are not objects are skipped.
func messagesOf(v any) []message {
	var list []any
	switch x := v.(type) {
	case []any:
		list = x
	case map[string]any:
		list = []any{x}
	case string:
		if x != "" {
			return []message{{role: "user", text: x}}
		}
	}
	var out []message
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if inner, ok := m["message"].(map[string]any); ok {
			m = inner
		}
		out = append(out, messageOf(m))
	}
	return out
}

func messageOf(m map[string]any) message {
	msg := message{role: str(m["role"])}
	if parts, ok := m["parts"].([]any); ok {
		for _, p := range parts {
			msg.part(p)
		}
		return msg
	}
	switch c := m["content"].(type) {
	case string:
		msg.text = c
	case []any:
		for _, p := range c {
			msg.part(p)
		}
	}
	for _, tc := range list(m["tool_calls"]) {
		t, _ := tc.(map[string]any)
		fn, _ := t["function"].(map[string]any)
		if fn == nil {
			fn = t
		}
		msg.calls = append(msg.calls, call{id: str(t["id"]), name: str(fn["name"]), args: args(fn["arguments"])})
	}
	if fc, ok := m["function_call"].(map[string]any); ok {
		msg.calls = append(msg.calls, call{name: str(fc["name"]), args: args(fc["arguments"])})
	}
	if id := str(m["tool_call_id"]); id != "" || msg.role == "tool" {
		msg.results = append(msg.results, result{id: id, name: str(m["name"]), value: m["content"]})
		msg.text = ""
	}
	return msg
}

// part adds one content part (GenAI conventions, OpenAI or Anthropic).
func (msg *message) part(p any) {
	m, ok := p.(map[string]any)
	if !ok {
		if s, ok := p.(string); ok {
			msg.addText(s)
		}
		return
	}
	switch str(m["type"]) {
	case "text", "input_text", "output_text", "":
		if s := str(m["content"]); s != "" {
			msg.addText(s)
		} else {
			msg.addText(str(m["text"]))
		}
	case "tool_call", "function_call":
		msg.calls = append(msg.calls, call{id: first(m, "id", "call_id"), name: str(m["name"]), args: args(m["arguments"])})
	case "tool_use":
		msg.calls = append(msg.calls, call{id: str(m["id"]), name: str(m["name"]), args: args(m["input"])})
	case "tool_call_response", "function_call_output":
		msg.results = append(msg.results, result{id: first(m, "id", "call_id"), value: firstVal(m, "response", "result", "output")})
	case "tool_result":
		msg.results = append(msg.results, result{id: str(m["tool_use_id"]), value: m["content"]})
	}
}

func (msg *message) addText(s string) {
	if s == "" {
		return
	}
	if msg.text != "" {
		msg.text += "\n"
	}
	msg.text += s
}

// args reads a call's arguments: an object as it is, a string holding
// JSON decoded; nil when absent. A string that is not JSON is kept as
// the string (the model wrote broken arguments).
func args(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		if strings.TrimSpace(x) == "" {
			return map[string]any{}
		}
		return jsonText(x)
	}
	return scrub(v)
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	}
	return ""
}

func first(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := str(m[k]); s != "" {
			return s
		}
	}
	return ""
}

func firstVal(m map[string]any, keys ...string) any {
	for _, k := range keys {
		if v, ok := m[k]; ok {
			return v
		}
	}
	return nil
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// lastUser is the text of the last user message, "" when there is none.
func lastUser(msgs []message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].role == "user" && msgs[i].text != "" {
			return msgs[i].text
		}
	}
	return ""
}
