package textparse

import "github.com/tooleval/tooleval/toolcall"

// GLM-4.5/4.6/4.7: the tool name right after <tool_call>, then key/value
// pairs whose values are coerced by the catalog like XML parameters.
//
//	<tool_call>get_weather
//	<arg_key>city</arg_key>
//	<arg_value>Beijing</arg_value>
//	</tool_call>
const FormatGLM45 Format = "glm45"

func init() {
	register(&Dialect{
		Format: FormatGLM45,
		Wire:   "<tool_call>NAME\\n<arg_key>P</arg_key>\\n<arg_value>V</arg_value>…</tool_call>",
		Tags:   &Tags{Invoke: "tool_call", Param: "arg_value"},
	})
}

// beginGLM starts a GLM call whose name begins at b[i] (after <tool_call>).
func (p *Parser) beginGLM(i int) {
	p.detect(FormatGLM45)
	p.beginCall(ckGLM, p.callTag, "</tool_call>", mText)
	p.name = p.name[:0]
	p.nameOff = p.off + i
	p.mode = mGLMName
}

// glmName reads the tool name up to a newline or the first tag.
func (p *Parser) glmName(b []byte, i int) int {
	j := i
	for j < len(b) && b[j] != '\n' && b[j] != '<' {
		j++
	}
	p.content(b[i:j], p.off+i)
	if j == len(b) {
		return j
	}
	p.mode = mInvoke
	p.setName(p.names.Intern(trimSpace(p.name)), p.nameOff)
	p.glmKey = p.glmKey[:0]
	if b[j] == '\n' {
		return j + 1
	}
	return j
}

// glmTag handles a tag between a GLM call's pairs or inside a key.
func (p *Parser) glmTag(k tagKind, closing bool, off int) bool {
	switch {
	case p.mode == mArgKey && closing && k == tkArgKey:
		p.glmKey = append(p.glmKey[:0], trimSpace(p.name)...)
		p.mode = mInvoke
	case p.mode == mArgKey: // </tool_call> inside a key
		p.mode = mInvoke
		p.endInvoke(off)
	case !closing && k == tkArgKey:
		p.mode, p.name = mArgKey, p.name[:0]
	case !closing && k == tkArgValue:
		if len(p.glmKey) == 0 {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "<arg_value> without an <arg_key>")
			p.glmKey = append(p.glmKey, "value"...)
		}
		key := p.own(p.glmKey)
		p.glmKey = p.glmKey[:0]
		p.valueOpen(key, off)
	case closing && k == tkToolCall:
		p.endInvoke(off)
	default:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "stray </%s> between arguments", tagNames[k])
	}
	p.junk = false
	return true
}
