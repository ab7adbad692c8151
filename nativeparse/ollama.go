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
		p.emitText(toolcall.KindReasoning, stringOf(v.Get("thinking")))
		p.emitText(toolcall.KindText, stringOf(v.Get("response")))
		return
	}
	p.emitText(toolcall.KindReasoning, stringOf(m.Get("thinking")))
	p.emitText(toolcall.KindText, stringOf(m.Get("content")))
	for _, tc := range m.GetArray("tool_calls") {
		fn := tc.Get("function")
		if fn == nil {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "tool_calls entry without function")
			continue
		}
		p.wholeCall(string(tc.GetStringBytes("id")), p.names.Intern(fn.GetStringBytes("name")), fn.Get("arguments"))
	}
}
