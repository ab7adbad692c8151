package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/toolcall"
)

// This file holds a damaged wrapper line before a call (Tags.Damaged): a
// tag with the dialect's prefix that is none of its tags, at the start of
// a line outside code, holds that line and what follows it until the next
// line that is not blank decides. A call opener there (the dialect's
// Wrapper or Invoke) makes the held bytes markup, dropped with
// malformed_markup; words there, the end of the output or maxDamaged
// bytes make them text, emitted in order before anything after them. The
// held bytes are copied (they outlive the chunk) into a fixed buffer, so
// holding allocates nothing.

// maxDamaged bounds the bytes held as a damaged wrapper: a wrapper line
// and the blank lines after it.
const maxDamaged = 256

// damagedHold is the damaged markup held (tagState.dmg).
type damagedHold struct {
	on   bool
	line bool // inside a held line (else at the start of the next one)
	off  int  // offset of the first held byte
	n    int
	buf  [maxDamaged]byte
}

// damagedTag reports whether h, the bytes of a tag that failed in the text
// state, start a damaged wrapper: the dialect in use has a Damaged prefix,
// h starts with it, and the tag stands at the start of a line (after at
// most three spaces) outside a code fence or span.
func (p *Parser) damagedTag(h []byte) bool {
	x := p.formatTag()
	if x == nil || x.d.Tags.Damaged == "" || p.reason || len(h) < 2 || h[0] != '<' {
		return false
	}
	f := &p.tags.fence
	if f.rest || f.ticks != 0 || f.quoting() {
		return false
	}
	name := h[1:]
	if name[0] == '/' {
		name = name[1:]
	}
	return bytes.HasPrefix(name, []byte(x.d.Tags.Damaged))
}

// holdDamaged takes the bytes h (at off) of a tag that failed in the text
// state while a damaged wrapper is held or may start: it reports whether
// it held them. Inside a held line any bytes are held; at a line's start
// only another damaged tag is, anything else releases the held bytes.
func (p *Parser) holdDamaged(h []byte, off int) bool {
	d := &p.tags.dmg
	switch {
	case d.on && d.line:
	case p.damagedTag(h):
		if !d.on {
			d.on, d.off, d.n = true, off, 0
		}
		d.line = true
	default:
		p.releaseDamaged()
		return false
	}
	if !p.keepDamaged(h) {
		p.releaseDamaged()
		p.emitText(p.own(h), off)
	}
	return true
}

// keepDamaged appends b to the held bytes and reports whether it fit.
func (p *Parser) keepDamaged(b []byte) bool {
	d := &p.tags.dmg
	if d.n+len(b) > maxDamaged {
		return false
	}
	d.n += copy(d.buf[d.n:], b)
	return true
}

// holdText takes text b (at off) while a damaged wrapper is held: the rest
// of a held line and blank lines are held; the first other byte at a
// line's start (words: no call follows) releases the held bytes as text.
// It returns the part of b to emit as text after them, empty when all of
// b is held.
func (p *Parser) holdText(b []byte, off int) ([]byte, int) {
	d := &p.tags.dmg
	i := 0
	for i < len(b) {
		if d.line {
			j := bytes.IndexByte(b[i:], '\n')
			if j < 0 {
				i = len(b)
				break
			}
			i += j + 1
			d.line = false
			continue
		}
		if !isSpace(b[i]) {
			break
		}
		i++
	}
	if i == len(b) && p.keepDamaged(b) {
		return nil, off
	}
	if !p.keepDamaged(b[:i]) {
		i = 0
	}
	p.releaseDamaged()
	return b[i:], off + i
}

// releaseDamaged emits the held bytes as text: no call followed them.
func (p *Parser) releaseDamaged() {
	d := &p.tags.dmg
	if !d.on {
		return
	}
	d.on, d.line = false, false
	if d.n > 0 {
		p.push(toolcall.KindText, d.off, -1).Data = p.own(d.buf[:d.n])
	}
	d.n = 0
}

// endDamaged decides the held bytes when tag k completes in the text
// state: the dialect's wrapper or invoke opener makes them markup,
// dropped with malformed_markup; any other tag the state acts on makes
// them text. A generic tag that names no tool is left to holdDamaged.
func (p *Parser) endDamaged(k tagKind, closing bool, role uint16) {
	d := &p.tags.dmg
	switch {
	case k == tkGeneric && p.lookupTag(p.m.name()).tool == nil:
	case !closing && role&(rWrapper|rInvoke) != 0:
		p.errorf(d.off, toolcall.CodeMalformedMarkup, -1, "damaged call markup %q before the call, dropped", bytes.TrimSpace(d.buf[:d.n]))
		d.on, d.line, d.n = false, false, 0
	default:
		p.releaseDamaged()
	}
}
