package textparse

import (
	"math/bits"

	"github.com/tooleval/tooleval/toolcall"
)

// This file reads the damaged openers of a dialect named with RepairTags
// (Dialect.RepairTags): the matcher (tags.go) notes a damaged opener of
// an Eq tag and the name it would carry; the name is taken only where the
// catalog confirms it (a tool of the catalog for an Invoke, a parameter of
// the call's tool for a Param), and the repair is reported. Otherwise the
// tag is read as it would be without repairs.

// The damages repaired (match.how).
const (
	fixNone   = iota
	fixNoEq   // <function NAME>: the '=' left out, a space in its place
	fixGlued  // <functionNAME>: the '=' left out
	fixCut    // <function=NAME\n…<: the '>' left out
	fixDouble // <parameter=parameter=P>: the tag's own name and '=' twice
	fixCutDouble
)

// repairKinds returns the tag kinds whose damaged openers format f reads:
// its Invoke and Param, when they are Eq tags, f is a dialect named with
// RepairTags and there is a catalog to confirm the names.
func repairKinds(f Format, tools toolcall.ToolSet) uint64 {
	d := dialects[f]
	i, ok := tt.tagDialectOf(f)
	if d == nil || !d.RepairTags || !ok || tools == nil {
		return 0
	}
	x := &tt.ds[i]
	var m uint64
	for _, k := range []tagKind{x.invoke, x.param} {
		if k != tkNone && tt.role[k]&rEq != 0 {
			m |= bitOf(k)
		}
	}
	return m
}

// glue: the name byte c (a name's first byte) continued no candidate
// name; when the name read before it is a whole repair kind's, the tag is
// that kind with its value glued to its name (<functionNAME>): it
// reports whether it read c so.
func (t *match) glue(c byte) bool {
	if t.closing || nameBytes[c]&nameFirst == 0 || c >= 0x80 {
		return false
	}
	name := t.buf[t.nameStart():t.n]
	for m := t.repair; m != 0; m &= m - 1 {
		k := tagKind(bits.TrailingZeros64(m))
		if tt.names[k] != string(name) {
			continue
		}
		t.kind, t.cand, t.nameEnd, t.phase = k, bitOf(k), t.n, tpGlued
		t.buf[t.n] = c
		t.n++
		return true
	}
	return false
}

// repaired reports whether the complete tag is a damaged opener of a
// repair kind, noting the name the damage hides: after the tag's name
// without '=' (<function NAME>, <functionNAME>), or written twice
// (<parameter=parameter=P>); an opener cut at its '>' (cutName) is one.
// (The kind's test inlined where each tag ends, finishTag; a closer or
// another kind is never one.)
func (t *match) repaired() bool {
	return t.how != fixNone || !t.closing && t.repair>>t.kind&1 != 0 && t.repairedOpener() // (tkNone is no repair kind)
}

// repairedOpener is repaired for an opener of a repair kind.
func (t *match) repairedOpener() bool {
	if t.buf[t.n-1] != '>' {
		return false
	}
	at, end := t.nameEnd, t.n-1 // the bytes after the name, up to the '>'
	switch t.phase {
	case tpGlued:
		t.setFix(fixGlued, at, end)
	case tpAttrs:
		at, end = trimSpaces(t.buf[:], at, end)
		if isName(t.buf[at:end]) {
			t.setFix(fixNoEq, at, end)
		}
	case tpEq:
		// The usual opener, <function=NAME>: a value whose first byte is
		// neither white space nor the tag name's first is not doubled.
		if c := t.buf[at+1]; c != tt.names[t.kind][0] && !isSpace(c) {
			return false
		}
		at, end = trimSpaces(t.buf[:], at+1, end) // after the '='
		if d := t.doubled(at, end); d > at {
			t.setFix(fixDouble, d, end)
		}
	}
	return t.how != fixNone
}

// trimSpaces returns the bounds of b[at:end] without its leading and
// trailing white space.
func trimSpaces(b []byte, at, end int) (int, int) {
	for at < end && isSpace(b[at]) {
		at++
	}
	for end > at && isSpace(b[end-1]) {
		end--
	}
	return at, end
}

func (t *match) setFix(how uint8, at, end int) { t.how, t.fixAt, t.fixEnd = how, at, end }

// fix is the name a damaged opener carries.
func (t *match) fix() []byte { return t.buf[t.fixAt:t.fixEnd] }

// cutName reads an Eq opener whose '>' is missing, the next tag's '<'
// met (<parameter=P\nV<): the name is the bytes after the '=' up to
// white space, the tag ends after it, and the rest is content. It reports
// false when no name is there.
func (t *match) cutName() bool {
	at, e := t.nameEnd+1, t.nameEnd+1
	for e < t.n && !isSpace(t.buf[e]) {
		e++
	}
	if e == at {
		return false
	}
	t.setFix(fixCut, at, e)
	t.cutAt = e
	if d := t.doubled(at, e); d > at {
		t.setFix(fixCutDouble, d, e)
	}
	return true
}

// doubled returns where buf[at:end] goes on after a leading copy of the
// tag's own name and '=' (parameter=P for <parameter=…>), at when it has
// none.
func (t *match) doubled(at, end int) int {
	name := tt.names[t.kind]
	if v := t.buf[at:end]; len(v) > len(name)+1 && string(v[:len(name)]) == name && v[len(name)] == '=' {
		return at + len(name) + 1
	}
	return at
}

// isName reports whether v is one name: a name's first byte, then name
// bytes.
func isName(v []byte) bool {
	if len(v) == 0 || nameBytes[v[0]]&nameFirst == 0 {
		return false
	}
	for _, c := range v[1:] {
		if nameBytes[c]&nameNext == 0 {
			return false
		}
	}
	return true
}

// finishRepaired acts on a complete damaged opener: where the catalog
// confirms the name it carries, as the opener of that name, reported;
// otherwise as the tag reads without repairs (a tag only the repair made,
// glued or cut, is content).
func (p *Parser) finishRepaired() {
	m := &p.m
	how, off := m.how, m.off
	if !p.repairConfirmed() {
		m.how = fixNone
		if how == fixGlued || how == fixCut || how == fixCutDouble || !p.onTag() {
			p.unmatched()
			return
		}
		m.n, m.on = 0, false
		return
	}
	var rest []byte
	restOff := 0
	if how == fixCut || how == fixCutDouble {
		h := p.held()
		rest, restOff = h[m.cutAt:], off+m.cutAt
		m.n = m.cutAt
	}
	k, name := m.kind, string(m.fix())
	if !p.onTag() {
		m.how = fixNone
		m.n += len(rest)
		p.unmatched()
		return
	}
	m.n, m.on, m.how = 0, false, fixNone
	var what string
	switch how {
	case fixNoEq, fixGlued:
		what = "without '=' before the name"
	case fixCut:
		what = "without its '>'"
	case fixDouble:
		what = "with its name and '=' twice"
	case fixCutDouble:
		what = "with its name and '=' twice and without its '>'"
	}
	p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "<%s=%s> written %s, read as it", tagName(k), name, what)
	if rest != nil {
		p.content(rest, restOff)
	}
}

// repairConfirmed reports whether the catalog confirms the name of the
// damaged opener held where it would open something: a tool of the
// catalog for an Invoke met outside a call (inside one, such a tag may be
// a value's text: a shell command that prints it), a parameter of the
// call's tool for a Param, inside a value only one not given yet (one that
// would end the value, Tags.SchemaParams).
func (p *Parser) repairConfirmed() bool {
	m := &p.m
	if tt.role[m.kind]&rInvoke != 0 {
		if p.calls.inCall {
			return false
		}
		_, ok := p.cfg.tools.Lookup(string(m.fix()))
		return ok
	}
	c := &p.calls.cur
	if !p.calls.inCall || c.tool == nil || c.tool.ParamBytes(m.fix()) == nil {
		return false
	}
	r := p.params()
	if p.mode != mBody || p.rd.tag != tagBody(r) || r.state != psValue {
		return true
	}
	i := c.tool.ParamIndex(m.fix())
	return i >= 64 || c.givenSet&(1<<i) == 0
}
