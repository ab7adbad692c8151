package record

import (
	"encoding/json"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// Message is one message of a conversation after the user's first query,
// for the later requests of a multi-step recording.
type Message struct {
	// Role is RoleAssistant (Text and the Calls the model made), RoleTool
	// (the Result of call CallID to tool Name) or RoleUser (Text, a later
	// user turn).
	Role   string
	Text   string
	Calls  []toolcall.Call
	CallID string
	Name   string
	Result string
}

// The roles of a Message.
const (
	RoleAssistant = "assistant"
	RoleTool      = "tool"
	RoleUser      = "user"
)

type textMsg struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// conversation is the message list of a request for api: the system prompt
// (Chat Completions only; the others carry it in their own field), the
// query, then the history in the API's own shapes when the tools are
// native (tool calls and tool results as structured blocks), or as plain
// text when the tools are described in the prompt (the model's raw output,
// and tool results in a user message).
func conversation(api API, r Request) []any {
	var out []any
	if api == ChatCompletions && r.System != "" {
		out = append(out, textMsg{"system", r.System})
	}
	out = append(out, textMsg{"user", r.Query})
	native := r.Tools != nil
	for i := 0; i < len(r.History); i++ {
		m := r.History[i]
		switch m.Role {
		case RoleUser:
			out = append(out, textMsg{"user", m.Text})
		case RoleAssistant:
			if !native || len(m.Calls) == 0 {
				out = append(out, textMsg{"assistant", m.Text})
				continue
			}
			out = append(out, assistantCalls(api, m)...)
		case RoleTool:
			// Consecutive results go together (the Messages API wants
			// them in one user message).
			j := i
			for j < len(r.History) && r.History[j].Role == RoleTool {
				j++
			}
			out = append(out, toolResults(api, native, r.History[i:j])...)
			i = j - 1
		}
	}
	return out
}

func assistantCalls(api API, m Message) []any {
	switch api {
	case Responses:
		var out []any
		if m.Text != "" {
			out = append(out, textMsg{"assistant", m.Text})
		}
		for _, c := range m.Calls {
			out = append(out, map[string]any{"type": "function_call", "call_id": c.ID, "name": c.Name, "arguments": string(args(c))})
		}
		return out
	case Messages:
		var blocks []any
		if m.Text != "" {
			blocks = append(blocks, map[string]any{"type": "text", "text": m.Text})
		}
		for _, c := range m.Calls {
			blocks = append(blocks, map[string]any{"type": "tool_use", "id": c.ID, "name": c.Name, "input": args(c)})
		}
		return []any{map[string]any{"role": "assistant", "content": blocks}}
	default:
		calls := make([]any, len(m.Calls))
		for i, c := range m.Calls {
			calls[i] = map[string]any{"id": c.ID, "type": "function", "function": map[string]any{"name": c.Name, "arguments": string(args(c))}}
		}
		msg := map[string]any{"role": "assistant", "content": nil, "tool_calls": calls}
		if m.Text != "" {
			msg["content"] = m.Text
		}
		return []any{msg}
	}
}

func toolResults(api API, native bool, ms []Message) []any {
	if !native {
		var b strings.Builder
		for i, m := range ms {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString("<tool_result name=\"" + m.Name + "\">\n" + m.Result + "\n</tool_result>")
		}
		return []any{textMsg{"user", b.String()}}
	}
	switch api {
	case Responses:
		out := make([]any, len(ms))
		for i, m := range ms {
			out[i] = map[string]any{"type": "function_call_output", "call_id": m.CallID, "output": m.Result}
		}
		return out
	case Messages:
		blocks := make([]any, len(ms))
		for i, m := range ms {
			blocks[i] = map[string]any{"type": "tool_result", "tool_use_id": m.CallID, "content": m.Result}
		}
		return []any{map[string]any{"role": "user", "content": blocks}}
	default:
		out := make([]any, len(ms))
		for i, m := range ms {
			out[i] = map[string]any{"role": "tool", "tool_call_id": m.CallID, "content": m.Result}
		}
		return out
	}
}

// args is a call's arguments object ({} when it has none).
func args(c toolcall.Call) json.RawMessage {
	if len(c.Arguments) == 0 {
		return json.RawMessage("{}")
	}
	return c.Arguments
}
