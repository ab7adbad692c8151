package textparse

import "github.com/tooleval/tooleval/toolcall"

// This file reads the body of a call whose tool name and JSON arguments
// sit in tags of their own inside the call tag (Tags.Name, Tags.Args):
//
//	<INVOKE><NAME>read_file</NAME><ARGS>{"path": "a.go"}</ARGS></INVOKE>
//
// A ```json fence around the arguments is tolerated.

// namedReader reads such a body; it owns the state of one.
type namedReader struct {
	state uint8
	cd    *tagDialect // the dialect whose tags these are
}

// namedReader states.
const (
	nsBetween = iota // between the name and the arguments
	nsName           // in the name tag
	nsPre            // after the arguments tag, before the JSON
	nsPost           // after the JSON arguments
)

// beginNamed opens a call of the named-call tag k (at offset off).
func (p *Parser) beginNamed(k tagKind, off int) {
	r, _ := p.rd.tagBody(tbNamed).(*namedReader)
	r.cd, r.state = tt.owner(k, p.cfg.format, p.m.eq()), nsBetween
	p.detectTag(r.cd)
	p.beginCall(ckNamed, off, tt.closer(k), mText)
	p.beginTagBody(r)
}

func (r *namedReader) tags(p *Parser, s *tagSet) {
	switch r.state {
	case nsBetween:
		s.open = bit(r.cd.name, r.cd.args)
		s.close = bit(r.cd.invoke, r.cd.name, r.cd.args)
	case nsName:
		s.open = bitOf(r.cd.args)
		s.close = bit(r.cd.name, r.cd.invoke)
	default:
		s.close = bit(r.cd.args, r.cd.invoke)
	}
}

func (r *namedReader) onTag(p *Parser, k tagKind, closing bool, off int) bool {
	switch r.state {
	case nsBetween:
		switch {
		case !closing && k == r.cd.name:
			r.state, p.calls.name, p.calls.nameOff = nsName, p.calls.name[:0], off+p.m.n
		case !closing && k == r.cd.args:
			r.openArguments(p, off)
		case closing && k == r.cd.invoke:
			p.endCall(off)
		default:
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "stray </%s> inside <%s>", tagName(k), tagName(r.cd.invoke))
		}
	case nsName:
		p.setName(p.calls.names.Intern(trimSpace(p.calls.name)), p.calls.nameOff)
		r.state = nsBetween
		switch {
		case !closing && k == r.cd.args:
			r.openArguments(p, off)
		case closing && k == r.cd.invoke:
			p.endCall(off)
		}
	default:
		r.state = nsBetween
		if k == r.cd.invoke {
			p.endCall(off)
		}
	}
	p.junk = false
	return true
}

// openArguments starts the arguments tag; a second one abandons the call.
func (r *namedReader) openArguments(p *Parser, off int) {
	if p.calls.cur.argsGiven {
		p.abandon(off, toolcall.CodeMalformedMarkup, "a second <%s> in one <%s>", tagName(r.cd.args), tagName(r.cd.invoke))
		return
	}
	p.calls.cur.argsGiven, p.args.fenced = true, false
	r.state = nsPre
}

// read: the bytes between tags; around the JSON arguments, single bytes
// (the JSON's first, a fence, whitespace).
func (r *namedReader) read(p *Parser, b []byte, i int) int {
	if r.state != nsPre && r.state != nsPost {
		j, lt := tagText(b, i)
		if j > i {
			r.content(p, b[i:j], p.off+i)
		}
		if !lt {
			return j
		}
		return p.startTagAt(b, j)
	}
	for ; i < len(b); i++ {
		c := b[i]
		if isSpace(c) {
			continue
		}
		if c == '<' {
			p.startTag(p.off + i)
			return i + 1
		}
		if r.state == nsPost {
			if c != '`' { // (the end of a fence)
				p.stray(b[i:i+1], p.off+i)
			}
			continue
		}
		if c == '`' && !p.args.fenced { // a ```json fence around the JSON
			p.args.fenced, p.args.fenceRet, p.mode = true, mBody, mFence
			return i + 1
		}
		r.state = nsPost // where the JSON arguments return (argsJSON)
		if c == '{' {
			p.beginJSONArgs(p.off + i)
			return i
		}
		p.notObject(p.off+i, c, notObjRaw)
		p.mode = mArgsJSON
		return i
	}
	return i
}

func (r *namedReader) content(p *Parser, b []byte, off int) {
	if r.state == nsName {
		p.nameBytes(b)
		return
	}
	p.stray(b, off)
}

func (r *namedReader) end(p *Parser) {}

// complete: after the JSON arguments, or between the parts once the name
// is known.
func (r *namedReader) complete(p *Parser) bool {
	return r.state == nsPost || r.state == nsBetween && p.calls.cur.name != ""
}

func (r *namedReader) finish(p *Parser, off int) { p.endCall(off) }

func (r *namedReader) partial() string { return "" }

func (r *namedReader) where() string {
	if r.state == nsBetween || r.state == nsPost {
		return "<" + tagName(r.cd.invoke) + ">"
	}
	return "tool-call"
}
