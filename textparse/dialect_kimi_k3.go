package textparse

import (
	"bytes"
	"encoding/json"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// Kimi K3 (Moonshot): "XTML", tags built from three special tokens,
// <|open|>NAME ATTRS<|sep|> … <|close|>NAME<|sep|>. The calls are a tools
// channel after the response channel; each argument is typed by its
// type="…" attribute (string: the raw text; any other type: JSON), or a
// call holds one JSON object in a json tag instead.
//
//	<|open|>tools<|sep|>
//	<|open|>call tool="get_weather" index="0"<|sep|>
//	<|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|>
//	<|open|>argument key="days" type="number"<|sep|>3<|close|>argument<|sep|>
//	<|close|>call<|sep|>
//	<|close|>tools<|sep|>
//
//	<|open|>call tool="f" index="1"<|sep|><|open|>json type="object"<|sep|>{"a":1}<|close|>json<|sep|><|close|>call<|sep|>
//
// Attribute values escape '&' and '"' (&amp;, &quot;). Reasoning is the
// think channel; the response channel's markers and the message's end
// markers are dropped. Shapes from the checkpoint's encoder as the
// serving stacks' K3 parsers read it (vLLM, SGLang, TensorRT-LLM).
//
// The reader (xtmlReader) reads the whole tools channel: every tag in it
// is a special token, so a tag that is not where it belongs ends what it
// interrupts (an argument whose closer is missing ends at the next
// argument, call or the channel's end, with malformed_markup) and no call
// swallows the next.
const FormatKimiK3 Format = "kimi_k3"

// ReadXTML reads a Kimi K3 tools channel: call tags holding argument
// tags or one json tag.
const ReadXTML Reader = 1 << 5

// ReadXTMLCall reads one Kimi K3 call written without its tools channel,
// from its <|open|>call on (the block's Open): the channel's reader,
// started inside the call tag, back to text after the call's closer.
const ReadXTMLCall Reader = 1 << 9

// The XTML special tokens.
const (
	xtmlOpen  = "<|open|>"
	xtmlClose = "<|close|>"
	xtmlSep   = "<|sep|>"
)

func init() {
	registerReader(ReadXTML, "xtml", func() bodyReader { return &xtmlReader{} })
	registerReader(ReadXTMLCall, "xtml_call", func() bodyReader { return &xtmlCallReader{} })
	register(&Dialect{
		Format: FormatKimiK3,
		Wire:   `<|open|>tools<|sep|><|open|>call tool="NAME" index="I"<|sep|><|open|>argument key="P" type="T"<|sep|>V<|close|>argument<|sep|>…<|close|>call<|sep|>…<|close|>tools<|sep|> (or <|open|>json<|sep|>{json}<|close|>json<|sep|> in a call); <|open|>think<|sep|>…<|close|>think<|sep|> reasoning`,
		Blocks: []Block{{Open: xtmlOpen + "tools" + xtmlSep, Body: Body{Read: ReadXTML}},
			// A call written without the channel, as kimi_k2 reads one
			// without its section; <|open|>call with no attributes
			// after it is stray markup.
			{Open: xtmlCallOpen, TagOpen: true, Body: Body{Read: ReadXTMLCall}}},
		// The response channel's opener ends the think channel too (an
		// output whose prompt opened it answers so when it thinks
		// nothing), as SGLang's K3 reasoning parser reads it.
		Reasoning: []Span{{Open: xtmlOpen + "think" + xtmlSep, Close: xtmlClose + "think" + xtmlSep,
			Ends: []string{xtmlOpen + "response" + xtmlSep},
			// The think closer written without its <|sep|>, right before
			// the response opener (SGLang's K3 detector recovers it).
			Damaged: []string{xtmlClose + "think" + xtmlOpen + "response" + xtmlSep}}},
		Drop: []string{xtmlOpen + "response" + xtmlSep, xtmlClose + "response" + xtmlSep,
			xtmlClose + "message" + xtmlSep, "<|end_of_msg|>"},
		// Its markers are special tokens: one the output was cut inside
		// (max_tokens) is dropped, as SGLang's K3 detector strips it.
		CutMarkers: true,
		// The channel's inner tags have no place outside it (SGLang's K3
		// detector strips them from the text).
		Stray: []string{xtmlOpen + "argument", xtmlOpen + "json",
			xtmlClose + "argument" + xtmlSep, xtmlClose + "json" + xtmlSep,
			xtmlClose + "call" + xtmlSep, xtmlClose + "tools" + xtmlSep},
	})
}

// xtmlCallOpen opens a call's tag.
const xtmlCallOpen = xtmlOpen + "call"

// xtmlTokens are the special tokens the reader matches; none holds
// another, and they differ from their third byte on.
var xtmlTokens = [...]string{xtmlOpen, xtmlClose, xtmlSep}

// Token indexes in xtmlTokens.
const (
	xtOpen = iota
	xtClose
	xtSep
)

// States of the XTML reader.
const (
	xtSection  = iota // between calls
	xtCall            // in a call, between its arguments
	xtValue           // in an argument's value
	xtJSONPre         // in a json tag, before the object
	xtJSON            // in the object of a json tag
	xtJSONPost        // after it, before <|close|>json
	xtSkip            // after an abandoned call: up to the next call or the channel's end
	xtHeader          // in a tag's header (name and attributes), up to <|sep|>
)

// xtmlMaxHeader caps a tag's header: the longest tool name and key with
// room for their attributes.
const xtmlMaxHeader = 1024

// xtmlReader reads a K3 tools channel; it is the state of one.
type xtmlReader struct {
	state uint8
	// held: the value being read waits for its call's discriminator
	// (catalog.Undecided), its key heldKey.
	held    bool
	heldKey []byte
	ret     uint8 // the state a header was opened in
	// capped: between calls, the bytes read are those of a header past
	// its cap, stray markup up to the next token (not words: blockWords).
	capped bool
	// tok: the bytes of a special token matched so far (0: none), at
	// tokOff; cand: the tokens still possible (bits of xtmlTokens).
	tok    int
	tokOff int
	cand   uint8
	// The tag being read: opened by <|open|> (open) or <|close|>, at
	// hdrOff, its header bytes so far.
	open   bool
	sep    bool // the header ended at <|sep|>
	hdr    []byte
	hdrOff int
	// The value being read: streamed as a JSON string (str), or buffered
	// (buf) and read as JSON or coerced at its closer.
	str   bool
	buf   []byte
	param *toolcall.Param
	typ   toolcall.Param // the type attribute, as a parameter to coerce by
	// jsonArgs: the call's arguments were a json tag.
	jsonArgs bool
	// bare: one call written without its channel (xtmlCallReader): the
	// text goes on after it.
	bare bool
	name []byte // an attribute value, unescaped
}

// starts: the channel's body begins with its first tag, after the
// block's marker.
// readsSection: every call in the block has its own opener (sectionReader).
func (x *xtmlReader) readsSection() {}

func (x *xtmlReader) starts(c byte, anchored bool) bool { return !anchored }

// begin starts reading the channel at b[i].
func (x *xtmlReader) begin(p *Parser, b []byte, i int) int {
	x.state, x.tok, x.hdr, x.bare, x.capped = xtSection, 0, x.hdr[:0], false, false
	return i
}

// xtmlCallReader reads a K3 call written without its tools channel (no
// sectionReader: the Open opens the call, and alone at the end it is
// the call's incomplete_call).
type xtmlCallReader struct{ x xtmlReader }

// starts is not asked: the block is TagOpen.
func (c *xtmlCallReader) starts(byte, bool) bool { return false }

// begin starts reading the call tag's header at b[i], right after
// <|open|>call or after the blank that follows it.
func (c *xtmlCallReader) begin(p *Parser, b []byte, i int) int {
	x := &c.x
	x.state, x.tok, x.bare = xtHeader, 0, true
	x.ret, x.open, x.sep, x.hdrOff = xtSection, true, false, p.mk.callStart
	x.hdr = append(x.hdr[:0], "call"...)
	if p.off+i > p.mk.callStart+len(xtmlCallOpen) {
		x.hdr = append(x.hdr, ' ')
	}
	return i
}

func (c *xtmlCallReader) read(p *Parser, b []byte, i int) int { return c.x.read(p, b, i) }

func (c *xtmlCallReader) end(p *Parser) { c.x.end(p) }

// read consumes bytes of the channel.
func (x *xtmlReader) read(p *Parser, b []byte, i int) int {
	if !p.calls.inCall && x.inCall() {
		x.state = xtSkip // the call was abandoned (a cap, a bad value)
	}
	for i < len(b) && p.mode == mBody {
		if x.tok > 0 {
			in := p.calls.inCall
			if i = x.tokStep(p, b, i); p.begunAtCap(in, b) {
				return i // a call begun: Feed caps its bytes (Parser.Feed)
			}
			continue
		}
		switch x.state {
		case xtJSON:
			n, done, failed := p.feedArgs(b[i:], p.off+i)
			i += n
			if failed {
				x.state = xtSkip
				continue
			}
			if done {
				x.state, x.jsonArgs = xtJSONPost, true
			}
			continue
		case xtValue, xtHeader:
			j := bytes.IndexByte(b[i:], '<')
			if j < 0 {
				j = len(b)
			} else {
				j += i
			}
			if j > i {
				x.content(p, b[i:j], p.off+i)
			}
			i = j
		default:
			c := b[i]
			switch {
			case c == '<':
			case x.state == xtSection && !x.capped && (!isSpace(c) || p.off+i == p.wordsEnd):
				// Words between calls: text up to the next '<' (blockWords).
				j := bytes.IndexByte(b[i:], '<')
				if j < 0 {
					j = len(b) - i
				}
				p.blockWords(b[i:i+j], p.off+i)
				i += j
				continue
			case isSpace(c):
				i++
				continue
			case x.state == xtJSONPre:
				p.args.js.Reset()
				p.args.jsOff = p.off + i
				if c != '{' {
					p.notObject(p.off+i, c, notObjRaw)
				}
				x.state = xtJSON
				continue
			default:
				if x.state != xtSkip {
					p.stray(b[i:i+1], p.off+i)
				}
				i++
				continue
			}
		}
		if i < len(b) { // a '<': perhaps a special token
			if k, n := xtmlTokenAt(b[i:]); n > 0 { // whole in the chunk
				in := p.calls.inCall
				x.token(p, k, p.off+i)
				if i += n; p.begunAtCap(in, b) {
					return i // a call begun: Feed caps its bytes (Parser.Feed)
				}
				continue
			}
			x.tok, x.tokOff, x.cand = 1, p.off+i, 1<<xtOpen|1<<xtClose|1<<xtSep
			i++
		}
	}
	return i
}

// inCall reports whether the state is inside a call.
func (x *xtmlReader) inCall() bool {
	s := x.state
	if s == xtHeader {
		s = x.ret
	}
	return s != xtSection && s != xtSkip
}

// tokStep matches the bytes after a '<' against the special tokens.
func (x *xtmlReader) tokStep(p *Parser, b []byte, i int) int {
	for ; i < len(b); i++ {
		c := b[i]
		var next uint8
		done := -1
		for k, t := range xtmlTokens {
			if x.cand&(1<<k) != 0 && t[x.tok] == c {
				next |= 1 << k
				if x.tok+1 == len(t) {
					done = k
				}
			}
		}
		if next == 0 {
			x.tokFail(p)
			return i // b[i] is read again
		}
		x.cand = next
		x.tok++
		if done >= 0 {
			x.tok = 0
			x.token(p, done, x.tokOff)
			return i + 1
		}
	}
	return i
}

// xtmlTokenAt returns the special token b starts with and its length, 0
// when b starts with none or is too short to tell.
func xtmlTokenAt(b []byte) (k, n int) {
	for k, t := range xtmlTokens {
		if len(b) >= len(t) && string(b[:len(t)]) == t {
			return k, len(t)
		}
	}
	return 0, 0
}

// tokFail hands the bytes held as a token prefix back as content.
func (x *xtmlReader) tokFail(p *Parser) {
	var held string
	for k, t := range xtmlTokens {
		if x.cand&(1<<k) != 0 {
			held = t[:x.tok]
			break
		}
	}
	x.tok = 0
	x.content(p, []byte(held), x.tokOff)
}

// content takes bytes that are no special token.
func (x *xtmlReader) content(p *Parser, b []byte, off int) {
	switch x.state {
	case xtHeader:
		if room := xtmlMaxHeader - len(x.hdr); len(b) > room {
			// The cap is passed at the same byte whatever the chunking;
			// the header's bytes after it are read as the state's
			// content (stray text, or skipped with an abandoned call).
			x.hdr = x.hdr[:0]
			x.state = x.ret
			x.problem(p, off+room, "a tag longer than %d bytes", xtmlMaxHeader)
			x.capped = x.state == xtSection // the tag's bytes, not words
			x.content(p, b[room:], off+room)
			return
		}
		x.hdr = append(x.hdr, b...)
	case xtValue:
		if !x.str {
			x.buf = append(x.buf, b...)
			return
		}
		s := len(p.scratch)
		p.scratch = catalog.AppendJSONChars(p.scratch, b)
		p.emitArgsIn(p.scratch[s:len(p.scratch):len(p.scratch)], off, off+len(b))
	case xtSkip:
	case xtSection:
		if x.capped {
			p.stray(b, off)
			return
		}
		p.blockWords(b, off)
	default:
		p.stray(b, off)
	}
}

// problem reports broken markup at off: inside a call it abandons the
// call (the reader then skips to the next call), elsewhere it is reported
// and reading goes on.
func (x *xtmlReader) problem(p *Parser, off int, format string, args ...any) {
	if p.sectionProblem(x.inCall(), off, "Kimi K3", format, args...) {
		x.state = xtSkip
	}
}

// token acts on a complete special token that began at off.
func (x *xtmlReader) token(p *Parser, k, off int) {
	x.capped = false
	if x.state == xtHeader {
		x.state, x.sep = x.ret, k == xtSep
		if x.sep {
			x.tag(p)
			return
		}
		// A tag cut short by the next one: read as it is.
		p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "Kimi K3 tag %q has no <|sep|>", x.hdr)
		x.tag(p)
		if p.mode != mBody || x.state == xtHeader {
			return
		}
	}
	if k == xtSep {
		switch x.state {
		case xtValue:
			x.content(p, []byte(xtmlSep), off)
		case xtSkip:
		default:
			x.problem(p, off, "<|sep|> outside a tag")
		}
		return
	}
	x.open, x.hdr, x.hdrOff = k == xtOpen, x.hdr[:0], off
	x.ret, x.state = x.state, xtHeader
}

// tagName splits the header into the tag's name and its attributes.
func (x *xtmlReader) tagName() (name, attrs []byte) {
	h := trimSpace(x.hdr)
	j := 0
	for j < len(h) && !isSpace(h[j]) {
		j++
	}
	return h[:j], h[j:]
}

// tag acts on the complete tag just read, in state x.state.
func (x *xtmlReader) tag(p *Parser) {
	off := x.hdrOff
	nm, attrs := x.tagName()
	name := string(nm) // compared only: no copy is made
	switch x.state {
	case xtValue:
		switch {
		case !x.open && name == "argument":
			x.endValue(p, off)
			return
		case x.open && (name == "argument" || name == "call" || name == "json"), !x.open && (name == "call" || name == "tools"):
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "Kimi K3 argument not closed before <|%s|>%s", openClose(x.open), nm)
			x.endValue(p, off)
			x.tag(p) // read where it belongs (skipped when the value was too deep)
			return
		}
		// Any other tag is text of the value, as written.
		x.content(p, []byte(openCloseToken(x.open)), off)
		x.content(p, x.hdr, off)
		if x.sep {
			x.content(p, []byte(xtmlSep), off)
		}
		return
	case xtJSONPre, xtJSON, xtJSONPost:
		if !x.open && name == "json" && x.state == xtJSONPost {
			x.state = xtCall
			return
		}
		if x.state != xtJSONPost && p.calls.inCall {
			p.flushHold()
			p.abandon(off, toolcall.CodeInvalidJSON, "Kimi K3 json argument not complete before <|%s|>%s", openClose(x.open), nm)
		} else {
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "Kimi K3 json tag not closed before <|%s|>%s", openClose(x.open), nm)
		}
		x.state = xtCall
		if !p.calls.inCall {
			x.state = xtSkip
		}
		x.tag(p)
		return
	case xtCall:
		switch {
		case x.open && name == "argument":
			x.beginValue(p, attrs, off)
		case x.open && name == "json":
			if p.calls.cur.nparams > 0 || x.jsonArgs {
				x.problem(p, off, "a json tag after the call's arguments")
				return
			}
			x.state = xtJSONPre
		case !x.open && name == "call":
			x.endCall(p, off)
		case x.open && name == "call", !x.open && name == "tools":
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "Kimi K3 call not closed before <|%s|>%s", openClose(x.open), nm)
			p.sectionEndCall(off)
			x.state = xtSection
			x.tag(p) // the next call, or the channel's closer
			if x.state == xtSection {
				x.toSection(p)
			}
		default:
			x.problem(p, off, "unexpected <|%s|>%s in a call", openClose(x.open), nm)
		}
		return
	}
	// Between calls, or skipping a broken one.
	switch {
	case x.open && name == "call":
		x.beginCall(p, attrs, off)
	case !x.open && name == "tools":
		p.mode = mText
		x.state = xtSection
	case x.state == xtSkip:
		if !x.open && name == "call" {
			x.toSection(p)
		}
	default:
		p.errorf(off, toolcall.CodeMalformedMarkup, -1, "Kimi K3 tools: unexpected <|%s|>%s", openClose(x.open), nm)
	}
}

func openClose(open bool) string {
	if open {
		return "open"
	}
	return "close"
}

func openCloseToken(open bool) string {
	if open {
		return xtmlOpen
	}
	return xtmlClose
}

// beginCall opens a call at its <|open|>call tag at off.
func (x *xtmlReader) beginCall(p *Parser, attrs []byte, off int) {
	x.state, x.jsonArgs = xtCall, false
	if name, ok := x.attr(attrs, "tool"); !p.sectionBeginCall(off, name, ok, "Kimi K3") {
		x.state = xtSkip
	}
}

// endCall completes the call at its closer at off.
func (x *xtmlReader) endCall(p *Parser, off int) {
	p.sectionEndCall(off)
	x.toSection(p)
}

// toSection goes back to reading between calls after one ended; a call
// written without its channel (bare) goes back to the text.
func (x *xtmlReader) toSection(p *Parser) {
	x.state = xtSection
	if x.bare {
		p.mode = mText
	}
}

// beginValue opens an argument at its tag at off.
func (x *xtmlReader) beginValue(p *Parser, attrs []byte, off int) {
	key, ok := x.attr(attrs, "key")
	if !ok {
		x.problem(p, off, "an argument without a key")
		return
	}
	if x.jsonArgs {
		x.problem(p, off, "an argument after the call's json tag")
		return
	}
	c := &p.calls.cur
	x.param, x.held = nil, false
	if c.tool != nil {
		x.param = catalog.ParamIn(c.tool, key, c.args)
	}
	typ, typed := x.attr(attrs, "type")
	x.typ.Types = x.typ.Types[:0]
	switch {
	case typed && string(typ) == "string":
		x.str = true
	case typed:
		x.str = false
		if t := jsonTypeName(typ); t != "" {
			x.typ.Types = append(x.typ.Types, t)
		}
	default:
		x.str = catalog.KeepsString(x.param)
	}
	x.buf = x.buf[:0]
	x.state = xtValue
	if p.argRepeated(key, off, nil) { // the value is read, and dropped
		return
	}
	if !typed && c.tool != nil && catalog.Undecided(c.tool, key, c.args) {
		x.held, x.str = true, false
		x.heldKey = append(x.heldKey[:0], key...)
		return
	}
	s := p.appendArgKey(key, x.str)
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
}

// endValue closes the argument at off; it reports false when the value
// nests past the depth cap (the call is then abandoned).
func (x *xtmlReader) endValue(p *Parser, off int) bool {
	x.state = xtCall
	if x.str {
		p.emitArgs(litQuote, off)
		p.argWritten(off)
		return true
	}
	if catalog.DeeperThan(x.buf, p.cfg.maxDepth) {
		p.abandon(off, toolcall.CodeTooDeep, "Kimi K3 argument nests deeper than %d", p.cfg.maxDepth)
		x.state = xtSkip
		return false
	}
	if x.held {
		x.held = false
		p.holdArg(x.heldKey, x.buf)
		return true
	}
	s := len(p.scratch)
	if t := trimSpace(x.buf); json.Valid(t) {
		p.scratch = append(p.scratch, t...)
	} else {
		// Not JSON: coerced by the catalog's schema, else by the type the
		// tag gave ("True" for a boolean), else kept as a string.
		prm := x.param
		if prm == nil && len(x.typ.Types) > 0 {
			prm = &x.typ
		}
		p.scratch = catalog.AppendCoerced(p.scratch, prm, x.buf)
	}
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	p.argWritten(off)
	return true
}

// attr returns the unescaped value of attribute key in attrs (key="v").
func (x *xtmlReader) attr(attrs []byte, key string) ([]byte, bool) {
	for len(attrs) > 0 {
		attrs = trimSpace(attrs)
		eq := bytes.IndexByte(attrs, '=')
		if eq < 0 || eq+1 >= len(attrs) || attrs[eq+1] != '"' {
			return nil, false
		}
		k := trimSpace(attrs[:eq])
		rest := attrs[eq+2:]
		q := bytes.IndexByte(rest, '"')
		if q < 0 {
			q = len(rest) // a value cut short runs to the header's end
		}
		if string(k) == key {
			v := rest[:q]
			if bytes.IndexByte(v, '&') < 0 {
				return v, true
			}
			x.name = x.name[:0]
			for len(v) > 0 {
				switch {
				case bytes.HasPrefix(v, []byte("&quot;")):
					x.name, v = append(x.name, '"'), v[6:]
				case bytes.HasPrefix(v, []byte("&amp;")):
					x.name, v = append(x.name, '&'), v[5:]
				default:
					x.name, v = append(x.name, v[0]), v[1:]
				}
			}
			return x.name, true
		}
		if q == len(rest) {
			return nil, false
		}
		attrs = rest[q+1:]
	}
	return nil, false
}

// end is told the stream ended inside the channel: a held token prefix
// is content; a call complete but for its closer is a call
// (missing_closer), as is a channel whose closer never came.
func (x *xtmlReader) end(p *Parser) {
	if x.tok > 0 {
		x.tokFail(p)
	}
	if x.state == xtHeader && !x.inCall() {
		// A tag cut short between calls: a call's opener is a call cut
		// in its tag (before its name was read), a closer the channel's
		// closer cut short.
		x.state = x.ret
		if x.open && x.state == xtSection {
			p.errorf(x.hdrOff, toolcall.CodeIncompleteCall, -1, "the output ends inside the Kimi K3 tag %q", openCloseToken(true)+string(x.hdr))
			return
		}
	}
	if x.bare && x.state == xtSection {
		return
	}
	p.sectionEnd(x.state == xtCall, x.state == xtSection)
}

// jsonTypeName returns the JSON Schema type named t, "" for none.
func jsonTypeName(t []byte) string {
	for _, n := range [...]string{"string", "number", "integer", "boolean", "null", "object", "array"} {
		if string(t) == n {
			return n
		}
	}
	return ""
}
