package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/toolcall"
)

// This file streams JSON arguments: <arguments>{…}</arguments> and the
// "arguments" of a JSON call object, raw or JSON-encoded in a string.

func indexByte(b []byte, c byte) int { return bytes.IndexByte(b, c) }

// sniff handles the states of a JSON call tag that look at single bytes
// between markup: after the tag, and after its JSON.
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
		case mCallBody:
			switch c {
			case '{', '[':
				return p.beginEnvelope(b, i, tt.closer(p.tags.callK), mEnvPost, mText)
			case '`':
				p.args.fenceRet, p.mode = mCallBody, mFence
				return i + 1
			}
			if p.tags.xKV && isNameByte(c, true) && !p.junk { // (a name follows the call tag, not a broken tag)
				p.beginKV(i)
				return i
			}
			if w := tt.wrapOf[p.tags.callK]; w >= 0 && p.junk && p.formatTag() == &tt.ds[w] {
				// Markup that is no call where the wrapper's first call
				// should be (a parameter written before its function):
				// the wrapper is open and the calls after it are read.
				p.mode = mWrapper
				p.setWrapper(p.tags.callK)
				return i
			}
			p.beginCall(ckEnvelope, p.calls.callTag, tt.closer(p.tags.callK), mText)
			what := "a JSON object or array"
			if w := tt.wrapOf[p.tags.callK]; w >= 0 { // the calls the tag may wrap
				sep := " name="
				if tt.role[tt.ds[w].invoke]&rEq != 0 {
					sep = "="
				}
				what += " or <" + tagName(tt.ds[w].invoke) + sep + "…>"
			}
			p.abandon(p.off+i, toolcall.CodeInvalidJSON, "expected %s inside <%s>, found %q", what, tagName(p.tags.callK), c)
			return i
		case mEnvPost:
			switch c {
			case '`', ',': // the end of a fence; a comma between call objects
				continue
			case '{': // another call object in the same tag ({…}, {…})
				p.calls.callTag = p.off + i
				return p.beginEnvelope(b, i, tt.closer(p.tags.callK), mEnvPost, p.envelope().skipped)
			}
			p.stray(b[i:i+1], p.off+i)
		}
	}
	return i
}

// argsJSON streams the JSON arguments of a tag body (named.go, kv.go).
func (p *Parser) argsJSON(b []byte, i int) int {
	n, done, failed := p.feedArgs(b[i:], p.off+i)
	if !failed && done { // the body's reader goes on: its closer follows
		p.mode = mBody
	}
	return i + n
}

// beginJSONArgs starts streaming JSON arguments at input offset off, for
// the tag body being read.
func (p *Parser) beginJSONArgs(off int) {
	p.args.js.Reset()
	p.args.jsOff = off
	p.mode = mArgsJSON
}

// feedArgs feeds raw JSON argument bytes (starting at input offset off) to
// the scanner and emits the settled ones.
func (p *Parser) feedArgs(b []byte, off int) (n int, done, failed bool) {
	if p.calls.cur.notObj != 0 {
		n, failed = p.scanNotObject(b, off, true)
		return n, false, failed
	}
	n = p.args.js.Feed(b)
	p.settle(b[:n], off)
	if e := p.args.js.Err(); e != nil {
		p.jsError(p.args.jsOff + e.Offset)
		return n, false, true
	}
	return n, p.args.js.Done(), false
}

// How arguments that are not a JSON object were given (call.notObj).
const (
	notObjRaw      = 1 + iota // <arguments>[…], a block's arguments
	notObjEnvelope            // "arguments": […] in a JSON call object
	notObjString              // "arguments": "[…]"
)

// notObject begins arguments whose first byte c, at input offset off, does
// not open a JSON object. The call is broken — invalid_json located at c —
// but the value is scanned first, emitting nothing, so that nesting past
// the depth cap is too_deep whatever the value's kind.
func (p *Parser) notObject(off int, c byte, how uint8) {
	p.calls.cur.notObj, p.calls.cur.notObjOff, p.calls.cur.notObjC = how, off, c
	p.args.js.Reset()
	p.args.jsOff = off
}

// notObjectErr abandons a call whose arguments are not an object.
func (p *Parser) notObjectErr() {
	what := "arguments must be a JSON object"
	switch p.calls.cur.notObj {
	case notObjEnvelope:
		what = "tool_call JSON: " + what
	case notObjString:
		what = "arguments string must hold a JSON object"
	}
	p.abandon(p.calls.cur.notObjOff, toolcall.CodeInvalidJSON, "%s, found %q", what, p.calls.cur.notObjC)
}

// scanNotObject feeds bytes b of arguments begun by notObject and reports
// how many it consumed and whether the call was abandoned: too_deep at the
// byte crossing the cap, else invalid_json once the value ends, is
// malformed, or (exact: b are the input bytes at offset off) reaches the
// first byte of the call's closer — the call is broken anyway and skipping
// it starts there. Decoded bytes (not exact) are all located at off.
func (p *Parser) scanNotObject(b []byte, off int, exact bool) (n int, abandoned bool) {
	end := len(b)
	if exact && p.calls.cur.closer != "" {
		if j := indexByte(b, p.calls.cur.closer[0]); j >= 0 {
			end = j
		}
	}
	n = p.args.js.Feed(b[:end])
	if e := p.args.js.Err(); e != nil && e.TooDeep {
		if exact {
			off += n
		}
		p.abandon(off, toolcall.CodeTooDeep, "arguments: %s", e.Msg)
		return n, true
	}
	if p.args.js.Err() != nil || p.args.js.Done() || end < len(b) {
		p.notObjectErr()
		return n, true
	}
	return n, false
}

// jsError abandons the call on a scanner error found at input offset off.
func (p *Parser) jsError(off int) {
	e := p.args.js.Err()
	if e.TooDeep {
		p.abandon(off, toolcall.CodeTooDeep, "arguments: %s", e.Msg)
		return
	}
	p.abandonJSON(off, "arguments: %s", e.Msg)
}

// settle emits the bytes just consumed by the scanner, except a trailing
// number or literal whose end is not known yet: that is held.
func (p *Parser) settle(seg []byte, off int) {
	pending := p.args.js.Pending()
	if pending > 0 && pending >= len(p.args.hold)+len(seg) {
		if len(p.args.hold) == 0 {
			p.args.holdO = off
		}
		p.args.hold = append(p.args.hold, seg...)
		return
	}
	p.flushHold()
	cut := len(seg) - pending
	p.emitArgs(seg[:cut], off)
	if pending > 0 {
		p.args.hold = append(p.args.hold, seg[cut:]...)
		p.args.holdO = off + cut
	}
}

func (p *Parser) flushHold() {
	if len(p.args.hold) > 0 {
		p.emitArgs(p.own(p.args.hold), p.args.holdO)
		p.args.hold = p.args.hold[:0]
	}
}
