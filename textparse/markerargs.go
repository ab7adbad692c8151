package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/wordscan"
	"github.com/tooleval/tooleval/toolcall"
)

// This file reads calls whose arguments are key/value pairs between
// markers (ReadMarkerArgs): after the block's Open, the tool's name up to
// Body.NameEnd, then the arguments, each Body.ArgOpen KEY Body.ArgValue
// VALUE Body.ArgEnd, up to Body.CallClose (the block has no Close of its
// own: every byte after its Open is the reader's):
//
//	OPEN get_weather NAME_END
//	ARG_OPEN city ARG_VALUE Paris ARG_END
//	ARG_OPEN days ARG_VALUE 3 ARG_END
//	CLOSE
//
// The markers are special tokens, so one ends what it interrupts, and no
// call swallows the next: a value whose ArgEnd is missing ends at the
// next ArgOpen or at the call's end; a key cut by another marker before
// its ArgValue is dropped; a call whose Close is missing ends at the next
// Open, which starts the next call (each reported, malformed_markup). A
// name cut by a marker before its NameEnd names no call (malformed_markup;
// an ArgOpen right after the name ends it too). Bytes between the
// arguments are stray markup. A value is the parameter's string, streamed
// as it comes, unless the catalog's schema types the parameter otherwise:
// then it is held to its end and coerced (a value that does not convert
// stays its text). A key given twice keeps its first value (a stream has
// sent it); the second is reported and dropped.
//
// At the end of the output, a call whose values are all closed is a call
// with missing_closer (its Close stripped as a stop string); one cut
// inside a name, a key or a value is an incomplete_call.
//
// Without an ArgEnd (a dialect whose value closers decode to nothing), a
// value ends at the next ArgOpen or at the call's Close, and the white
// space around it is the template's (dropped); at the end of the output
// a value whose line ended is whole. One marker may be a prefix of
// another (an Open <!\u200b[ of every <!\u200b[WORD\u200b] token): the
// longest one the bytes spell is read.

// ReadMarkerArgs reads a call of marker-delimited key/value arguments.
const ReadMarkerArgs Reader = 1 << 8

func init() {
	registerReader(ReadMarkerArgs, "marker_args", func() bodyReader { return &maReader{} })
}

// The markers the reader matches, by index.
const (
	maOpen     = iota // the block's Open: the next call
	maClose           // Body.CallClose: the call's end
	maArgOpen         // Body.ArgOpen
	maArgValue        // Body.ArgValue
	maArgEnd          // Body.ArgEnd
	maNameEnd         // Body.NameEnd
	maMarkers
)

// States of the reader; each reads the markers of its mask in maActive.
const (
	maName  = iota // the tool's name
	maCall         // between arguments
	maKey          // an argument's key
	maValue        // an argument's value
	maStates
)

// maActive are the markers each state reads: any other bytes are the
// state's content.
var maActive = [maStates]uint64{
	maName:  1<<maNameEnd | 1<<maArgOpen | 1<<maOpen | 1<<maClose,
	maCall:  1<<maArgOpen | 1<<maOpen | 1<<maClose,
	maKey:   1<<maArgValue | 1<<maArgOpen | 1<<maOpen | 1<<maClose,
	maValue: 1<<maArgEnd | 1<<maArgOpen | 1<<maOpen | 1<<maClose,
}

// Caps on a call's name and an argument's key.
const (
	maMaxName = 256
	maMaxKey  = 1024
)

// maReader reads a call of marker arguments; it is the state of one.
type maReader struct {
	// undecided: the value being read waits for its call's
	// discriminator (catalog.Undecided), its key heldKey.
	undecided bool
	heldKey   []byte
	// blk: the block the marker tables were made for.
	blk   *Block
	marks [maMarkers]string
	// first: per state, the bytes that may start one of its markers; one:
	// the only such byte, or -1; nested: one of its markers is a prefix
	// of another.
	first  [maStates][256]bool
	one    [maStates]int
	nested [maStates]bool
	state  uint8
	// held: a prefix of a marker (cand: the markers it may still be),
	// from heldOff.
	held    []byte
	heldOff int
	cand    uint64
	// full: the longest marker the held bytes complete while a longer
	// one (of which the shorter is a prefix) may still follow, or -1.
	full int
	// buf: the name, a key, or a value held to its end, from bufOff.
	buf    []byte
	bufOff int
	// The value being read: streamed as a JSON string (str), or held and
	// coerced by param at its end; skip: its key was given before.
	str   bool
	skip  bool
	param *toolcall.Param
	// trim: the block has no ArgEnd, so a value ends at the next marker
	// and the white space around it is markup (the template's newlines):
	// ws holds white space after a string value's last other byte, from
	// wsOff, until more of the value comes; begun: the value's first
	// other byte came.
	trim  bool
	ws    []byte
	wsOff int
	begun bool
}

// starts: a call's name follows the block's Open (a name cut short names
// no call, which the reader reports).
func (x *maReader) starts(c byte, anchored bool) bool { return !anchored }

// setup makes the marker tables of block bl.
func (x *maReader) setup(bl *Block) {
	x.blk, x.trim = bl, bl.Body.ArgEnd == ""
	x.marks = [maMarkers]string{bl.Open, bl.Body.CallClose, bl.Body.ArgOpen, bl.Body.ArgValue, bl.Body.ArgEnd, bl.Body.NameEnd}
	for s := range x.first {
		x.first[s] = [256]bool{}
		x.one[s] = -1
		n := 0
		for k, m := range x.marks {
			if maActive[s]&(1<<k) == 0 || m == "" || x.first[s][m[0]] {
				continue
			}
			x.first[s][m[0]] = true
			x.one[s] = int(m[0])
			n++
		}
		if n > 1 {
			x.one[s] = -1
		}
		x.nested[s] = false
		for k, m := range x.marks {
			for l, o := range x.marks {
				if k != l && maActive[s]&(1<<k|1<<l) == 1<<k|1<<l && m != "" && len(o) > len(m) && o[:len(m)] == m {
					x.nested[s] = true
				}
			}
		}
	}
}

// begin starts a call at b[i], the first byte after the block's Open and
// the white space after it.
func (x *maReader) begin(p *Parser, b []byte, i int) int {
	if x.blk != p.mk.blk {
		x.setup(p.mk.blk)
	}
	x.startCall(p, p.mk.callStart)
	return i
}

// startCall opens a call whose Open is at off; its name follows.
func (x *maReader) startCall(p *Parser, off int) {
	p.beginCall(ckBlock, off, x.marks[maClose], mText)
	p.mode = mBody
	x.state, x.held, x.buf, x.full = maName, x.held[:0], x.buf[:0], -1
}

// read consumes bytes of the call.
func (x *maReader) read(p *Parser, b []byte, i int) int { return x.scan(p, b, i, p.off) }

// readAt reads bytes b at input offset off that were held (their own
// copy): what follows the call's end or its abandoning is afterCall's.
func (x *maReader) readAt(p *Parser, b []byte, off int) {
	if i := x.scan(p, b, 0, off); i < len(b) {
		p.afterCall(b[i:], off+i)
	}
}

// scan reads the call's bytes b[i:], b[0] at input offset base.
func (x *maReader) scan(p *Parser, b []byte, i, base int) int {
	for i < len(b) && p.mode == mBody {
		if len(x.held) > 0 {
			i = x.heldStep(p, b, i)
			continue
		}
		j := len(b)
		if c := x.one[x.state]; c >= 0 {
			if k := bytes.IndexByte(b[i:], byte(c)); k >= 0 {
				j = i + k
			}
		} else {
			f := &x.first[x.state]
			for j = i; j < len(b) && !f[b[j]]; j++ {
			}
		}
		if j > i {
			x.content(p, b[i:j], base+i)
			i = j
			continue
		}
		// b[i] may start a marker: the longest one the bytes complete is
		// read (one marker may be a prefix of another: <!\u200b[ and
		// <!\u200b[arg_key\u200b]), unless a longer one may still follow
		// past the chunk's end.
		act := maActive[x.state]
		if !x.nested[x.state] { // no marker holds another: the first whole one
			done := false
			for k, m := range x.marks {
				if act&(1<<k) != 0 && m != "" && len(b)-i >= len(m) && string(b[i:i+len(m)]) == m {
					x.marker(p, k, base+i)
					i += len(m)
					done = true
					break
				}
			}
			if done {
				continue
			}
		}
		best, longer := -1, false
		for k, m := range x.marks {
			if act&(1<<k) == 0 || m == "" {
				continue
			}
			n := min(len(m), len(b)-i)
			switch {
			case string(b[i:i+n]) != m[:n]:
			case n == len(m):
				if best < 0 || len(m) > len(x.marks[best]) {
					best = k
				}
			default:
				longer = true
			}
		}
		if best >= 0 && !longer {
			x.marker(p, best, base+i)
			i += len(x.marks[best])
			continue
		}
		x.cand, x.full = 0, -1
		for k, m := range x.marks {
			if act&(1<<k) != 0 && m != "" && m[0] == b[i] {
				x.cand |= 1 << k
				if len(m) == 1 {
					x.full = k
				}
			}
		}
		x.held, x.heldOff = append(x.held[:0], b[i]), base+i
		i++
	}
	return i
}

// heldStep matches the bytes after a held marker prefix.
func (x *maReader) heldStep(p *Parser, b []byte, i int) int {
	for ; i < len(b); i++ {
		c := b[i]
		cand := narrow(x.marks[:], x.cand, len(x.held), c)
		if cand == 0 {
			if x.full >= 0 {
				x.heldFull(p)
			} else {
				x.unheld(p)
			}
			return i // b[i] is read again
		}
		x.cand = cand
		x.held = append(x.held, c)
		longer := false
		for k, m := range x.marks {
			if cand&(1<<k) == 0 {
				continue
			}
			if len(m) == len(x.held) {
				x.full = k
			} else {
				longer = true
			}
		}
		if x.full >= 0 && !longer {
			k := x.full
			x.held, x.full = x.held[:0], -1
			x.marker(p, k, x.heldOff)
			return i + 1
		}
	}
	return i
}

// heldFull acts on the marker the held bytes completed (x.full) when the
// longer one they began is not there, and reads the bytes held after it
// again.
func (x *maReader) heldFull(p *Parser) {
	k, off := x.full, x.heldOff
	rest := p.own(x.held[len(x.marks[k]):])
	x.held, x.full = x.held[:0], -1
	x.marker(p, k, off)
	off += len(x.marks[k])
	if len(rest) == 0 {
		return
	}
	if p.mode != mBody { // the call ended or was abandoned
		p.afterCall(rest, off)
		return
	}
	x.readAt(p, rest, off)
}

// unheld gives held bytes that are no marker back as content, up to the
// first later byte that starts a marker prefix, which stays held.
func (x *maReader) unheld(p *Parser) {
	h, off := x.held, x.heldOff
	act := maActive[x.state]
	for k := 1; k < len(h); k++ {
		var cand uint64
		full := -1
		for n, m := range x.marks {
			if act&(1<<n) != 0 && len(m) >= len(h)-k && m[:len(h)-k] == string(h[k:]) {
				cand |= 1 << n
				if len(m) == len(h)-k {
					full = n
				}
			}
		}
		if cand != 0 {
			x.content(p, p.own(h[:k]), off)
			x.held, x.heldOff, x.cand, x.full = append(x.held[:0], h[k:]...), off+k, cand, full
			if full >= 0 && cand == 1<<full { // a whole marker, no longer one possible
				x.held, x.full = x.held[:0], -1
				x.marker(p, full, off+k)
			}
			return
		}
	}
	x.held = x.held[:0]
	x.content(p, p.own(h), off)
}

// content takes bytes at off that are no marker.
func (x *maReader) content(p *Parser, b []byte, off int) {
	switch x.state {
	case maName:
		if len(x.buf) == 0 {
			k := 0
			for k < len(b) && isSpace(b[k]) {
				k++
			}
			b, off = b[k:], off+k
			if len(b) == 0 {
				return
			}
			x.bufOff = off
		}
		if len(x.buf)+len(b) > maMaxName {
			p.abandon(x.bufOff, toolcall.CodeInvalidToolName, "tool name longer than %d bytes", maMaxName)
			return
		}
		x.buf = append(x.buf, b...)
	case maCall:
		p.stray(b, off)
	case maKey:
		if len(x.buf)+len(b) > maMaxKey {
			p.abandon(x.bufOff, toolcall.CodeMalformedMarkup, "argument key longer than %d bytes", maMaxKey)
			return
		}
		x.buf = append(x.buf, b...)
	case maValue:
		if x.skip {
			return
		}
		if x.trim { // no ArgEnd: the white space around the value is markup
			if len(x.buf) == 0 && len(x.ws) == 0 && !x.begun {
				k := 0
				for k < len(b) && isSpace(b[k]) {
					k++
				}
				if b, off = b[k:], off+k; len(b) == 0 {
					return
				}
			}
			x.begun = true
			if x.str {
				e := len(b)
				for e > 0 && isSpace(b[e-1]) {
					e--
				}
				if e == 0 { // white space only: held until the value goes on
					if len(x.ws) == 0 {
						x.wsOff = off
					}
					x.ws = append(x.ws, b...)
					return
				}
				if len(x.ws) > 0 {
					x.emitStr(p, p.own(x.ws), x.wsOff)
					x.ws = x.ws[:0]
				}
				x.emitStr(p, b[:e], off)
				if e < len(b) {
					x.ws, x.wsOff = append(x.ws, b[e:]...), off+e
				}
				return
			}
		}
		if !x.str {
			x.buf = append(x.buf, b...)
			return
		}
		x.emitStr(p, b, off)
	}
}

// emitStr streams bytes b at off of a string value, escaped for JSON.
func (x *maReader) emitStr(p *Parser, b []byte, off int) {
	if wordscan.JSONString(b) == len(b) { // nothing to escape: the bytes as they are
		p.emitArgsIn(b, off, off+len(b))
		return
	}
	s := len(p.scratch)
	p.scratch = catalog.AppendJSONChars(p.scratch, b)
	p.emitArgsIn(p.scratch[s:len(p.scratch):len(p.scratch)], off, off+len(b))
}

// marker acts on marker k, complete, at off.
func (x *maReader) marker(p *Parser, k int, off int) {
	switch x.state {
	case maName:
		if k != maNameEnd && k != maArgOpen { // Open or Close before the name's end: no call
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "the call's name %q is not ended by %q before %q", trimSpace(x.buf), x.marks[maNameEnd], x.marks[k])
			p.calls.cur.discard = true
			p.endCall(off)
			if k == maOpen {
				x.startCall(p, off)
			} else {
				p.resumeReasoning()
			}
			return
		}
		x.named(p)
		x.state = maCall
		if k == maNameEnd {
			return
		}
	case maKey:
		if k == maArgValue {
			x.beginValue(p, off)
			return
		}
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "argument key %q has no %q before %q: dropped", trimSpace(x.buf), x.marks[maArgValue], x.marks[k])
		x.state = maCall
	case maValue:
		if k != maArgEnd && !x.trim {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "argument value not ended by %q before %q", x.marks[maArgEnd], x.marks[k])
		}
		if !x.endValue(p, off) || k == maArgEnd {
			return
		}
	}
	// Between arguments.
	switch k {
	case maArgOpen:
		x.state, x.buf, x.bufOff = maKey, x.buf[:0], off+len(x.marks[maArgOpen])
	case maClose:
		p.sectionEndCall(off)
		p.resumeReasoning() // a call written inside a Span.Resume span goes back to it
	case maOpen:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "call not ended by %q before the next %q", x.marks[maClose], x.marks[maOpen])
		p.sectionEndCall(off)
		x.startCall(p, off)
	}
}

// named starts the call with the name read.
func (x *maReader) named(p *Parser) {
	name := trimSpace(x.buf)
	if len(name) == 0 {
		p.errorf(p.calls.cur.start, toolcall.CodeInvalidToolName, -1, "call has no tool name")
		p.calls.cur.discard = true
		return
	}
	p.setName(p.calls.names.Intern(name), x.bufOff)
}

// beginValue opens the value of the key read, at its ArgValue at off.
func (x *maReader) beginValue(p *Parser, off int) {
	c := &p.calls.cur
	key := trimSpace(x.buf)
	x.state, x.buf, x.param, x.undecided = maValue, x.buf[:0], nil, false
	if x.skip = p.argRepeated(key, x.bufOff, nil); x.skip {
		return // the value is read, and dropped
	}
	if c.tool != nil {
		x.param = catalog.ParamIn(c.tool, key, c.args)
	}
	x.str = catalog.KeepsString(x.param)
	x.ws, x.begun = x.ws[:0], false
	if c.tool != nil && catalog.Undecided(c.tool, key, c.args) {
		x.undecided, x.str = true, false
		x.heldKey = append(x.heldKey[:0], key...)
		return
	}
	s := p.appendArgKey(key, x.str)
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
}

// endValue closes the value at off; it reports false when the value
// nests past the depth cap (the call is then abandoned).
func (x *maReader) endValue(p *Parser, off int) bool {
	x.state = maCall
	switch {
	case x.skip:
	case x.str:
		p.emitArgs(litQuote, off)
	case x.trim && len(trimSpace(x.buf)) < len(x.buf):
		x.buf = append(x.buf[:0], trimSpace(x.buf)...)
		return x.endValue(p, off)
	case catalog.DeeperThan(x.buf, p.cfg.maxDepth):
		p.abandon(off, toolcall.CodeTooDeep, "argument nests deeper than %d", p.cfg.maxDepth)
		return false
	case x.undecided:
		x.undecided = false
		p.holdArg(x.heldKey, x.buf)
		return true
	default:
		s := len(p.scratch)
		p.scratch = catalog.AppendCoerced(p.scratch, x.param, x.buf)
		p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	}
	if !x.skip {
		p.argWritten(off)
	}
	return true
}

// end is told the stream ended inside the call: a call whose values are
// all closed (the output may end inside its Close) is a call, with
// missing_closer; a marker prefix held elsewhere is content.
func (x *maReader) end(p *Parser) {
	if x.trim && x.state == maValue && x.cand&(1<<maClose) != 0 && x.endedLine() {
		x.held = x.held[:0] // the call's Close cut short, after the value's line
	}
	if len(x.held) > 0 && (x.state != maCall || x.cand&(1<<maClose) == 0) {
		h := x.held
		x.held = x.held[:0]
		x.content(p, p.own(h), x.heldOff)
	}
	x.held = x.held[:0]
	if x.trim && x.state == maValue && x.endedLine() {
		// Without an ArgEnd, a value whose line ended (the template's
		// newline before the next marker) is whole: only the call's
		// Close is missing.
		x.endValue(p, p.off)
	}
	p.sectionEnd(x.state == maCall && !p.calls.cur.discard, false)
}

// endedLine reports whether the value being read ends with a newline.
func (x *maReader) endedLine() bool {
	if x.str {
		return bytes.IndexByte(x.ws, '\n') >= 0
	}
	return len(x.buf) > 0 && bytes.IndexByte(x.buf[len(bytes.TrimRight(x.buf, " \t\r\n")):], '\n') >= 0
}
