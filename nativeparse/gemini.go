package nativeparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// geminiEvent handles one GenerateContentResponse of a
// streamGenerateContent stream. A functionCall part is whole: it is its
// own end signal.
func (p *Parser) geminiEvent(v *fastjson.Value) {
	if v.Type() == fastjson.TypeArray { // a JSON array element list
		for _, e := range v.GetArray() {
			p.geminiEvent(e)
		}
		return
	}
	if p.genericError(v) {
		return
	}
	for _, cand := range v.GetArray("candidates") {
		for _, part := range cand.GetArray("content", "parts") {
			if t := stringOf(part.Get("text")); t != nil {
				if part.GetBool("thought") {
					p.emitText(toolcall.KindReasoning, t)
				} else {
					p.emitText(toolcall.KindText, t)
				}
			}
			if fc := part.Get("functionCall"); fc != nil {
				args := fc.Get("args")
				if args == nil {
					args = fc.Get("arguments")
				}
				p.wholeCall(string(fc.GetStringBytes("id")), p.names.Intern(fc.GetStringBytes("name")), args)
			}
		}
		switch r := string(cand.GetStringBytes("finishReason")); r {
		case "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL":
			p.errorf(p.rec.Offset, toolcall.CodeProviderError, -1, "finishReason %s: %s", r, cand.GetStringBytes("finishMessage"))
		}
	}
	if br := stringOf(v.Get("promptFeedback", "blockReason")); len(br) > 0 {
		p.errorf(p.rec.Offset, toolcall.CodeProviderError, -1, "prompt blocked: %s", br)
	}
}
