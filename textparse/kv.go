package textparse

import "github.com/tooleval/tooleval/toolcall"

// This file reads the calls of a dialect with Tags.Key and Tags.Value: the
// tool name right after the call tag, then pairs of key and value tags
// whose values are coerced by the catalog like parameters.
//
//	<CALL>NAME
//	<KEY>P</KEY>
//	<VALUE>V</VALUE>
//	</CALL>

// beginKV starts a call whose name begins at b[i] (after the call tag
// p.callK); the dialect is the one reading key/value pairs after it.
func (p *Parser) beginKV(i int) {
	for j := range tt.ds {
		if x := &tt.ds[j]; x.key != tkNone && x.invoke == p.tags.callK && p.tags.dialects&(1<<j) != 0 {
			p.tags.cd = x
			break
		}
	}
	p.detectTag(p.tags.cd)
	p.beginCall(ckKV, p.calls.callTag, tt.closer(p.tags.callK), mText)
	p.calls.name = p.calls.name[:0]
	p.calls.nameOff = p.off + i
	p.mode = mKVName
}

// kvName reads the tool name up to a newline or the first tag.
func (p *Parser) kvName(b []byte, i int) int {
	j := i
	for j < len(b) && b[j] != '\n' && b[j] != '<' {
		j++
	}
	p.content(b[i:j], p.off+i)
	if j == len(b) {
		return j
	}
	p.mode = mInvoke
	p.setName(p.calls.names.Intern(trimSpace(p.calls.name)), p.calls.nameOff)
	p.tags.kvKey = p.tags.kvKey[:0]
	if b[j] == '\n' {
		return j + 1
	}
	return j
}

// kvTag handles a tag between a call's pairs or inside a key.
func (p *Parser) kvTag(k tagKind, closing bool, off int) bool {
	x := p.tags.cd
	switch {
	case p.mode == mArgKey && closing && k == x.key:
		p.tags.kvKey = append(p.tags.kvKey[:0], trimSpace(p.calls.name)...)
		p.mode = mInvoke
	case p.mode == mArgKey: // the call's closer inside a key
		p.mode = mInvoke
		p.endInvoke(off)
	case !closing && k == x.key:
		p.mode, p.calls.name = mArgKey, p.calls.name[:0]
	case !closing && k == x.value:
		if len(p.tags.kvKey) == 0 {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without an <%s>", tagName(x.value), tagName(x.key))
			p.tags.kvKey = append(p.tags.kvKey, "value"...)
		}
		key := p.own(p.tags.kvKey)
		p.tags.kvKey = p.tags.kvKey[:0]
		p.valueOpen(key, off)
	case closing && k == x.invoke:
		p.endInvoke(off)
	default:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "stray </%s> between arguments", tagName(k))
	}
	p.junk = false
	return true
}
