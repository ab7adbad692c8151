package textparse

import (
	"bytes"
	"encoding/json"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/wordscan"
	"github.com/tooleval/tooleval/toolcall"
)

// This file is the reader of call bodies whose arguments are tags, values
// coerced by the catalog's schema (paramReader): a dialect's Invoke and
// Param tags (<invoke name="NAME"><parameter name="P">V</parameter>), a
// Catalog dialect's tool and parameter tags, and Key/Value pairs (kv.go).
// It turns the parameter values into JSON argument fragments.

// paramReader reads the body of a call of parameter tags; it owns the state
// of one (the engine made it the body reader, Parser.beginTagBody).
type paramReader struct {
	state uint8
	val   value
	// cd: the dialect of a key/value call; key: the key waiting for its
	// value; kvD: the dialect reading key/value calls after the call tag
	// kvK among the dialects kvOn (kv.go).
	cd  *tagDialect
	key []byte
	typ []byte // the type a pair declared for its value (Tags.TypeTag)
	// declared stands in for the schema's parameter of the value being
	// read where the catalog types none and its pair declared a type.
	declared toolcall.Param
	kvD      *tagDialect
	kvK      tagKind
	kvOn     uint64
	// lone: the object of a parameter named by Tags.Unwrap, held until the
	// call's closer (it is the arguments) or its next parameter (it is
	// that parameter's value); loneName is the parameter's name.
	lone     []byte
	loneName string
	loneOn   bool
	// heldKey: the key of a value held for its call's discriminator
	// (value.held).
	heldKey []byte
	// bsHeld: the white space between pairs read so far ends with a
	// backslash that may start a literal \n (Tags.EscapedNewlines).
	bsHeld bool
}

// paramReader states.
const (
	psBetween = iota // between parameters (or pairs)
	psValue          // in a parameter value
	psName           // the tool name after a key/value call tag (kv.go)
	psKey            // in a key tag (kv.go)
	psType           // in a type tag between a key and its value (kv.go)
)

// params returns the parser's parameter-tag reader, made on first use.
func (p *Parser) params() *paramReader {
	r, _ := p.rd.tagBody(tbParams).(*paramReader)
	return r
}

// value is the XML parameter value being read.
type value struct {
	param   *toolcall.Param
	name    string
	str     bool // streamed as a JSON string; otherwise buffered and coerced
	start   bool // no byte seen yet: a leading newline is dropped
	nl      bool // a trailing newline is held back
	nlOff   int
	keepNL  bool // the held newline is content at the end too (Tags.KeepNewline), unless the value began with one
	buf     []byte
	pendOn  bool // a closing tag was seen; it ends the value if a follower comes
	pend    []byte
	pendOff int
	pendBad bool
	pendBS  bool // pend ends with a backslash that may start a literal \n (Tags.EscapedNewlines)
	json    bool // string="false": the value is JSON, when the catalog allows its type
	untyped bool // no schema types it and the dialect reads it as JSON (Tags.UntypedJSON)
	quoted  bool // a string the dialect may write as a JSON string (Tags.QuotedStrings), held
	// ws: trailing whitespace of a catalog-tag value, held until more content
	// comes (such values are trimmed).
	ws    []byte
	wsOff int
	// pendCall: the held tag is the call's closer (</function>,
	// </invoke>) met inside a value inside a wrapper. It ends the call only
	// if the wrapper's closer, another call or the end of the stream comes
	// next; otherwise it is content (code that mentions the tag).
	pendCall bool
	// cdata: the value may hold CDATA sections; cdN: the bytes of
	// cdataOpen matched (held) from cdOff, or past it (inside a section)
	// cdEnd bytes of cdataClose.
	cdata bool
	cdN   int
	cdOff int
	cdEnd int
	// schema: Tags.SchemaParams holds for this value (its call's tool and
	// parameters are known); nest counts the Param, Invoke and Wrapper
	// openers read as its text and not closed yet (nested).
	schema bool
	nest   int
	wrapQ  bool // the last tag was a Wrapper opener read as text
	// unwrap: the value is a Tags.Unwrap parameter's, buffered; unStr,
	// unJSON and unUntyped are how it reads if it is not the arguments.
	unwrap                   bool
	unStr, unJSON, unUntyped bool
	// held: the value waits, unwritten, for its call's discriminator to
	// say how it is typed (catalog.Undecided); its key is the reader's
	// heldKey.
	held bool
}

// The markers of a CDATA section.
const (
	cdataOpen  = "<![CDATA["
	cdataClose = "]]>"
)

// valueOpen starts parameter name at offset off. name may alias the tag
// buffer.
func (r *paramReader) valueOpen(p *Parser, name []byte, off int) {
	r.valueOpenAt(p, name, off, -1)
}

// valueOpenAt is valueOpen of a parameter looked up already where at >= 0:
// at is its index in the tool's Params, and it is not given yet
// (call.paramAt); -1 where it was not looked up.
func (r *paramReader) valueOpenAt(p *Parser, name []byte, off, at int) {
	v := &r.val
	x := p.callDialect()
	v.reset(x)
	if t := p.calls.cur.tool; t != nil {
		i := at
		if i < 0 {
			i = t.ParamIndex(name)
		}
		if i >= 0 {
			v.param = &t.Params[i]
		}
		if x != nil && x.schemaParams && p.calls.cur.kind == ckInvoke && len(t.Params) > 0 {
			v.schema = true // givenSet is read only then (nested)
			if i >= 0 {
				p.calls.cur.givenSet |= 1 << i
			}
		}
		if len(t.Variants) > 0 { // typed by the alternative the call's discriminator chose, or held for it
			v.param = catalog.ParamIn(t, name, p.calls.cur.args)
			v.held = catalog.Undecided(t, name, p.calls.cur.args)
		}
	}
	if p.calls.cur.kind == ckCatalog { // the name its closing tag must repeat
		if v.param != nil {
			v.name = v.param.Name
		} else {
			v.name = p.calls.names.Intern(name)
		}
	}
	if v.param == nil { // no schema types it: a string, or read as JSON where the dialect says so
		v.str = true
		if x != nil && x.d.Tags.UntypedJSON {
			v.str, v.untyped = false, true
		}
	} else {
		v.str = catalog.KeepsString(v.param)
		if v.str && x != nil && x.d.Tags.UntypedJSON && !catalog.Typed(v.param) {
			v.str, v.untyped = false, true
		}
	}
	if x != nil && x.d.Tags.QuotedStrings && (v.str || catalog.MayBeString(v.param)) {
		v.str, v.quoted = false, true // held: written as a JSON string, or as text
	}
	if k := p.m.kind; k != tkGeneric && tt.typed[k] != "" { // the tag says which it is
		switch typedValue(p.m.attrValue(tt.typed[k])) {
		case 1: // a string, unless the schema types the parameter otherwise
			v.str = v.str || !catalog.Typed(v.param)
		case 0:
			v.str, v.json = false, true
		}
	}
	if len(r.typ) > 0 {
		r.declareType()
	}
	if r.loneOn { // a second parameter: the held one was a parameter after all
		r.flushLone(p, off)
	}
	if r.unwrapCandidate(p, x, name) {
		v.unwrap, v.unStr, v.unJSON, v.unUntyped = true, v.str, v.json, v.untyped
		v.str, v.json, v.untyped = false, false, false
		r.loneName = p.calls.names.Intern(name)
		r.state = psValue
		return
	}
	r.state = psValue
	if at >= 0 {
		p.calls.cur.newArg(name)
	} else if p.argRepeated(name, off, nil) { // the value is read, and dropped
		v.held = false
		return
	}
	if v.held {
		v.str, v.json, v.untyped, v.quoted = false, false, false, false
		r.heldKey = append(r.heldKey[:0], name...)
		return
	}
	s := p.appendArgKey(name, v.str)
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
}

// reset makes v a new value of a parameter of dialect x (nil: a catalog
// dialect), its buffers kept. Field by field, not a struct literal: the
// slices keep their buffers without a write barrier each (this runs per
// parameter); TestValueResetClearsEveryField holds it to every field.
func (v *value) reset(x *tagDialect) {
	v.buf, v.pend, v.ws = v.buf[:0], v.pend[:0], v.ws[:0]
	v.param, v.name = nil, ""
	v.str, v.start, v.nl, v.pendOn, v.pendBad, v.json, v.untyped, v.pendCall, v.quoted = false, true, false, false, false, false, false, false, false
	v.pendBS = false
	v.nlOff, v.pendOff, v.wsOff, v.cdN, v.cdOff, v.cdEnd = 0, 0, 0, 0, 0, 0
	v.keepNL, v.cdata, v.schema, v.nest, v.wrapQ = false, false, false, 0, false
	v.unwrap, v.unStr, v.unJSON, v.unUntyped, v.held = false, false, false, false, false
	if x != nil {
		v.keepNL, v.cdata = x.keepNL, x.d.Tags.CDATA
	}
}

// valueContent takes bytes of the value (or whitespace after a held
// closing tag).
func (r *paramReader) valueContent(p *Parser, b []byte, off int) {
	v := &r.val
	if v.pendOn {
		var k int
		if len(b) == 0 {
			return
		}
		if r.escaped(p) {
			var held bool
			if v.pendBS {
				if b[0] != 'n' { // the held backslash starts no \n: text, and so is the closer
					r.flushPend(p)
					r.valueWrite(p, b, off)
					return
				}
				v.pend, b, off = append(v.pend, 'n'), b[1:], off+1 // the held backslash's n
			}
			v.pendBS = false
			k, held = escapedSpace(b)
			v.pend = append(v.pend, b[:k]...)
			if held {
				v.pend, v.pendBS = append(v.pend, '\\'), true
				return
			}
		} else {
			for k < len(b) && isSpace(b[k]) {
				k++
			}
			v.pend = append(v.pend, b[:k]...)
		}
		if k == len(b) {
			return
		}
		b, off = b[k:], off+k
		r.flushPend(p)
	}
	r.valueWrite(p, b, off)
}

// hold holds closing tag tag, at off (bad: malformed), until the next tag
// says whether it ends the value; a closer held before it is content.
func (r *paramReader) hold(p *Parser, tag []byte, off int, bad bool) {
	v := &r.val
	if v.pendOn {
		r.flushPend(p)
	}
	v.pendOn, v.pendOff, v.pendBad, v.pendBS = true, off, bad, false
	v.pend = append(v.pend[:0], tag...)
}

// flushPend makes a held closing tag (and what followed it) value content.
func (r *paramReader) flushPend(p *Parser) {
	v := &r.val
	v.pendOn, v.pendCall, v.pendBS = false, false, false
	r.valueWrite(p, p.own(v.pend), v.pendOff)
	v.pend = v.pend[:0]
}

// valueWrite appends bytes to the value, minus a newline right after the
// opening tag; a trailing newline is held until more bytes come.
func (r *paramReader) valueWrite(p *Parser, b []byte, off int) {
	v := &r.val
	if len(b) == 0 {
		return
	}
	if p.calls.cur.kind == ckCatalog {
		r.catalogWrite(p, b, off)
		return
	}
	if v.start {
		v.start = false
		if b[0] == '\n' {
			// A value written on its own lines: its closing newline is
			// markup too, even where a flush value keeps its own.
			v.keepNL = false
			b, off = b[1:], off+1
			if len(b) == 0 {
				return
			}
		}
	}
	if v.nl {
		v.nl = false
		r.valueOut(p, litNewline, v.nlOff)
	}
	if b[len(b)-1] == '\n' {
		v.nl, v.nlOff = true, off+len(b)-1
		b = b[:len(b)-1]
	}
	r.valueOut(p, b, off)
}

// catalogWrite appends bytes to a catalog-tag value, trimmed of surrounding
// whitespace as the agents that define the dialect trim it: leading
// whitespace is dropped, trailing whitespace held until content follows.
func (r *paramReader) catalogWrite(p *Parser, b []byte, off int) {
	v := &r.val
	if v.start {
		k := 0
		for k < len(b) && isSpace(b[k]) {
			k++
		}
		if k == len(b) {
			return
		}
		v.start = false
		b, off = b[k:], off+k
	}
	k := len(b)
	for k > 0 && isSpace(b[k-1]) {
		k--
	}
	if k > 0 {
		if len(v.ws) > 0 {
			r.valueOut(p, p.own(v.ws), v.wsOff)
			v.ws = v.ws[:0]
		}
		r.valueOut(p, b[:k], off)
	}
	if k < len(b) {
		if len(v.ws) == 0 {
			v.wsOff = off + k
		}
		v.ws = append(v.ws, b[k:]...)
	}
}

func (r *paramReader) valueOut(p *Parser, b []byte, off int) {
	if len(b) == 0 {
		return
	}
	if !r.val.str {
		r.val.buf = append(r.val.buf, b...)
		return
	}
	if wordscan.JSONString(b) == len(b) { // nothing to escape: the input bytes as they are
		p.emitArgsIn(b, off, off+len(b))
		return
	}
	s := len(p.scratch)
	p.scratch = catalog.AppendJSONChars(p.scratch, b)
	p.emitArgsIn(p.scratch[s:len(p.scratch):len(p.scratch)], off, off+len(b))
}

// valueClose ends the value at off: a held newline and closing tag are
// markup. It reports false when the value nests deeper than the depth cap:
// the call is then abandoned with too_deep (and skipped to its closer).
func (r *paramReader) valueClose(p *Parser, off int) bool {
	v := &r.val
	if v.pendOn {
		off = v.pendOff
		if v.pendBad {
			p.errorf(v.pendOff, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "malformed closing tag %q recovered", v.pend)
		}
	}
	if v.nl && v.keepNL && !v.untyped { // (a value no schema types is read trimmed)
		r.valueOut(p, litNewline, v.nlOff)
	}
	v.pendOn, v.pendCall, v.nl, v.pendBS = false, false, false, false
	if v.str {
		p.emitArgs(litQuote, off)
	} else {
		if catalog.DeeperThan(v.buf, p.cfg.maxDepth) {
			name := v.name
			if v.param != nil {
				name = v.param.Name
			}
			p.abandon(off, toolcall.CodeTooDeep, "parameter %q nests deeper than %d", name, p.cfg.maxDepth)
			return false
		}
		if v.unwrap {
			r.closeLone(p, off)
			r.state = psBetween
			return true
		}
		if v.held {
			p.holdArg(r.heldKey, v.buf)
			r.state = psBetween
			return true
		}
		s := len(p.scratch)
		if t := trimSpace(v.buf); v.json && json.Valid(t) && catalog.Fits(v.param, t) {
			p.scratch = append(p.scratch, t...)
		} else if v.untyped {
			p.scratch = catalog.AppendUntyped(p.scratch, v.buf)
		} else if v.quoted && catalog.IsJSONString(t) {
			p.scratch = append(p.scratch, t...)
		} else {
			p.scratch = catalog.AppendCoerced(p.scratch, v.param, v.buf)
		}
		p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	}
	r.state = psBetween
	p.argWritten(off)
	return true
}

// valueTag handles a tag met inside a value. A parameter closing tag is
// held: it ends the value only if the next tag is another parameter, the
// call's closing tag, or the stream ends; otherwise it is content.
func (r *paramReader) valueTag(p *Parser, k tagKind, closing bool, off int) bool {
	t := &p.m
	v := &r.val
	if v.pendBS { // a backslash after the held closer that starts no \n: text, and so is the closer
		r.flushPend(p)
	}
	var isClose, follower bool
	if p.calls.cur.kind == ckCatalog {
		name := t.name()
		isClose = closing && string(name) == v.name
		// Only the value's own closing tag ends it: another parameter's
		// opening tag inside it is content ("Run <command>npm test</command>
		// to check." in a result). After a held closing tag, the next
		// parameter (not given yet) confirms it; the tool's closing tag
		// ends a value whose closing tag is missing.
		follower = closing && string(name) == p.calls.cur.name ||
			v.pendOn && !closing && p.calls.cur.paramToCome(name)
	} else {
		var role uint16
		if k != tkGeneric {
			role = tt.role[k]
		}
		if v.schema && r.nested(p, k, closing, role) { // the value's text
			if v.pendOn {
				r.flushPend(p)
			}
			return false
		}
		if p.calls.cur.kind == ckKV {
			isClose = closing && k == r.cd.value
		} else {
			isClose = closing && role&rParam != 0
		}
		follower = !isClose
		if v.pendCall {
			// After a held call closer: a wrapper closer or another call
			// confirms it; anything else makes it content.
			if closing && isWrapperCloser(k) || !closing && role&rInvoke != 0 {
				n := t.n
				r.endInvoke(p, v.pendOff)
				return p.retag(n)
			}
			r.flushPend(p)
		}
		if closing && role&rInvoke != 0 && !v.pendOn && p.calls.cur.after == mWrapper {
			// A call closer without </parameter> inside a wrapper: held.
			r.hold(p, t.buf[:t.n], off, t.bad)
			v.pendCall = true
			return true
		}
	}
	switch {
	case isClose:
		r.hold(p, t.buf[:t.n], off, t.bad)
		return true
	case follower:
		if p.calls.cur.kind == ckKV && !v.pendOn {
			// A key/value call's value whose closer the model left out,
			// ended by the next key or the call's closer: read, reported.
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without </%s>", tagName(r.cd.value), tagName(r.cd.value))
		}
		if n := t.n; !r.valueClose(p, off) {
			// Abandoned at this tag: a tag that ends the call ends the
			// skip too.
			if closing && (p.calls.cur.kind == ckCatalog || p.calls.cur.kind == ckKV || k != tkGeneric && tt.role[k]&rInvoke != 0) {
				p.mode = p.calls.cur.skipRet
			} else if closing {
				p.mode = p.calls.cur.skipRet
				return p.retag(n)
			}
			return true
		}
		if p.calls.cur.kind == ckKV {
			return r.kvTag(p, k, closing, off)
		}
		return r.invokeTag(p, k, closing, off)
	}
	if v.pendOn {
		r.flushPend(p)
	}
	return false
}

// nested reports whether a tag met inside a value is the value's text by
// the tool's schema (Tags.SchemaParams). A Param opener naming no
// parameter of the tool, or one given already, opens a nesting of quoted
// markup, and so does a call quoted whole (the Wrapper opener then the
// Invoke opener); a closer inside a nesting closes one level of it. A
// Param opener naming a parameter not given yet outside any nesting is
// the next parameter, and an Invoke opener after a held Param closer the
// next call, as without the schema; other Wrapper and Invoke openers are
// text (prose that names the tags).
func (r *paramReader) nested(p *Parser, k tagKind, closing bool, role uint16) bool {
	v, x := &r.val, p.callDialect()
	quoted := v.wrapQ
	v.wrapQ = false
	switch {
	case closing:
		if v.nest > 0 && (role&(rParam|rInvoke) != 0 || k == x.wrapper) {
			v.nest--
			return true
		}
	case k == x.wrapper:
		v.wrapQ = true
		return true
	case role&rInvoke != 0:
		if quoted {
			v.nest += 2
			return true
		}
		return v.nest > 0 || !v.pendOn
	case role&rParam != 0:
		i := p.calls.cur.tool.ParamIndex(p.m.attrBytes())
		if v.nest == 0 && i >= 0 && (i >= 64 || p.calls.cur.givenSet&(1<<i) == 0) {
			return false
		}
		v.nest++
		return true
	}
	return false
}

// unwrapCandidate reports whether parameter name, opening a call's
// parameters, may hold the whole arguments object (Tags.Unwrap): the
// catalog gives the tool's parameters and none of them is so named.
func (r *paramReader) unwrapCandidate(p *Parser, x *tagDialect, name []byte) bool {
	c := &p.calls.cur
	if x == nil || len(x.d.Tags.Unwrap) == 0 || c.kind != ckInvoke || c.nparams > 0 || c.tool == nil || len(c.tool.Params) == 0 ||
		c.tool.ParamBytes(name) != nil {
		return false
	}
	for _, u := range x.d.Tags.Unwrap {
		if u == string(name) {
			return true
		}
	}
	return false
}

// closeLone ends a Tags.Unwrap parameter's value: an object of the tool's
// parameters is held as the call's arguments (until the next parameter or
// the call's closer decides); any other value is the parameter's, read as
// it would have been.
func (r *paramReader) closeLone(p *Parser, off int) {
	v := &r.val
	if obj, ok := loneObject(p.calls.cur.tool, v.buf); ok {
		r.lone, r.loneOn = append(r.lone[:0], obj...), true
		return
	}
	r.lone = r.lone[:0]
	switch t := trimSpace(v.buf); {
	case v.unJSON && json.Valid(t):
		r.lone = append(r.lone, t...)
	case v.unUntyped:
		r.lone = catalog.AppendUntyped(r.lone, v.buf)
	default:
		r.lone = catalog.AppendJSONString(r.lone, v.buf)
	}
	r.loneOn = true
	r.flushLone(p, off)
}

// flushLone writes the held Tags.Unwrap parameter as a parameter: the
// call has another one, or its value was no object of the tool's.
func (r *paramReader) flushLone(p *Parser, off int) {
	r.loneOn = false
	s := len(p.scratch)
	p.scratch = append(p.scratch, '{')
	p.scratch = catalog.AppendJSONString(p.scratch, []byte(r.loneName))
	p.scratch = append(append(p.scratch, ':'), r.lone...)
	p.calls.cur.nparams++
	p.calls.cur.give([]byte(r.loneName))
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
}

// loneObject reads value v as an object whose keys are all parameters of
// tool: JSON, a Python literal, or a JSON string holding either. It
// returns the object as JSON.
func loneObject(tool *toolcall.Tool, v []byte) ([]byte, bool) {
	obj := catalog.AppendUntyped(nil, v)
	if len(obj) > 0 && obj[0] == '"' { // a string: it may hold the object
		var inner string
		if json.Unmarshal(obj, &inner) != nil {
			return nil, false
		}
		obj = catalog.AppendUntyped(nil, []byte(inner))
	}
	if len(obj) == 0 || obj[0] != '{' {
		return nil, false
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(obj, &keys) != nil {
		return nil, false
	}
	for k := range keys {
		if tool.Param(k) == nil {
			return nil, false
		}
	}
	return obj, true
}

// typedValue reads a Tags.Typed attribute's value: 1 a string, 0 JSON, -1
// absent or neither.
func typedValue(v []byte) int {
	switch string(unquote(v)) {
	case "true":
		return 1
	case "false":
		return 0
	}
	return -1
}

// beginInvoke opens an <invoke name=…> or <function=…> call whose tag
// spans [off, end).
func (p *Parser) beginInvoke(off, end int, closer string, after mode) {
	name := p.calls.names.Intern(p.m.attrBytes())
	if x := p.callDialect(); x != nil && x.d.Tags.Namespace {
		name = p.namespaced(name)
	}
	p.beginCall(ckInvoke, off, closer, after)
	r := p.params()
	r.state, r.loneOn = psBetween, false
	p.beginTagBody(r)
	p.setName(name, off)
	if p.m.self { // <invoke name="NAME"/>: a call without parameters, closed by its own tag
		r.endInvoke(p, off)
	}
}

// beginCatalogCall opens the call of a catalog tool, its tag ct at off.
func (p *Parser) beginCatalogCall(ct catalogTag, off int) {
	p.beginCall(ckCatalog, off, ct.closer, mText)
	p.calls.cur.tool = ct.tool
	r := p.params()
	r.state = psBetween
	p.beginTagBody(r)
	p.setCheckedName(ct.name, off, ct.nameOK)
}

// tags: the parameter tags between parameters; in a value, its closer
// and what may follow it.
func (r *paramReader) tags(p *Parser, s *tagSet) {
	kind := p.calls.cur.kind
	switch r.state {
	case psBetween:
		switch {
		case kind == ckCatalog:
			s.genericOpen, s.genericClose = true, true
		case kind == ckKV:
			s.open, s.close = r.cd.kv.open, r.cd.kv.close
		default:
			s.open = tt.params | p.wrapEnds() | p.bareInvoke()
			s.close = tt.invokes | tt.params | tt.wclose
		}
	case psKey:
		s.open, s.close = bitOf(r.cd.value), r.cd.kv.keyClose // a value's opener ends a key left open
	case psType:
		s.open, s.close = bitOf(r.cd.value), r.cd.kv.typeClose // a value's opener ends a type left open
	case psValue:
		switch {
		case kind == ckCatalog:
			s.genericOpen, s.genericClose = true, true
		case kind == ckKV:
			s.open, s.close = r.cd.kv.valueOpen, r.cd.kv.valueClose
		default:
			s.open = tt.params | p.wrapEnds()
			s.close = tt.params | tt.invokes | tt.wclose
			if r.val.pendCall {
				s.open |= tt.invokes
			}
			if r.val.pendOn { // after the value's closer, the next call
				s.open |= p.bareInvoke()
			}
			if r.val.schema { // markup quoted in the value nests (Tags.SchemaParams)
				x := p.callDialect()
				s.open |= bitOf(x.invoke) | bitOf(x.wrapper)
			}
		}
	}
}

// onTag acts on a tag of the call.
func (r *paramReader) onTag(p *Parser, k tagKind, closing bool, off int) bool {
	if r.bsHeld { // a backslash right before the tag: text
		r.bsHeld = false
		r.between(p, litBackslash, off-1)
	}
	switch r.state {
	case psBetween:
		if p.calls.cur.kind == ckKV {
			return r.kvTag(p, k, closing, off)
		}
		return r.invokeTag(p, k, closing, off)
	case psKey, psType:
		return r.kvTag(p, k, closing, off)
	case psValue:
		return r.valueTag(p, k, closing, off)
	}
	return false
}

// read: a key/value call's name, or the bytes between tags (after the
// invoke hooks between parameters).
func (r *paramReader) read(p *Parser, b []byte, i int) int {
	// One tag after another without going back through Feed's loop, while
	// the same call is read by this reader and no markup is held (b is
	// capped for this call already).
	start := p.calls.cur.start
	for {
		j := r.readOne(p, b, i)
		if j <= i || j >= len(b) || p.m.on || p.mode != mBody || p.rd.body != bodyStep(r) || p.inr.pend.on ||
			!p.calls.inCall || p.calls.cur.start != start {
			return j
		}
		i = j
	}
}

// readOne is read up to the first tag it acts on.
func (r *paramReader) readOne(p *Parser, b []byte, i int) int {
	switch r.state {
	case psName:
		return r.kvName(p, b, i)
	case psBetween:
		for _, h := range r.hooks(p) {
			if j, ok := h(p, b, i); ok {
				return j
			}
		}
	}
	if r.state == psValue && r.val.cdN > 0 {
		return r.cdataStep(p, b, i)
	}
	j, lt := tagText(b, i)
	if j > i {
		r.content(p, b[i:j], p.off+i)
	}
	if !lt {
		return j
	}
	if p.calls.cur.kind == ckCatalog {
		if n := r.catalogTag(p, b, j); n > 0 {
			return n
		}
	}
	if r.state == psValue && r.val.cdata && (j+1 == len(b) || b[j+1] == '!') {
		r.val.cdN, r.val.cdOff = 1, p.off+j // perhaps <![CDATA[: held
		return j + 1
	}
	if p.mode != mBody || p.rd.tag != tagBody(r) {
		return p.startTagAt(b, j)
	}
	if r.state == psValue && j+1 < len(b) && b[j+1] == '/' {
		if n := r.ownCloser(p, b, j); n > 0 {
			return n
		}
	} else if p.calls.cur.kind == ckKV {
		if n := r.kvTagNow(p, b, j); n > 0 {
			return n
		}
	} else if x := p.callDialect(); r.state == psBetween && p.calls.cur.kind == ckInvoke && !r.bsHeld && x != nil && x.plainOpen != "" {
		if name, e := plainParam(p, x, b, j); e > 0 { // the first parameter's opener, or one after a value's closer confirmed (followerNow)
			r.paramOpen(p, x, name, j)
			return e + 1
		}
	}
	m := &p.m // startTagAt, the tags this reader acts on set directly (tagSet)
	m.tset = tagSet{suffix: p.tags.xSuffix}
	r.tags(p, &m.tset)
	m.beginTag(p.off + j)
	return p.matchStep(b, j+1)
}

// hooks are the hooks that may read the call's body here: every hook
// reads only a body's beginning, an invoke's before its first parameter
// (invokeHooks), a key/value call's before its first key (kvHooks); a
// catalog call has none.
func (r *paramReader) hooks(p *Parser) []func(p *Parser, b []byte, i int) (int, bool) {
	switch c := &p.calls.cur; {
	case c.nparams > 0 || c.jsonBody || p.junk:
		return nil
	case c.kind == ckInvoke:
		return invokeHooks
	case c.kind == ckKV && len(r.key) == 0:
		return kvHooks
	}
	return nil
}

// ownCloser reads a value's closer in the call dialect's own spelling,
// whole at b[j] (its '<'), as the tag scan and valueTag read it: held
// (isClose), what the value's next tag confirms; in a schema value
// nesting no markup, the closer ends no nested one and clears a quoted
// wrapper (nested). It returns where reading goes on, 0 to leave the tag
// to the scan: another tag, or a value whose state the scan's reading
// must see (markup nested in a schema value, a held call closer or
// backslash). The closer is the one tag a value reads every time; this
// is the same reading without the scan's turns.
func (r *paramReader) ownCloser(p *Parser, b []byte, j int) int {
	v := &r.val
	if r.bsHeld || v.pendBS || v.nest > 0 || v.pendCall {
		return 0
	}
	k := tkNone
	switch p.calls.cur.kind {
	case ckKV:
		k = r.cd.value
	case ckInvoke:
		if x := p.callDialect(); x != nil {
			k = x.param
		}
	}
	if k == tkNone || tt.role[k]&rInvoke != 0 {
		return 0
	}
	c := tt.closer(k)
	if len(b)-j < len(c) || string(b[j:j+len(c)]) != c {
		return 0
	}
	v.wrapQ = false // (nested: any tag of a schema value; never set outside one)
	if n := r.followerNow(p, b, j, j+len(c)); n > 0 {
		return n
	}
	r.hold(p, b[j:j+len(c)], p.off+j, false)
	return j + len(c)
}

// followerNow reads a value's closer at b[j:e] that the chunk shows
// confirmed: after white space, whole and in the dialect's own spelling,
// the call's closer, or in a key/value call the next key's opener. What
// holding it comes to (valueTag's follower): the value ends at the
// closer, the white space between is markup, and the confirming tag is
// read (kvTag, invokeTag's call closer). It returns where reading goes
// on, 0 to hold the closer.
func (r *paramReader) followerNow(p *Parser, b []byte, j, e int) int {
	c := &p.calls.cur
	if r.val.pendOn || c.kind != ckKV && c.kind != ckInvoke { // (white space alone reads alike where a literal \n is white space too)
		return 0
	}
	k := e
	for k < len(b) && isSpace(b[k]) {
		k++
	}
	var kind tagKind
	var closing bool
	var f int
	inv := tkNone
	if c.kind == ckKV {
		inv = r.cd.invoke
		if wholeOpener(b, k, tt.names[r.cd.key], &f) {
			kind = r.cd.key
		}
	} else if x := p.callDialect(); x != nil {
		inv = x.invoke
		if x.plainOpen != "" {
			if n := r.paramNow(p, x, b, j, k); n > 0 {
				return n
			}
		}
	}
	if f == 0 {
		if inv == tkNone || c.closer != tt.closer(inv) || len(b)-k < len(c.closer) || string(b[k:k+len(c.closer)]) != c.closer {
			return 0
		}
		kind, closing, f = inv, true, k+len(c.closer)-1
	}
	if !r.valueClose(p, p.off+j) {
		if closing { // abandoned here: the call's closer ends the skip too
			p.mode = c.skipRet
		}
		return f + 1
	}
	if c.kind == ckKV {
		r.kvTag(p, kind, closing, p.off+k)
	} else {
		r.endInvoke(p, p.off+k)
		p.junk = false
	}
	return f + 1
}

// paramNow is followerNow for an invoke's next parameter: its opener at
// b[k], plain (plainParam), confirms the value's closer at b[j:]. The
// value ends at the closer and the opener is read as valueTag's follower
// reads it; in a schema value only a parameter the call has not given
// yet confirms it (nested). It returns where reading goes on, 0 to leave
// both tags to the held closer's path.
func (r *paramReader) paramNow(p *Parser, x *tagDialect, b []byte, j, k int) int {
	prm, e := plainParam(p, x, b, k)
	if e == 0 {
		return 0
	}
	if c := &p.calls.cur; r.val.schema {
		if i := c.tool.ParamIndex(prm); i < 0 || i < 64 && c.givenSet&(1<<i) != 0 {
			return 0 // a parameter given already, or none: the value's text (nested)
		}
	}
	if !r.valueClose(p, p.off+j) {
		return e + 1 // abandoned at the opener, which the tag's path reads too
	}
	r.paramOpen(p, x, prm, k)
	return e + 1
}

// plainParam reads the opener at b[k] ('<') when it is whole in the chunk
// in the plain form of x's parameter tag (<parameter=NAME> where Tags.Eq,
// <parameter name="NAME"> otherwise, NAME of name bytes alone, which no
// repair reads otherwise; tagDialect.plainOpen) and the invoke's next tag
// is its parameter (invokeTag): NAME and the index of its '>', 0 when
// not.
func plainParam(p *Parser, x *tagDialect, b []byte, k int) ([]byte, int) {
	o := x.plainOpen
	a := k + len(o) // NAME's first byte
	if o == "" || a >= len(b) || string(b[k:a]) != o || p.calls.cur.jsonBody || (p.wrapEnds()|p.bareInvoke())&bitOf(x.param) != 0 {
		return nil, 0
	}
	name := b[a:min(len(b), k+256)] // (the tag's first 256 bytes)
	n := 0
	for n < len(name) && nameBytes[name[n]]&nameNext != 0 {
		n++
	}
	n += a // NAME's end
	e := n
	if q := x.plainQuote; q != 0 && e < len(b) && b[e] == q {
		e++
	}
	if n == a || e == len(b) || b[e] != '>' || e == n && x.plainQuote != 0 {
		return nil, 0
	}
	return b[a:n], e
}

// paramOpen reads a plain opener of x's parameter, name at b[k], as
// invokeTag reads it: the parameter's value starts.
func (r *paramReader) paramOpen(p *Parser, x *tagDialect, name []byte, k int) {
	p.m.kind, p.m.self = x.param, false // valueOpen reads the tag's kind
	r.valueOpen(p, name, p.off+k)
	p.junk = false
}

// catalogTag acts on a catalog call's tag that is whole at b[j] (its
// '<'), <NAME> or </NAME>, where the tag scan would read it as a generic
// tag (fastGeneric) and valueTag or invokeTag would take it: a value's
// own closer (held), the closer or next parameter that confirms a held
// one, a parameter's opener, the tool's closer. It returns where reading
// goes on, or 0 to leave the tag to the tag scan (another tag, one cut by
// the chunk). Catalog dialects write a tag every few bytes; this is the
// same reading without the scan's turns.
func (r *paramReader) catalogTag(p *Parser, b []byte, j int) int {
	v, c, off := &r.val, &p.calls.cur, p.off+j
	if j+1 < len(b) && b[j+1] == '/' { // a closer: the names it may be are known, no scan
		switch e := 0; {
		case r.state == psValue && wholeCloser(b, j, v.name, &e): // held (valueTag's isClose)
			if n := r.confirmedNow(p, b, j, e); n > 0 {
				return n
			}
			r.hold(p, b[j:e+1], off, false)
			p.junk = false
			return e + 1
		case (r.state == psValue || r.state == psBetween) && wholeCloser(b, j, c.name, &e): // the tool's
			if r.state == psValue && !r.valueClose(p, off) {
				p.mode = c.skipRet
			} else {
				r.endInvoke(p, off)
			}
			p.junk = false
			return e + 1
		}
		return 0
	}
	if r.state == psValue && !v.pendOn || r.state != psValue && r.state != psBetween ||
		j+1 >= len(b) || nameBytes[b[j+1]]&nameFirst == 0 {
		return 0
	}
	e := genericNameEnd(b, j+1)
	if e == 0 || b[e] != '>' {
		return 0
	}
	name := b[j+1 : e]
	at := -1
	if r.state == psValue { // after a held closer: the next parameter confirms it (valueTag's follower)
		if at = c.paramAt(name); at < 0 {
			return 0
		}
		if !r.valueClose(p, off) {
			p.junk = false
			return e + 1
		}
	}
	p.m.kind, p.m.self = tkGeneric, false // valueOpen reads the tag's kind
	r.valueOpenAt(p, name, off, at)
	p.junk = false
	return e + 1
}

// confirmedNow reads a catalog value's own closer, b[j:e+1], that the
// chunk shows confirmed: after white space, the tool's closer or the
// opener of a parameter to come, whole. What holding it would come to,
// read at once: the value ends at the closer, the white space between is
// markup, and the confirming tag is read (catalogTag's branches for a
// held closer). It returns where reading goes on, 0 to hold the closer
// (no such tag whole in the chunk, or a closer held already).
func (r *paramReader) confirmedNow(p *Parser, b []byte, j, e int) int {
	if r.val.pendOn {
		return 0
	}
	k := e + 1
	for k < len(b) && isSpace(b[k]) {
		k++
	}
	if k+1 >= len(b) || b[k] != '<' {
		return 0
	}
	c, off := &p.calls.cur, p.off+j
	if b[k+1] == '/' { // the tool's closer (not the value's again: that one is held, and the first is text)
		var f int
		if !wholeCloser(b, k, c.name, &f) || wholeCloser(b, k, r.val.name, &f) {
			return 0
		}
		if !r.valueClose(p, off) {
			p.mode = c.skipRet
		} else {
			r.endInvoke(p, p.off+k)
		}
		p.junk = false
		return f + 1
	}
	if nameBytes[b[k+1]]&nameFirst == 0 {
		return 0
	}
	f := genericNameEnd(b, k+1)
	if f == 0 || b[f] != '>' {
		return 0
	}
	at := c.paramAt(b[k+1 : f])
	if at < 0 {
		return 0
	}
	if r.valueClose(p, off) {
		p.m.kind, p.m.self = tkGeneric, false // valueOpen reads the tag's kind
		r.valueOpenAt(p, b[k+1:f], p.off+k, at)
	}
	p.junk = false
	return f + 1
}

// wholeOpener reports whether <name> is whole at b[j] (its '<'), and
// sets *e to the index of its '>'.
func wholeOpener(b []byte, j int, name string, e *int) bool {
	k := j + 1 + len(name)
	if name == "" || k >= len(b) || b[j] != '<' || b[k] != '>' || string(b[j+1:k]) != name {
		return false
	}
	*e = k
	return true
}

// wholeCloser reports whether </name> is whole at b[j] (its '<'), and
// sets *e to the index of its '>'.
func wholeCloser(b []byte, j int, name string, e *int) bool {
	k := j + 2 + len(name)
	if name == "" || k >= len(b) || b[k] != '>' || string(b[j+2:k]) != name {
		return false
	}
	*e = k
	return true
}

// cdataStep reads a CDATA section of a value: the rest of its opener
// (held; "<!…" that is not one is text, a lone '<' starts a tag), then
// its text as it is up to "]]>".
func (r *paramReader) cdataStep(p *Parser, b []byte, i int) int {
	v := &r.val
	for i < len(b) {
		if v.cdN < len(cdataOpen) {
			if b[i] != cdataOpen[v.cdN] {
				n := v.cdN
				v.cdN = 0
				if n == 1 {
					p.startTag(v.cdOff)
					return i
				}
				r.valueContent(p, []byte(cdataOpen[:n]), v.cdOff)
				return i
			}
			v.cdN++
			i++
			v.cdEnd = 0
			continue
		}
		if v.cdEnd > 0 {
			switch {
			case b[i] == cdataClose[v.cdEnd]:
				v.cdEnd++
				i++
				if v.cdEnd == len(cdataClose) {
					v.cdN, v.cdEnd = 0, 0
					return i
				}
			case v.cdEnd == 2 && b[i] == ']': // "]]]": one ']' is text
				r.valueContent(p, []byte("]"), p.off+i-2)
				i++
			default:
				r.valueContent(p, []byte(cdataClose[:v.cdEnd]), p.off+i-v.cdEnd)
				v.cdEnd = 0
			}
			continue
		}
		j := bytes.IndexByte(b[i:], ']')
		if j < 0 {
			r.valueContent(p, b[i:], p.off+i)
			return len(b)
		}
		if j > 0 {
			r.valueContent(p, b[i:i+j], p.off+i)
		}
		v.cdEnd = 1
		i += j + 1
	}
	return i
}

// content: a value's bytes, a name's or a key's; between parameters
// only whitespace is expected.
func (r *paramReader) content(p *Parser, b []byte, off int) {
	switch r.state {
	case psValue:
		r.valueContent(p, b, off)
	case psName, psKey, psType:
		p.nameBytes(b)
	default:
		if r.escaped(p) {
			r.escapedBetween(p, b, off)
			return
		}
		r.between(p, b, off)
	}
}

// between: bytes between a call's parameters or pairs, where only white
// space is expected.
func (r *paramReader) between(p *Parser, b []byte, off int) {
	if k := r.openerMissing(p, b); k < len(b) {
		p.errorf(off+k, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "a value after <%s>%s</%s> without <%s>",
			tagName(r.cd.key), r.key, tagName(r.cd.key), tagName(r.cd.value))
		r.valueOpen(p, r.key, off+k)
		r.key = r.key[:0]
		r.valueContent(p, b[k:], off+k)
		return
	}
	p.stray(b, off)
}

// openerMissing is where text right after a key/value call's key starts
// (len(b) when there is none): the value whose opening tag the model left
// out (<arg_key>city</arg_key>Paris</arg_value>), read as that key's
// value, as Ollama's parser for such calls repairs it.
func (r *paramReader) openerMissing(p *Parser, b []byte) int {
	if p.calls.cur.kind != ckKV || len(r.key) == 0 || p.calls.cur.jsonBody || r.state != psBetween {
		return len(b)
	}
	k := 0
	for k < len(b) && isSpace(b[k]) {
		k++
	}
	return k
}

// end: a held closer at the end of the stream closes the value (and the
// call, when it is the call's closer).
func (r *paramReader) end(p *Parser) {
	switch {
	case r.state == psValue && r.val.pendCall:
		r.endInvoke(p, r.val.pendOff)
	case r.state == psValue && r.val.pendOn:
		r.valueClose(p, p.off)
	}
}

// complete: between parameters, every value closed.
//
// A catalog-tag value has no syntax of its own, so one cut by the
// end of the output is complete but for its closers too, as the agents
// that define that dialect finish a streamed tool use.
func (r *paramReader) complete(p *Parser) bool {
	if r.state == psBetween && p.calls.cur.kind == ckKV && len(r.key) > 0 {
		return false // a key read, its value cut off by the end
	}
	return r.state == psBetween || r.state == psValue && p.calls.cur.kind == ckCatalog
}

// finish ends the call at off.
func (r *paramReader) finish(p *Parser, off int) { r.endInvoke(p, off) }

// partial: the bytes of a value being coerced (a string value streams).
func (r *paramReader) partial() string {
	if r.state == psValue && !r.val.str {
		return string(r.val.buf)
	}
	return ""
}

func (r *paramReader) where() string {
	if r.state == psBetween {
		return "a call's"
	}
	return "tool-call"
}

// endInvoke closes the call at off.
func (r *paramReader) endInvoke(p *Parser, off int) {
	if r.state == psValue && !r.valueClose(p, off) {
		p.mode = p.calls.cur.skipRet // the closer that ends the call ends the skip
		return
	}
	if r.loneOn { // the held object was the call's only parameter: the arguments
		r.loneOn = false
		p.emitArgs(p.own(r.lone), off)
	}
	p.closeArgs(off)
	p.endCall(off)
}

// retag acts on the complete tag of n bytes once more, in the state its
// first reading left: the call it ended, or abandoned (a value too deep at
// its closer). Abandoning clears the matcher; the tag is still to be read.
func (p *Parser) retag(n int) bool {
	p.m.n, p.m.on = n, true
	return p.onTag()
}

// invokeTag handles a tag between the parameters of a call.
func (r *paramReader) invokeTag(p *Parser, k tagKind, closing bool, off int) bool {
	t := &p.m
	if p.calls.cur.kind == ckCatalog {
		name := t.name()
		switch {
		case !closing:
			r.valueOpen(p, name, off)
			if t.self {
				r.valueClose(p, off)
			}
		case string(name) == p.calls.cur.name:
			r.endInvoke(p, off)
		case p.calls.cur.tool != nil && p.calls.cur.tool.ParamBytes(name) != nil:
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "stray </%s> between parameters", name)
		default:
			return false
		}
		p.junk = false
		return true
	}
	var role uint16
	if k != tkGeneric {
		role = tt.role[k]
	}
	switch {
	case !closing && p.wrapEnds()&bitOf(k) != 0: // the invoke's closer is missing
		n := t.n
		r.endInvoke(p, off)
		return p.retag(n)
	case !closing && p.bareInvoke()&bitOf(k) != 0: // the next call: this one's closer is missing
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> before the closer of the call to %q", tagName(k), p.calls.cur.name)
		n := t.n
		r.endInvoke(p, off)
		return p.retag(n)
	case !closing && p.calls.cur.jsonBody:
		p.abandon(off, toolcall.CodeMalformedMarkup, "<%s> after the JSON arguments of %s", tagName(k), p.calls.cur.name)
		return true
	case !closing: // <parameter …>
		if x := p.callDialect(); x != nil && x.param != tkNone && x.params&bitOf(k) == 0 {
			// Another dialect's parameter tag (<parameter> in a DSML
			// invoke): read as the call's parameter, and reported.
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> is not %s's parameter tag (<%s>): read as one", tagName(k), x.d.Format, tagName(x.param))
		}
		name := t.attrBytes()
		if len(name) == 0 { // read under the key "", and reported
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s> without a parameter name", tagName(k))
		}
		r.valueOpen(p, name, off)
		if t.self {
			r.valueClose(p, off)
		}
	case role&rInvoke != 0:
		r.endInvoke(p, off)
	case role&rParam != 0:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "stray </%s> between parameters", tagName(k))
	default: // the wrapper's closer: the call's closer is missing
		n := t.n
		r.endInvoke(p, off)
		return p.retag(n)
	}
	p.junk = false
	return true
}
