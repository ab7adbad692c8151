package textparse

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/tooleval/tooleval/internal/wordscan"
	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/toolcall"
)

// This file reads a JSON call object, in a JSON call tag or a block: the
// tool name, an optional id, and arguments that stream as they arrive.
// Accepted shapes:
//
//	{"name": N, "arguments": A}                 (also tool_name, parameters, …)
//	{"id": I, "type": "function", "function": {"name": N, "arguments": A}}
//	{"function": {"name": N, "arguments": A}}   ("function_call" too)
//	{"function": N, "arguments": A}
//	[ {…}, {…} ]                                several calls in one block
//
// where A is an object or a JSON-encoded string holding one. Keys may come
// in any order. Argument bytes stream as soon as the tool name is known;
// when the arguments come before the name they are held (in the call's
// buffer, nothing is scanned twice) and released as one args_delta when the
// name arrives, or at the end of the object. The call starts (call_start)
// when the name is known and the arguments begin, or at the end of the
// object; an id seen before that is the call's id, a later one is ignored
// (the call keeps its generated call_N id).

// envelope states.
const (
	eOpen     = iota // before '{'
	eFirstKey        // after '{'
	eKey             // after ','
	eInKey           // inside a key
	eColon           // after a key
	eValue           // before a value
	eArgs            // an arguments object
	eArgsStr         // an arguments string holding JSON
	eCollect         // a name or id string
	eSkipVal         // any other value
	eAfter           // after a value
	eArrElem         // in a [ … ] of calls: before an element or ']'
	eArrAfter        // in a [ … ] of calls: after an element
	eArrRest         // in a [ … ] of calls: an element that is no object, skipped (skipRest)
)

// key roles.
const (
	roleOther = iota
	roleName
	roleID
	roleArgs
	roleFunc // "function": a nested {name, arguments} object, or the name
)

// envelope reads a JSON call object or a list of them (ReadJSON, and the
// body of a JSON call tag); it is the state of one.
type envelope struct {
	// closer ends the block of the calls (skipping an abandoned one goes
	// to it), post is the state after the object or list, skipped the
	// state after such a skip.
	closer        string
	post, skipped mode
	state         uint8
	key           [32]byte
	keyN          int
	keyBad        bool // escaped or too long: matches no role
	keyEsc        bool
	role          uint8
	argsSeen      bool
	depth         uint8 // 1 inside a nested "function" object
	arr           bool  // the block holds a JSON array of calls
	elems         int   // calls begun in that array
	// rest: where skipRest is in the rest of a list (nesting, a string,
	// an escape in it); stops: the bytes that end the element, made for
	// closer stopsFor (restStops).
	rest     jsonscan.Nesting
	stops    jsonscan.Stops
	stopsFor string
	stopsSet bool
	junk     bool // an element that is no object was reported in this list
	vs       jsonscan.Scanner
	// str: a name or id being collected (as JSON), from strOff; at most
	// maxEnvString bytes of it, long when it ran past them.
	str    []byte
	strOff int
	long   bool
	// nameKey: a call object's first key is the tool name and its value
	// the arguments (Body.NameKey); keyed: that key was read.
	nameKey, keyed bool
	// decoding an arguments string
	esc   uint8 // 0, 1 after '\\', 2 in \u
	hex   int
	code  rune
	hi    rune // a high surrogate waiting for its pair
	escAt int  // input offset of the escape being decoded
	argsO int
	// probe: the object or list starts the answer with no marker before
	// it (holdAnswer), and no tool name was read yet: its bytes are held
	// (held, from heldOff; cur[curAt:] is the chunk being read) and given
	// back as text when it ends or breaks before a name, as the serving
	// stacks give back a JSON answer that is not a call.
	probe   bool
	held    []byte
	heldOff int
	cur     []byte
	curAt   int
}

// envProbeMax bounds the bytes of an answer's object or list held before
// its tool name; past it the object is read as a call (a name may still
// come) and an object that ends without one is invalid_tool_name.
const envProbeMax = 16 << 10

// envelope returns the parser's JSON call reader, made on first use.
func (p *Parser) envelope() *envelope {
	if p.rd.env == nil {
		p.rd.env = &envelope{}
		p.rd.env.vs.SetMaxDepth(p.cfg.maxDepth)
	}
	return p.rd.env
}

// beginEnvelope starts reading the JSON call object or list at b[i]
// ('{' or '['): calls end the block at closer; post is the state after the
// object or list, skipped the state after skipping an abandoned call.
func (p *Parser) beginEnvelope(b []byte, i int, closer string, post, skipped mode) int {
	return p.beginEnvelopeBody(b, i, closer, post, skipped, &plainBody)
}

// plainBody is a JSON body with no options.
var plainBody Body

// beginEnvelopeBody is beginEnvelope for a block body bd: with InList a
// marker has opened the list already, b[i] is its first element (or its
// ']'); with NameKey the call objects are {NAME: ARGS}.
func (p *Parser) beginEnvelopeBody(b []byte, i int, closer string, post, skipped mode, bd *Body) int {
	inList := bd.InList
	e := p.envelope()
	e.closer, e.post, e.skipped, e.nameKey, e.probe = closer, post, skipped, bd.NameKey, false
	e.reset()
	p.rd.body, p.rd.tag, p.mode = e, nil, mBody
	if b[i] == '[' || inList {
		e.arr = true
		e.state, e.elems, e.junk = eArrElem, 0, false
		if inList {
			return i
		}
		return i + 1
	}
	e.arr = false
	p.beginCall(ckEnvelope, p.calls.callTag, closer, skipped)
	if bd.InObject && b[i] == '"' { // the marker read {"name":
		e.state, e.role = eValue, roleName
	}
	return i
}

// holdAnswer makes the object or list just begun at the start of the
// answer (its first byte c) a probe: held until a tool name is read.
func (e *envelope) holdAnswer(p *Parser, c byte) {
	e.probe, e.heldOff, e.held = true, p.mk.callStart, e.held[:0]
	if c == '[' { // begin consumed it
		e.held = append(e.held, c)
	}
}

// giveBack gives the held bytes, and the chunk's up to input offset to,
// back as text: the object or list was no call. Nothing of it was
// emitted (no name, so no call_start); reading goes on as text.
func (e *envelope) giveBack(p *Parser, to int) {
	e.probe = false
	if e.cur != nil {
		e.held = append(e.held, e.cur[e.curAt:to-p.off]...)
	}
	p.calls.inCall, p.args.hold, p.mode = false, p.args.hold[:0], mText
	p.emitText(p.own(e.held), e.heldOff)
	e.held = e.held[:0]
}

// starts: an object or a list of them.
func (e *envelope) starts(c byte, anchored bool) bool { return c == '{' || c == '[' }

// end: an unfinished object is the engine's incomplete call, but a
// {NAME: ARGS} object (Body.NameKey) whose arguments are complete lacks
// only its closers ("}]" and the block's): a call, with missing_closer,
// as the serving stacks read such calls. A list whose calls are all
// complete lacks only its ']' (and the block's closer): missing_closer.
func (e *envelope) end(p *Parser) {
	if e.probe { // cut before a name: the answer's text
		e.giveBack(p, p.off)
		return
	}
	if e.arr && e.elems > 0 && !p.calls.inCall && (e.state == eArrAfter || e.state == eArrElem) {
		// A list of complete calls left open: its ']' (and the block's
		// closer) never came.
		p.errorf(p.off, toolcall.CodeMissingCloser, -1, "the output ends before the closing ']' of the list of calls")
		return
	}
	if e.nameKey && e.keyed && e.argsSeen && e.state == eAfter && e.depth == 0 && p.calls.inCall {
		p.errorf(p.off, toolcall.CodeMissingCloser, p.calls.cur.errIndex(), "the output ends before the closing tokens of the call to %q", p.calls.cur.name)
		p.envDone(p.off)
	}
}

// closesList reports whether c, met in a list of calls where an element or
// its ']' belongs, starts the block's closer ("[unused12]"): the list ends
// there without its ']', as it does at a closing tag.
func (e *envelope) closesList(c byte) bool {
	return e.closer != "" && c == e.closer[0] && c != '{' && c != ']' && c != ','
}

// begin starts a body read as the block's calls.
func (e *envelope) begin(p *Parser, b []byte, i int) int {
	after, skipped, closer := p.blockCallRet()
	return p.beginEnvelope(b, i, closer, after, skipped)
}

func (e *envelope) reset() {
	e.state, e.keyN, e.argsSeen, e.depth, e.str, e.keyed = eOpen, 0, false, 0, e.str[:0], false
}

func keyRole(k []byte) uint8 {
	switch string(k) { // (no string is made)
	case "name", "tool_name", "toolName", "tool", "function_name":
		return roleName
	case "id", "call_id", "tool_call_id":
		return roleID
	case "arguments", "parameters", "input", "args", "params":
		return roleArgs
	case "function", "function_call":
		return roleFunc
	}
	return roleOther
}

func (p *Parser) envBad(off int, format string, args ...any) {
	if e := p.rd.env; e.probe { // broken before a name: text, read on from off
		e.giveBack(p, off)
		return
	}
	p.abandonJSON(off, "tool_call JSON: "+format, args...)
}

// read reads the call object or list; while it is a probe, the bytes read
// are held.
func (e *envelope) read(p *Parser, b []byte, i int) int {
	if !e.probe {
		return e.readObject(p, b, i)
	}
	room := envProbeMax - len(e.held)
	if room <= 0 { // too long to be held, wherever the chunks end: a call
		e.probe, e.held = false, e.held[:0]
		return e.readObject(p, b, i)
	}
	if len(b)-i > room {
		b = b[:i+room] // read on to the cap, then decide
	}
	e.cur, e.curAt = b, i
	j := e.readObject(p, b, i)
	if e.probe {
		e.held = append(e.held, b[i:j]...)
	}
	e.cur = nil
	return j
}

// readObject reads the call object or list.
func (e *envelope) readObject(p *Parser, b []byte, i int) int {
	for i < len(b) {
		c := b[i]
		off := p.off + i
		switch e.state {
		case eOpen, eFirstKey, eKey, eColon, eValue, eAfter, eArrElem, eArrAfter:
			if isSpace(c) {
				i++
				continue
			}
		}
		switch e.state {
		case eArrElem, eArrAfter:
			switch {
			case c == ']':
				p.mode = e.post
				return i + 1
			case c == '<' || c == '`' || e.closesList(c): // the block ends without its ']' (at its closer: a tag, a fence, a marker)
				p.mode = e.post
				return i
			case c == ',' && e.state == eArrAfter:
				e.state = eArrElem
				i++
				continue
			case c == '{' && e.state == eArrAfter:
				// "}{" or "}\n{": a call object right after another,
				// its comma left out. The call is read, as Ollama reads
				// Command A's lists, and the slip reported.
				p.errorf(off, toolcall.CodeMalformedMarkup, -1, "missing ',' between the calls of a list")
				e.state = eArrElem
			}
			if e.elems == 0 && c != '{' && p.mk.blk != nil && p.mk.blk.Anchored && p.rd.body == bodyStep(e) && isPyIdentStart(c) && !p.args.fenced {
				// "[TOOL_CALLS]…", "[Note] …" at the start of the answer:
				// not a list of calls; its '[' is text again, read through
				// the text markers (one may start with it). After a fence
				// the fence's bytes were read as markup already: such a
				// list stays a broken call (invalid_json), as before.
				p.mode, e.probe = mText, false
				p.refeed(p.textMarkers(), litOpenBracket, p.calls.callTag, false)
				return i
			}
			if c != '{' && e.state == eArrElem && !e.probe && !p.args.fenced {
				// [1, 2], ["x"], [null], [{…}, "junk"]: no call object.
				// It is reported and skipped to the list's next element
				// or its ']' (SGLang's lists give no call and no text,
				// and keep the calls beside it); the list's bytes are
				// never the answer's text.
				if !e.junk { // once a list
					p.errorf(off, toolcall.CodeInvalidJSON, -1, "tool_call JSON: expected a JSON object in the array of calls, found %q", c)
				}
				e.state, e.junk = eArrRest, true
				e.rest.Reset()
				continue
			}
			start := off
			if e.elems == 0 {
				start = p.calls.callTag // the block's first call starts at its tag
			}
			e.elems++
			bad := c != '{' || e.state == eArrAfter
			p.beginCall(ckEnvelope, start, e.closer, e.skipped)
			e.reset()
			if bad {
				p.envBad(off, "expected a JSON object in the array of calls, found %q", c)
				return i
			}
			if p.capIn(b) {
				return i // a call begun: Feed caps its bytes (Parser.Feed)
			}
			continue
		case eOpen:
			if c != '{' {
				p.envBad(off, "expected '{', found %q", c)
				return i
			}
			e.state = eFirstKey
		case eFirstKey, eKey:
			if c == '}' && e.state == eFirstKey {
				if e.depth > 0 {
					e.depth--
					e.state = eAfter
					break
				}
				p.envDone(off)
				return i + 1
			}
			if c != '"' {
				p.envBad(off, "expected a key, found %q", c)
				return i
			}
			e.state, e.keyN, e.keyBad, e.keyEsc = eInKey, 0, false, false
			if e.nameKey && e.depth == 0 && !e.keyed {
				e.str, e.strOff, e.long = append(e.str[:0], '"'), off, false
			}
		case eInKey:
			if !e.keyEsc && !(e.nameKey && e.depth == 0 && !e.keyed) {
				// A run of plain key bytes at once (the byte cases below
				// for the rest).
				if n := wordscan.JSONString(b[i:]); n > 0 {
					k := copy(e.key[e.keyN:], b[i:i+n])
					e.keyN += k
					e.keyBad = e.keyBad || k < n // longer than any key with a role
					i += n
					continue
				}
			}
			if e.nameKey && e.depth == 0 && !e.keyed {
				e.collect(b[i : i+1]) // the tool name, as a JSON string
			}
			switch {
			case e.keyEsc:
				e.keyEsc = false
			case c == '\\':
				e.keyEsc, e.keyBad = true, true
			case c == '"':
				e.state = eColon
				e.role = roleOther
				if !e.keyBad {
					e.role = keyRole(e.key[:e.keyN])
				}
				if e.nameKey && e.depth == 0 && !e.keyed {
					e.keyed, e.role = true, roleName
					p.envString()
					e.role = roleArgs
				}
			case c < 0x20:
				p.envBad(off, "control character in key")
				return i
			case e.keyN < len(e.key):
				e.key[e.keyN] = c
				e.keyN++
			default:
				e.keyBad = true
			}
		case eColon:
			if c != ':' {
				p.envBad(off, "expected ':', found %q", c)
				return i
			}
			e.state = eValue
		case eValue:
			switch {
			case e.role == roleArgs && !e.argsSeen && c == '{':
				e.argsSeen = true
				p.args.js.Reset()
				p.args.jsOff = off
				e.state = eArgs
				if p.calls.cur.name != "" {
					p.startCall()
				}
				continue
			case e.role == roleArgs && !e.argsSeen && c == '"':
				e.argsSeen = true
				p.args.js.Reset()
				p.args.jsOff, e.argsO = off, off
				e.esc, e.hi = 0, 0
				e.state = eArgsStr
				if p.calls.cur.name != "" {
					p.startCall()
				}
			case e.role == roleArgs && !e.argsSeen && c != 'n':
				e.argsSeen = true
				p.notObject(off, c, notObjEnvelope)
				e.state = eArgs
				continue
			case e.role == roleFunc && e.depth == 0 && c == '{':
				e.depth++
				e.state = eFirstKey
			case e.role == roleFunc && e.depth == 0 && c == '"':
				e.role = roleName
				continue
			case (e.role == roleName || e.role == roleID) && c == '"', e.role == roleID && (c == '-' || c >= '0' && c <= '9'):
				// A name or id string; an id may be an integer too
				// ("tool_call_id": 0), read as its digits.
				e.vs.Reset()
				e.str, e.strOff, e.long = e.str[:0], off, false
				e.state = eCollect
				continue
			default:
				e.vs.Reset()
				e.state = eSkipVal
				continue
			}
		case eArgs:
			n, done, failed := p.feedArgs(b[i:], off)
			i += n
			if failed {
				return i
			}
			if done {
				e.state = eAfter
			}
			continue
		case eArgsStr:
			return e.argsString(p, b, i)
		case eArrRest:
			return e.skipRest(p, b, i)
		case eCollect, eSkipVal:
			n := e.vs.Feed(b[i:])
			if e.state == eCollect {
				e.collect(b[i : i+n])
			}
			i += n
			if err := e.vs.Err(); err != nil {
				if err.TooDeep {
					p.abandon(p.off+i, toolcall.CodeTooDeep, "tool_call JSON: %s", err.Msg)
					return i
				}
				p.envBad(p.off+i, "%s", err.Msg)
				return i
			}
			if e.vs.Done() {
				if e.state == eCollect {
					p.envString()
				}
				e.state = eAfter
			}
			continue
		case eAfter:
			switch c {
			case ',':
				e.state = eKey
			case '}':
				if e.depth > 0 {
					e.depth--
					break
				}
				p.envDone(off)
				return i + 1
			default:
				p.envBad(off, "expected ',' or '}', found %q", c)
				return i
			}
		}
		i++
	}
	return i
}

// skipRest skips an element of a list of calls that is no call object,
// strings and nesting honoured, up to the list's next element or its ']'
// or, where neither comes, the block's closer (as in eArrElem).
func (e *envelope) skipRest(p *Parser, b []byte, i int) int {
	k, found := e.rest.Until(b[i:], e.restStops())
	if i += k; !found {
		return i
	}
	switch b[i] {
	case ',': // the list's next element
		e.state = eArrElem
		return i + 1
	case ']':
		p.mode = e.post
		return i + 1
	}
	p.mode = e.post // the block's closer, a tag or a fence: the list ends without its ']'
	return i
}

// restStops are the bytes that end an element skipped by skipRest: the
// list's ',' and ']' after it, and at any depth what ends the list in
// eArrElem (closesList).
func (e *envelope) restStops() *jsonscan.Stops {
	if !e.stopsSet || e.stopsFor != e.closer {
		anyDepth := "<`"
		if e.closer != "" && e.closesList(e.closer[0]) {
			anyDepth += e.closer[:1]
		}
		e.stops.Set(",]", anyDepth)
		e.stopsFor, e.stopsSet = e.closer, true
	}
	return &e.stops
}

// open tells, for a call abandoned at the byte being read, how many JSON
// containers are open (the list of calls, the call object, a "function"
// object, the value being read) and whether the byte is inside a string
// (esc: right after an escaping backslash in it); to is the depth to skip
// down to, 1 in a list of calls, whose next calls are read. A call whose
// object has not opened has nothing to skip.
func (e *envelope) open(p *Parser) (depth, to int, inStr, esc bool) {
	if e.arr {
		to = 1
	}
	depth = to + 1 + int(e.depth)
	switch e.state {
	case eOpen, eArrElem, eArrAfter:
		return 0, to, false, false
	case eInKey:
		return depth, to, true, e.keyEsc
	case eArgsStr:
		return depth, to, true, e.esc == 1
	case eCollect, eSkipVal:
		return depth + e.vs.Depth(), to, e.vs.StringOpen(), e.vs.PendingEscape() == 1
	case eArgs:
		js := &p.args.js
		return depth + js.Depth(), to, js.StringOpen(), js.PendingEscape() == 1
	}
	return depth, to, false, false
}

// argsDepth is the depth (as open counts it) at which the arguments being
// read are closed; where none are being read, the depth now, so that no
// more of their text is kept.
func (e *envelope) argsDepth(p *Parser) int {
	depth, to, _, _ := e.open(p)
	if e.state != eArgs {
		return depth
	}
	return to + 1 + int(e.depth)
}

// maxEnvString bounds a name or id collected from a call object: no
// tool name is longer (validName), and an id is kept only if it fits.
const maxEnvString = 1024

// collect adds b to the name or id being collected, up to maxEnvString
// bytes, whatever the chunking: more makes it long.
func (e *envelope) collect(b []byte) {
	if room := maxEnvString - len(e.str); len(b) > room {
		b, e.long = b[:max(room, 0)], true
	}
	e.str = append(e.str, b...)
}

// envString records a collected name or id.
func (p *Parser) envString() {
	e := p.rd.env
	var s string
	if e.long { // longer than any name: invalid, as validName reads it; an id is dropped
		if e.role != roleID && p.calls.cur.name == "" && !p.calls.cur.discard && !p.calls.cur.started {
			p.errorf(e.strOff, toolcall.CodeInvalidToolName, -1, "invalid tool name: longer than %d bytes", maxEnvString)
			p.calls.cur.discard = true
			e.probe = false
		}
		return
	}
	if n := len(e.str); n >= 2 && e.str[n-1] == '"' && bytes.IndexByte(e.str, '\\') < 0 {
		// No escapes: the bytes are the string.
		if e.role == roleID {
			s = p.calls.names.Copy(e.str[1 : n-1])
		} else {
			s = p.calls.names.Intern(e.str[1 : n-1])
		}
	} else if u, ok := decodeJSONString(e.str); ok {
		s = u
	} else if e.role == roleID && isJSONInteger(e.str) {
		s = p.calls.names.Copy(e.str)
	} else {
		return
	}
	if e.role == roleID {
		if !p.calls.cur.started && s != "" {
			p.calls.cur.id = s
		}
		return
	}
	if p.calls.cur.name == "" && !p.calls.cur.discard {
		p.setName(s, e.strOff)
	}
	e.probe = false // a call: what is held is its markup
}

// isJSONInteger reports whether b is a JSON integer (-?digits, no leading
// zero but 0 itself), the only number read as a call id.
func isJSONInteger(b []byte) bool {
	if len(b) > 0 && b[0] == '-' {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 1 && b[0] == '0' {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// decodeJSONString decodes a quoted JSON string with escapes. Its own
// function, so that only this path puts a string on the heap.
func decodeJSONString(b []byte) (string, bool) {
	var s string
	if json.Unmarshal(b, &s) != nil {
		return "", false
	}
	return s, true
}

// envDone completes the call when its object ends at off. In an array of
// calls the next element follows.
func (p *Parser) envDone(off int) {
	e := p.rd.env
	if e.probe { // an object with no tool name: the answer's text
		e.giveBack(p, off+1)
		return
	}
	p.calls.cur.after = e.post
	if e.arr {
		p.calls.cur.after = mBody
	}
	p.endCall(off)
	e.state = eArrAfter
}

// argsString decodes a JSON-encoded arguments string as it arrives and
// streams the decoded JSON. Decoded bytes are checked as soon as they are
// decoded — a plain run in place, an escape as soon as it is complete — so
// a problem is found at the input byte that holds it (an escape's
// backslash), whatever the chunking, and skipping the broken call starts
// right after it.
func (e *envelope) argsString(p *Parser, b []byte, i int) int {
	// decoded checks the bytes decoded since from (one escape, begun at
	// input offset off); it reports false when the call was abandoned.
	decoded := func(from, off int) bool {
		d := p.scratch[from:len(p.scratch):len(p.scratch)]
		_, ok := p.feedDecoded(d, off, false)
		return ok
	}
	// loneHigh writes U+FFFD for a high surrogate not followed by its
	// pair, located at the byte after it.
	loneHigh := func(i int) bool {
		from := len(p.scratch)
		p.scratch = utf8.AppendRune(p.scratch, utf8.RuneError)
		e.hi = 0
		return decoded(from, p.off+i)
	}
	for i < len(b) {
		c := b[i]
		switch e.esc {
		case 1:
			e.esc = 0
			if e.hi != 0 && c != 'u' && !loneHigh(i) {
				return i
			}
			from := len(p.scratch)
			switch c {
			case '"', '\\', '/':
				p.scratch = append(p.scratch, c)
			case 'b':
				p.scratch = append(p.scratch, '\b')
			case 'f':
				p.scratch = append(p.scratch, '\f')
			case 'n':
				p.scratch = append(p.scratch, '\n')
			case 'r':
				p.scratch = append(p.scratch, '\r')
			case 't':
				p.scratch = append(p.scratch, '\t')
			case 'u':
				e.esc, e.hex, e.code = 2, 0, 0
				i++
				continue
			default:
				p.envBad(p.off+i, "invalid escape in arguments string")
				return i
			}
			i++
			if !decoded(from, e.escAt) {
				return i
			}
			continue
		case 2:
			var d rune
			switch {
			case c >= '0' && c <= '9':
				d = rune(c - '0')
			case c >= 'a' && c <= 'f':
				d = rune(c-'a') + 10
			case c >= 'A' && c <= 'F':
				d = rune(c-'A') + 10
			default:
				p.envBad(p.off+i, "invalid \\u escape in arguments string")
				return i
			}
			e.code = e.code<<4 | d
			e.hex++
			i++
			if e.hex < 4 {
				continue
			}
			e.esc = 0
			r := e.code
			from := len(p.scratch)
			if e.hi != 0 {
				if r >= 0xDC00 && r < 0xE000 {
					r = 0x10000 + (e.hi-0xD800)<<10 + (r - 0xDC00)
				} else {
					p.scratch = utf8.AppendRune(p.scratch, utf8.RuneError)
				}
				e.hi = 0
			}
			if r >= 0xD800 && r < 0xDC00 {
				e.hi = r // wait for the low half
				if len(p.scratch) > from && !decoded(from, e.escAt) {
					return i
				}
				continue
			}
			p.scratch = utf8.AppendRune(p.scratch, r)
			if !decoded(from, e.escAt) {
				return i
			}
			continue
		}
		if e.hi != 0 && c != '\\' && !loneHigh(i) {
			return i
		}
		switch {
		case c == '"':
			i++
			e.state = eAfter // the string is closed (an abandoned call's skip starts after it)
			if p.calls.cur.notObj != 0 {
				p.notObjectErr()
				return i
			}
			if p.args.js.Started() && !p.args.js.Done() {
				p.abandonWhole(toolcall.ErrorEvent(e.argsO, toolcall.CodeInvalidJSON, p.calls.cur.errIndex(), "arguments string holds incomplete JSON"))
				return i
			}
			return i
		case c == '\\':
			e.esc, e.escAt = 1, p.off+i
			i++
		case c < 0x20:
			p.envBad(p.off+i, "control character in arguments string")
			return i
		default:
			// A run of plain bytes is checked in place: its offsets are
			// input offsets.
			j := i
			for j < len(b) && b[j] != '"' && b[j] != '\\' && b[j] >= 0x20 {
				j++
			}
			if k, ok := p.feedDecoded(b[i:j], p.off+i, true); !ok {
				return i + k
			}
			i = j
		}
	}
	return i
}

// feedDecoded streams decoded argument JSON d, whose first byte is at input
// offset off. It reports false when the call was abandoned, with the index
// in d of the byte at fault. exact: d is input bytes, and a problem is
// located at its own byte; otherwise (an escape's decoding) at off.
func (p *Parser) feedDecoded(d []byte, off int, exact bool) (int, bool) {
	at := 0
	loc := func(at int) int {
		if exact {
			return off + at
		}
		return off
	}
	if !p.args.js.Started() {
		for at < len(d) && isSpace(d[at]) {
			at++
		}
		if at == len(d) {
			return 0, true
		}
		if d[at] != '{' {
			p.notObject(loc(at), d[at], notObjString)
		}
	}
	if p.calls.cur.notObj != 0 {
		n, abandoned := p.scanNotObject(d[at:], loc(at), exact)
		return at + n, !abandoned
	}
	if !p.args.js.Done() {
		n := p.args.js.Feed(d[at:])
		p.settle(d[at:at+n], p.rd.env.argsO)
		if p.args.js.Err() != nil {
			p.jsError(loc(at + n))
			return at + n, false
		}
		at += n
	}
	for at < len(d) && isSpace(d[at]) {
		at++
	}
	if at < len(d) {
		p.abandonJSON(loc(at), "unexpected %q after the arguments object", d[at])
		return at, false
	}
	return 0, true
}
