package record

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Request is what to send for one case: a system prompt (the rendered tool
// section and calling protocol, for text variants), the user's query, and,
// for the native variant, the request-side tools payload.
type Request struct {
	System string
	Query  string
	// Tools is the API's own tools array (prompt.Native), or nil.
	Tools json.RawMessage
	// MaxTokens caps the reply (0: 1024; the Messages API requires a cap).
	MaxTokens int
	// Temperature, when set, is sent as is.
	Temperature *float64
	// History holds the messages after the query in a multi-step
	// recording: the model's earlier turns, the tool results fed back
	// and later user turns.
	History []Message
}

// Body builds the streaming request body for the endpoint's API.
func (e Endpoint) Body(r Request) ([]byte, error) {
	maxTokens := r.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 1024
	}
	msgs := conversation(e.API, r)
	var body any
	switch e.API {
	case ChatCompletions:
		body = struct {
			Model       string          `json:"model"`
			Messages    []any           `json:"messages"`
			Tools       json.RawMessage `json:"tools,omitempty"`
			Stream      bool            `json:"stream"`
			MaxTokens   int             `json:"max_tokens"`
			Temperature *float64        `json:"temperature,omitempty"`
		}{e.Model, msgs, r.Tools, true, maxTokens, r.Temperature}
	case Responses:
		body = struct {
			Model        string          `json:"model"`
			Instructions string          `json:"instructions,omitempty"`
			Input        []any           `json:"input"`
			Tools        json.RawMessage `json:"tools,omitempty"`
			Stream       bool            `json:"stream"`
			MaxTokens    int             `json:"max_output_tokens"`
			Temperature  *float64        `json:"temperature,omitempty"`
		}{e.Model, r.System, msgs, r.Tools, true, maxTokens, r.Temperature}
	case Messages:
		body = struct {
			Model       string          `json:"model"`
			System      string          `json:"system,omitempty"`
			Messages    []any           `json:"messages"`
			Tools       json.RawMessage `json:"tools,omitempty"`
			Stream      bool            `json:"stream"`
			MaxTokens   int             `json:"max_tokens"`
			Temperature *float64        `json:"temperature,omitempty"`
		}{e.Model, r.System, msgs, r.Tools, true, maxTokens, r.Temperature}
	default:
		return nil, fmt.Errorf("record: unknown API %q", e.API)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		return nil, fmt.Errorf("record: request body: %w", err)
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
