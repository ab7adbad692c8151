package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// This file reads the calls of a dialect with Tags.Key and Tags.Value: the
// tool name right after the call tag, then pairs of key and value tags
// whose values are coerced by the catalog like parameters.
//
//	<CALL>NAME
//	<KEY>P</KEY>
//	<VALUE>V</VALUE>
//	</CALL>

func init() { kvHooks = append(kvHooks, (*Parser).kvJSON) }

// beginKVTag starts a key/value call of dialect x at its call tag (the tag
// just read, at offsets off to end) inside x's wrapper: the call ends at
// the closer spelled like the tag (with its :SUFFIX) and returns to the
// wrapper.
func (p *Parser) beginKVTag(x *tagDialect, off, end int) {
	p.calls.callTag, p.tags.callK = off, x.invoke
	p.beginCall(ckKV, off, p.tagCloser(), mWrapper)
	p.params().beginKV(p, x, end)
}

// beginKV starts reading the name of a key/value call of dialect x at
// offset at.
func (r *paramReader) beginKV(p *Parser, x *tagDialect, at int) {
	r.cd, r.state, r.typ = x, psName, r.typ[:0]
	p.calls.name = p.calls.name[:0]
	p.calls.nameOff = at
	p.beginTagBody(r)
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
// a JSON object of arguments instead of pairs (some templates write
// NAME<SEP>{json}): the object is streamed and the call's closer ends
// it. It reports false to leave the bytes to the invoke state.
func (p *Parser) kvJSON(b []byte, i int) (int, bool) {
	c := &p.calls.cur
	if c.kind != ckKV || p.junk || c.nparams > 0 || c.jsonBody || len(p.params().key) > 0 {
		return i, false
	}
	return p.jsonBody(b, i)
}

// jsonBody begins a call's JSON body of arguments when a '{' follows the
// spaces at b[i:] (an invoke hook's answer): it reports false when
// something else does, true with j == len(b) when only spaces came so far.
func (p *Parser) jsonBody(b []byte, i int) (int, bool) {
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
// chunk index j; the call's closer ends the call after them (the body's
// reader goes on when they end, argsJSON).
func (p *Parser) beginJSONBody(j int) {
	p.calls.cur.jsonBody = true
	p.beginJSONArgs(p.off + j)
}

// beginKV starts a call whose name begins at b[i] (after the call tag
// p.tags.callK); the dialect is the one reading key/value pairs after it.
func (p *Parser) beginKV(i int) {
	r := p.params()
	if r.kvK != p.tags.callK || r.kvOn != p.tags.dialects || r.kvD == nil {
		r.kvD = r.cd // (the last one read, when none is enabled)
		for j := range tt.ds {
			if x := &tt.ds[j]; x.key != tkNone && x.invoke == p.tags.callK && p.tags.dialects&(1<<j) != 0 {
				r.kvD = x
				break
			}
		}
		r.kvK, r.kvOn = p.tags.callK, p.tags.dialects
	}
	cd := r.kvD
	p.detectTag(cd)
	p.beginCall(ckKV, p.calls.callTag, tt.closer(p.tags.callK), mText)
	r.beginKV(p, cd, p.off+i)
}

// kvName reads the tool name up to a newline or the first tag; with
// Tags.CallObject a '{' before the name is a JSON call object (kvObject).
func (r *paramReader) kvName(p *Parser, b []byte, i int) int {
	if len(p.calls.name) == 0 && r.cd.d.Tags.CallObject {
		j := i
		for j < len(b) && isSpace(b[j]) {
			j++
		}
		if j == len(b) {
			return j
		}
		if b[j] == '{' {
			return p.kvObject(b, j)
		}
		i = j
	}
	j := i
	for j < len(b) && b[j] != '\n' && b[j] != '<' {
		j++
	}
	p.nameBytes(b[i:j])
	if j == len(b) {
		return j
	}
	r.state = psBetween
	name := trimSpace(p.calls.name)
	if r.cd.escNL {
		name = trimEscapedNewlines(name)
	}
	p.setName(p.calls.names.Intern(name), p.calls.nameOff)
	r.key, r.bsHeld = r.key[:0], false
	if b[j] == '\n' {
		return j + 1
	}
	return j
}

// kvObject reads a key/value call tag whose body is a JSON call object
// (the '{' at b[j]) as a JSON call tag's: the object is the call, the call
// tag's closer ends it, and reading goes back to where the call tag was
// (the wrapper, or text).
func (p *Parser) kvObject(b []byte, j int) int {
	p.params().state = psBetween
	p.calls.callTag = p.calls.cur.start
	return p.beginEnvelope(b, j, p.calls.cur.closer, mEnvPost, p.calls.cur.after)
}

// kvTag handles a tag between a call's pairs, inside a key or inside a
// declared type.
func (r *paramReader) kvTag(p *Parser, k tagKind, closing bool, off int) bool {
	x := r.cd
	switch {
	case r.state == psType && closing && k == x.typeTag:
		t := trimSpace(p.calls.name)
		if i := bytes.IndexByte(t, '['); i >= 0 { // array[string]: its base
			t = trimSpace(t[:i])
		}
		r.typ = append(r.typ[:0], t...)
		r.state = psBetween
	case r.state == psType: // a value's opener or the call's closer ends a type left open
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without </%s>", tagName(x.typeTag), tagName(x.typeTag))
		r.typ, r.state = r.typ[:0], psBetween
		return r.kvTag(p, k, closing, off)
	case r.state == psKey && closing && k == x.key:
		r.key = append(r.key[:0], trimSpace(p.calls.name)...)
		r.state = psBetween
	case r.state == psKey && !closing: // a value's opener ends a key left open
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without </%s> before <%s>", tagName(x.key), tagName(x.key), tagName(k))
		r.key = append(r.key[:0], trimSpace(p.calls.name)...)
		r.state = psBetween
		return r.kvTag(p, k, closing, off)
	case r.state == psKey: // the call's closer inside a key
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without </%s> or a value", tagName(x.key), tagName(x.key))
		r.state = psBetween
		r.endInvoke(p, off)
	case !closing && p.calls.cur.jsonBody:
		p.abandon(off, toolcall.CodeMalformedMarkup, "<%s> after the JSON arguments of %s", tagName(k), p.calls.cur.name)
		return true
	case !closing && k == x.callSep && x.callSep != tkNone: // <tool_sep> after the name
	case !closing && k == x.typeTag && x.typeTag != tkNone:
		r.state, p.calls.name = psType, p.calls.name[:0]
	case !closing && k == x.key:
		r.keyLost(p, off)
		r.typ = r.typ[:0]
		r.state, p.calls.name = psKey, p.calls.name[:0]
	case !closing && k == x.value:
		if len(r.key) == 0 {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without an <%s>", tagName(x.value), tagName(x.key))
			r.key = append(r.key, "value"...)
		}
		r.valueOpen(p, r.key, off) // (copies what it keeps of the key)
		r.key = r.key[:0]
	case closing && k == x.invoke:
		r.keyLost(p, off)
		r.typ = r.typ[:0]
		r.endInvoke(p, off)
	default:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "stray </%s> between arguments", tagName(k))
	}
	p.junk = false
	return true
}

// kvTagNow reads the tag at b[j] ('<') of a key/value call where the
// chunk shows it whole in the dialect's own spelling and it is one the
// state acts on (tags): between pairs a key's opener, a value's opener or
// the call's closer; in a key, the key's closer. It is read by kvTag, as
// the tag scan would have it read, without the scan's turns; after a
// key's closer, the tag after white space (markup between pairs) is read
// so too, nearly always its value's opener. It returns where reading
// goes on, 0 to leave the tag to the scan (any other tag, a tag cut by
// the chunk, a held backslash before it). Key/value calls write a tag
// every few bytes.
func (r *paramReader) kvTagNow(p *Parser, b []byte, j int) int {
	x, e, n := r.cd, 0, 0
	if r.bsHeld || x == nil {
		return 0
	}
	for {
		var k tagKind
		closing := j+1 < len(b) && b[j+1] == '/'
		switch {
		case r.state == psKey:
			if !closing || !wholeCloser(b, j, tt.names[x.key], &e) {
				return n
			}
			k = x.key
		case r.state != psBetween:
			return n
		case closing:
			if p.calls.cur.closer != tt.closer(x.invoke) || !wholeCloser(b, j, tt.names[x.invoke], &e) {
				return n
			}
			k = x.invoke
		case wholeOpener(b, j, tt.names[x.key], &e):
			k = x.key
		case tt.typed[x.value] == "" && wholeOpener(b, j, tt.names[x.value], &e):
			k = x.value
			p.m.kind, p.m.self = k, false // valueOpen reads the tag's kind
		default:
			return n
		}
		r.kvTag(p, k, closing, p.off+j)
		n = e + 1
		if k != x.key || !closing {
			return n
		}
		for j = n; j < len(b) && isSpace(b[j]); j++ {
		}
		if j == len(b) || b[j] != '<' {
			return n
		}
	}
}

// keyLost reports, at off, a key read whose value never came (another key
// or the call's closer follows it): reported, not dropped silently.
func (r *paramReader) keyLost(p *Parser, off int) {
	if x := r.cd; len(r.key) > 0 {
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s>%s</%s> without a <%s>", tagName(x.key), r.key, tagName(x.key), tagName(x.value))
		r.key = r.key[:0]
	}
}

// declareType types the value just opened by the
// type its pair declared (Tags.TypeTag), where the catalog gives the
// parameter none: the declared type converts it as a schema's would. An
// unknown type name declares nothing; "any" keeps the text as written.
func (r *paramReader) declareType() {
	v := &r.val
	typ, known := catalog.SchemaType(string(r.typ))
	r.typ = r.typ[:0]
	if !known || catalog.Typed(v.param) {
		return
	}
	if typ == "" {
		v.str, v.untyped, v.json = true, false, false
		return
	}
	r.declared = toolcall.Param{Types: schemaTypes[typ]}
	if v.param != nil {
		r.declared.Name = v.param.Name
	}
	v.param = &r.declared
	v.str, v.untyped, v.json = catalog.KeepsString(v.param), false, false
}

// schemaTypes holds each JSON Schema type as a one-type list, so that a
// declared type costs no allocation.
var schemaTypes = map[string][]string{
	"string": {"string"}, "integer": {"integer"}, "number": {"number"}, "boolean": {"boolean"},
	"array": {"array"}, "object": {"object"}, "null": {"null"},
}

// litBackslash is a held backslash given back as text.
var litBackslash = []byte(`\`)[:1:1]

// escaped: the current call is a key/value call of a dialect that writes
// its newlines escaped (Tags.EscapedNewlines).
func (r *paramReader) escaped(p *Parser) bool {
	return p.calls.cur.kind == ckKV && r.cd != nil && r.cd.escNL
}

// escapedSpace is the length of the white space at the start of b, a
// literal \n counting as white space; held: b ends with a backslash
// (after that white space) that may start one.
func escapedSpace(b []byte) (k int, held bool) {
	for k < len(b) {
		switch {
		case isSpace(b[k]):
			k++
		case b[k] != '\\':
			return k, false
		case k+1 == len(b):
			return k, true
		case b[k+1] == 'n':
			k += 2
		default:
			return k, false
		}
	}
	return k, false
}

// escapedBetween: bytes between a key/value call's pairs where literal
// \n is white space; a backslash at the end of b is held until the next
// byte says whether it starts one.
func (r *paramReader) escapedBetween(p *Parser, b []byte, off int) {
	if r.bsHeld {
		r.bsHeld = false
		if len(b) > 0 && b[0] == 'n' {
			b, off = b[1:], off+1
		} else { // the held backslash is text
			r.between(p, litBackslash, off-1)
			if r.state != psBetween { // it opened a value: the rest is the value's
				r.content(p, b, off)
				return
			}
		}
	}
	k, held := escapedSpace(b)
	if held {
		r.bsHeld = true
		return
	}
	if k < len(b) {
		r.between(p, b[k:], off+k)
	}
}

// trimEscapedNewlines trims the literal \n escapes (and white space) at
// the end of a key/value call's tool name (Tags.EscapedNewlines).
func trimEscapedNewlines(name []byte) []byte {
	for {
		name = trimSpace(name)
		if !bytes.HasSuffix(name, []byte(`\n`)) {
			return name
		}
		name = name[:len(name)-2]
	}
}
