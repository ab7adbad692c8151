package textparse

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// This file is the engine of the marker dialects (dialect.go): text
// scanning for several markers at once, a marker prefix held at a chunk
// edge, and the states of a call block (between calls, a name, the JSON
// arguments).

// markerState is the state of the marker scan and of the block being
// read.
type markerState struct {
	comp  *compiled  // marker sets of the enabled dialects, nil for none
	rset  *actionSet // the close marker of marker reasoning ([THINK])
	ropen *actionSet // rset and the span's Open, while inr.opened
	// lead: nothing but white space was read yet, and the dialect has
	// markers read only there (compiled.lead).
	lead      bool
	nextPos   nextCache
	blk       *Block
	bsets     *blockSets
	callStart int    // offset of the marker that began the call
	nameRaw   []byte // the name, once an IDMark moved on to the id
	inID      bool
	idOff     int  // offset of the id's content (after the IDMark)
	typed     bool // the Body.TypeWord of the current call was read
	// answer: the block body being begun starts the answer (anchor): no
	// marker says it holds calls.
	answer bool
	// sepWS: white space after a call of a block with a Sep, held until a
	// separator (dropped) or text (given back) follows; sepOff is where.
	sepWS  []byte
	sepOff int
	// tailMark, tailOff: a DropTags marker whose rest runs to '>', and
	// where it began; tail[:tailN] is that rest so far (mDropTail).
	tailMark       string
	tailOff, tailN int
	tailLabel      bool // the rest runs to the next '<' instead, kept (DropLabels)
	tailStray      bool // a Dialect.Stray tag's opener: reported where it is dropped
	tail           [maxDropTail]byte
}

var (
	compiledMu    sync.Mutex
	compiledCache = map[compiledKey]*compiled{}
)

// compiledKey names a set of compiled markers: a format's, with its
// reasoning spans or without them (plain: ThinkAsText).
type compiledKey struct {
	f     Format
	plain bool
}

// compiledFor returns the marker sets of the parser's format f (every
// marker dialect for auto), with its reasoning spans unless ThinkAsText
// turned reasoning parsing off, nil when f is not a marker dialect.
func (p *Parser) compiledFor(f Format) *compiled { return compiledFor(f, p.cfg.thinkAsText) }

// compiledFor returns the marker sets of format f (every marker dialect
// for auto), nil when f is not a marker dialect; plain leaves the
// reasoning spans out (their markers are text).
func compiledFor(f Format, plain bool) *compiled {
	compiledMu.Lock()
	defer compiledMu.Unlock()
	k := compiledKey{f, plain}
	if c, ok := compiledCache[k]; ok {
		return c
	}
	var ds []*Dialect
	if f == FormatAuto {
		for _, g := range markerFormats() {
			ds = append(ds, dialects[g])
		}
	} else if d := dialects[f]; d != nil && (len(d.Blocks) > 0 || len(d.Drop) > 0 || len(d.DropTags) > 0 || len(d.DropLabels) > 0) {
		ds = []*Dialect{d} // a marker dialect, a tag dialect's headers or the markup it drops
	}
	var c *compiled
	if len(ds) > 0 {
		c = compile(ds, plain)
	}
	compiledCache[k] = c
	return c
}

// compiled returns the marker sets of marker dialect d alone (plain:
// without its reasoning spans).
func (d *Dialect) compiled(plain bool) *compiled {
	compiledMu.Lock()
	c := d.comp
	if c != nil && plain {
		if d.compPlain == nil {
			d.compPlain = compile([]*Dialect{d}, true)
		}
		c = d.compPlain
	}
	compiledMu.Unlock()
	if c != nil {
		return c
	}
	return compiledFor(d.Format, plain) // a built-in
}

// prepare checks a dialect that is not registered (a user's, see
// ParseOptions.Dialect) as register does, compiles its marker sets and
// checks that no marker of a set holds another.
func (d *Dialect) prepare() (err error) {
	if dialects[d.Format] == d {
		return nil // a built-in, checked by register
	}
	compiledMu.Lock()
	defer compiledMu.Unlock()
	if d.comp != nil {
		return nil
	}
	if err := d.check(); err != nil {
		return err
	}
	for i, b := range d.Blocks {
		if r := b.Body.Read &^ (ReadJSON | ReadNameJSON); r != 0 && readerMakers[r] == nil {
			return fmt.Errorf("block %d: unknown body reader %b", i, r)
		}
	}
	defer func() { // compile panics on a set of more than 64 markers
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	c := compile([]*Dialect{d}, false)
	if err := c.overlap(); err != nil {
		return err
	}
	d.comp = c
	return nil
}

// overlap reports a marker of one of c's sets that holds another: the
// matcher relies on there being none (a held prefix that fails is text up
// to the next possible start, see refeed).
func (c *compiled) overlap() error {
	sets := []*actionSet{&c.text, &c.lead}
	for i := range c.reason {
		sets = append(sets, &c.reason[i], &c.reopen[i])
	}
	for _, bs := range c.blocks {
		sets = append(sets, &bs.between, &bs.name)
	}
	for _, s := range sets {
		for _, a := range s.list {
			for _, b := range s.list {
				// A marker may end with another (" to=" and a lead "to=",
				// a damaged closer before the opener it holds): a match
				// starts at a marker's first byte, so the longer one is
				// read whole from its start and the shorter from its own
				// (refeed rescans the bytes a failed match held).
				if a != b && strings.Contains(a, b) && !strings.HasSuffix(a, b) {
					return fmt.Errorf("marker %q holds marker %q; they are read in the same place", a, b)
				}
			}
		}
	}
	return nil
}

// noMarkers is the marker set of a text state that acts on none.
var noMarkers actionSet

// textMarkers returns the markers acted on in text now (noMarkers for
// none).
func (p *Parser) textMarkers() *actionSet {
	if p.mk.rset != nil {
		if p.inr.opened && p.mk.ropen != nil {
			return p.mk.ropen
		}
		return p.mk.rset
	}
	if p.mk.comp == nil {
		return &noMarkers
	}
	if p.mk.lead {
		return &p.mk.comp.lead
	}
	return &p.mk.comp.text // inside <think>, only its blocks' Open act (onMarker)
}

// textScan is the text state, for every dialect: text up to the next byte
// that may start a marker of set or a tag is released at once.
func (p *Parser) textScan(b []byte, i int, set *actionSet) int {
	if p.text.u8n > 0 { // a character cut by a failed marker prefix
		i += p.finishRune(b[i:])
	}
	if p.fresh && p.mk.comp != nil && len(p.mk.comp.anchored) > 0 && !p.reason {
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
			tagsKnown = true
			if p.mk.rset == nil {
				ts := &p.m.tset // the set a tag begun here reads with
				p.tagSet(ts)
				tags = ts.open|ts.close != 0 || ts.genericOpen
			}
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
		if c == '<' && (i+1 == len(b) || b[i+1] == '/' || isNameByte(b[i+1], true)) && tagsHere() && !(set.first['<'] && noTagAt(&p.m.tset, b[i+1:])) {
			if i > start && p.textBefore(b[start:i], p.off+start) {
				return i
			}
			p.m.beginTag(p.off + i) // with the set tagsHere worked out
			return p.matchStep(b, i+1)
		}
		if set.first[c] {
			if i > start && p.textBefore(b[start:i], p.off+start) {
				return i
			}
			return p.markerAt(set, b, i)
		}
		i++
	}
}

// textBefore emits the text before a possible tag or marker; it reports
// true when that text ended inReasoning.opened or markerState.lead, so
// that the scan starts again with the sets read from then on.
func (p *Parser) textBefore(b []byte, off int) bool {
	opened, lead := p.inr.opened, p.mk.lead
	p.emitText(b, off)
	return opened && !p.inr.opened || lead && !p.mk.lead
}

// noTagAt reports whether rest (the bytes after a '<') rules out every tag
// of set s by its name's first byte, so that a marker starting with '<'
// is matched at once instead of after the failed tag (unmatched, refeed).
func noTagAt(s *tagSet, rest []byte) bool {
	if s.genericOpen || s.genericClose || len(rest) < 2 {
		return false
	}
	if rest[0] == '/' {
		return s.close&tt.first[rest[1]] == 0
	}
	return s.open&tt.first[rest[0]] == 0
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
	nc := &p.mk.nextPos
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
// byte itself is fed by matchStep.
func (p *Parser) beginMarker(set *actionSet, c byte, off int) { p.m.beginMarker(set, c, off) }

// markerAt begins a marker of set at b[i] and matches it at once (what
// the next step would do), returning where reading goes on.
func (p *Parser) markerAt(set *actionSet, b []byte, i int) int {
	if p.inr.pend.on {
		p.m.beginMarker(set, b[i], p.off+i)
		return i
	}
	if k := set.one[b[i]]; k > 0 { // a one-byte marker: complete at its byte
		m := &p.m
		m.on, m.tag, m.set, m.buf[0], m.n, m.off = false, false, set, b[i], 1, p.off+i
		p.onMarker(set.acts[k-1], p.off+i, p.off+i+1)
		return i + 1
	}
	p.m.beginMarker(set, b[i], p.off+i)
	return p.matchStep(b, i)
}

// onMarker acts on a complete marker spanning [off, end).
func (p *Parser) onMarker(a action, off, end int) {
	if p.tags.dmg.on {
		p.releaseDamaged() // held text comes before what the marker does
	}
	if a.lead && !p.mk.lead { // matched in bytes given back after text: a word
		p.emitText(p.held(), off)
		return
	}
	p.mk.lead = false // the output's first bytes are read
	if p.mode == mName && a.kind != aNameEnd && a.kind != aIDMark {
		// The call's markers cut its name short: the call is dropped and
		// the marker read as where it belongs.
		p.errorf(p.calls.cur.start, toolcall.CodeMalformedMarkup, -1, "call ends inside its name at offset %d", off)
		p.calls.inCall, p.mode = false, mBlock
	}
	if a.kind == aNameEnd && p.mode != mName {
		p.emptyName(off)
		return
	}
	if p.mode == mText && (p.reason && p.mk.rset == nil || a.kind == aReasonCall) {
		p.markerInReasoning(a, off, end)
		return
	}
	switch a.kind {
	case aLateClose:
		// The closer of a span no call ended is stray markup, dropped
		// with malformed_markup as a stray </think> is: an output whose
		// prompt opened the span starts with it when the span is empty
		// (</mm:think>Hello), and a repeated closer is no answer text.
		// A Named span's closer is words: outside it, they are text.
		sp := &p.mk.comp.spans[a.span]
		switch {
		case p.inr.cutSpan == a.span+1:
		case sp.Named:
			s := len(p.scratch)
			p.scratch = append(p.scratch, sp.Close...)
			p.emitText(p.scratch[s:], off)
		default:
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "stray %s outside reasoning", sp.Close)
		}
		p.inr.cutSpan = 0
	case aBlock, aReasonCall:
		p.emptyOpener()
		if p.mode == mBlock && !p.calls.inCall {
			p.openerAgain(off, a.block.Open) // reopenable
		}
		p.fresh = false
		if p.mk.rset != nil && !a.block.Body.Probe { // a header-entered reasoning span ends at the next message (a probed header's once read, nameDone)
			p.reason, p.mk.rset = false, nil
		}
		p.detect(a.dialect.Format)
		p.mk.blk, p.mk.bsets = a.block, p.mk.comp.blocks[a.block]
		p.mk.callStart, p.args.fenced = off, false
		if a.block.Call != "" {
			p.mode = mBlock
		} else {
			p.mode = mBlockBody
		}
	case aReasonOpen:
		p.reason, p.mk.rset, p.inr.opened = true, &p.mk.comp.reason[a.span], false
		p.inr.reset()
		p.inr.label = p.mk.comp.labels[a.span]
	case aReasonClose:
		if a.marker != "" {
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "damaged reasoning closer in %q, read as the closer", a.marker)
		}
		p.reason, p.mk.rset, p.fresh = false, nil, true
		p.mk.lead = a.relead // Dialect.LeadAfter: a message starts
	case aDrop:
		p.mk.lead = a.relead
	case aDropTag:
		if a.tail {
			p.mk.tailMark, p.mk.tailOff, p.mk.tailN, p.mode = a.marker, off, 0, mDropTail
			p.mk.tailLabel, p.mk.tailStray = a.label, false
		}
	case aLabel: // the newline right after it is the label's too
		p.inr.label = &p.mk.comp.labelEnd
	case aStray:
		if p.reason && p.cfg.keepCalls {
			// A call kept as reasoning (KeepCallsInReasoning) keeps its
			// inner tags (only Dialect.Stray markup is read in reasoning):
			// the reasoning is as written.
			s := len(p.scratch)
			p.scratch = append(p.scratch, a.marker...)
			p.emitText(p.scratch[s:], off)
			return
		}
		if a.tail { // a tag's opener: its header is dropped with it (dropTailStep)
			p.mk.tailMark, p.mk.tailOff, p.mk.tailN, p.mode = a.marker, off, 0, mDropTail
			p.mk.tailLabel, p.mk.tailStray = false, true
			return
		}
		p.errorf(off, toolcall.CodeMalformedMarkup, -1, "%s outside a call block", a.marker)
	case aCall:
		p.emptyOpener()
		if p.calls.inCall {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.calls.cur.errIndex(), "call not closed before the next one")
			p.endBlockCall(off)
		}
		p.mk.callStart, p.args.fenced = off, false
		p.mode = mBlockBody
	case aCallEnd:
		if p.calls.inCall {
			p.endBlockCall(off)
		} else if p.mode == mBlock {
			// A call dropped before its end (its name cut short) ends
			// here too: a block without a Close goes back to the text.
			p.mode, _, _ = p.blockCallRet()
		}
		// The text a call's end leads back to starts like the output's
		// (Dialect.Lead: a channel's bare name a server left there).
		p.mk.lead = p.mode == mText && len(p.mk.comp.lead.list) > 0
	case aClose:
		if p.calls.inCall {
			p.endBlockCall(off)
		}
		p.mode = mText
		p.resumeReasoning()
	case aNameEnd:
		if tw := p.mk.blk.Body.TypeWord; tw != "" && !p.mk.typed && string(trimSpace(p.calls.name)) == tw && p.m.buf[0] != '\n' {
			p.mk.typed = true // the call type; the name follows
			p.calls.name, p.calls.nameOff = p.calls.name[:0], end
			break
		}
		p.nameDone()
	case aIDMark:
		if p.mk.inID { // a second IDMark: the id's bytes (a header this broken is no call's)
			p.nameBytes([]byte(p.mk.blk.Body.IDMark))
			break
		}
		p.mk.nameRaw = append(p.mk.nameRaw[:0], p.calls.name...)
		p.calls.name, p.mk.inID, p.mk.idOff = p.calls.name[:0], true, end
	}
	p.junk = false
}

// blockStep reads the states of a block.
func (p *Parser) blockStep(b []byte, i int) int {
	bl := p.mk.blk
	switch p.mode {
	case mBlockJSON:
		return i + p.blockJSON(b[i:], p.off+i)
	case mName:
		if bl.Body.Probe {
			return p.probedName(b, i)
		}
		set := &p.mk.bsets.name
		brace := bl.Body.BraceEndsName && !p.mk.inID
		for j := i; j < len(b); j++ {
			if set.first[b[j]] {
				p.content(b[i:j], p.off+i)
				return p.markerAt(set, b, j)
			}
			if brace && b[j] == '{' { // NAME{json}: the arguments start
				p.content(b[i:j], p.off+i)
				if p.listAfterWords() {
					after, skipped, closer := p.blockCallRet()
					return p.beginEnvelopeBody(b, j, closer, after, skipped, &jsonListElems)
				}
				p.nameDone()
				return j
			}
		}
		p.content(b[i:], p.off+i)
		return len(b)
	case mBlockSep:
		// A separator continues the block, white space before it
		// included ("} ; {"), and so does a '{' on a later line (calls one
		// per line); anything else ends it, the white space held being
		// text.
		for ; i < len(b); i++ {
			c := b[i]
			switch {
			case strings.IndexByte(bl.Sep, c) >= 0:
				p.mk.sepWS, p.mode = p.mk.sepWS[:0], mBlock
				return i + 1
			case isSpace(c) && len(p.mk.sepWS) < maxSepSpace:
				if len(p.mk.sepWS) == 0 {
					p.mk.sepOff = p.off + i
				}
				p.mk.sepWS = append(p.mk.sepWS, c)
			case c == '{' && bytes.IndexByte(p.mk.sepWS, '\n') >= 0:
				p.mk.sepWS, p.mode = p.mk.sepWS[:0], mBlock
				return i
			default:
				p.sepText()
				p.mode = mText
				return i
			}
		}
		return i
	}
	set := &p.mk.bsets.between
	if p.mode == mBlockBody && bl.Body.Probe { // every byte after the '[' is the reader's
		return p.bodyStart(b, i)
	}
	for ; i < len(b); i++ {
		c := b[i]
		if set.first[c] {
			if k := set.one[c]; k > 0 && set.acts[k-1].kind == aCallEnd && !p.calls.inCall && p.mode == mBlock && !p.inr.pend.on {
				p.junk = false // a one-byte call end between calls (a newline): all onMarker does
				continue
			}
			return p.markerAt(set, b, i)
		}
		if isSpace(c) || p.mode == mBlock && (c == '`' || strings.IndexByte(bl.Sep, c) >= 0) {
			if p.off+i == p.wordsEnd && p.mode == mBlock { // words read up to a chunk's end, or given back, go on
				i = p.blockWordsRun(b, i) - 1
			}
			continue
		}
		switch p.mode {
		case mBlock:
			if p.calls.inCall { // after a call's arguments, before its CallEnd
				p.stray(b[i:i+1], p.off+i)
				continue
			}
			if bl.Call != "" { // words between calls
				i = p.blockWordsRun(b, i) - 1
				continue
			}
			p.mk.callStart = p.off + i
			p.mode = mBlockBody
			return i
		case mBlockBody:
			return p.bodyStart(b, i)
		case mBlockArgs:
			switch {
			case c == '{':
				p.args.js.Reset()
				p.args.jsOff = p.off + i
				p.mode = mBlockJSON
				p.calls.cur.holdItem = bl.Body.WrapArrayArgs && catalog.HasItemParam(p.calls.cur.tool)
				return i
			case c == '[' && bl.Body.WrapArrayArgs && p.wrapList(p.off+i):
				p.args.js.Reset()
				p.args.jsOff = p.off + i
				p.mode = mBlockJSON
				return i
			case c == '`' && bl.Body.Fence && !p.args.fenced:
				p.args.fenced, p.args.fenceRet, p.mode = true, mBlockArgs, mFence
				return i + 1
			}
			p.notObject(p.off+i, c, notObjRaw)
			p.mode = mBlockJSON
			return i
		}
	}
	return i
}

// blockJSON feeds b, at offset off, to a block call's JSON arguments and
// returns how many bytes it read; the call ends with them, or at its
// CallEnd marker.
func (p *Parser) blockJSON(b []byte, off int) int {
	n, done, failed := p.feedArgs(b, off)
	if !failed && done {
		p.wrapArgsEnd(off + n)
		if p.mk.blk.CallEnd != "" {
			p.mode = mBlock // the call ends at its CallEnd marker
		} else {
			p.endBlockCall(off + n)
		}
	}
	return n
}

// blockWordsRun gives the bytes from b[i] up to the next byte that may
// start one of the block's markers to the text (blockWords: words between
// calls) and returns where that byte is.
func (p *Parser) blockWordsRun(b []byte, i int) int {
	first := &p.mk.bsets.between.first
	j := i + 1
	for j < len(b) && !first[b[j]] {
		j++
	}
	p.blockWords(b[i:j], p.off+i)
	return j
}

// maxSepSpace bounds the white space held after a call of a block with a
// Sep, before the separator or the text that ends the block.
const maxSepSpace = 64

// sepText gives the white space held after a block's call back as text.
func (p *Parser) sepText() {
	if len(p.mk.sepWS) > 0 {
		p.emitText(p.own(p.mk.sepWS), p.mk.sepOff)
		p.mk.sepWS = p.mk.sepWS[:0]
	}
}

// blockCallRet returns the state after a call of the block, and the state
// after skipping an abandoned one to its closer.
func (p *Parser) blockCallRet() (after, skipped mode, closer string) {
	bl := p.mk.blk
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
	bl := p.mk.blk
	c := b[i]
	answer := p.mk.answer
	p.mk.answer = false
	after, skipped, closer := p.blockCallRet()
	r := p.customReader(&bl.Body)
	switch {
	case c == '`' && bl.Body.Fence && !p.args.fenced:
		p.args.fenced, p.args.fenceRet, p.mode = true, mBlockBody, mFence
		return i + 1
	case bl.TagOpen && r != nil:
		if tagHeaderStarts(c, p.off+i > p.mk.callStart+len(bl.Open)) {
			return p.beginBody(r, b, i)
		}
		// No header follows the tag's opener: it is stray markup.
		p.errorf(p.mk.callStart, toolcall.CodeMalformedMarkup, -1, "%s outside a call block, dropped", bl.Open)
		p.mode = mText
		return i
	case r != nil && (r.starts(c, false) || bl.Body.Probe):
		return p.beginBody(r, b, i)
	case (c == '{' || c == '[' || c == ']' && bl.Body.InList || c == '"' && bl.Body.InObject) && bl.Body.Read&ReadJSON != 0:
		p.calls.callTag = p.mk.callStart
		j := p.beginEnvelopeBody(b, i, closer, after, skipped, &bl.Body)
		if answer && (c == '{' || c == '[') {
			p.rd.env.holdAnswer(p, b[i])
		}
		return j
	case bl.Body.Probe && r == nil && (isSpace(c) || c == '<' || c == '{' || c == '['):
		p.probeRefed(nil, 0) // "to= x": the Open is text
		return i
	case bl.Body.Read&ReadNameJSON != 0 && c != '{' && c != '[':
		p.beginName(p.off + i)
		return i
	}
	p.beginCall(ckBlock, p.mk.callStart, closer, skipped)
	p.abandon(p.off+i, toolcall.CodeInvalidJSON, "unexpected %q at the start of a call", c)
	return i
}

// beginName starts the call of a ReadNameJSON body whose name starts at
// offset off.
func (p *Parser) beginName(off int) {
	after, skipped, closer := p.blockCallRet()
	p.beginCall(ckBlock, p.mk.callStart, closer, skipped)
	p.calls.cur.after = after
	p.calls.name, p.mk.inID, p.mk.typed = p.calls.name[:0], false, false
	p.calls.nameOff = off
	p.mode = mName
}

// listAfterWords handles, at the '{' that ends a name, a name that ends
// with '[' after words ("[TOOL_CALLS] Sure: [{…}]"): not a call's name
// but stray words before a JSON list of calls, which is read (as vLLM
// reads such a list); the words are reported as malformed_markup and
// dropped. It reports whether it did so.
func (p *Parser) listAfterWords() bool {
	name := trimSpace(p.calls.name)
	if len(name) < 2 || name[len(name)-1] != '[' || p.mk.blk.Body.Read&ReadJSON == 0 || p.mk.blk.Close != "" || p.mk.blk.CallEnd != "" {
		return false
	}
	p.errorf(p.calls.nameOff, toolcall.CodeMalformedMarkup, -1, "stray text %q before the list of calls", trimSpace(name[:len(name)-1]))
	p.calls.inCall = false
	p.calls.callTag = p.mk.callStart
	return true
}

// nameDone ends the name of a ReadNameJSON call.
func (p *Parser) nameDone() {
	raw := trimSpace(p.calls.name)
	var id []byte
	if p.mk.inID {
		raw, id = trimSpace(p.mk.nameRaw), trimSpace(p.calls.name)
	}
	if h := p.mk.blk.Body.Header; h != nil {
		kind, n := h(raw)
		if kind != HeaderCall {
			p.calls.inCall = false // no call: the message is text or reasoning
			p.mode = mText
			if kind == HeaderReasoning {
				if i, ok := p.mk.comp.spanOf[p.dialectOf()]; ok {
					p.reason, p.mk.rset = true, &p.mk.comp.reason[i]
				}
			} else if p.mk.rset != nil { // a probed header ends the reasoning span it was met in
				p.reason, p.mk.rset = false, nil
			}
			return
		}
		raw = n
	}
	name := p.calls.names.Intern(raw)
	if u := p.mk.blk.Body.Untyped; u != "" && !p.mk.typed && p.cfg.format == FormatAuto && p.calls.next == 0 {
		p.setDetected(u)
	}
	if h := p.mk.blk.Body.Name; h != nil {
		n, i, ok := h(name)
		if !ok {
			p.errorf(p.calls.cur.start, toolcall.CodeInvalidToolName, -1, "invalid tool name %q", name)
			p.calls.cur.discard = true
		}
		if ok && n == "" { // an id where the name belongs (idname.go)
			only, held := p.deferName(name)
			if held {
				return
			}
			n, i = name, ""
			if only != "" {
				n, i = only, name
			}
		}
		name = n
		if i != "" {
			p.calls.cur.id = i
		}
	}
	if len(id) > 0 {
		p.calls.cur.id = p.calls.names.Copy(id)
	}
	p.args.fenced = false
	p.setName(name, p.calls.cur.start)
	p.mode = mBlockArgs
}

// probedName reads the name of a probed header or call (Body.Probe with
// ReadNameJSON) up to its NameEnd; a space, or a name longer than
// maxGenericName, makes it text (probeNameText), b[j] read as text. So
// does, in a call's name (no Header), a byte no tool name holds
// (<![CDATA[ in prose, where <![ opens a call).
func (p *Parser) probedName(b []byte, i int) int {
	set := &p.mk.bsets.name
	call := p.mk.blk.Body.Header == nil
	for j := i; j < len(b); j++ {
		if set.first[b[j]] {
			p.content(b[i:j], p.off+i)
			return p.markerAt(set, b, j)
		}
		if probedNameStop(b[j], call, len(p.calls.name)+j-i) {
			p.content(b[i:j], p.off+i)
			p.probeNameText(nil, 0)
			return j
		}
	}
	p.content(b[i:], p.off+i)
	return len(b)
}

// probedNameStop reports whether byte c, after n bytes of a probed name,
// ends it as prose: a space, a name longer than maxGenericName, or, in a
// call's name (call), a byte no tool name holds.
func probedNameStop(c byte, call bool, n int) bool {
	return isSpace(c) || call && nameClass[c] == ncNo || n >= maxGenericName
}

// probeNameText gives a probed header back (Body.Probe with ReadNameJSON):
// its Open, the name read so far and b (bytes at off that end it, a
// marker's that failed) are text, or reasoning in a span it did not end.
func (p *Parser) probeNameText(b []byte, off int) {
	s := len(p.scratch)
	p.scratch = append(p.scratch, p.mk.blk.Open...)
	p.scratch = append(p.scratch, p.calls.name...)
	p.calls.inCall, p.mode = false, mText
	p.emitText(p.scratch[s:], p.mk.callStart)
	if len(b) > 0 {
		p.refeed(p.textMarkers(), b, off, false)
	}
}

// wordsForName reports whether the name being read, at the end of the
// output, is words rather than a name ("[TOOL_CALLS] no call needed"):
// white space inside it (or inside the id after its IDMark), and short
// enough to have been kept whole.
func (p *Parser) wordsForName() bool {
	words := func(b []byte) bool { return bytes.IndexAny(trimSpace(b), " \t\r\n") >= 0 }
	if p.mk.inID {
		return len(p.mk.nameRaw) < maxName && len(p.calls.name) < maxName && (words(p.mk.nameRaw) || words(p.calls.name))
	}
	return len(p.calls.name) < maxName && words(p.calls.name)
}

// nameWordsText ends the output's stray block opener followed by words
// and no call: the opener is reported (malformed_markup) and dropped, the
// words are text, as vLLM gives them back as content. After an IDMark the
// words are the name's and the id's, each at its own offset (the IDMark
// dropped with the opener).
func (p *Parser) nameWordsText() {
	p.errorf(p.mk.callStart, toolcall.CodeMalformedMarkup, -1, "%s followed by words and no call", p.mk.blk.Open)
	p.calls.inCall, p.mode = false, mText
	off := p.calls.nameOff
	if p.mk.inID {
		s := len(p.scratch)
		p.scratch = append(p.scratch, p.mk.nameRaw...)
		p.emitText(p.scratch[s:], off)
		off = p.mk.idOff
	}
	s := len(p.scratch)
	p.scratch = append(p.scratch, p.calls.name...)
	p.emitText(p.scratch[s:], off)
}

// emptyOpener reports a block's or call's opener followed at once by the
// next opener, before a call's body began (<function=<function=f>…): it
// held no call, and is dropped with malformed_markup.
func (p *Parser) emptyOpener() {
	if p.mode == mBlockBody && !p.calls.inCall {
		p.openerHeldNone(p.mk.callStart)
	}
}

// openerHeldNone reports the opener at off, followed at once by the next
// one: it held no call (malformed_markup), and the call after it is read.
// Marker blocks (emptyOpener) and call tags (onTag) alike.
func (p *Parser) openerHeldNone(off int) {
	p.errorf(off, toolcall.CodeMalformedMarkup, -1, "opener holds no call before the next one")
}

// openerAgain reports a block's or wrapper's opener, spelled opener,
// written again inside it at off, between its calls: markup
// (malformed_markup), and the calls after it are the block's.
func (p *Parser) openerAgain(off int, opener string) {
	p.errorf(off, toolcall.CodeMalformedMarkup, -1, "%s written again inside its block", opener)
}

// emptyName handles a NameEnd marker at off where a call body (or a call)
// should start: a call without a name, rejected, whose arguments are read
// and dropped; between calls it is stray markup.
func (p *Parser) emptyName(off int) {
	if p.mode != mBlockBody {
		p.errorf(off, toolcall.CodeMalformedMarkup, -1, "name separator outside a call")
		return
	}
	p.beginName(off)
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
	for k, bl := range p.mk.comp.anchored {
		if bl.Body.accepts(c) {
			p.detect(p.mk.comp.anchorDialect[k].Format)
			p.mk.blk, p.mk.bsets = bl, p.mk.comp.blocks[bl]
			p.mk.callStart, p.args.fenced, p.mk.answer = p.off+j, false, true
			p.mode = mBlockBody
			return j, true
		}
	}
	return j, false
}

// dialectOf returns the dialect whose block is being read.
func (p *Parser) dialectOf() *Dialect {
	if d := p.cfg.dialect; d != nil && d.owns(p.mk.blk) {
		return d
	}
	for _, d := range dialects {
		if d.owns(p.mk.blk) {
			return d
		}
	}
	return nil
}

// owns reports whether b is one of d's blocks.
func (d *Dialect) owns(b *Block) bool {
	for i := range d.Blocks {
		if &d.Blocks[i] == b {
			return true
		}
	}
	return false
}

// maxDropTail caps the rest of a DropTags markup dropped through its '>'.
const maxDropTail = 64

// dropTailStep drops the rest of a DropTags markup through its '>', held
// until then. With no '>' within maxDropTail bytes (or by the end of the
// output) it was no such markup: the marker and the bytes held are text.
func (p *Parser) dropTailStep(b []byte, i int) int {
	room := maxDropTail - p.mk.tailN
	n := min(len(b)-i, room)
	if p.mk.tailStray && p.mk.tailN == 0 && n > 0 && !isSpace(b[i]) && b[i] != '<' {
		// No header follows the tag's opener: it alone is dropped.
		p.strayTag()
		p.mode = mText
		return i
	}
	if p.mk.tailLabel {
		if j := bytes.IndexByte(b[i:i+n], '<'); j >= 0 { // a label ends before the next markup
			p.mode = mText
			return i + j
		}
	} else if j := bytes.IndexByte(b[i:i+n], '>'); j >= 0 {
		if p.mk.tailStray {
			p.mk.tailN += copy(p.mk.tail[p.mk.tailN:], b[i:i+j+1])
			p.strayTag()
		}
		p.mode = mText
		return i + j + 1
	}
	p.mk.tailN += copy(p.mk.tail[p.mk.tailN:], b[i:i+n])
	if n == room {
		p.dropTailText()
	}
	return i + n
}

// strayTag reports the Dialect.Stray tag being dropped (mDropTail): its
// opener and the header held after it.
func (p *Parser) strayTag() {
	p.errorf(p.mk.tailOff, toolcall.CodeMalformedMarkup, -1, "%s outside a call block, dropped", p.mk.tailMark+string(p.mk.tail[:p.mk.tailN]))
}

// dropTailText gives back as text a DropTags marker and the bytes held
// after it, which no '>' ended.
func (p *Parser) dropTailText() {
	s := len(p.scratch)
	p.scratch = append(append(p.scratch, p.mk.tailMark...), p.mk.tail[:p.mk.tailN]...)
	p.mode = mText
	p.emitText(p.scratch[s:], p.mk.tailOff)
}

// wrapList begins, at off, arguments written as a JSON list where the
// tool has a required array parameter (Body.WrapArrayArgs): the list is
// that parameter's value, its key emitted before it. It reports false
// when the tool has none (the list is no arguments object).
func (p *Parser) wrapList(off int) bool {
	c := &p.calls.cur
	prm := catalog.ListParam(c.tool)
	if prm == nil || c.discard {
		return false
	}
	c.wrapList = true
	p.errorf(off, toolcall.CodeRepairedValue, c.errIndex(), "arguments written as a JSON list: read as the value of %q", prm.Name)
	s := p.appendObjectKey(prm.Name)
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	return true
}

// appendObjectKey appends to scratch the start of an object holding one
// key, '{' and the key as a JSON string and ':', and returns where it
// starts in scratch.
func (p *Parser) appendObjectKey(key string) int {
	s := len(p.scratch)
	p.scratch = append(p.scratch, '{')
	p.scratch = catalog.AppendJSONString(p.scratch, []byte(key))
	p.scratch = append(p.scratch, ':')
	return s
}

// wrapArgsEnd ends, at off, arguments Body.WrapArrayArgs read: a list's
// object is closed; held arguments that are one element of an array
// parameter are wrapped into it, and emitted either way.
func (p *Parser) wrapArgsEnd(off int) {
	c := &p.calls.cur
	switch {
	case c.wrapList:
		c.wrapList = false
		p.emitArgs(litBrace, off)
	case c.holdItem:
		c.holdItem = false
		held, at := p.own(c.args), c.argsOff
		c.args = c.args[:0]
		if prm := catalog.ItemParam(c.tool, held); prm != nil {
			p.errorf(at, toolcall.CodeRepairedValue, c.errIndex(), "arguments written as one element of %q: read as its value", prm.Name)
			s := p.appendObjectKey(prm.Name)
			p.scratch = append(append(append(p.scratch, '['), held...), ']', '}')
			held = p.scratch[s:len(p.scratch):len(p.scratch)]
		}
		c.argsOff = -1
		p.sendArgs(held, at)
	}
}
