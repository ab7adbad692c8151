package textparse

import (
	"bytes"
	"math/bits"
	"unicode/utf8"

	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/toolcall"
)

// mode is what the parser is reading.
type mode uint8

const (
	mText      mode = iota // visible text or reasoning (p.reason)
	mWrapper               // inside a dialect's wrapper tag of calls, between calls
	mArgsJSON              // the JSON arguments of a tag body (its reader goes on after them)
	mCallBody              // after a JSON call tag: JSON, a fence, a call tag or a name
	mFence                 // the rest of a ```json line
	mEnvPost               // after that object, before the call tag's closer
	mSkip                  // skipping an abandoned call up to its closing tag
	mBlock                 // inside a marker block, between calls
	mBlockBody             // a call body's first byte decides its reader
	mName                  // a call's name (and id), up to its end marker
	mBlockArgs             // after the name, before the JSON arguments
	mBlockJSON             // the JSON arguments of a block call
	mBlockSep              // after a block's call: a separator continues it
	mBody                  // a body read by p.rd.body (reader.go, tagbody.go)
	mSkipJSON              // skipping the rest of an abandoned call's JSON (a block without a closer, a list of calls)
	mDropTail              // dropping the rest of a DropTags markup, through its '>'
)

// Parser is an incremental parser of one model message. Create it with New;
// it is not safe for concurrent use.
type Parser struct {
	cfg      config
	detected Format // dialect seen, "" until then

	off     int // input offset of the current chunk's first byte
	chunk   []byte
	evs     []toolcall.Event
	scratch []byte // event bytes that do not alias the chunk, reset per Feed

	mode   mode
	reason bool // inside reasoning
	junk   bool // a run of stray bytes inside markup was reported
	// wordsEnd: the offset right after the last words blockWords gave to
	// the text; bytes read there continue them, white space included. -1
	// while junk marks a run of markup (stray, a call's type word): its
	// bytes stay markup up to the next markup.
	wordsEnd int
	fresh    bool // nothing but whitespace in the answer yet (anchored blocks)

	m     match       // the markup being matched, a marker or a tag (match.go)
	text  textState   // an unfinished UTF-8 character at the end of text
	calls callState   // the call being read and the calls so far (call.go)
	args  argsState   // the JSON arguments being read (jsonargs.go)
	mk    markerState // the marker scan and the block being read (block.go)
	tags  tagState    // the tag scan and the tag call being read (modes.go)
	rd    readerState // the body readers (reader.go)
	inr   inReasoning // calls written inside reasoning (inreasoning.go)
}

// textState holds an unfinished UTF-8 character at the end of text.
type textState struct {
	u8  [utf8.UTFMax]byte
	u8n int
	u8o int
	// last is the last byte of text or reasoning emitted (0 before any):
	// a probed list's '[' right after a word is indexing, not a list.
	last byte
}

// callState is the call being read, shared by every dialect.
type callState struct {
	inCall  bool
	cur     call
	callTag int            // offset of the tag or marker that began the call
	nameOff int            // offset of the name's content
	next    int            // next call index
	names   toolcall.Names // tool names seen
	name    []byte         // the name being read
	// run: the index in Parser.evs of the last args_delta when its bytes
	// are the tail of scratch from runS (sendArgs), else -1.
	run, runS int
	// rawErr: the invalid_json error of the abandoned call (call.raw),
	// held until its closer; kept out of call, which every call resets.
	rawErr toolcall.Event
	// jskip: the rest of an abandoned call's JSON being skipped (mSkipJSON)
	// down to jskipTo open containers (1: the list of calls, read on).
	jskip   jsonscan.Nesting
	jskipTo int
	// rawTo: in a list of calls, the depth at which the abandoned call's
	// arguments are closed (their raw text ends there; call.raw).
	rawTo int
	// held: the arguments of the call being read whose values wait for
	// its discriminator to be typed (catalog.Undecided): key and value
	// bytes one after another in heldBuf (holdArg).
	held    []heldArg
	heldBuf []byte
}

// argsState is the JSON arguments of the call being read.
type argsState struct {
	js    jsonscan.Scanner
	jsOff int    // input offset where js started
	hold  []byte // settled-but-pending JSON bytes (a number or literal)
	holdO int
	// fenceRet is the state after a ```json line; fenced: the arguments
	// of the current call had one.
	fenceRet mode
	fenced   bool
}

// tagState is the state of the XML-style dialects' tags.
type tagState struct {
	detTag *tagDialect // the dialect detected, when XML-style
	// dialects: the XML-style dialects enabled (a bit per index in the
	// tag table, tagtable.go); xOpen, xClose, xThink, xCatalog, xKV: what
	// they make the text state act on (setDialects).
	dialects      uint64
	xOpen, xClose uint64
	xThink        uint64
	xCatalog, xKV bool
	// xFence: an enabled dialect's calls are text inside a code fence;
	// fence follows the fences of the text (fence.go).
	xFence bool
	fence  fenceState
	// xSuffix: the tag kinds that may carry a :SUFFIX (Tags.Suffix).
	xSuffix uint64
	// textOpen, textClose: the tags text acts on outside reasoning
	// (tagSet), worked out with the rest by setDialects.
	textOpen, textClose uint64

	thinkK tagKind // the reasoning tag the parser is in
	// thinkEnd: the closers that end it (thinkK's; with ReasoningOpen,
	// </think> and the dialect's Tags.Think and ThinkAlt closers)
	thinkEnd uint64
	wrapper  tagKind // the wrapper of calls the parser is in (setWrapper)
	// wrapD: the dialect whose Wrapper wrapper is (wrapperOf), nil for none,
	// set with it: the per-tag questions ask it.
	wrapD *tagDialect
	// bareEnd: a call opened by its Invoke tag outside a wrapper (Tags.Bare)
	// ended, and nothing but white space followed: the dialect's Wrapper
	// closer met now is that call's, its opener left out (a model that
	// skips its first wrapper tag still writes the closer), not stray
	// markup.
	bareEnd bool
	// begun: in a wrapper, a call's CallBegin tag (at begunOff) and no
	// call after it yet (only its CallSep and the words around it).
	begun    bool
	begunOff int
	callK    tagKind               // the JSON call tag being read (Tags.JSON)
	skip     string                // closing tag that ends mSkip
	skipN    int                   //
	tagCache map[string]catalogTag // lookupTag
	recent   [4]catalogTag         // lookupTag's last tools, recentN the next slot
	recentN  int
	// fmt: the tag table's dialect of the format in use (nil: not
	// XML-style), set with the format (setFormatTag).
	fmt *tagDialect
	// dmg: a damaged wrapper line held before a possible call
	// (Tags.Damaged, damaged.go).
	dmg damagedHold
}

// readerState holds the body readers.
type readerState struct {
	env  *envelope // the JSON call reader, made on first use (envelope.go)
	body bodyStep  // the reader of the body being read (mBody)
	tag  tagBody   // body, when it is a tag body's reader (tagbody.go)
	// readers, tagBodies: the readers made so far (customReader,
	// tagBody).
	readers   []readerSlot
	tagBodies [nTagBodies]tagBody
}

// newParser builds a Parser from a checked config (see New).
func newParser(cfg config) *Parser {
	p := &Parser{cfg: cfg, fresh: true}
	p.args.js.SetMaxDepth(p.cfg.maxDepth)
	tagVocabulary()
	var on uint64
	if i, ok := tt.tagDialectOf(p.cfg.format); ok {
		on = 1 << i
	} else if p.cfg.dialect == nil {
		p.cfg.format = FormatAuto
		on = tt.auto
	}
	if p.cfg.tools == nil { // tags named by the catalog need one
		for i := range tt.ds {
			if tt.ds[i].catalog {
				on &^= 1 << i
			}
		}
	}
	p.setDialects(on)
	p.setFormatTag()
	p.m.repair = repairKinds(p.cfg.format, p.cfg.tools)
	p.mk.comp = p.compiledFor(p.cfg.format)
	if d := p.cfg.dialect; d != nil {
		p.mk.comp = d.compiled(p.cfg.thinkAsText)
	}
	p.mk.lead = p.mk.comp != nil && len(p.mk.comp.lead.list) > 0 && !p.cfg.reasoningOpen
	if p.cfg.reasoningOpen {
		p.reason, p.tags.thinkK, p.inr.opened = true, tkThink, !p.cfg.noThink // (NoThink: <think> is text)
		p.tags.thinkEnd = bitOf(tkThink)
		if i, ok := tt.tagDialectOf(p.cfg.format); ok && tt.ds[i].think != tkNone {
			p.tags.thinkK = tt.ds[i].think     // the dialect's own reasoning tag
			p.tags.thinkEnd |= tt.ds[i].thinks // and <think>'s own closer still
		}
		if d := p.cfg.dialect; d != nil && len(d.Reasoning) > 0 && !d.Reasoning[0].Alt && p.mk.comp != nil {
			p.mk.rset = &p.mk.comp.reason[0] // the dialect's own reasoning span
			p.mk.ropen = &p.mk.comp.reopen[0]
		}
	}
	return p
}

// Format returns the dialect in use: the configured one, or for auto the one
// detected from the first opening tag (FormatAuto until then).
func (p *Parser) Format() Format {
	if p.cfg.format == FormatAuto && p.detected != "" {
		return p.detected
	}
	return p.cfg.format
}

// Feed consumes the next chunk of the message and returns the events it
// completed. The slice and the events' Data are valid until the next call
// to Feed or Close.
//
// Feed caps a call's bytes (MaxCallBytes): while a call is open it hands
// step only the bytes up to the cap. A reader that begins a call in the
// middle of its loop (a list's next element, a section's next call tag)
// therefore returns to Feed right after beginning it when the cap falls
// in the bytes it reads (capIn), so the cap counts from the call's start
// in one chunk as in many.
func (p *Parser) Feed(chunk []byte) []toolcall.Event {
	p.evs, p.scratch, p.calls.run = p.evs[:0], p.scratch[:0], -1
	p.chunk = chunk
	i := 0
	if p.text.u8n > 0 {
		i = p.finishRune(chunk)
	}
	for i < len(chunk) {
		end := len(chunk)
		if p.calls.inCall {
			if lim := p.calls.cur.start + p.cfg.maxCallBytes - p.off; lim < end {
				if lim <= i {
					p.tooLarge(p.off + i)
					continue
				}
				end = lim
			}
		}
		i = p.step(chunk[:end], i)
	}
	p.off += len(chunk)
	p.chunk = nil
	return p.sealed()
}

// capIn reports whether the open call's byte cap falls inside b, the
// bytes a reader is reading: a reader that has just begun a call returns
// to Feed then, which cuts the bytes at the cap (see Feed).
func (p *Parser) capIn(b []byte) bool {
	return p.calls.cur.start+p.cfg.maxCallBytes < p.off+len(b)
}

// begunAtCap is capIn for a reader that may or may not have begun a call
// in the step just taken: wasIn is whether a call was open before it.
func (p *Parser) begunAtCap(wasIn bool, b []byte) bool {
	return !wasIn && p.calls.inCall && p.capIn(b)
}

// step consumes bytes of b from i on, in the current state, and returns the
// index of the first byte it did not consume.
func (p *Parser) step(b []byte, i int) int {
	if p.inr.pend.on {
		return p.pendStep(b, i)
	}
	if p.m.on {
		return p.matchStep(b, i)
	}
	switch p.mode {
	case mBlock, mBlockBody, mName, mBlockArgs, mBlockJSON, mBlockSep:
		return p.blockStep(b, i)
	case mBody:
		return p.rd.body.read(p, b, i)
	case mText:
		if s := p.inr.label; s != nil { // a reasoning span's optional label (Span.Label)
			p.inr.label = nil
			if s.first[b[i]] {
				p.beginMarker(s, b[i], p.off+i)
				return i
			}
		}
		return p.textScan(b, i, p.textMarkers())
	case mArgsJSON:
		return p.argsJSON(b, i)
	case mSkip:
		return p.skipStep(b, i)
	case mSkipJSON:
		return p.skipJSONStep(b, i)
	case mDropTail:
		return p.dropTailStep(b, i)
	case mFence:
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return len(b)
		}
		p.mode = p.args.fenceRet
		return i + j + 1
	case mCallBody, mEnvPost:
		return p.sniff(b, i)
	case mWrapper:
		if x := p.wrapperOf(); x != nil && x.wrapJSON && !p.junk {
			if j, ok := p.wrapperJSON(b, i); ok {
				return j
			}
		}
		for _, h := range wrapperHooks {
			if j, ok := h(p, b, i); ok {
				return j
			}
		}
	}
	// Between calls in a wrapper: everything up to the next '<' is content.
	j := bytes.IndexByte(b[i:], '<')
	if j < 0 {
		p.content(b[i:], p.off+i)
		return len(b)
	}
	if j > 0 {
		p.content(b[i:i+j], p.off+i)
	}
	return p.startTagAt(b, i+j)
}

// wrapperJSON reads, between the calls of a wrapper that may hold JSON
// call objects (Tags.WrapperJSON), the whitespace up to a '{': the JSON
// call is read as a JSON call tag's, the wrapper's closer ending it. It
// reports false when another byte comes first (a tag, or stray bytes).
func (p *Parser) wrapperJSON(b []byte, i int) (int, bool) {
	j := i
	for j < len(b) && isSpace(b[j]) {
		j++
	}
	if j == len(b) {
		return j, true
	}
	if b[j] != '{' {
		return i, false
	}
	p.calls.callTag, p.tags.callK = p.off+j, p.tags.wrapper
	p.setWrapper(tkNone)
	p.mode = mCallBody
	return j, true
}

// startTag begins reading a tag at offset off with the tags the current
// state acts on.
func (p *Parser) startTag(off int) {
	p.tagSet(&p.m.tset)
	p.m.beginTag(off)
}

// setDetected records the dialect seen; the format's lookups (formatTag)
// are made again.
func (p *Parser) setDetected(f Format) {
	p.detected = f
	p.setFormatTag()
}

// emitText emits a text or reasoning delta.
func (p *Parser) emitText(b []byte, off int) {
	if len(b) == 0 {
		return
	}
	p.text.last = b[len(b)-1]
	if (p.tags.bareEnd || p.inr.opened || p.mk.lead) && !allSpace(b) {
		// Flags that hold only while nothing but white space follows
		// (a bare call's closer, the prompt's opener written again, a
		// leading channel word): words end them.
		p.tags.bareEnd, p.inr.opened, p.mk.lead = false, false, false
	}
	if p.tags.xFence {
		p.tags.fence.scan(b)
	}
	if p.tags.dmg.on {
		if b, off = p.holdText(b, off); len(b) == 0 {
			return
		}
	}
	k := toolcall.KindText
	if p.reason {
		k = toolcall.KindReasoning
	}
	// Bytes that continue the previous delta in the same buffer extend it.
	if n := len(p.evs); n > 0 {
		last := &p.evs[n-1]
		l := len(last.Data)
		if last.Kind == k && last.Offset+l == off && cap(last.Data)-l >= len(b) && &last.Data[:l+1][l] == &b[0] {
			last.Data = last.Data[:l+len(b)]
			return
		}
	}
	p.push(k, off, -1).Data = b
}

// push appends an event of kind k at off for call index (-1: none) and
// returns it for the caller to fill in: appending a zero event and setting
// its fields costs less than copying a whole composite literal in.
func (p *Parser) push(k toolcall.Kind, off, index int) *toolcall.Event {
	p.evs = append(p.evs, toolcall.Event{})
	e := &p.evs[len(p.evs)-1]
	e.Kind, e.Offset, e.Index = k, off, index
	return e
}

// textRun emits text that runs to the end of the chunk, holding back an
// unfinished UTF-8 character when atEnd.
func (p *Parser) textRun(b []byte, off int, atEnd bool) {
	if atEnd {
		if k := partialRune(b); k > 0 {
			copy(p.text.u8[:], b[len(b)-k:])
			p.text.u8n, p.text.u8o = k, off+len(b)-k
			b = b[:len(b)-k]
		}
	}
	p.emitText(b, off)
}

// partialRune returns the length of an unfinished UTF-8 sequence at the end
// of b, or 0.
func partialRune(b []byte) int {
	for k := 1; k <= 3 && k <= len(b); k++ {
		c := b[len(b)-k]
		if c < 0x80 {
			return 0
		}
		if c >= 0xC0 { // a start byte
			need := 2
			if c >= 0xF0 {
				need = 4
			} else if c >= 0xE0 {
				need = 3
			}
			if need > k {
				return k
			}
			return 0
		}
	}
	return 0
}

// finishRune releases the held UTF-8 bytes together with the continuation
// bytes that complete them at the start of chunk.
func (p *Parser) finishRune(chunk []byte) int {
	words := p.wordsEnd == p.text.u8o+p.text.u8n // held by blockWords: the words go on after it
	s := len(p.scratch)
	p.scratch = append(p.scratch, p.text.u8[:p.text.u8n]...)
	i := 0
	for i < len(chunk) && i < utf8.UTFMax-p.text.u8n && chunk[i]&0xC0 == 0x80 && !utf8.FullRune(p.scratch[s:]) {
		p.scratch = append(p.scratch, chunk[i])
		i++
	}
	if !utf8.FullRune(p.scratch[s:]) && i == len(chunk) {
		// Still unfinished: keep holding.
		p.text.u8n = copy(p.text.u8[:], p.scratch[s:])
		p.scratch = p.scratch[:s]
		if words {
			p.wordsEnd = p.text.u8o + p.text.u8n
		}
		return i
	}
	p.text.u8n = 0
	if words {
		p.wordsEnd = p.text.u8o + len(p.scratch) - s
	}
	p.emitText(p.scratch[s:], p.text.u8o)
	return i
}

// content routes bytes that are not markup to the current state.
func (p *Parser) content(b []byte, off int) {
	if p.inr.pend.on { // after call markup held in reasoning: the hold reads them first
		if b, off = p.pendContent(b, off); len(b) == 0 {
			return
		}
	}
	switch p.mode {
	case mText:
		p.emitText(b, off)
	case mName:
		if p.mk.blk.Body.Probe && (len(p.calls.name)+len(b) > maxGenericName || bytes.IndexByte(b, '<') >= 0) {
			p.probeNameText(b, off) // a probed header's NameEnd did not follow
			return
		}
		p.nameBytes(b)
	case mBlock:
		switch {
		case p.listFromHeld(b, off):
		case p.mk.blk.Call != "" && !p.calls.inCall:
			p.blockWords(b, off)
		default:
			p.stray(b, off)
		}
	case mBlockBody:
		if p.mk.blk.Body.Probe {
			p.probeRefed(b, off)
			return
		}
		if p.listFromHeld(b, off) {
			return
		}
		if p.mk.blk.Body.Header != nil && p.mk.blk.Body.Read&ReadNameJSON != 0 {
			// A message header may start with markup that is no marker of
			// the block (<|start|><|channel|>…: the role left out).
			p.beginName(off)
			p.nameBytes(b)
			return
		}
		if bl := p.mk.blk; len(b) > 1 && b[0] == '<' && b[1] != '{' && b[1] != '[' && bl.Body.Read&ReadNameJSON != 0 && p.customReader(&bl.Body) == nil {
			// A marker's start given back ("<" and the first bytes of
			// "｜"): the '<' is stray, the bytes after it start the name,
			// as bodyStart reads a byte that is no marker's (a character
			// is not split between markup and text).
			p.stray(b[:1], off)
			p.beginName(off + 1)
			p.nameBytes(b[1:])
			return
		}
		p.stray(b, off)
	case mBlockArgs:
		// Bytes held as the start of the next call's opener and given
		// back where the arguments are due ([ARGS][1]): arguments that
		// are no object, read as blockStep reads such a first byte.
		p.notObject(off, b[0], notObjRaw)
		p.mode = mBlockJSON
		if n := p.blockJSON(b, off); n < len(b) {
			p.content(b[n:], off+n)
		}
	case mBody:
		if p.rd.tag != nil {
			p.rd.tag.content(p, b, off)
			return
		}
		p.stray(b, off)
	case mWrapper:
		p.blockWords(b, off) // (after a call's CallBegin or CallSep tag, onTag has marked the run markup)
	default:
		p.stray(b, off)
	}
}

// listFromHeld starts a block's call body at b when b is the '[' of a
// JSON list that the matcher held as the start of one of the block's
// markers and gave back (a Close such as "[unused12]" starts with '['):
// the list is read from the next byte on, as a '[' that starts no marker
// is. It reports false for any other bytes.
func (p *Parser) listFromHeld(b []byte, off int) bool {
	bl := p.mk.blk
	if len(b) != 1 || b[0] != '[' || bl.Body.Read&ReadJSON == 0 || p.calls.inCall || p.customReader(&bl.Body) != nil {
		return false
	}
	if p.mode == mBlock {
		if bl.Call != "" {
			return false
		}
		p.mk.callStart, p.mode = off, mBlockBody
	}
	p.bodyStart(b, 0)
	return true
}

// blockWords gives the words a block's or wrapper's reader meets between
// calls, where no call holds them, to the answer as text (as reasoning in
// a reasoning span), at their offset, in order with the calls, with no
// error. White space before them stays markup; a run of words goes on,
// its white space included, up to the next markup, so bytes read right
// after words (the next chunk, or bytes held as a marker's start and
// given back) continue them. Like stray, it marks the run (junk), which
// the readers that test it read as before.
func (p *Parser) blockWords(b []byte, off int) {
	if off != p.wordsEnd {
		if p.junk && p.wordsEnd < 0 {
			return // a run of stray bytes goes on (stray): reported once
		}
		i := 0
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return
		}
		b, off = b[i:], off+i
	} else if n := p.text.u8n; n > 0 && off == p.text.u8o+n {
		// A character cut at the end of the words before ends here.
		s := len(p.scratch)
		p.scratch = append(append(p.scratch, p.text.u8[:n]...), b...)
		b, off, p.text.u8n = p.scratch[s:len(p.scratch):len(p.scratch)], p.text.u8o, 0
	}
	p.junk = true
	p.wordsEnd = off + len(b)
	// A character the next bytes may end (the chunk ends, or a
	// continuation byte follows bytes given back) is held (textRun); one
	// that the next byte does not continue goes out.
	held := false
	if p.chunk != nil {
		n := off + len(b) - p.off
		held = n >= len(p.chunk) || n >= 0 && p.chunk[n]&0xC0 == 0x80
	}
	p.textRun(b, off, held)
}

// stray reports non-whitespace bytes inside markup, once per run.
func (p *Parser) stray(b []byte, off int) {
	for i, c := range b {
		if !isSpace(c) {
			if !p.junk {
				p.junk, p.wordsEnd = true, -1
				p.errorf(off+i, toolcall.CodeMalformedMarkup, -1, "unexpected text inside %s markup", p.where())
			}
			return
		}
	}
}

func (p *Parser) where() string {
	switch p.mode {
	case mWrapper:
		return "<" + tagName(p.tags.wrapper) + ">"
	case mBody:
		if p.rd.tag != nil {
			return p.rd.tag.where()
		}
	}
	return "tool-call"
}

// errorf emits an error event.
func (p *Parser) errorf(off int, code toolcall.Code, index int, format string, args ...any) {
	p.evs = append(p.evs, toolcall.ErrorEvent(off, code, index, format, args...))
}

// cutOwnCloser resolves the closing tag name held at the end of the
// stream, cut short, to the call's or the wrapper's closer when it is the
// start of one (a candidate prefixOK kept), and reports whether it was.
func (p *Parser) cutOwnCloser() bool {
	for m := p.m.cand; m != 0; m &= m - 1 {
		if k := tagKind(bits.TrailingZeros64(m)); p.ownCloser(k) {
			p.m.kind = k
			return true
		}
	}
	return false
}

// ownCloser reports whether tag kind k closes the call being read or the
// wrapper around the calls.
func (p *Parser) ownCloser(k tagKind) bool {
	if k == tkGeneric || k == tkNone {
		return false
	}
	return p.calls.inCall && tt.closer(k) == p.calls.cur.closer || p.mode == mWrapper && k == p.tags.wrapper
}

// Close ends the message: held bytes are released and an unfinished call is
// reported as an incomplete_call error with its partial arguments.
func (p *Parser) Close() []toolcall.Event {
	p.evs, p.scratch, p.calls.run = p.evs[:0], p.scratch[:0], -1
	end := p.off
	if t := &p.m; t.on && t.tag {
		// A closing tag cut short by the end of the stream still closes.
		ok := false
		if t.closing {
			if t.phase == tpName {
				t.nameEnd = t.n
				// In markup, the start of the call's or the wrapper's
				// closer ("</tool_") is that closer cut short.
				ok = t.n > 2 && (t.resolve() || p.mode != mText && p.cutOwnCloser())
			} else {
				ok = true
			}
		}
		switch {
		case ok && p.ownCloser(t.kind):
			// The call's or the wrapper's own closer cut short: the
			// closer is missing (closeMissing reports it), and what it
			// would have closed is complete.
			t.on, t.n = false, 0
		case ok:
			t.bad = true
			p.finishTag()
		default:
			p.unmatched()
		}
	}
	p.releaseDamaged() // the output ended before a call: text
	if m := &p.m; m.on && !m.tag && m.n >= 2 && m.buf[0] == '<' && p.mode == mText && p.mk.comp != nil && p.mk.comp.cutMarkers {
		// The start of a special token sequence the output stopped in
		// (special tokens open with '<'; a word's start stays text).
		p.errorf(m.off, toolcall.CodeMalformedMarkup, -1, "markup %q cut short by the end of the output, dropped", p.held())
		m.on, m.n = false, 0
	}
	for p.m.on { // a marker prefix at the end is not a marker
		p.unmatched()
	}
	if p.inr.pend.on { // call markup at the very end: no call follows
		p.resolvePend(false)
	}
	if p.text.u8n > 0 {
		s := len(p.scratch)
		p.scratch = append(p.scratch, p.text.u8[:p.text.u8n]...)
		p.text.u8n = 0
		p.emitText(p.scratch[s:], p.text.u8o)
	}
	p.releaseDamaged()
	if (p.mode == mArgsJSON || p.mode == mBlockJSON) && len(p.args.hold) > 0 && p.args.js.End() {
		p.flushHold()
	}
	if p.mode == mBlockSep { // white space after the last call
		p.sepText()
	}
	if p.mode == mBlockBody && p.mk.blk.Body.Probe { // a '[' at the very end: text
		s := len(p.scratch)
		p.scratch = append(p.scratch, p.mk.blk.Open...)
		p.emitText(p.scratch[s:], p.mk.callStart)
		p.mode = mText
	}
	if p.mode == mName && p.mk.blk.Body.Probe { // a probed header cut short: text
		p.probeNameText(nil, 0)
	}
	if p.mode == mName && p.wordsForName() {
		p.nameWordsText()
	}
	switch {
	case p.mode == mDropTail && p.mk.tailStray && p.mk.comp.cutMarkers:
		// A Dialect.Stray tag the output stopped inside: cut markup.
		p.errorf(p.mk.tailOff, toolcall.CodeMalformedMarkup, -1, "markup %q cut short by the end of the output, dropped", p.mk.tailMark+string(p.mk.tail[:p.mk.tailN]))
		p.mode = mText
	case p.mode == mDropTail: // no '>' came: the marker was text
		p.dropTailText()
	}
	if p.mode == mBody {
		p.rd.body.end(p)
	}
	if p.calls.inCall && p.calls.cur.notObj != 0 {
		p.notObjectErr() // arguments that are not an object, cut short
	}
	if p.calls.cur.raw { // the stream ended before the call's closer
		p.sendRaw(0)
	}
	p.closeMissing(end)
	if p.calls.inCall {
		p.incomplete(end)
	}
	p.mode, p.calls.inCall, p.reason, p.tags.begun, p.mk.rset, p.text.last = mText, false, false, false, nil, 0
	p.setWrapper(tkNone)
	p.inr.reset()
	return p.sealed()
}
