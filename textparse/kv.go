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
		if x := &tt.ds[j]; x.key != tkNone && x.invoke == p.callK && p.dialects&(1<<j) != 0 {
			p.cd = x
			break
		}
	}
	p.detectTag(p.cd)
	p.beginCall(ckKV, p.callTag, tt.closer(p.callK), mText)
	p.name = p.name[:0]
	p.nameOff = p.off + i
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
	p.setName(p.names.Intern(trimSpace(p.name)), p.nameOff)
	p.kvKey = p.kvKey[:0]
	if b[j] == '\n' {
		return j + 1
	}
	return j
}

// kvTag handles a tag between a call's pairs or inside a key.
func (p *Parser) kvTag(k tagKind, closing bool, off int) bool {
	x := p.cd
	switch {
	case p.mode == mArgKey && closing && k == x.key:
		p.kvKey = append(p.kvKey[:0], trimSpace(p.name)...)
		p.mode = mInvoke
	case p.mode == mArgKey: // the call's closer inside a key
		p.mode = mInvoke
		p.endInvoke(off)
	case !closing && k == x.key:
		p.mode, p.name = mArgKey, p.name[:0]
	case !closing && k == x.value:
		if len(p.kvKey) == 0 {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "<%s> without an <%s>", tagName(x.value), tagName(x.key))
			p.kvKey = append(p.kvKey, "value"...)
		}
		key := p.own(p.kvKey)
		p.kvKey = p.kvKey[:0]
		p.valueOpen(key, off)
	case closing && k == x.invoke:
		p.endInvoke(off)
	default:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "stray </%s> between arguments", tagName(k))
	}
	p.junk = false
	return true
}
