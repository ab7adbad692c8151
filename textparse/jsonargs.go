package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/toolcall"
)

// This file streams JSON arguments: <arguments>{…}</arguments> and the
// "arguments" of a <tool_call> object, raw or JSON-encoded in a string.

func indexByte(b []byte, c byte) int { return bytes.IndexByte(b, c) }

// sniff handles the states that look at single bytes between markup:
// after <arguments>, after <tool_call>, and after the JSON of either.
func (p *Parser) sniff(b []byte, i int) int {
	for ; i < len(b); i++ {
		c := b[i]
		if isSpace(c) {
			continue
		}
		if c == '<' {
			p.startTag(p.off + i)
			return i + 1
		}
		switch p.mode {
		case mArgsPre:
			if c == '{' {
				p.js.Reset()
				p.jsOff = p.off + i
				p.mode = mArgsJSON
				return i
			}
			if c == '`' && !p.fenced { // a ```json fence around the JSON
				p.fenced, p.fenceRet, p.mode = true, mArgsPre, mFence
				return i + 1
			}
			p.abandon(p.off+i, toolcall.CodeInvalidJSON, "arguments must be a JSON object, found %q", c)
			return i
		case mCallBody:
			switch c {
			case '{':
				p.envFor("</tool_call>", mEnvPost, mText)
				p.beginCall(ckEnvelope, p.callTag, p.envCloser, p.envSkip)
				p.env.reset()
				p.env.arr = false
				p.mode = mEnvelope
				return i
			case '[':
				p.envFor("</tool_call>", mEnvPost, mText)
				p.env.reset()
				p.env.arr = true
				p.env.state, p.env.elems = eArrElem, 0
				p.mode = mEnvelope
				return i + 1
			case '`':
				p.fenceRet, p.mode = mCallBody, mFence
				return i + 1
			}
			if p.dialects&dGLM != 0 && isNameByte(c, true) {
				p.beginGLM(i)
				return i
			}
			p.beginCall(ckEnvelope, p.callTag, "</tool_call>", mText)
			p.abandon(p.off+i, toolcall.CodeInvalidJSON, "expected a JSON object or array or <function=…> inside <tool_call>, found %q", c)
			return i
		case mEnvPost, mArgsPost:
			if c == '`' { // the end of a fence
				continue
			}
			p.stray(b[i:i+1], p.off+i)
		}
	}
	return i
}

// argsJSON streams <arguments> JSON.
func (p *Parser) argsJSON(b []byte, i int) int {
	n, done, failed := p.feedArgs(b[i:], p.off+i)
	if !failed && done {
		p.mode = mArgsPost
	}
	return i + n
}

// feedArgs feeds raw JSON argument bytes (starting at input offset off) to
// the scanner and emits the settled ones.
func (p *Parser) feedArgs(b []byte, off int) (n int, done, failed bool) {
	n = p.js.Feed(b)
	p.settle(b[:n], off)
	if e := p.js.Err(); e != nil {
		p.jsError(p.jsOff + e.Offset)
		return n, false, true
	}
	return n, p.js.Done(), false
}

// jsError abandons the call on a scanner error found at input offset off.
func (p *Parser) jsError(off int) {
	e := p.js.Err()
	code := toolcall.CodeInvalidJSON
	if e.TooDeep {
		code = toolcall.CodeTooDeep
	}
	p.abandon(off, code, "arguments: %s", e.Msg)
}

// settle emits the bytes just consumed by the scanner, except a trailing
// number or literal whose end is not known yet: that is held.
func (p *Parser) settle(seg []byte, off int) {
	pending := p.js.Pending()
	if pending > 0 && pending >= len(p.hold)+len(seg) {
		if len(p.hold) == 0 {
			p.holdO = off
		}
		p.hold = append(p.hold, seg...)
		return
	}
	p.flushHold()
	cut := len(seg) - pending
	p.emitArgs(seg[:cut], off)
	if pending > 0 {
		p.hold = append(p.hold, seg[cut:]...)
		p.holdO = off + cut
	}
}

func (p *Parser) flushHold() {
	if len(p.hold) > 0 {
		p.emitArgs(p.own(p.hold), p.holdO)
		p.hold = p.hold[:0]
	}
}
