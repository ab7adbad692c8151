package otelimport

import (
	"strconv"

	"github.com/tooleval/tooleval/suite"
)

// observedOf lists a model turn's calls.
func observedOf(calls []call) []suite.ObservedCall {
	out := make([]suite.ObservedCall, 0, len(calls))
	for _, c := range calls {
		a := c.args
		if a == nil {
			a = map[string]any{}
		}
		out = append(out, suite.ObservedCall{ID: c.id, Name: c.name, Arguments: rawJSON(a)})
	}
	return out
}

// The transcript format imported model turns are written in.
const transcriptFormat = "openai-chat"

// transcriptOf writes a model turn's output as the body of a non-streamed
// OpenAI chat completion — text, tool calls with their ids (the keys of
// the step's tool_results) and arguments — which replay parses with its
// openai-chat parser. The one chunk's time is the model span's duration,
// so replay's latency figures are the recorded ones.
func transcriptOf(t *turn, out message) *suite.Transcript {
	type fn struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	type toolCall struct {
		Index    int    `json:"index"`
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function fn     `json:"function"`
	}
	type msg struct {
		Role      string     `json:"role"`
		Content   *string    `json:"content"`
		ToolCalls []toolCall `json:"tool_calls,omitempty"`
	}
	type choice struct {
		Index        int    `json:"index"`
		Message      msg    `json:"message"`
		FinishReason string `json:"finish_reason"`
	}
	type body struct {
		Object  string   `json:"object"`
		Model   string   `json:"model,omitempty"`
		Choices []choice `json:"choices"`
	}
	m := msg{Role: "assistant"}
	if out.text != "" {
		m.Content = &out.text
	}
	finish := "stop"
	for i, c := range out.calls {
		a := c.args
		if a == nil {
			a = map[string]any{}
		}
		text, isText := a.(string) // broken arguments, kept as written
		if !isText {
			text = string(rawJSON(a))
		}
		m.ToolCalls = append(m.ToolCalls, toolCall{Index: i, ID: c.id, Type: "function", Function: fn{Name: c.name, Arguments: text}})
		finish = "tool_calls"
	}
	b := string(rawJSON(body{Object: "chat.completion", Model: t.model, Choices: []choice{{Message: m, FinishReason: finish}}}))
	tr := &suite.Transcript{Format: transcriptFormat, Chunks: []string{b}, Model: t.model}
	if t.sp.end > t.sp.start {
		ms, _ := strconv.ParseFloat(strconv.FormatFloat(float64(t.sp.end-t.sp.start)/1e6, 'f', 3, 64), 64)
		tr.ChunkTimesMS = []float64{ms}
	}
	return tr
}
