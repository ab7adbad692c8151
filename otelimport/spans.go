package otelimport

import (
	"strings"
)

// The conventions a span's content can be written in; cases are tagged
// otel:<convention>.
const (
	convSemconv       = "semconv"        // gen_ai.input.messages, gen_ai.output.messages, execute_tool
	convEvents        = "semconv-events" // gen_ai.content.prompt / gen_ai.content.completion span events
	convOpenLLMetry   = "openllmetry"    // gen_ai.prompt.N.*, gen_ai.completion.N.*, llm.request.functions.N.*
	convOpenInference = "openinference"  // llm.input_messages.N.message.*, llm.tools.N.tool.json_schema
)

// turn is one model call: what it was given and what it answered.
type turn struct {
	sp         *span
	conv       string
	model      string
	input      []message
	output     []message // the first choice (further choices are not a run's path)
	tools      []toolDef
	hasContent bool // input or output messages were recorded
}

// toolDef is a tool as offered to the model.
type toolDef struct {
	name, description string
	params            any // JSON Schema object; nil when not recorded
}

// toolExec is one execution of a tool.
type toolExec struct {
	sp          *span
	name, id    string
	args        any
	result      any
	hasResult   bool
	description string
	params      any
}

// spanKind sorts a span: a model call, a tool execution, an agent or
// workflow span (structure only), or none of these.
type spanKind int

const (
	kindOther spanKind = iota
	kindModel
	kindTool
	kindAgent
)

// operation names of model calls (gen_ai.operation.name).
var modelOps = map[string]bool{"chat": true, "text_completion": true, "generate_content": true, "completion": true, "responses": true}

func classify(s *span) spanKind {
	a := s.attrs
	op := a.str("gen_ai.operation.name")
	switch {
	case modelOps[op]:
		return kindModel
	case op == "execute_tool":
		return kindTool
	case op == "invoke_agent" || op == "create_agent" || op == "invoke_workflow":
		return kindAgent
	}
	switch strings.ToUpper(a.str("openinference.span.kind")) {
	case "LLM":
		return kindModel
	case "TOOL":
		return kindTool
	case "AGENT", "CHAIN":
		return kindAgent
	}
	switch a.str("traceloop.span.kind") {
	case "tool":
		return kindTool
	case "workflow", "agent", "task":
		return kindAgent
	}
	switch a.str("llm.request.type") {
	case "chat", "completion":
		return kindModel
	}
	if a.has("gen_ai.prompt.") || a.has("gen_ai.completion.") || a.has("gen_ai.input.messages") || a.has("gen_ai.output.messages") {
		return kindModel
	}
	for _, e := range s.events {
		if e.name == "gen_ai.content.prompt" || e.name == "gen_ai.content.completion" {
			return kindModel
		}
	}
	return kindOther
}

// modelTurn reads a model span in whichever convention it is written.
func modelTurn(s *span) *turn {
	a := s.attrs
	t := &turn{sp: s, model: a.str("gen_ai.response.model", "gen_ai.request.model", "llm.model_name", "llm.response.model", "llm.request.model")}
	switch {
	case a.has("gen_ai.input.messages") || a.has("gen_ai.output.messages"):
		t.conv = convSemconv
		t.input = messagesOf(structured(a["gen_ai.input.messages"]))
		t.output = choice(messagesOf(structured(a["gen_ai.output.messages"])))
	case a.has("llm.input_messages.") || a.has("llm.output_messages."):
		t.conv = convOpenInference
		t.input = indexedMessages(a.tree("llm.input_messages."), true)
		t.output = choice(indexedMessages(a.tree("llm.output_messages."), true))
	case a.has("gen_ai.prompt.") || a.has("gen_ai.completion."):
		t.conv = convOpenLLMetry
		t.input = indexedMessages(a.tree("gen_ai.prompt."), false)
		t.output = choice(indexedMessages(a.tree("gen_ai.completion."), false))
	default:
		for _, e := range s.events {
			switch e.name {
			case "gen_ai.content.prompt":
				t.conv = convEvents
				t.input = messagesOf(structured(e.attrs["gen_ai.prompt"]))
			case "gen_ai.content.completion":
				t.conv = convEvents
				t.output = choice(messagesOf(structured(e.attrs["gen_ai.completion"])))
			}
		}
	}
	if t.conv == "" {
		t.conv = convSemconv
	}
	t.hasContent = len(t.input) > 0 || len(t.output) > 0
	t.tools = toolDefs(a)
	return t
}

// choice keeps the first output message: a run follows one choice.
func choice(msgs []message) []message {
	if len(msgs) > 1 {
		return msgs[:1]
	}
	return msgs
}

// indexedMessages reads a flattened list of messages: OpenLLMetry's
// N.role / N.content / N.tool_calls.M.{id,name,arguments} / N.tool_call_id,
// or, with wrapped, OpenInference's N.message.role / … /
// N.message.tool_calls.M.tool_call.{id,function.name,function.arguments}.
func indexedMessages(root *node, wrapped bool) []message {
	var out []message
	for _, n := range root.list() {
		if wrapped {
			n = n.get("message")
		}
		if n == nil {
			continue
		}
		m := message{role: n.str("role")}
		switch c := n.value("content").(type) {
		case string:
			m.text = c
		case []any:
			for _, p := range c {
				m.part(p)
			}
		}
		for _, c := range n.list("contents") { // OpenInference multimodal
			m.addText(c.str("message_content", "text"))
		}
		for _, tc := range n.list("tool_calls") {
			if wrapped {
				tc = tc.get("tool_call")
				m.calls = append(m.calls, call{id: tc.str("id"), name: tc.str("function", "name"), args: args(tc.value("function", "arguments"))})
			} else {
				m.calls = append(m.calls, call{id: tc.str("id"), name: tc.str("name"), args: args(tc.value("arguments"))})
			}
		}
		if id := n.str("tool_call_id"); id != "" || m.role == "tool" {
			m.results = append(m.results, result{id: id, name: n.str("name"), value: n.value("content")})
			m.text = ""
		}
		out = append(out, m)
	}
	return out
}

// toolDefs reads the tools offered to the model: gen_ai.tool.definitions
// (the conventions' list), OpenLLMetry's llm.request.functions.N.*,
// OpenInference's llm.tools.N.tool.json_schema.
func toolDefs(a attrs) []toolDef {
	var out []toolDef
	for _, d := range list(structured(a["gen_ai.tool.definitions"])) {
		if td, ok := toolDefOf(d); ok {
			out = append(out, td)
		}
	}
	for _, n := range a.tree("llm.request.functions.").list() {
		if name := n.str("name"); name != "" {
			out = append(out, toolDef{name: name, description: n.str("description"), params: n.value("parameters")})
		}
	}
	for _, n := range a.tree("llm.tools.").list() {
		if td, ok := toolDefOf(n.value("tool", "json_schema")); ok {
			out = append(out, td)
		}
	}
	return out
}

// toolDefOf reads one tool definition: {"type": "function", "name", …}
// (the conventions, OpenAI Responses), {"type": "function", "function":
// {…}} (OpenAI chat), or {"name", "input_schema"} (Anthropic).
func toolDefOf(v any) (toolDef, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return toolDef{}, false
	}
	if fn, ok := m["function"].(map[string]any); ok {
		m = fn
	}
	td := toolDef{name: str(m["name"]), description: str(m["description"]), params: m["parameters"]}
	if td.params == nil {
		td.params = m["input_schema"]
	}
	if s, ok := td.params.(string); ok {
		td.params = jsonText(s)
	}
	return td, td.name != ""
}

// toolExecution reads a tool span: the conventions' execute_tool span
// (gen_ai.tool.name, gen_ai.tool.call.id, gen_ai.tool.call.arguments,
// gen_ai.tool.call.result), OpenInference's TOOL span (tool.name,
// tool.description, tool.parameters, input.value, output.value) or
// OpenLLMetry's tool span (traceloop.entity.name, traceloop.entity.input
// as {"args", "kwargs"}, traceloop.entity.output).
func toolExecution(s *span) *toolExec {
	a := s.attrs
	x := &toolExec{sp: s,
		name:        a.str("gen_ai.tool.name", "tool.name", "traceloop.entity.name"),
		id:          a.str("gen_ai.tool.call.id", "tool_call.id"),
		description: a.str("gen_ai.tool.description", "tool.description"),
	}
	if x.name == "" {
		x.name, _ = strings.CutPrefix(s.name, "execute_tool ")
	}
	if v, ok := a["tool.parameters"]; ok {
		x.params = structured(v)
	}
	for _, k := range []string{"gen_ai.tool.call.arguments", "input.value", "traceloop.entity.input"} {
		if v, ok := a[k]; ok {
			x.args = args(structured(v))
			if m, ok := x.args.(map[string]any); ok && k == "traceloop.entity.input" {
				if kw, ok := m["kwargs"].(map[string]any); ok {
					x.args = kw
				}
			}
			break
		}
	}
	for _, k := range []string{"gen_ai.tool.call.result", "output.value", "traceloop.entity.output"} {
		if v, ok := a[k]; ok {
			x.result, x.hasResult = structured(v), true
			break
		}
	}
	return x
}
