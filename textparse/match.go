package textparse

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// This file is the engine's one matcher: it holds the bytes from a byte
// that may start markup up to where they are known to be (or not to be)
// markup of the dialects in use. Markup has one of two shapes, both read
// from the registry's data:
//
//   - a marker: a literal byte string of a marker set ("[TOOL_CALLS]",
//     "<|tool_call_begin|>", ">>>"), complete at its last byte;
//   - a tag: a marker with a shape, '<', an optional '/', a name of the
//     tag vocabulary (tagtable.go) or any name where the state reads
//     generic tags, then attributes up to '>' (tags.go).
//
// Both narrow a set of literal candidates (a bit each) by the bytes read
// (narrow), and compare a candidate's remaining bytes at once where the
// chunk holds them; a match that fails gives its held bytes back to the
// engine as content (Parser.unmatched). At most maxTag bytes are held.

// match is the markup being matched.
type match struct {
	on  bool // a match is in progress
	tag bool // the shape: a tag; otherwise a marker of set
	buf [maxTag]byte
	n   int // bytes held in buf
	off int // input offset of the first byte
	// cand: the candidates still possible, a bit per literal: markers of
	// set.list, or tag kinds (names in tt.names).
	cand uint64
	set  *actionSet // marker shape: the set matched against
	// ahead: how the candidates of the marker begun narrow at once
	// (markerSet.ahead; nil: they do not).
	ahead *markerAhead

	// The tag shape.
	phase   uint8
	closing bool
	nameEnd int // index in buf after the name, once known
	kind    tagKind
	bad     bool // malformed but recovered closer ("</x/>", "</x" cut short)
	self    bool // "<x/>"
	tset    tagSet
	// mangled: digits after a complete closing name (</parameter1>): the
	// closer is read as that name's, marked bad.
	mangled int
	// repair: the tag kinds whose damaged openers are read, in every
	// state (Dialect.RepairTags); how: the damage of a damaged opener (tagrepair.go), 0 for none;
	// buf[fixAt:fixEnd] the name it carries; cutAt, for an opener whose
	// '>' is missing, where the tag ends (what follows up to the '<' is
	// content). Read only when how is set.
	repair        uint64
	how           uint8
	fixAt, fixEnd int
	cutAt         int
}

// narrow drops from cand (bits that index lits) the literals whose byte at
// pos is not c: the one narrowing step of both shapes (a tag name may go
// on past its end with a :SUFFIX, prefixOK).
func narrow(lits []string, cand uint64, pos int, c byte) uint64 {
	for m := cand; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		if x := lits[k]; pos >= len(x) || x[pos] != c {
			cand &^= 1 << k
		}
	}
	return cand
}

// Marker results.
const (
	mmMore     = iota // byte consumed, still a prefix of a marker
	mmComplete        // byte consumed, marker complete (its index returned)
	mmFail            // not a marker: held bytes are text, byte not consumed
)

// beginMarker starts matching a marker of set at the byte c at offset off
// (fed next); it reports false when no marker starts with c.
func (m *match) beginMarker(set *actionSet, c byte, off int) bool {
	if set == nil || !set.first[c] {
		return false
	}
	m.on, m.tag, m.set, m.n, m.off, m.cand = true, false, set, 0, off, 0
	for j, f := range set.firsts {
		if f == c {
			m.cand, m.ahead = set.firstCand[j], set.ahead[j]
			break
		}
	}
	return true
}

// stepMarker feeds byte c; on mmComplete it also returns the marker's
// index.
func (m *match) stepMarker(c byte) (int, int) {
	m.cand = narrow(m.set.list, m.cand, m.n, c)
	if m.cand == 0 {
		return mmFail, -1
	}
	m.buf[m.n] = c
	m.n++
	for k := m.cand; k != 0; k &= k - 1 {
		i := bits.TrailingZeros64(k)
		if len(m.set.list[i]) == m.n {
			return mmComplete, i
		}
	}
	return mmMore, -1
}

// feedMarker matches as many bytes of b as the marker needs; it returns
// the bytes consumed, the result of the last step and the marker index on
// mmComplete. On mmMore all of b was consumed.
func (m *match) feedMarker(b []byte) (n, res, id int) {
	// Fast path: a candidate's whole remaining marker is in b. Byte by
	// byte, the match completes at the shortest candidate that matches
	// to its end (it stays a candidate up to there), so comparing each
	// candidate's rest at once gives the same answer with one memequal
	// per candidate instead of a pass over the candidates per byte.
	best := -1
	if a := m.ahead; a != nil && m.n == 0 && len(b) > a.far {
		// The bytes where the candidates differ narrow them at once (a
		// candidate they drop would fail there byte by byte, no later
		// than the ones kept: before at1 it agrees with them); where
		// none is left, the bytes are read as before.
		c0 := b[a.at0]
		if c := m.cand & a.cand0[c0] & a.cand1[b[a.at1[c0]]]; c != 0 {
			m.cand = c
		}
	}
	set := m.set
	for k := m.cand; k != 0; k &= k - 1 {
		i := bits.TrailingZeros64(k) & 63
		n := int(set.lens[i]) - m.n
		if n > len(b) || n >= 8 && binary.LittleEndian.Uint64(b[n-8:]) != set.tail[i] {
			continue
		}
		if string(b[:n]) == set.list[i][m.n:] && (best < 0 || n < int(set.lens[best])-m.n) {
			best = i
		}
	}
	if best >= 0 {
		rest := m.set.list[best][m.n:]
		m.n += copy(m.buf[m.n:], rest)
		m.cand = 1 << best
		return len(rest), mmComplete, best
	}
	// No candidate is in b whole. When each one's rest fits in b, byte by
	// byte would fail where the last candidate drops out: after the
	// longest prefix b shares with one of them.
	fail := 0
	for k := m.cand; k != 0; k &= k - 1 {
		rest := m.set.list[bits.TrailingZeros64(k)][m.n:]
		if len(rest) > len(b) {
			fail = -1
			break
		}
		j := 0
		for j < len(rest) && rest[j] == b[j] {
			j++
		}
		fail = max(fail, j)
	}
	if fail >= 0 {
		m.n += copy(m.buf[m.n:], b[:fail])
		m.cand = 0
		return fail, mmFail, -1
	}
	for n < len(b) {
		res, id = m.stepMarker(b[n])
		if res == mmFail {
			return n, res, -1
		}
		n++
		if res == mmComplete {
			return n, res, id
		}
	}
	return n, mmMore, -1
}

// beginTag starts reading a tag at its '<' (offset off) with the tags
// the state acts on, m.tset (Parser.tagSet).
func (m *match) beginTag(off int) {
	m.buf[0] = '<'
	m.on, m.tag, m.set = true, true, nil
	m.n, m.off, m.phase, m.closing, m.nameEnd, m.kind, m.bad, m.self = 1, off, tpName, false, 0, tkNone, false, false
	m.mangled, m.how = 0, 0
	m.cand = m.tset.open
}

// held returns the bytes held, aliasing the chunk where they all are in
// it, else copied to scratch.
func (p *Parser) held() []byte {
	if j := p.m.off - p.off; j >= 0 && p.chunk != nil && j+p.m.n <= len(p.chunk) {
		return p.chunk[j : j+p.m.n]
	}
	return p.own(p.m.buf[:p.m.n])
}

// matchStep feeds bytes to the markup being matched: it acts on the
// markup once complete (onMarker, onTag), or gives its bytes back when it
// fails (unmatched).
func (p *Parser) matchStep(b []byte, i int) int {
	m := &p.m
	if !m.tag {
		n, res, id := m.feedMarker(b[i:])
		switch res {
		case mmMore:
			return i + n
		case mmComplete:
			m.on = false
			p.onMarker(m.set.acts[id], m.off, m.off+m.n)
			return i + n
		}
		p.unmatched()
		return i + n
	}
	if m.n == 1 && i < len(b) {
		// A generic name first where the state reads them (fastGeneric
		// declines at once when a known name may start here, and fastName
		// finds nothing where none may).
		k := 0
		if m.tset.genericOpen || m.tset.genericClose {
			k = m.fastGeneric(b[i:])
		}
		if k == 0 {
			k = m.fastName(b[i:])
		}
		i += k
		if k > 0 && i < len(b) && b[i] == '>' {
			// A whole name and its '>': the tag is complete and its kind
			// known (what stepTag and resolve would find, without their
			// byte-by-byte checks; no candidate name goes on past the
			// whole name fastName or fastGeneric read).
			m.nameEnd = m.n
			m.buf[m.n] = '>'
			m.n++
			p.finishTag()
			return i + 1
		}
		if k > 0 && i < len(b) { // attributes or =NAME follow (as stepTag would read them)
			switch c := b[i]; {
			case isSpace(c):
				m.nameEnd, m.phase = m.n, tpAttrs
			case c == '=' && !m.closing && m.kind != tkGeneric && tt.role[m.kind]&rEq != 0:
				m.nameEnd, m.phase = m.n, tpEq
			}
			if m.phase != tpName {
				m.buf[m.n] = b[i]
				m.n++
				i++
			}
		}
	}
	for i < len(b) {
		if (m.phase == tpAttrs || m.phase == tpEq) && !m.closing {
			// Attribute bytes: copy the run up to '>' or '<' at once
			// (two IndexByte searches, not a test per byte).
			j := min(len(b), i+maxTag-m.n)
			if k := bytes.IndexByte(b[i:j], '>'); k >= 0 {
				j = i + k
			}
			if k := bytes.IndexByte(b[i:j], '<'); k >= 0 {
				j = i + k
			}
			m.n += copy(m.buf[m.n:], b[i:j])
			i = j
			if i == len(b) {
				return i
			}
		}
		switch m.stepTag(b[i]) {
		case tagMore:
			i++
		case tagComplete:
			p.finishTag()
			return i + 1
		case tagCut:
			p.finishTag()
			return i
		case tagFail:
			p.unmatched()
			return i
		}
	}
	return i
}

// finishTag acts on a complete tag, or gives its bytes back when the state
// does not want it after all.
func (p *Parser) finishTag() {
	if p.m.repair != 0 && p.m.repaired() {
		p.finishRepaired()
		return
	}
	if !p.onTag() {
		p.unmatched()
		return
	}
	p.m.n, p.m.on = 0, false
}

// afterCall reads h, bytes at input offset off that a call's reader held
// (its own copy) when the call ended or was abandoned: an abandoned call's
// skip (mSkip, mSkipJSON) reads them first, as it reads a chunk, and what
// follows is the text's, markers in it acted on (refeed).
func (p *Parser) afterCall(h []byte, off int) {
	for len(h) > 0 && (p.mode == mSkip || p.mode == mSkipJSON) {
		var n int
		if p.mode == mSkip {
			n = p.skipStep(h, 0)
		} else {
			n = p.skipJSONStep(h, 0)
		}
		h, off = h[n:], off+n
	}
	if len(h) > 0 {
		p.refeed(p.textMarkers(), h, off, false)
	}
}

// unmatched gives the held bytes of a failed match back to the current
// state: they are content (text in the text state), except where a later
// byte starts a marker of the text's set again (refeed). A failed tag's
// '<' may itself start a marker.
func (p *Parser) unmatched() {
	m := &p.m
	h, off := p.held(), m.off
	m.on = false
	if !m.tag {
		p.refeed(m.set, h, off, true)
		return
	}
	m.n = 0
	if p.mode == mText && p.holdDamaged(h, off) {
		return
	}
	if p.mode == mText {
		if s := p.textMarkers(); s != nil && s.first['<'] {
			p.refeed(s, h, off, false)
			return
		}
		p.textRun(h, off, true) // a name may end inside a character
		return
	}
	p.content(h, off)
}

// refeed handles bytes h (at offset off) that were held as possible
// markup and turned out not to be (failed: h[0] starts no marker of
// set): they are content of the current state, except where a later byte
// starts a marker of set again. A marker never contains another, so a
// match found here can only still be open at the end of h.
func (p *Parser) refeed(set *actionSet, h []byte, off int, failed bool) {
	for len(h) > 0 {
		if !failed && p.m.beginMarker(set, h[0], off) {
			n, res, id := p.m.feedMarker(h)
			switch res {
			case mmMore:
				return
			case mmComplete:
				p.m.on = false
				p.onMarker(set.acts[id], off, off+n)
				if n < len(h) {
					p.content(h[n:], off+n)
				}
				return
			}
			p.m.on = false
		}
		failed = false
		k := 1
		for k < len(h) && !set.first[h[k]] {
			k++
		}
		if p.mode == mText {
			p.textRun(h[:k], off, k == len(h))
		} else {
			p.content(h[:k], off)
		}
		h, off = h[k:], off+k
	}
}
