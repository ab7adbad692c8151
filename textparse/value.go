package textparse

import (
	"encoding/json"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// This file turns XML parameter values into JSON argument fragments.

// value is the XML parameter value being read.
type value struct {
	param   *toolcall.Param
	name    string
	str     bool // streamed as a JSON string; otherwise buffered and coerced
	start   bool // no byte seen yet: a leading newline is dropped
	nl      bool // a trailing newline is held back
	nlOff   int
	keepNL  bool // the held newline is content at the end too (Tags.KeepNewline)
	buf     []byte
	pendOn  bool // a closing tag was seen; it ends the value if a follower comes
	pend    []byte
	pendOff int
	pendBad bool
	json    bool // string="false": the value is JSON, whatever the catalog says
	// ws: trailing whitespace of a catalog-tag value, held until more content
	// comes (such values are trimmed).
	ws    []byte
	wsOff int
	// pendCall: the held tag is the call's closer (</function>,
	// </invoke>) met inside a value inside a wrapper. It ends the call only
	// if the wrapper's closer, another call or the end of the stream comes
	// next; otherwise it is content (code that mentions the tag).
	pendCall bool
}

// valueOpen starts parameter name at offset off. name may alias the tag
// buffer.
func (p *Parser) valueOpen(name []byte, off int) {
	v := &p.tags.val
	*v = value{start: true, buf: v.buf[:0], pend: v.pend[:0], ws: v.ws[:0], keepNL: p.keepsNewline()}
	if p.calls.cur.kind == ckCatalog {
		v.name = string(name)
	}
	if p.calls.cur.tool != nil {
		v.param = p.calls.cur.tool.Param(string(name))
	}
	v.str = catalog.KeepsString(v.param)
	if k := p.m.kind; k != tkGeneric && tt.typed[k] != "" { // the tag says which it is
		switch typedValue(p.m.attrValue(tt.typed[k])) {
		case 1:
			v.str = true
		case 0:
			v.str, v.json = false, true
		}
	}
	s := len(p.scratch)
	if p.calls.cur.nparams == 0 {
		p.scratch = append(p.scratch, '{')
	} else {
		p.scratch = append(p.scratch, ',')
	}
	p.scratch = catalog.AppendJSONString(p.scratch, name)
	p.scratch = append(p.scratch, ':')
	if v.str {
		p.scratch = append(p.scratch, '"')
	}
	p.calls.cur.nparams++
	if p.calls.cur.kind == ckCatalog {
		p.calls.cur.given = append(p.calls.cur.given, v.name)
	}
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	p.mode = mValue
}

// valueContent takes bytes of the value (or whitespace after a held
// closing tag).
func (p *Parser) valueContent(b []byte, off int) {
	v := &p.tags.val
	if v.pendOn {
		k := 0
		for k < len(b) && isSpace(b[k]) {
			k++
		}
		v.pend = append(v.pend, b[:k]...)
		if k == len(b) {
			return
		}
		b, off = b[k:], off+k
		p.flushPend()
	}
	p.valueWrite(b, off)
}

// flushPend makes a held closing tag (and what followed it) value content.
func (p *Parser) flushPend() {
	v := &p.tags.val
	v.pendOn, v.pendCall = false, false
	p.valueWrite(p.own(v.pend), v.pendOff)
	v.pend = v.pend[:0]
}

// valueWrite appends bytes to the value, minus a newline right after the
// opening tag; a trailing newline is held until more bytes come.
func (p *Parser) valueWrite(b []byte, off int) {
	v := &p.tags.val
	if len(b) == 0 {
		return
	}
	if p.calls.cur.kind == ckCatalog {
		p.catalogWrite(b, off)
		return
	}
	if v.start {
		v.start = false
		if b[0] == '\n' {
			b, off = b[1:], off+1
			if len(b) == 0 {
				return
			}
		}
	}
	if v.nl {
		v.nl = false
		p.valueOut(litNewline, v.nlOff)
	}
	if b[len(b)-1] == '\n' {
		v.nl, v.nlOff = true, off+len(b)-1
		b = b[:len(b)-1]
	}
	p.valueOut(b, off)
}

// catalogWrite appends bytes to a catalog-tag value, trimmed of surrounding
// whitespace as the agents that define the dialect trim it: leading
// whitespace is dropped, trailing whitespace held until content follows.
func (p *Parser) catalogWrite(b []byte, off int) {
	v := &p.tags.val
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
			p.valueOut(p.own(v.ws), v.wsOff)
			v.ws = v.ws[:0]
		}
		p.valueOut(b[:k], off)
	}
	if k < len(b) {
		if len(v.ws) == 0 {
			v.wsOff = off + k
		}
		v.ws = append(v.ws, b[k:]...)
	}
}

func (p *Parser) valueOut(b []byte, off int) {
	if len(b) == 0 {
		return
	}
	if !p.tags.val.str {
		p.tags.val.buf = append(p.tags.val.buf, b...)
		return
	}
	s := len(p.scratch)
	p.scratch = catalog.AppendJSONChars(p.scratch, b)
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
}

// valueClose ends the value at off: a held newline and closing tag are
// markup. It reports false when the value nests deeper than the depth cap:
// the call is then abandoned with too_deep (and skipped to its closer).
func (p *Parser) valueClose(off int) bool {
	v := &p.tags.val
	if v.pendOn {
		off = v.pendOff
		if v.pendBad {
			p.errorf(v.pendOff, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "malformed closing tag %q recovered", v.pend)
		}
	}
	if v.nl && v.keepNL {
		p.valueOut(litNewline, v.nlOff)
	}
	v.pendOn, v.pendCall, v.nl = false, false, false
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
		s := len(p.scratch)
		if t := trimSpace(v.buf); v.json && json.Valid(t) {
			p.scratch = append(p.scratch, t...)
		} else {
			p.scratch = catalog.AppendCoerced(p.scratch, v.param, v.buf)
		}
		p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	}
	p.mode = mInvoke
	return true
}

// valueTag handles a tag met inside a value. A parameter closing tag is
// held: it ends the value only if the next tag is another parameter, the
// call's closing tag, or the stream ends; otherwise it is content.
func (p *Parser) valueTag(k tagKind, closing bool, off int) bool {
	t := &p.m
	v := &p.tags.val
	var isClose, follower bool
	if p.calls.cur.kind == ckCatalog {
		name := string(t.name())
		isClose = closing && name == v.name
		// Only the value's own closing tag ends it: another parameter's
		// opening tag inside it is content ("Run <command>npm test</command>
		// to check." in a result). After a held closing tag, the next
		// parameter (not given yet) confirms it; the tool's closing tag
		// ends a value whose closing tag is missing.
		follower = closing && name == p.calls.cur.name ||
			v.pendOn && !closing && p.calls.cur.tool != nil && p.calls.cur.tool.Param(name) != nil && !p.calls.cur.gave(name)
	} else {
		var role uint16
		if k != tkGeneric {
			role = tt.role[k]
		}
		if p.calls.cur.kind == ckKV {
			isClose = closing && k == p.tags.cd.value
		} else {
			isClose = closing && role&rParam != 0
		}
		follower = !isClose
		if v.pendCall {
			// After a held call closer: a wrapper closer or another call
			// confirms it; anything else makes it content.
			if closing && isWrapperCloser(k) || !closing && role&rInvoke != 0 {
				p.endInvoke(v.pendOff)
				return p.onTag()
			}
			p.flushPend()
		}
		if closing && role&rInvoke != 0 && !v.pendOn && p.calls.cur.after == mWrapper {
			// A call closer without </parameter> inside a wrapper: held.
			v.pendOn, v.pendCall, v.pendOff, v.pendBad = true, true, off, t.bad
			v.pend = append(v.pend[:0], t.buf[:t.n]...)
			return true
		}
	}
	switch {
	case isClose:
		if v.pendOn {
			p.flushPend()
		}
		v.pendOn, v.pendOff, v.pendBad = true, off, t.bad
		v.pend = append(v.pend[:0], t.buf[:t.n]...)
		return true
	case follower:
		if !p.valueClose(off) {
			// Abandoned at this tag: a tag that ends the call ends the
			// skip too.
			if closing && (p.calls.cur.kind == ckCatalog || p.calls.cur.kind == ckKV || k != tkGeneric && tt.role[k]&rInvoke != 0) {
				p.mode = p.calls.cur.skipRet
			} else if closing {
				p.mode = p.calls.cur.skipRet
				return p.onTag()
			}
			return true
		}
		if p.calls.cur.kind == ckKV {
			return p.kvTag(k, closing, off)
		}
		return p.invokeTag(k, closing, off)
	}
	if v.pendOn {
		p.flushPend()
	}
	return false
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
