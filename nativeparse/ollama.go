package nativeparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// ollamaEvent handles one line of an Ollama /api/chat (or /api/generate)
// stream. Tool calls arrive whole, arguments as an object.
func (p *Parser) ollamaEvent(v *fastjson.Value) {
	if p.genericError(v) {
		return
	}
	m := v.Get("message")
	if m == nil {
		// /api/generate
		p.ollamaText(v)
		return
	}
	p.ollamaText(m)
	for _, tc := range m.GetArray("tool_calls") {
		fn := tc.Get("function")
		if fn == nil {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "tool_calls entry without function")
			continue
		}
		p.wholeCall(string(tc.GetStringBytes("id")), p.names.Intern(fn.GetStringBytes("name")), fn.Get("arguments"))
	}
}

// ollamaText emits a message's (or /api/generate line's) thinking and
// content.
func (p *Parser) ollamaText(m *fastjson.Value) {
	if r := stringOf(m.Get("thinking")); len(r) > 0 {
		p.settleThink()
		p.emitText(toolcall.KindReasoning, r)
	}
	c := m.Get("content")
	if c == nil {
		c = m.Get("response")
	}
	p.content(stringOf(c))
}
