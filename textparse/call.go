package textparse

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// This file is the life of one call: begin, name, arguments, end, and
// abandoning it.

type callKind uint8

const (
	ckNamed    callKind = iota // a call tag holding Name and Args tags (Tags.Name)
	ckEnvelope                 // a JSON call object (envelope.go)
	ckInvoke                   // an Invoke tag: name="…" or =NAME
	ckCatalog                  // a catalog tool's tag (Tags.Catalog)
	ckBlock                    // a marker dialect's call
	ckKV                       // NAME after the call tag, then Key/Value tag pairs (Tags.Key)
)

// call is the call being parsed.
type call struct {
	kind    callKind
	start   int // input offset of the opening tag
	closer  string
	after   mode // state after the call
	skipRet mode // state after skipping an abandoned call to its closer
	name    string
	id      string
	tool    *toolcall.Tool
	index   int
	started bool // call_start was emitted
	discard bool // the call was rejected (invalid name); its markup is consumed
	args    []byte
	argsOff int
	nparams int
	// given: the argument keys given so far, one after another, each
	// ending at its givenEnd (no string is made per key).
	given    []byte
	givenEnd []int
	// givenSet: the tool's parameters given so far, a bit per index in
	// tool.Params (the first 64), for Tags.SchemaParams.
	givenSet uint64
	// argsGiven: the Args tag of a named call was opened (named.go).
	argsGiven bool
	// jsonBody: a <function=…> call's arguments were a JSON object
	// (an invoke hook read them).
	jsonBody bool
	// u8: an unfinished UTF-8 character at the end of the last argument
	// bytes, held so that no args_delta splits a character.
	u8  [utf8.UTFMax]byte
	u8n int
	u8o int
	// notObj: the arguments do not open an object (see notObject); the
	// call is broken, the value is only scanned for the depth cap.
	notObj    uint8
	notObjOff int
	notObjC   byte
	// raw: the call was abandoned as invalid_json and the bytes skipped up
	// to its closer are appended to args, so that its error (held in
	// callState.rawErr until the closer) carries the raw argument text
	// (rawText); rawOver: that text passed the call byte cap and is not
	// handed out.
	raw, rawOver bool
	// idName: the name read is an id written where the name belongs; the
	// call starts at its end, named by its arguments (idname.go).
	idName bool
	// mute: the argument being read repeats a key (argRepeated): its
	// bytes are dropped, not emitted, up to the next key or the end of
	// the arguments (closeArgs).
	mute bool
	// wrapList: the arguments are a JSON list written for an array
	// parameter, whose key was emitted before it; holdItem: the
	// arguments are held until they end, to tell whether they are one
	// element of an array parameter (Body.WrapArrayArgs).
	wrapList, holdItem bool
}

// gave reports whether parameter name was given already.
func (c *call) gave(name string) bool { return gave(c, name) }

// paramToCome reports whether name (a tag's bytes) is a parameter of the
// call's tool not given yet: the tag that confirms a held closer.
func (c *call) paramToCome(name []byte) bool { return c.paramAt(name) >= 0 }

// paramAt is paramToCome with the parameter's index in the tool's
// Params: -1 where name is not a parameter to come.
func (c *call) paramAt(name []byte) int {
	if c.tool == nil {
		return -1
	}
	if i := c.tool.ParamIndex(name); i >= 0 && !gave(c, name) {
		return i
	}
	return -1
}

// argRepeated is the one rule of a key given twice in a call's arguments,
// for every reader of key/value arguments (parameter tags, key/value
// pairs, marker arguments, the readers of nested tags, of bare keys and of
// Python keywords): a JSON object
// never holds a key twice, so the first value stands — a stream has sent
// it, and argument deltas are never retracted — and the repeat is
// reported (malformed_markup, at off) and its value dropped: the call's
// argument bytes are muted up to the next key or the end of the
// arguments (closeArgs). It reports whether key repeats; a new key is
// recorded as given. A reader that holds argument bytes back (held, nil
// for none) has them flushed first where the mute changes, so that they
// go out under the mute they were taken under, before the report.
func (p *Parser) argRepeated(key []byte, off int, held argFlusher) bool {
	c := &p.calls.cur
	if gave(c, key) {
		if held != nil && !c.mute {
			held.flushArgs(p)
		}
		c.mute = true
		p.repeatedArg(key, off)
		return true
	}
	if held != nil && c.mute {
		held.flushArgs(p)
	}
	c.newArg(key)
	return false
}

// newArg records key, not given yet, as given: argRepeated's answer for
// a new key, where the caller has looked it up already (paramAt).
func (c *call) newArg(key []byte) {
	c.mute = false
	c.give(key)
}

// argFlusher is a reader that holds argument bytes back (argRepeated).
type argFlusher interface{ flushArgs(p *Parser) }

// repeatedArg reports key, given twice, at off (argRepeated).
func (p *Parser) repeatedArg(key []byte, off int) {
	c := &p.calls.cur
	p.errorf(off, toolcall.CodeMalformedMarkup, c.errIndex(), "argument %q given twice in a call to %q: the first value is kept", key, c.name)
}

// closeArgs ends a call's arguments object at off: the '}' after its
// last argument (none were read: nothing), which a repeated key's muted
// value does not hold.
func (p *Parser) closeArgs(off int) {
	p.calls.cur.mute = false
	if len(p.calls.held) > 0 { // the discriminator never came: typed by the union
		p.releaseArgs(off)
	}
	if p.calls.cur.nparams > 0 {
		p.emitArgs(litBrace, off)
	}
}

func gave[S string | []byte](c *call, name S) bool {
	s := 0
	for _, e := range c.givenEnd {
		if string(c.given[s:e]) == string(name) {
			return true
		}
		s = e
	}
	return false
}

// give records key as given.
func (c *call) give(key []byte) {
	c.given = append(c.given, key...)
	c.givenEnd = append(c.givenEnd, len(c.given))
}

// forget clears the keys given (a new call of a list).
func (c *call) forget() { c.given, c.givenEnd = c.given[:0], c.givenEnd[:0] }

// errIndex is the index to put on errors about this call.
func (c *call) errIndex() int {
	if c.started {
		return c.index
	}
	return -1
}

func (p *Parser) beginCall(kind callKind, start int, closer string, after mode) {
	if p.calls.cur.raw { // a held invalid_json whose skip was cut short: it is never lost
		p.sendRaw(0)
	}
	p.calls.inCall = true
	p.calls.cur.reset(kind, start, closer, after)
	p.args.hold = p.args.hold[:0]
	p.calls.held, p.calls.heldBuf = p.calls.held[:0], p.calls.heldBuf[:0]
	p.junk = false
}

// reset makes c a new call (see beginCall), its buffers kept. Field by
// field, not a struct literal: the literal is the whole struct written
// again with a write barrier per pointer, and this runs per call;
// TestCallResetClearsEveryField holds it to every field.
func (c *call) reset(kind callKind, start int, closer string, after mode) {
	c.kind, c.start, c.closer, c.after, c.skipRet = kind, start, closer, after, after
	c.name, c.id, c.tool, c.index, c.started, c.discard = "", "", nil, 0, false, false
	c.args, c.argsOff, c.nparams = c.args[:0], -1, 0
	c.given, c.givenEnd, c.givenSet, c.argsGiven, c.jsonBody = c.given[:0], c.givenEnd[:0], 0, false, false
	c.u8, c.u8n, c.u8o, c.notObj, c.notObjOff, c.notObjC = [utf8.UTFMax]byte{}, 0, 0, 0, 0, 0
	c.raw, c.rawOver, c.idName, c.mute, c.wrapList, c.holdItem = false, false, false, false, false, false
}

// validName accepts plausible tool names: letters, digits and _ - . : /,
// at most 256 bytes. Unrendered templates ("{{ tc.name }}") fail.
func validName(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ { // the usual ASCII name, byte by byte
		switch nameClass[s[i]] {
		case ncNo:
			return false
		case ncRune:
			return validNameRunes(s)
		}
	}
	return true
}

// The classes of a name's bytes (nameClass): not in a name, in one, or
// the start of a non-ASCII character (validNameRunes decides).
const (
	ncNo = iota
	ncYes
	ncRune
)

// nameClass is validName's class of each byte: one load per byte.
var nameClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = ncRune
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ':' || c == '/':
			t[c] = ncYes
		}
	}
	return t
}()

// validNameRunes is validName for a name with non-ASCII bytes.
func validNameRunes(s string) bool {
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.' || r == ':' || r == '/') {
			return false
		}
	}
	return utf8.ValidString(s)
}

// catalogName reports whether the catalog defines exactly name: such a
// name is accepted even outside the identifier pattern ("my tool").
func (p *Parser) catalogName(name string) bool {
	if p.cfg.tools == nil || name == "" || len(name) > 256 || !utf8.ValidString(name) {
		return false
	}
	_, ok := p.cfg.tools.Lookup(name)
	return ok
}

// setName records the tool name found at off. Except in a JSON call object,
// where an id may follow, the call starts right away.
func (p *Parser) setName(name string, off int) {
	if p.calls.cur.started || p.calls.cur.discard {
		return
	}
	p.setCheckedName(name, off, p.nameOK(name))
}

// nameOK is setName's test of a tool name: a plausible one, or one the
// catalog defines exactly.
func (p *Parser) nameOK(name string) bool { return validName(name) || p.catalogName(name) }

// setCheckedName is setName for a name that nameOK answered ok for
// already (a catalog tag's, cached with its tool: lookupTool).
func (p *Parser) setCheckedName(name string, off int, ok bool) {
	if p.calls.cur.started || p.calls.cur.discard {
		return
	}
	if !ok {
		p.errorf(off, toolcall.CodeInvalidToolName, -1, "invalid tool name %q", name)
		p.calls.cur.discard = true
		return
	}
	p.calls.cur.name = name
	if p.calls.cur.kind != ckEnvelope {
		p.startCall()
	}
}

// startCall emits call_start, and the arguments buffered while the name was
// not known yet.
func (p *Parser) startCall() {
	c := &p.calls.cur
	if c.started || c.discard {
		return
	}
	c.started = true
	c.index = p.calls.next
	p.calls.next++
	if c.id == "" {
		c.id = toolcall.GeneratedID(c.index)
	}
	e := p.push(toolcall.KindCallStart, c.start, c.index)
	e.ID, e.Name = c.id, c.name
	if p.cfg.tools != nil && c.tool == nil {
		if t := lookupTool(p, c.name).tool; t != nil {
			c.tool = t
		} else {
			p.errorf(c.start, toolcall.CodeUnknownTool, c.index, "unknown tool %q", c.name)
		}
	}
	if len(c.args) > 0 { // as one run of scratch, which later bytes extend
		s := len(p.scratch)
		p.push(toolcall.KindArgsDelta, c.argsOff, c.index).Data = p.own(c.args)
		p.calls.run, p.calls.runS = len(p.evs)-1, s
	}
}

// Constant argument fragments. Events may hold them (read-only); the
// capacity is capped so that no append can write into them.
var (
	litEmptyObject = []byte("{}")[:2:2]
	litBrace       = []byte("}")[:1:1]
	litQuote       = []byte(`"`)[:1:1]
	litNewline     = []byte("\n")[:1:1]
	litOpenBracket = []byte("[")[:1:1]
)

// own copies b into the per-Feed scratch space.
func (p *Parser) own(b []byte) []byte {
	s := len(p.scratch)
	p.scratch = append(p.scratch, b...)
	return p.scratch[s:len(p.scratch):len(p.scratch)]
}

// emitArgs emits an args_delta. data must stay valid until the next Feed
// (the chunk, or scratch).
func (p *Parser) emitArgs(data []byte, off int) { p.emitArgsIn(data, off, off+len(data)) }

// emitArgsIn is emitArgs for data converted from the input bytes
// [off, inEnd) (escaped JSON string characters, which can be longer than
// the input): a partial UTF-8 character at its end is passed through
// unconverted, so it is the input's last bytes and is held at inEnd-k.
func (p *Parser) emitArgsIn(data []byte, off, inEnd int) {
	c := &p.calls.cur
	if c.discard || c.mute || len(data) == 0 {
		return
	}
	if c.u8n == 0 && data[len(data)-1] < 0x80 { // no character held or cut (most pieces: a literal, a key, a value's text)
		p.sendArgs(data, off)
		return
	}
	if c.u8n > 0 {
		s := len(p.scratch)
		p.scratch = append(append(p.scratch, c.u8[:c.u8n]...), data...)
		data, off, c.u8n = p.scratch[s:len(p.scratch):len(p.scratch)], c.u8o, 0
	}
	if k := partialRune(data); k > 0 {
		c.u8n = copy(c.u8[:], data[len(data)-k:])
		c.u8o = inEnd - k
		if data = data[:len(data)-k]; len(data) == 0 {
			return
		}
	}
	p.sendArgs(data, off)
}

// flushArgsRune emits a held partial character (invalid UTF-8 in the
// input) as it is.
func (p *Parser) flushArgsRune() {
	c := &p.calls.cur
	if c.u8n > 0 {
		n := c.u8n
		c.u8n = 0
		p.sendArgs(p.own(c.u8[:n]), c.u8o)
	}
}

// sendArgs records argument bytes and emits them once the call started.
// The argument bytes of one call that one Feed completes go out as one
// args_delta: bytes that follow the last delta in memory extend it, and
// bytes from elsewhere (a literal, the chunk, the converted value after
// them) are appended to it in scratch (extendArgs).
func (p *Parser) sendArgs(data []byte, off int) {
	c := &p.calls.cur
	if c.argsOff < 0 {
		c.argsOff = off
	}
	if len(data) == 1 { // a literal's byte ('"', '}'): no copy call
		c.args = append(c.args, data[0])
	} else {
		c.args = append(c.args, data...)
	}
	if !c.started || c.holdItem {
		return
	}
	if n := len(p.evs) - 1; n >= 0 && n == p.calls.run && len(data) > 0 { // the last event is the call's run of scratch (runS)
		switch e := p.calls.runS + len(p.evs[n].Data); {
		case e == len(p.scratch): // the run is scratch's tail
			if len(data) == 1 {
				p.scratch = append(p.scratch, data[0])
			} else {
				p.scratch = append(p.scratch, data...)
			}
			p.evs[n].Data = p.scratch[p.calls.runS:len(p.scratch)]
			return
		case len(p.scratch)-e == len(data) && &p.scratch[e] == &data[0]: // data was written right after it
			p.evs[n].Data = p.scratch[p.calls.runS:len(p.scratch)]
			return
		}
	}
	if n := len(p.evs); n > 0 && len(data) > 0 {
		if last := &p.evs[n-1]; last.Kind == toolcall.KindArgsDelta && last.Index == c.index && len(last.Data) > 0 {
			p.extendArgs(last, n-1, data)
			return
		}
	}
	p.push(toolcall.KindArgsDelta, off, c.index).Data = data
	if k := len(p.scratch) - len(data); len(data) > 0 && k >= 0 && &p.scratch[k] == &data[0] {
		p.calls.run, p.calls.runS = len(p.evs)-1, k // the delta is scratch's tail
	}
}

// extendArgs appends data to the args_delta last (p.evs[n]).
func (p *Parser) extendArgs(last *toolcall.Event, n int, data []byte) {
	l := len(last.Data)
	if cap(last.Data)-l >= len(data) && &last.Data[:l+1][l] == &data[0] {
		last.Data = last.Data[:l+len(data)] // the next run of the same buffer
		return
	}
	if p.calls.run == n {
		switch e := p.calls.runS + l; {
		case e == len(p.scratch): // the delta is scratch's tail
			p.scratch = append(p.scratch, data...)
			last.Data = p.scratch[p.calls.runS:len(p.scratch)]
			return
		case len(p.scratch)-e == len(data) && &p.scratch[e] == &data[0]: // data was written right after it
			last.Data = p.scratch[p.calls.runS:len(p.scratch)]
			return
		}
	}
	s := len(p.scratch)
	p.scratch = append(append(p.scratch, last.Data...), data...)
	last.Data = p.scratch[s:len(p.scratch)]
	p.calls.run, p.calls.runS = n, s
}

// sealed caps the capacity of every event's data at its length before the
// events are handed out: merging (sendArgs, emitText) grows data within
// its buffer, a caller's append must not write into that buffer.
func (p *Parser) sealed() []toolcall.Event {
	for k := range p.evs {
		d := p.evs[k].Data
		p.evs[k].Data = d[:len(d):len(d)]
	}
	return p.evs
}

// endCall completes the call at the closing tag at off.
func (p *Parser) endCall(off int) {
	c := &p.calls.cur
	p.calls.inCall = false
	p.mode = c.after
	p.tags.bareEnd = c.kind == ckInvoke && c.after == mText
	if c.discard {
		return
	}
	p.flushArgsRune()
	if c.idName {
		p.resolveIDName()
		if c.discard {
			return
		}
	}
	if !c.started {
		if c.name == "" {
			p.errorf(c.start, toolcall.CodeInvalidToolName, -1, "call has no tool name")
			return
		}
		p.startCall()
	}
	if len(c.args) == 0 {
		p.emitArgs(litEmptyObject, off)
	}
	args := p.wholeArgs() // (before the push: it reads the last event)
	p.push(toolcall.KindCallEnd, off, c.index).Call = toolcall.Call{Index: c.index, ID: c.id, Name: c.name, Arguments: args}
}

// wholeArgs is the call's arguments for its call_end: the bytes of the
// args_delta just emitted where that delta is the whole arguments, as
// one run of scratch (a call read within one Feed), else a copy.
func (p *Parser) wholeArgs() []byte {
	c := &p.calls.cur
	if n := len(p.evs) - 1; n >= 0 && n == p.calls.run {
		if d := p.evs[n].Data; len(d) == len(c.args) && p.evs[n].Index == c.index {
			return d[:len(d):len(d)]
		}
	}
	return p.own(c.args)
}

// closeMissing ends, at the end of the output (end), a call that is
// complete but for its closing token, and reports the missing closer of
// that call or of the block or wrapper around complete calls, as a
// missing_closer warning.
func (p *Parser) closeMissing(end int) {
	switch {
	case p.calls.inCall && p.closerOnlyMissing():
		p.errorf(end, toolcall.CodeMissingCloser, p.calls.cur.errIndex(), "the output ends before the closing token of the call to %q", p.calls.cur.name)
		if p.mode == mBody && p.rd.tag != nil {
			p.rd.tag.finish(p, end)
		} else {
			p.endCall(end)
		}
	case p.calls.inCall:
	case p.mode == mCallBody: // a call's opening tag and nothing after it
		p.errorf(p.calls.callTag, toolcall.CodeIncompleteCall, -1, "the output ends after the opening tag of a call, before the call")
	case p.mode == mWrapper && p.tags.begun: // a call's CallBegin tag in a wrapper, and no call after it
		p.errorf(p.tags.begunOff, toolcall.CodeIncompleteCall, -1, "the output ends after the opening tag of a call, before the call")
	case p.mode == mBlockBody && !p.mk.blk.Anchored && p.sectionBlock():
		p.errorf(end, toolcall.CodeMissingCloser, -1, "the output ends before the closing token of the calls")
	case p.mode == mBlockBody && !p.mk.blk.Anchored:
		// A call's opening marker (a block's Call, or the Open of a block
		// whose body follows it at once) and nothing after it: as the
		// opening tag of a call above. A block's Open alone, where a Call
		// marker must come first or whose reader reads calls with their
		// own openers (sectionBlock), is its missing closer, as a wrapper
		// tag alone is.
		p.errorf(p.mk.callStart, toolcall.CodeIncompleteCall, -1, "the output ends after the opening marker of a call, before the call")
	case p.mode == mEnvPost, p.mode == mWrapper, p.mode == mBlock && p.mk.blk.Close != "" && !p.mk.blk.Anchored:
		p.errorf(end, toolcall.CodeMissingCloser, -1, "the output ends before the closing token of the calls")
	}
}

// closerOnlyMissing reports, at the end of the output, whether the call
// being read is complete but for its closing token: between the
// parameters of a call of tags (every value closed), after the JSON
// arguments of a block's call waiting for its CallEnd, or after a
// named call's name or arguments. A call cut inside a value, a name or
// its JSON is not.
func (p *Parser) closerOnlyMissing() bool {
	switch p.mode {
	case mBlock:
		return true
	case mBody:
		return p.rd.tag != nil && p.rd.tag.complete(p)
	}
	return false
}

// abandon reports a fatal problem with the call and skips to its closing
// tag.
func (p *Parser) abandon(off int, code toolcall.Code, format string, args ...any) {
	p.errorf(off, code, p.calls.cur.errIndex(), format, args...)
	p.abandoned()
}

// abandonJSON is abandon for JSON arguments that are not valid: the error
// (invalid_json) carries the raw argument text (Error.Partial). For a call
// with a closer that is the bytes up to it, or in a list of calls up to
// the arguments' closing bracket, kept while skipping there (the error is
// held until then); otherwise the bytes up to the error. Inside
// a JSON-encoded arguments string the text is not kept: what follows is
// still encoded.
func (p *Parser) abandonJSON(off int, format string, args ...any) {
	c := &p.calls.cur
	ev := toolcall.ErrorEvent(off, toolcall.CodeInvalidJSON, c.errIndex(), format, args...)
	switch {
	case !c.started || c.notObj != 0 || c.argsOff < 0 && len(p.args.hold) == 0 || p.inArgsString():
		p.evs = append(p.evs, ev) // no argument text to hand out
	case c.closer != "":
		c.args = append(append(c.args, c.u8[:c.u8n]...), p.args.hold...)
		c.u8n = 0
		c.raw, c.rawOver, p.calls.rawErr = true, false, ev // sent at the closer (skipStep)
		// In a list of calls the text ends where the arguments do
		// (skipJSONStep); the list is read on.
		p.calls.rawTo = -1
		if p.inListOfCalls() {
			p.calls.rawTo = p.rd.env.argsDepth(p)
		}
	default: // what follows is read again: the text up to the error is all there is
		p.abandonWhole(ev)
		return
	}
	p.abandoned()
}

// abandonWhole abandons the call with error ev, whose argument text was
// read whole (up to the error, or to the end of an arguments string).
func (p *Parser) abandonWhole(ev toolcall.Event) {
	c := &p.calls.cur
	if c.started {
		ev.Err.Partial = string(c.args) + string(c.u8[:c.u8n]) + string(p.args.hold)
	}
	p.evs = append(p.evs, ev)
	p.abandoned()
}

// inArgsString reports whether the envelope is inside a JSON-encoded
// arguments string.
func (p *Parser) inArgsString() bool {
	return p.mode == mBody && p.rd.env != nil && p.rd.body == bodyStep(p.rd.env) && p.rd.env.state == eArgsStr
}

// salvager is a body reader that reads on after one of its calls was
// abandoned, skipping the rest of that call itself (pybody.go).
type salvager interface{ salvage(p *Parser) bool }

// abandoned skips the abandoned call to its closing tag.
func (p *Parser) abandoned() {
	p.calls.inCall = false
	if e := p.rd.env; e != nil { // a broken call: what was held is its markup
		e.probe = false
	}
	p.m.n, p.m.on = 0, false
	p.args.hold = p.args.hold[:0]
	if s, ok := p.rd.body.(salvager); ok && p.mode == mBody && s.salvage(p) {
		return // the reader skips the rest of the call and reads on
	}
	p.tags.skip, p.tags.skipN = p.calls.cur.closer, 0
	if p.calls.cur.closer == "" || p.inListOfCalls() { // the rest of its JSON; what follows is read again
		p.skipOpenJSON()
		return
	}
	p.mode = mSkip
}

// inListOfCalls reports whether the call being abandoned is an object of
// a JSON list of calls that has opened, or one of the call objects a
// block with a closer holds one after another (one call per line): the
// rest of the object is skipped and the list's or block's next calls are
// read, in a block with a closer too.
func (p *Parser) inListOfCalls() bool {
	e := p.rd.env
	if p.mode != mBody || e == nil || p.rd.body != bodyStep(e) {
		return false
	}
	if bl := p.mk.blk; !e.arr && (bl == nil || bl.Close == "" || bl.CallEnd != "" || p.calls.cur.closer != bl.Close) {
		return false
	}
	depth, to, inStr, _ := e.open(p)
	return depth > to || inStr
}

// skipOpenJSON skips what is left of an abandoned call's JSON in a block
// without a closer, or in a list of calls: the rest of its object (strings
// and nesting honoured), up to the list of calls around it, whose next
// calls are read; or, when the call's object had not opened, goes on after
// the call at once (what follows is read again). The block's closer, where
// it has one, ends the skip wherever it comes (JSON broken past repair
// does not swallow the block's end and the text after it).
func (p *Parser) skipOpenJSON() {
	depth, to, inStr, esc := 0, 0, false, false
	switch {
	case p.mode == mBody && p.rd.env != nil && p.rd.body == bodyStep(p.rd.env):
		depth, to, inStr, esc = p.rd.env.open(p)
	case p.mode == mBlockJSON:
		js := &p.args.js
		depth, inStr, esc = js.Depth(), js.StringOpen(), js.PendingEscape() == 1
	}
	if depth <= to && !inStr {
		p.mode = p.calls.cur.skipRet
		return
	}
	p.calls.jskip.Resume(depth, inStr, esc)
	p.calls.jskipTo, p.mode = to, mSkipJSON
}

// skipJSONStep consumes the rest of an abandoned call's JSON (skipOpenJSON).
func (p *Parser) skipJSONStep(b []byte, i int) int {
	end := len(b)
	if p.tags.skip != "" {
		end = p.skipTo(b, i) // the closer read: p.mode is the mode after it
	}
	if p.calls.cur.raw { // an invalid_json call's arguments, kept to their end
		n, done := p.calls.jskip.Close(b[i:end], p.calls.rawTo)
		p.keepRaw(b[i : i+n])
		switch {
		case done:
			p.sendRawText(trimSpaceRight(p.calls.cur.args))
		case p.mode != mSkipJSON: // the closer came first: it is not argument text
			p.sendRaw(len(p.tags.skip))
			return end
		default:
			return end
		}
		i += n
	}
	n, done := p.calls.jskip.Close(b[i:end], p.calls.jskipTo)
	if !done {
		return end
	}
	p.mode, p.tags.skipN = p.calls.cur.skipRet, 0
	switch {
	case p.calls.jskipTo > 0: // the list of calls goes on
		p.rd.env.state, p.mode = eArrAfter, mBody
	case p.calls.cur.closer != "" && p.rd.env != nil: // an object of a block's calls: the block goes on
		p.mode = p.rd.env.post
	}
	return i + n
}

func (p *Parser) tooLarge(off int) {
	p.abandon(off, toolcall.CodeTooLarge, "call is larger than %d bytes", p.cfg.maxCallBytes)
}

// skipStep consumes an abandoned call up to its closing tag; the bytes of
// an invalid_json call's arguments are kept (see call.raw).
func (p *Parser) skipStep(b []byte, i int) int {
	if !p.calls.cur.raw {
		return p.skipTo(b, i)
	}
	from := i
	i = p.skipTo(b, i)
	p.keepRaw(b[from:i])
	if p.mode != mSkip { // the closer was read: it is not argument text
		p.sendRaw(len(p.tags.skip))
	}
	return i
}

// sendRaw emits the held error of an invalid_json call with the raw text
// of its arguments, less the last cut bytes (the call's closer) and the
// white space before them.
func (p *Parser) sendRaw(cut int) {
	c := &p.calls.cur
	if cut > len(c.args) {
		c.rawOver = true
		cut = 0
	}
	p.sendRawText(p.rawTail(c.args[:len(c.args)-cut]))
}

// sendRawText emits the held error of an invalid_json call with raw, the
// text of its arguments (none when it passed the call byte cap).
func (p *Parser) sendRawText(raw []byte) {
	c := &p.calls.cur
	c.raw = false
	if !c.rawOver {
		p.calls.rawErr.Err.Partial = string(raw)
	}
	p.evs = append(p.evs, p.calls.rawErr)
}

// keepRaw adds b, skipped bytes of an invalid_json call's arguments, to
// their raw text, up to the call byte cap.
func (p *Parser) keepRaw(b []byte) {
	c := &p.calls.cur
	if c.rawOver || len(c.args)+len(b) > p.cfg.maxCallBytes {
		c.rawOver = true
		return
	}
	c.args = append(c.args, b...)
}

// rawTail cuts from the end of an abandoned call's argument text the markup
// that follows the arguments before the call's closer: an arguments tag's
// closer, a code fence, and a JSON call object's own closing brackets (an
// argument object missing its '}' gets it back from the JSON repair's
// closing of brackets). White space around them goes too.
func (p *Parser) rawTail(b []byte) []byte {
	c := &p.calls.cur
	b = trimSpaceRight(b)
	if c.argsGiven { // a named call's (named.go)
		if r, ok := p.rd.tagBodies[tbNamed].(*namedReader); ok {
			b = trimSpaceRight(bytes.TrimSuffix(b, []byte(tt.closer(r.cd.args))))
		}
	}
	if n := len(b) - len(bytes.TrimRight(b, "`")); n >= 3 { // a code fence's end
		b = trimSpaceRight(b[:len(b)-n])
	}
	if c.kind == ckEnvelope && p.rd.env != nil {
		e := p.rd.env
		if e.arr {
			b = trimSpaceRight(bytes.TrimSuffix(b, []byte("]")))
		}
		for k := 0; k <= int(e.depth); k++ { // the call object's '}', and a "function" object's
			b = trimSpaceRight(bytes.TrimSuffix(b, []byte("}")))
		}
	}
	return b
}

func trimSpaceRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// skipTo consumes bytes up to and including the skip closer.
func (p *Parser) skipTo(b []byte, i int) int {
	for i < len(b) {
		if p.tags.skipN == 0 {
			j := indexByte(b[i:], p.tags.skip[0])
			if j < 0 {
				return len(b)
			}
			i += j
		}
		if b[i] == p.tags.skip[p.tags.skipN] {
			p.tags.skipN++
			i++
			if p.tags.skipN == len(p.tags.skip) {
				p.tags.skipN = 0
				p.mode = p.calls.cur.skipRet
				p.junk = false
				return i
			}
			continue
		}
		if p.tags.skipN > 0 {
			p.tags.skipN = 0 // b[i] may start the closer again
			continue
		}
		i++
	}
	return i
}

// incomplete reports the unfinished call at the end of the stream.
func (p *Parser) incomplete(end int) {
	c := &p.calls.cur
	p.calls.inCall = false
	if c.discard {
		return
	}
	partial := string(c.args) + string(c.u8[:c.u8n]) + string(p.args.hold)
	if p.mode == mBody && p.rd.tag != nil {
		partial += p.rd.tag.partial()
	}
	name := c.name
	if name == "" && p.mode == mName { // cut inside its name: the name so far
		name = string(trimSpace(p.calls.name))
	}
	ev := toolcall.ErrorEvent(c.start, toolcall.CodeIncompleteCall, c.errIndex(),
		"stream ended at offset %d inside a call to %q that started here", end, name)
	for _, a := range p.calls.held { // values that waited for the discriminator: named, never lost
		ev.Err.Message += fmt.Sprintf("; %q=%q held for the call's discriminator", p.calls.heldBuf[a.k:a.v], p.calls.heldBuf[a.v:a.e])
	}
	ev.Err.Partial = partial
	p.evs = append(p.evs, ev)
}

// heldArg is an argument whose value waits for its call's discriminator:
// its key and value are heldBuf[k:v] and heldBuf[v:e].
type heldArg struct{ k, v, e int }

// holdArg holds argument key, whose value (raw, as read, the framing a
// reader drops already dropped) a discriminated union's alternatives type
// differently and whose call has not given its discriminator yet
// (catalog.Undecided): nothing of it is written until argWritten sees
// the discriminator among the arguments, or the call's arguments close
// (closeArgs), when it is typed by the alternative selected, or by the
// union. The key has been given (argRepeated). One home for every reader
// that types key-by-key values by the catalog.
func (p *Parser) holdArg(key, raw []byte) {
	h := &p.calls
	k := len(h.heldBuf)
	h.heldBuf = append(h.heldBuf, key...)
	v := len(h.heldBuf)
	h.heldBuf = append(h.heldBuf, raw...)
	h.held = append(h.held, heldArg{k, v, len(h.heldBuf)})
}

// argWritten is told a value has been written at off: held values are
// written once the call's discriminator is among its arguments.
// (A length test, inlined where a value is written; heldDecided does the rest.)
func (p *Parser) argWritten(off int) {
	if len(p.calls.held) > 0 {
		p.heldDecided(off)
	}
}

// heldDecided writes the held values once the call's discriminator is
// among its arguments.
func (p *Parser) heldDecided(off int) {
	if h := p.calls.held[0]; !p.calls.cur.mute && !catalog.Undecided(p.calls.cur.tool, p.calls.heldBuf[h.k:h.v], p.calls.cur.args) {
		p.releaseArgs(off)
	}
}

// releaseArgs writes the held arguments, in the order read, each typed by
// the parameter the call's arguments now select (catalog.ParamIn).
func (p *Parser) releaseArgs(off int) {
	h := &p.calls
	for _, a := range h.held {
		key, raw := h.heldBuf[a.k:a.v], h.heldBuf[a.v:a.e]
		prm := catalog.ParamIn(p.calls.cur.tool, key, p.calls.cur.args)
		s := p.appendArgKey(key, false)
		p.scratch = catalog.AppendCoerced(p.scratch, prm, raw) // (a string where the parameter keeps one)
		p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
	}
	h.held, h.heldBuf = h.held[:0], h.heldBuf[:0]
}
