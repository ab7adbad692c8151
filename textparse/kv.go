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

func init() { invokeHooks = append(invokeHooks, (*Parser).kvJSON) }

// beginKVTag starts a key/value call of dialect x at its call tag (the tag
// just read, at offsets off to end) inside x's wrapper: the call ends at
// the closer spelled like the tag (with its :SUFFIX) and returns to the
// wrapper.
func (p *Parser) beginKVTag(x *tagDialect, off, end int) {
	p.tags.cd = x
	p.calls.callTag, p.tags.callK = off, x.invoke
	p.beginCall(ckKV, off, p.tagCloser(), mWrapper)
	p.calls.name = p.calls.name[:0]
	p.calls.nameOff = end
	p.mode = mKVName
}

// tagCloser is the closer of the tag just read: "</" + its name + ">".
func (p *Parser) tagCloser() string {
	if k := p.m.kind; k != tkGeneric && len(p.m.name()) == len(tt.names[k]) {
		return tt.closer(k)
	}
	b := append(append(append(p.scratch[len(p.scratch):], "</"...), p.m.name()...), '>')
	return p.calls.names.Intern(b) // one string per spelling, not one per call
}

// kvJSON (an invoke hook) reads a key/value call whose name is followed by
// a JSON object of arguments instead of pairs (HY's template writes
// NAME<tool_sep>{json}): the object is streamed and the call's closer ends
// it. It reports false to leave the bytes to the invoke state.
func (p *Parser) kvJSON(b []byte, i int) (int, bool) {
	c := &p.calls.cur
	if c.kind != ckKV || p.junk || c.nparams > 0 || c.jsonBody || len(p.tags.kvKey) > 0 {
		return i, false
	}
	j, brace := jsonBodyAt(b, i)
	if !brace {
		return j, j == len(b)
	}
	p.beginJSONBody(j)
	return j, true
}

// jsonBodyAt skips the spaces at b[i:]: j is where they end, brace whether
// a '{' (a JSON body of arguments) is there. j == len(b): only spaces so
// far.
func jsonBodyAt(b []byte, i int) (j int, brace bool) {
	j = i
	for j < len(b) && isSpace(b[j]) {
		j++
	}
	if j < len(b) && b[j] == '{' {
		return j, true
	}
	if j < len(b) {
		return i, false
	}
	return j, false
}

// beginJSONBody streams the current call's arguments from the '{' at
// chunk index j; the call's closer ends the call after them.
func (p *Parser) beginJSONBody(j int) {
	p.calls.cur.jsonBody = true
	p.args.js.Reset()
	p.args.jsOff = p.off + j
	p.mode = mArgsJSON
}

// beginKV starts a call whose name begins at b[i] (after the call tag
// p.tags.callK); the dialect is the one reading key/value pairs after it.
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
	case !closing && p.calls.cur.jsonBody:
		p.abandon(off, toolcall.CodeMalformedMarkup, "<%s> after the JSON arguments of %s", tagName(k), p.calls.cur.name)
		return true
	case !closing && k == x.callSep && x.callSep != tkNone: // <tool_sep> after the name
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
