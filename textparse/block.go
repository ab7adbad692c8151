package textparse

import (
	"bytes"
	"sync"

	"github.com/tooleval/tooleval/toolcall"
)

// This file is the engine of the marker dialects (dialect.go): text
// scanning for several markers at once, a marker prefix held at a chunk
// edge, and the states of a call block (between calls, a name, the JSON
// arguments).

var (
	compiledMu    sync.Mutex
	compiledCache = map[Format]*compiled{}
)

// compiledFor returns the marker sets of format f (every marker dialect
// for auto), nil when f is not a marker dialect.
func compiledFor(f Format) *compiled {
	compiledMu.Lock()
	defer compiledMu.Unlock()
	if c, ok := compiledCache[f]; ok {
		return c
	}
	var ds []*Dialect
	if f == FormatAuto {
		for _, g := range markerFormats() {
			ds = append(ds, dialects[g])
		}
	} else if d := markerDialect(f); d != nil {
		ds = []*Dialect{d}
	}
	var c *compiled
	if len(ds) > 0 {
		c = compile(ds)
	}
	compiledCache[f] = c
	return c
}

// textMarkers returns the markers acted on in text now, nil for none.
func (p *Parser) textMarkers() *actionSet {
	if p.rset != nil {
		return p.rset
	}
	if p.comp == nil {
		return nil
	}
	return &p.comp.text // inside <think>, only its blocks' Open act (onMarker)
}

// tagsOn reports whether '<' may start a tag the text state acts on.
func (p *Parser) tagsOn() bool {
	s := p.tagSet()
	return s.open|s.close != 0 || s.genericOpen
}

// textScan is the text state when markers are in play: text up to the next
// byte that may start a marker or a tag is released at once.
func (p *Parser) textScan(b []byte, i int, set *actionSet) int {
	if p.u8n > 0 { // a character cut by a failed marker prefix
		i += p.finishRune(b[i:])
	}
	if p.fresh && len(p.comp.anchored) > 0 && !p.reason {
		j, ok := p.anchor(b, i)
		if ok {
			return j
		}
		i = j
	}
	// tags: whether '<' may start a tag here; worked out once, and only
	// when it matters (the tag set is not cheap to build).
	tags, tagsKnown := false, false
	tagsHere := func() bool {
		if !tagsKnown {
			tags, tagsKnown = p.rset == nil && p.tagsOn(), true
		}
		return tags
	}
	searchLT := !set.first['<'] && tagsHere()
	start := i
	for {
		j := p.indexNext(b, i, set, searchLT)
		if j < 0 {
			p.textRun(b[start:], p.off+start, len(b) == len(p.chunk))
			return len(b)
		}
		i = j
		c := b[i]
		if i+1 < len(b) && (set.second[c] == nil || !set.second[c][b[i+1]]) {
			// The next byte rules out every marker starting with c.
			if c != '<' || !(b[i+1] == '/' || isNameByte(b[i+1], true)) || !tagsHere() {
				if set.second[c] != nil || c == '<' {
					i++
					continue
				}
			}
		}
		if c == '<' && (i+1 == len(b) || b[i+1] == '/' || isNameByte(b[i+1], true)) && tagsHere() {
			if i > start {
				p.emitText(b[start:i], p.off+start)
			}
			p.startTag(p.off + i)
			return i + 1
		}
		if set.first[c] {
			if i > start {
				p.emitText(b[start:i], p.off+start)
			}
			p.beginMarker(set, c, p.off+i)
			return i
		}
		i++
	}
}

// indexNext returns the index of the first byte at or after i that may
// start a marker of set (or a tag), -1 if none. Each candidate byte is
// searched with bytes.IndexByte and its position cached for the chunk, so
// a chunk is searched once per candidate byte.
func (p *Parser) indexNext(b []byte, i int, set *actionSet, tags bool) int {
	best := -1
	try := func(c byte) {
		j := p.cachedIndex(b, i, c)
		if j >= 0 && (best < 0 || j < best) {
			best = j
		}
	}
	if tags && !set.first['<'] {
		try('<')
	}
	for _, c := range set.firsts {
		try(c)
	}
	return best
}

// nextCache remembers where a byte next occurs in the current chunk.
type nextCache struct {
	stamp int // p.off+len(b) of the slice searched
	c     [8]byte
	from  [8]int
	pos   [8]int // -1: none from from on
	n     int
}

func (p *Parser) cachedIndex(b []byte, i int, c byte) int {
	nc := &p.nextPos
	stamp := p.off + len(b)
	if nc.stamp != stamp {
		nc.stamp, nc.n = stamp, 0
	}
	k := 0
	for k < nc.n && nc.c[k] != c {
		k++
	}
	if k < nc.n && nc.from[k] <= i && (nc.pos[k] < 0 || nc.pos[k] >= i) {
		return nc.pos[k]
	}
	j := bytes.IndexByte(b[i:], c)
	if j >= 0 {
		j += i
	}
	if k == nc.n {
		if k == len(nc.c) {
			return j
		}
		nc.n++
	}
	nc.c[k], nc.from[k], nc.pos[k] = c, i, j
	return j
}

// beginMarker starts matching a marker of set at byte c (offset off); the
// byte itself is fed by markerStep.
func (p *Parser) beginMarker(set *actionSet, c byte, off int) {
	p.mset = set
	p.mm.begin(&set.markerSet, c, off)
	p.mmOn = true
}

// markerStep feeds bytes to the marker being matched.
func (p *Parser) markerStep(b []byte, i int) int {
	n, res, id := p.mm.feed(b[i:])
	switch res {
	case mmMore:
		return i + n
	case mmComplete:
		p.mmOn = false
		p.onMarker(p.mset.acts[id], p.mm.off, p.mm.off+p.mm.n)
		return i + n
	}
	p.mmOn = false
	p.refeed(p.heldMarker(), p.mm.off, true)
	return i + n
}

// heldMarker returns the bytes of the marker prefix being matched.
func (p *Parser) heldMarker() []byte {
	if j := p.mm.off - p.off; j >= 0 && p.chunk != nil && j+p.mm.n <= len(p.chunk) {
		return p.chunk[j : j+p.mm.n]
	}
	return p.own(p.mm.buf[:p.mm.n])
}

// refeed handles bytes h (at offset off) that were held as a possible
// marker and turned out not to be one (failed: h[0] starts no marker): they
// are content of the current state, except where a later byte starts a
// marker again. A marker never contains another, so a match found here can
// only still be open at the end of h.
func (p *Parser) refeed(h []byte, off int, failed bool) {
	set := p.mset
	for len(h) > 0 {
		if !failed && set.first[h[0]] {
			p.mm.begin(&set.markerSet, h[0], off)
			n, res, id := p.mm.feed(h)
			switch res {
			case mmMore:
				p.mmOn = true
				return
			case mmComplete:
				p.onMarker(set.acts[id], off, off+n)
				if n < len(h) {
					p.content(h[n:], off+n)
				}
				return
			}
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

// onMarker acts on a complete marker spanning [off, end).
func (p *Parser) onMarker(a action, off, end int) {
	if p.mode == mName && a.kind != aNameEnd && a.kind != aIDMark {
		// The call's markers cut its name short: the call is dropped and
		// the marker read as where it belongs.
		p.errorf(p.cur.start, toolcall.CodeMalformedMarkup, -1, "call ends inside its name at offset %d", off)
		p.inCall, p.mode = false, mBlock
	}
	if a.kind == aNameEnd && p.mode != mName {
		p.emptyName(off)
		return
	}
	if p.mode == mText && (p.reason && p.rset == nil || a.kind == aReasonCall) {
		p.markerInReasoning(a, off, end)
		return
	}
	switch a.kind {
	case aLateClose:
		if p.cutSpan != a.span+1 {
			p.emitText(p.heldMarker(), off) // no call ended the span: text
		}
		p.cutSpan = 0
	case aBlock, aReasonCall:
		p.fresh = false
		if p.rset != nil { // a header-entered reasoning span ends at the next message
			p.reason, p.rset = false, nil
		}
		p.detect(a.dialect.Format)
		p.blk, p.bsets = a.block, p.comp.blocks[a.block]
		p.callStart, p.fenced = off, false
		if a.block.Call != "" {
			p.mode = mBlock
		} else {
			p.mode = mBlockBody
		}
	case aReasonOpen:
		p.reason, p.rset = true, &p.comp.reason[a.span]
		p.cutK, p.cutSpan, p.kept = tkNone, 0, false
		p.label = p.comp.labels[a.span]
	case aReasonClose:
		p.reason, p.rset, p.fresh = false, nil, true
	case aDrop:
	case aStray:
		p.errorf(off, toolcall.CodeMalformedMarkup, -1, "%s outside a call block", a.block.Close)
	case aCall:
		if p.inCall {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "call not closed before the next one")
			p.endBlockCall(off)
		}
		p.callStart, p.fenced = off, false
		p.mode = mBlockBody
	case aCallEnd:
		if p.inCall {
			p.endBlockCall(off)
		}
	case aClose:
		if p.inCall {
			p.endBlockCall(off)
		}
		p.mode = mText
	case aNameEnd:
		if tw := p.blk.Body.TypeWord; tw != "" && !p.typed && string(trimSpace(p.name)) == tw && p.mm.buf[0] != '\n' {
			p.typed = true // the call type; the name follows
			p.name = p.name[:0]
			break
		}
		p.nameDone()
	case aIDMark:
		p.nameRaw = append(p.nameRaw[:0], p.name...)
		p.name, p.inID = p.name[:0], true
	}
	p.junk = false
}

// blockStep reads the states of a block.
func (p *Parser) blockStep(b []byte, i int) int {
	bl := p.blk
	switch p.mode {
	case mBlockJSON:
		n, done, failed := p.feedArgs(b[i:], p.off+i)
		i += n
		if !failed && done {
			if bl.CallEnd != "" {
				p.mode = mBlock // the call ends at its CallEnd marker
			} else {
				p.endBlockCall(p.off + i)
			}
		}
		return i
	case mName:
		set := &p.bsets.name
		for j := i; j < len(b); j++ {
			if set.first[b[j]] {
				p.content(b[i:j], p.off+i)
				p.beginMarker(set, b[j], p.off+j)
				return j
			}
		}
		p.content(b[i:], p.off+i)
		return len(b)
	case mBlockSep:
		if bytes.IndexByte([]byte(bl.Sep), b[i]) >= 0 {
			p.mode = mBlock
			return i + 1
		}
		p.mode = mText
		return i
	}
	set := &p.bsets.between
	for ; i < len(b); i++ {
		c := b[i]
		if set.first[c] {
			p.beginMarker(set, c, p.off+i)
			return i
		}
		if isSpace(c) || p.mode == mBlock && (c == '`' || bytes.IndexByte([]byte(bl.Sep), c) >= 0) {
			continue
		}
		switch p.mode {
		case mBlock:
			if bl.Call != "" || p.inCall {
				p.stray(b[i:i+1], p.off+i)
				continue
			}
			p.callStart = p.off + i
			p.mode = mBlockBody
			return i
		case mBlockBody:
			return p.bodyStart(b, i)
		case mBlockArgs:
			switch {
			case c == '{':
				p.js.Reset()
				p.jsOff = p.off + i
				p.mode = mBlockJSON
				return i
			case c == '`' && bl.Body.Fence && !p.fenced:
				p.fenced, p.fenceRet, p.mode = true, mBlockArgs, mFence
				return i + 1
			}
			p.notObject(p.off+i, c, notObjRaw)
			p.mode = mBlockJSON
			return i
		}
	}
	return i
}

// blockCallRet returns the state after a call of the block, and the state
// after skipping an abandoned one to its closer.
func (p *Parser) blockCallRet() (after, skipped mode, closer string) {
	bl := p.blk
	after = mText
	switch {
	case bl.Close != "":
		after = mBlock
	case bl.Sep != "":
		after = mBlockSep
	}
	switch {
	case bl.CallEnd != "":
		return after, after, bl.CallEnd
	case bl.Close != "":
		return after, mText, bl.Close
	}
	return after, after, ""
}

// bodyStart reads the first byte of a call body: '{' or '[' is JSON
// (ReadJSON), a fence is skipped, anything else starts a name
// (ReadNameJSON).
func (p *Parser) bodyStart(b []byte, i int) int {
	bl := p.blk
	c := b[i]
	after, skipped, closer := p.blockCallRet()
	r := p.customReader(&bl.Body)
	switch {
	case c == '`' && bl.Body.Fence && !p.fenced:
		p.fenced, p.fenceRet, p.mode = true, mBlockBody, mFence
		return i + 1
	case r != nil && r.starts(c, false):
		return p.beginBody(r, b, i)
	case (c == '{' || c == '[' || c == ']' && bl.Body.InList) && bl.Body.Read&ReadJSON != 0:
		p.callTag = p.callStart
		return p.beginEnvelopeBody(b, i, closer, after, skipped, &bl.Body)
	case bl.Body.Read&ReadNameJSON != 0 && c != '{' && c != '[':
		p.beginCall(ckBlock, p.callStart, closer, skipped)
		p.cur.after = after
		p.name, p.inID, p.typed = p.name[:0], false, false
		p.nameOff = p.off + i
		p.mode = mName
		return i
	}
	p.beginCall(ckBlock, p.callStart, closer, skipped)
	p.abandon(p.off+i, toolcall.CodeInvalidJSON, "unexpected %q at the start of a call", c)
	return i
}

// nameDone ends the name of a ReadNameJSON call.
func (p *Parser) nameDone() {
	raw := trimSpace(p.name)
	var id []byte
	if p.inID {
		raw, id = trimSpace(p.nameRaw), trimSpace(p.name)
	}
	if h := p.blk.Body.Header; h != nil {
		kind, n := h(raw)
		if kind != HeaderCall {
			p.inCall = false // no call: the message is text or reasoning
			p.mode = mText
			if kind == HeaderReasoning {
				if i, ok := p.comp.spanOf[p.dialectOf()]; ok {
					p.reason, p.rset = true, &p.comp.reason[i]
				}
			}
			return
		}
		raw = n
	}
	name := p.names.Intern(raw)
	if u := p.blk.Body.Untyped; u != "" && !p.typed && p.cfg.format == FormatAuto && p.next == 0 {
		p.detected = u
	}
	if h := p.blk.Body.Name; h != nil {
		n, i, ok := h(name)
		if !ok {
			p.errorf(p.cur.start, toolcall.CodeInvalidToolName, -1, "invalid tool name %q", name)
			p.cur.discard = true
		}
		name = n
		if i != "" {
			p.cur.id = i
		}
	}
	if len(id) > 0 {
		p.cur.id = string(id)
	}
	p.fenced = false
	p.setName(name, p.cur.start)
	p.mode = mBlockArgs
}

// emptyName handles a NameEnd marker at off where a call body (or a call)
// should start: a call without a name, rejected, whose arguments are read
// and dropped; between calls it is stray markup.
func (p *Parser) emptyName(off int) {
	if p.mode != mBlockBody {
		p.errorf(off, toolcall.CodeMalformedMarkup, -1, "name separator outside a call")
		return
	}
	after, skipped, closer := p.blockCallRet()
	p.beginCall(ckBlock, p.callStart, closer, skipped)
	p.cur.after = after
	p.name, p.inID, p.typed = p.name[:0], false, false
	p.nameOff = off
	p.mode = mName
	p.nameDone()
}

// endBlockCall completes the block's current call at off.
func (p *Parser) endBlockCall(off int) { p.endCall(off) }

// anchor looks for an anchored block at the start of the answer: leading
// whitespace is text; the first other byte starts the block when a
// block's body accepts it. It returns where text scanning goes on, or
// (with true) where the block's body begins.
func (p *Parser) anchor(b []byte, i int) (int, bool) {
	j := i
	for j < len(b) && isSpace(b[j]) {
		j++
	}
	if j > i {
		p.emitText(b[i:j], p.off+i)
	}
	if j == len(b) {
		return j, true // still only whitespace
	}
	p.fresh = false
	c := b[j]
	for k, bl := range p.comp.anchored {
		if bl.Body.accepts(c) {
			p.detect(p.comp.anchorDialect[k].Format)
			p.blk, p.bsets = bl, p.comp.blocks[bl]
			p.callStart, p.fenced = p.off+j, false
			p.mode = mBlockBody
			return j, true
		}
	}
	return j, false
}

// dialectOf returns the dialect whose block is being read.
func (p *Parser) dialectOf() *Dialect {
	for _, d := range dialects {
		for i := range d.Blocks {
			if &d.Blocks[i] == p.blk {
				return d
			}
		}
	}
	return nil
}
