package textparse

import (
	"github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// This file reads call bodies written as Python calls (ReadPython): a list
// [f(a=1, b='x'), g()] or a single call f(a=1), keyword arguments only,
// values Python literals converted to JSON as they arrive by
// pyliteral.Value. The JSON built here needs no second scan: Value writes
// valid JSON and only whole numbers and literals (nothing to hold back), so
// the one JSON rule left is the depth cap, checked here on Value's depth;
// too_large and the UTF-8 rule are the shared call path's (Feed, emitArgs).
// The JSON converted during one read collects in scratch (emit) and
// goes out as one args_delta (flush) when the step returns, before a
// problem is reported and when a call ends.

// ReadPython reads [f(a=1), g()] or f(a=1): Python calls with keyword
// arguments.
const ReadPython Reader = 1 << 2

func init() {
	registerReader(ReadPython, "python", func() bodyReader {
		py := &pyReader{}
		py.val.RejectBytes(true) // bytes have no JSON form: the call is invalid_json, as vLLM reads it
		return py
	})
}

// pyReader reads a Python call body; it is the state of one.
type pyReader struct {
	state   uint8
	bracket bool // the body is a [ … ] list
	calls   int  // calls begun in the body
	args    int  // keyword arguments written in the current call
	kw      []byte
	kwOff   int
	val     pyliteral.Value
	valOff  int // input offset of the current value
	// pend is where the arguments JSON not emitted yet starts in scratch
	// (-1: none), pendOff the input offset it was converted from.
	pend, pendOff int
	// probe: an anchored list ('[' at the start of the answer, no marker)
	// is not a call list until "[NAME(" is seen: the bytes up to there are
	// held (at heldOff), and given back as text when the shape fails.
	probe   bool
	held    []byte
	heldOff int
	nameAt  int // where the name starts in held (0: not yet)
	nameEnd int // where it ends (0: still in it)
	// strict: a list after text (Body.Probe) is a call list only once
	// "[NAME(KEYWORD=" or "[NAME()" is seen, since prose and code hold
	// "[f(x)]" and "a[len(a)-1]"; paren, kwAt and kwEnd are where '(' and
	// the keyword are in held (0: not yet).
	strict                   bool
	paren, kwAt, kwEnd, eqAt int
	// skipping the rest of a call abandoned in a list (pySkip, salvage):
	// the brackets open in it ('?': one of the value's, of a kind not
	// known), the quote of the string open (0: none) and whether the last
	// byte was a backslash in that string.
	skipOpen []byte
	skipQ    byte
	skipEsc  bool
	// warn: the repaired_value warnings of the call's values, reported
	// right before its call_end (where they stand whatever the chunking:
	// between argument deltas they would split them where a chunk ends).
	warn []toolcall.Event
}

// jsonListElems reads the elements of a JSON list of calls whose '[' a
// Python body has read.
var jsonListElems = Body{Read: ReadJSON, InList: true}

// pyProbeMax bounds the bytes held while the shape of an anchored list is
// undecided ('[', spaces, a name of at most 256 bytes, spaces).
const pyProbeMax = 512

// Python body states.
const (
	pyStart     = iota // before '[' or a name
	pyName             // in the call's name
	pyParen            // after the name, before '('
	pyArgs             // after '(' or ',', before a keyword or ')'
	pyKw               // in a keyword
	pyEq               // after a keyword, before '='
	pyVal              // in a value
	pyAfterVal         // after a value: ',' or ')'
	pyAfterCall        // in a list, after a call: ',' or ']'
	pySkip             // in a list, the rest of an abandoned call (salvage)
)

// starts: a list at the start of the answer; a list or a call's name
// after a marker.
func (py *pyReader) starts(c byte, anchored bool) bool {
	return c == '[' || !anchored && isPyNameByte(c)
}

// neverFirst: a body starts with a name or a '[' (openerFree).
func (py *pyReader) neverFirst(c byte) bool { return c == '<' }

// begin starts a Python body at b[i] ('[' or a name's first byte).
func (py *pyReader) begin(p *Parser, b []byte, i int) int {
	py.val.Repair(p.mk.blk.Body.Repair)
	py.state, py.calls, py.bracket, py.pend, py.probe, py.strict = pyStart, 0, false, -1, false, false
	if p.mk.blk.Body.Probe { // the block's Open was the list's '['
		if c := p.text.last; c < 0x80 && isPyKwByte(c) || c == ')' || c == ']' || c == '}' {
			// x[f(k=1)], f()[g(a=b)]: an index, not a list of calls
			p.probeRefed(nil, 0)
			return i
		}
		py.bracket, py.probe, py.strict = true, true, true
		py.held, py.heldOff = append(py.held[:0], '['), p.mk.callStart
		py.nameAt, py.nameEnd, py.paren, py.kwAt, py.kwEnd, py.eqAt = 0, 0, 0, 0, 0, 0
		return i
	}
	if b[i] == '[' {
		py.bracket = true
		if p.mk.blk.Anchored {
			py.probe, py.held, py.heldOff, py.nameAt, py.nameEnd = true, append(py.held[:0], '['), p.off+i, 0, 0
		}
		return i + 1
	}
	return i
}

// probeStep reads an anchored list until its shape is decided: "[NAME("
// starts the first call, "[]" is an empty list (after text: prose),
// anything else makes the held bytes text again (prose that starts with
// '[': "[1, 2] are…", "[see docs]"). Nothing is emitted before the decision, and the decision
// comes within pyProbeMax bytes.
func (py *pyReader) probeStep(p *Parser, b []byte, i int) int {
	for ; i < len(b); i++ {
		c := b[i]
		if py.paren > 0 {
			if j, done := py.probeArgs(p, c, i); done {
				return j
			}
			if py.held = append(py.held, c); len(py.held) > pyProbeMax {
				return py.probeText(p, i+1)
			}
			continue
		}
		switch {
		case py.nameAt == 0 && isSpace(c), py.nameEnd > 0 && isSpace(c):
		case py.nameAt == 0 && c == ']' && py.strict:
			// "[]" after text is the prose's own (SGLang and vLLM keep
			// it): no call list was written.
			return py.probeText(p, i)
		case py.nameAt == 0 && c == ']':
			py.probe = false
			py.bodyDone(p)
			return i + 1
		case py.nameAt == 0 && isPyIdentStart(c):
			py.nameAt = len(py.held)
		case py.nameAt > 0 && py.nameEnd == 0 && isPyNameByte(c):
		case py.nameAt > 0 && c == '(':
			if py.nameEnd == 0 {
				py.nameEnd = len(py.held)
			}
			if py.strict {
				py.paren = len(py.held)
				break
			}
			return py.probeCall(p, i) + 1
		case py.nameAt > 0 && py.nameEnd == 0 && isSpace(c):
			py.nameEnd = len(py.held)
		default:
			return py.probeText(p, i)
		}
		if py.held = append(py.held, c); len(py.held) > pyProbeMax {
			return py.probeText(p, i+1)
		}
	}
	return i
}

// probeArgs reads, for a strict probe, a byte c (at b[i]) after the '(':
// spaces, a keyword, spaces, then '=' (not "==") or, with no keyword, ')'
// start the call (reading goes on at the returned index, which done
// reports); anything else makes the held bytes text.
func (py *pyReader) probeArgs(p *Parser, c byte, i int) (int, bool) {
	switch {
	case py.eqAt > 0 && c == '=': // a comparison, not a keyword argument
		return py.probeText(p, i), true
	case py.eqAt > 0:
		kw, at, eq := py.held[py.kwAt:py.kwEnd], py.heldOff+py.kwAt, py.heldOff+py.eqAt
		j := py.probeCall(p, i)
		py.kw, py.kwOff = append(py.kw[:0], kw...), at
		py.keyword(p, eq)
		return j, true
	case isSpace(c) && (py.kwAt == 0 || py.kwEnd > 0):
	case isSpace(c):
		py.kwEnd = len(py.held)
	case py.kwAt == 0 && c == ')':
		return py.probeCall(p, i), true
	case py.kwAt == 0 && isPyIdentStart(c):
		py.kwAt = len(py.held)
	case py.kwAt > 0 && py.kwEnd == 0 && isPyKwByte(c):
	case py.kwAt > 0 && c == '=':
		if py.kwEnd == 0 {
			py.kwEnd = len(py.held)
		}
		py.eqAt = len(py.held)
	default:
		return py.probeText(p, i), true
	}
	return i, false
}

// probeCall starts the first call of a probed list, its name held; b[i]
// (the '(' of an anchored list, or what a strict probe read up to) is read
// next, in the call's arguments.
func (py *pyReader) probeCall(p *Parser, i int) int {
	py.probe = false
	_, skipped, closer := p.blockCallRet()
	py.calls++
	p.beginCall(ckBlock, p.mk.callStart, closer, skipped)
	p.calls.name, p.calls.nameOff = append(p.calls.name[:0], py.held[py.nameAt:py.nameEnd]...), py.heldOff+py.nameAt
	p.setName(p.calls.names.Intern(p.calls.name), p.calls.nameOff)
	py.args = 0
	p.calls.cur.forget()
	py.state = pyArgs
	return i
}

// probeRefed reads bytes b at off that follow a probed list's '[' met in
// bytes given back to the text state (a tag that failed: "<b [x]"): the
// list is not probed there, its '[' and b are text, markers in b acted on.
func (p *Parser) probeRefed(b []byte, off int) {
	s := len(p.scratch)
	p.scratch = append(p.scratch, p.mk.blk.Open...)
	p.emitText(p.scratch[s:], p.mk.callStart)
	p.mode = mText
	p.refeed(p.textMarkers(), b, off, false)
}

// probeText gives the held bytes back as text; b[i] is read as text.
func (py *pyReader) probeText(p *Parser, i int) int {
	py.probe = false
	p.mode = mText
	p.emitText(p.own(py.held), py.heldOff)
	return i
}

// end ends a Python body at the end of the stream: held bytes of an
// undecided list are text.
func (py *pyReader) end(p *Parser) {
	if py.probe {
		py.probeText(p, 0)
	}
	if py.state == pyVal && p.calls.inCall { // a ')' the value holds: the call ended
		s := len(p.scratch)
		p.scratch = py.val.End(p.scratch)
		if at, ok := py.val.HeldClose(); ok {
			py.emit(p, s, py.valOff+at)
			py.callDone(p, py.valOff+at)
		} else {
			p.scratch = p.scratch[:s]
		}
	}
}

// read reads bytes of a Python body; scratch lasts one Feed, so the JSON
// converted is emitted before it returns.
func (py *pyReader) read(p *Parser, b []byte, i int) int {
	if py.probe {
		return py.probeStep(p, b, i)
	}
	i = py.scan(p, b, i)
	py.flush(p, len(p.scratch))
	return i
}

// scan reads bytes of a Python body.
func (py *pyReader) scan(p *Parser, b []byte, i int) int {
	for i < len(b) {
		c := b[i]
		off := p.off + i
		switch py.state {
		case pySkip:
			return py.skip(p, b, i)
		case pyStart, pyAfterCall:
			if isSpace(c) {
				i++
				continue
			}
			if set := &p.mk.bsets.between; set.first[c] {
				return p.markerAt(set, b, i) // the block's closer or a call's end
			}
			if py.state == pyAfterCall {
				switch c {
				case ',':
					py.state = pyStart
					i++
					continue
				case ']':
					py.bodyDone(p)
					return i + 1
				}
				py.stray(p, off, "expected ',' or ']' after a call, found %q", c)
				return i
			}
			if c == ']' && py.bracket {
				py.bodyDone(p)
				return i + 1
			}
			if c == '{' && py.bracket && py.calls == 0 && py.state == pyStart && p.mk.blk.Body.Read&ReadJSON != 0 {
				// a JSON list of call objects in a block that also takes
				// JSON (LFM2 writes both): the JSON reader reads its
				// elements, the '[' already read
				after, skipped, closer := p.blockCallRet()
				p.calls.callTag = p.mk.callStart
				return p.beginEnvelopeBody(b, i, closer, after, skipped, &jsonListElems)
			}
			if !isPyIdentStart(c) {
				py.stray(p, off, "expected a call, found %q", c)
				return i
			}
			_, skipped, closer := p.blockCallRet()
			start := off
			if py.calls == 0 {
				start = p.mk.callStart // the first call starts at the block's marker
			}
			py.calls++
			p.beginCall(ckBlock, start, closer, skipped)
			p.calls.name, p.calls.nameOff = p.calls.name[:0], off
			py.state = pyName
			if p.capIn(b) {
				return i // a call begun: Feed caps its bytes (Parser.Feed)
			}
			fallthrough // the name starts at b[i]
		case pyName:
			j := i
			for j < len(b) && isPyNameByte(b[j]) {
				j++
			}
			if room := 256 - len(p.calls.name); room > 0 {
				p.calls.name = append(p.calls.name, b[i:i+min(room, j-i)]...)
			}
			i = j
			if i < len(b) {
				p.setName(p.calls.names.Intern(p.calls.name), p.calls.nameOff)
				py.state = pyParen
			}
		case pyParen:
			if isSpace(c) {
				i++
				continue
			}
			if c != '(' {
				py.flush(p, len(p.scratch))
				p.abandon(off, toolcall.CodeInvalidJSON, "expected '(' after %s, found %q", p.calls.name, c)
				return i
			}
			py.args = 0
			p.calls.cur.forget()
			py.state = pyArgs
			i++
		case pyArgs:
			if isSpace(c) {
				i++
				continue
			}
			if c == ')' {
				py.callDone(p, off)
				return i + 1
			}
			if !isPyIdentStart(c) {
				py.flush(p, len(p.scratch))
				p.abandon(off, toolcall.CodeInvalidJSON, "positional argument in a call to %s: only keyword arguments can be matched to parameters", p.calls.cur.name)
				return i
			}
			py.kw, py.kwOff = py.kw[:0], off
			py.state = pyKw
			fallthrough // the keyword starts at b[i]
		case pyKw:
			j := i
			for j < len(b) && isPyKwByte(b[j]) {
				j++
			}
			if len(py.kw) < 256 {
				py.kw = append(py.kw, b[i:min(j, i+256-len(py.kw))]...)
			}
			i = j
			if i < len(b) {
				py.state = pyEq
				if b[i] == '=' { // pyEq's '=', at once
					if !py.keyword(p, p.off+i) {
						return i
					}
					i++
				}
			}
		case pyEq:
			if isSpace(c) {
				i++
				continue
			}
			if c != '=' {
				py.flush(p, len(p.scratch))
				p.abandon(py.kwOff, toolcall.CodeInvalidJSON, "positional argument %s in a call to %s: only keyword arguments can be matched to parameters", py.kw, p.calls.cur.name)
				return i
			}
			if !py.keyword(p, off) {
				return i
			}
			i++
		case pyVal:
			s := len(p.scratch)
			var n int
			p.scratch, n = py.val.Feed(p.scratch, b[i:])
			// Too deep is at the last byte read: Feed stops after each
			// opening bracket, the last byte it wrote unless it holds
			// the bytes it reads (a key, a brace not decided yet).
			if 1+py.val.Depth() > p.cfg.maxDepth {
				e := len(p.scratch)
				if !py.val.Holding() {
					e-- // not the bracket
				}
				py.emit(p, s, off)
				py.flush(p, e)
				p.abandon(off+max(n-1, 0), toolcall.CodeTooDeep, "arguments: nesting deeper than %d", p.cfg.maxDepth)
				return i + n
			}
			py.emit(p, s, off)
			for _, r := range py.val.TakeRepairs() { // reported at the call's end
				py.warn = append(py.warn, toolcall.ErrorEvent(py.valOff+r.Offset, toolcall.CodeRepairedValue, p.calls.cur.errIndex(), "argument %s: %s", py.kw, r.Msg))
			}
			if e := py.val.Err(); e != nil {
				py.flush(p, len(p.scratch))
				p.abandon(py.valOff+e.Offset, toolcall.CodeInvalidJSON, "argument %s: %s", py.kw, e.Msg)
				return i + n
			}
			i += n
			if at, ok := py.val.HeldClose(); ok { // the value read the call's ')'
				py.callDone(p, py.valOff+at)
				return i
			}
			if py.val.Done() {
				py.state = pyAfterVal
			}
		case pyAfterVal:
			if isSpace(c) {
				i++
				continue
			}
			switch c {
			case ',':
				py.state = pyArgs
				i++
				continue
			case ')':
				py.callDone(p, off)
				return i + 1
			}
			py.flush(p, len(p.scratch))
			p.abandon(off, toolcall.CodeInvalidJSON, "expected ',' or ')' after argument %s, found %q", py.kw, c)
			return i
		}
	}
	return i
}

// salvage keeps reading a list of calls after one of its calls was
// abandoned (as vLLM's pythonic and LFM2 parsers keep the siblings of a
// call they cannot convert): the rest of that call is skipped, brackets
// and strings honoured, up to its ')', and the list goes on. It reports
// false when there is no list, or the call's '(' was never read.
func (py *pyReader) salvage(p *Parser) bool {
	if !py.bracket || py.probe {
		return false
	}
	py.skipQ, py.skipEsc = 0, false
	py.skipOpen = append(py.skipOpen[:0], '(')
	switch py.state {
	case pyArgs, pyKw, pyEq, pyAfterVal:
	case pyVal:
		for k := py.val.Depth(); k > 0; k-- {
			py.skipOpen = append(py.skipOpen, '?')
		}
		py.skipQ = py.val.OpenQuote()
	default:
		return false
	}
	py.state = pySkip
	p.mode = mBody
	return true
}

// skip consumes the rest of an abandoned call (salvage). A marker of the
// block outside a string (its closer) ends the skip; so does a ']' that
// closes the list, when the call's ')' is missing. A closer of the wrong
// kind ("x=1])") is skipped as a stray byte.
func (py *pyReader) skip(p *Parser, b []byte, i int) int {
	set := &p.mk.bsets.between
	for ; i < len(b); i++ {
		c := b[i]
		if py.skipQ != 0 {
			switch {
			case py.skipEsc:
				py.skipEsc = false
			case c == '\\':
				py.skipEsc = true
			case c == py.skipQ:
				py.skipQ = 0
			}
			continue
		}
		switch {
		case set.first[c]:
			py.state = pyAfterCall
			return p.markerAt(set, b, i)
		case c == '\'' || c == '"':
			py.skipQ = c
		case c == '(' || c == '[' || c == '{':
			py.skipOpen = append(py.skipOpen, c)
		case c == ')' || c == ']' || c == '}':
			top := py.skipOpen[len(py.skipOpen)-1]
			switch {
			case top == '?' || closerOfOpen(top) == c:
				py.skipOpen = py.skipOpen[:len(py.skipOpen)-1]
			case len(py.skipOpen) == 1 && c == ']': // the list's end: the call's ')' is missing
				py.bodyDone(p)
				return i + 1
			default:
				continue // a stray closer
			}
			if len(py.skipOpen) == 0 {
				py.state = pyAfterCall
				return i + 1
			}
		}
	}
	return i
}

// closerOfOpen is the closing bracket of the opening one c.
func closerOfOpen(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

// keyword writes the keyword in py.kw as the next argument's key, at the
// '=' at input offset eq, and starts its value; a repeated keyword's value
// is read and dropped (argRepeated). It reports false when the call was
// abandoned.
func (py *pyReader) keyword(p *Parser, eq int) bool {
	if p.argRepeated(py.kw, py.kwOff, py) {
		py.startValue(eq)
		return true
	}
	kw := p.calls.names.Intern(py.kw)
	s := len(p.scratch)
	if py.args == 0 {
		py.warn = py.warn[:0] // a new call's first argument
		p.scratch = append(p.scratch, '{')
	} else {
		p.scratch = append(p.scratch, ',')
	}
	p.scratch = appendJSONKey(p.scratch, kw)
	py.emit(p, s, py.kwOff)
	py.args++
	py.startValue(eq)
	return true
}

// flushArgs emits the JSON held back (argRepeated).
func (py *pyReader) flushArgs(p *Parser) { py.flush(p, len(p.scratch)) }

// startValue starts reading a keyword's value after its '=' at eq.
func (py *pyReader) startValue(eq int) {
	py.val.Reset()
	py.valOff = eq + 1
	py.state = pyVal
}

// emit takes the arguments JSON written to scratch from s on, converted
// from input at offset off, for the next flush.
func (py *pyReader) emit(p *Parser, s, off int) {
	if py.pend < 0 {
		py.pend, py.pendOff = s, off
	}
}

// flush emits the arguments JSON taken by emit, up to scratch[e].
func (py *pyReader) flush(p *Parser, e int) {
	if py.pend >= 0 {
		s := py.pend
		py.pend = -1
		p.emitArgs(p.scratch[s:e], py.pendOff)
	}
}

// callDone ends the call at the ')' at offset at.
func (py *pyReader) callDone(p *Parser, at int) {
	if p.calls.cur.mute { // a repeated keyword's value, muted; the '}' is not
		py.flush(p, len(p.scratch))
		p.calls.cur.mute = false
	}
	s := len(p.scratch)
	if py.args == 0 {
		p.scratch = append(p.scratch, "{}"...)
	} else {
		p.scratch = append(p.scratch, '}')
	}
	py.emit(p, s, at)
	py.flush(p, len(p.scratch))
	if py.args > 0 && len(py.warn) > 0 {
		p.evs = append(p.evs, py.warn...)
		py.warn = py.warn[:0]
	}
	if py.bracket {
		p.calls.cur.after = mBody
		py.state = pyAfterCall
	} else {
		p.calls.cur.after, _, _ = p.blockCallRet()
	}
	p.endBlockCall(at + 1)
}

// bodyDone ends the list of calls.
func (py *pyReader) bodyDone(p *Parser) {
	p.mode, _, _ = p.blockCallRet()
}

// stray reports unexpected bytes between the calls of a body and gives
// up the body: what follows is the block's (or text, for a block without a
// closer).
func (py *pyReader) stray(p *Parser, off int, format string, args ...any) {
	p.errorf(off, toolcall.CodeMalformedMarkup, -1, format, args...)
	after, skipped, closer := p.blockCallRet()
	if closer == "" {
		p.mode = after
		return
	}
	p.mode, p.tags.skip, p.tags.skipN = mSkip, closer, 0
	p.calls.cur.skipRet = skipped
}

// isPyKwByte: identifier bytes (any non-ASCII byte counts, as Python
// allows Unicode letters).
func isPyKwByte(c byte) bool { return pyBytes[c]&pbKw != 0 }

// isPyNameByte: a call name's bytes: identifier bytes, '.' for dotted
// names (math.factorial) and '-', which tool names hold and models keep.
// isPyIdentStart: a byte that may start an identifier (not a digit).
func isPyIdentStart(c byte) bool { return pyBytes[c]&pbStart != 0 }

func isPyNameByte(c byte) bool { return pyBytes[c]&pbName != 0 }

// pyBytes classes every byte at once for the three tests above, which
// the keyword and name loops run per byte.
var pyBytes = func() (t [256]uint8) {
	for i := range t {
		switch c := byte(i); {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= 0x80:
			t[i] = pbKw | pbStart | pbName
		case c >= '0' && c <= '9':
			t[i] = pbKw | pbName
		case c == '.', c == '-':
			t[i] = pbName
		}
	}
	return t
}()

// The bits of pyBytes.
const (
	pbKw    = 1 << iota // an identifier byte
	pbStart             // an identifier's first byte
	pbName              // a call name's byte
)

// appendJSONKey appends "k": for a keyword k, read by isPyKwByte, so that
// no byte of it needs escaping in JSON.
func appendJSONKey(dst []byte, k string) []byte {
	dst = append(dst, '"')
	dst = append(dst, k...)
	return append(dst, '"', ':')
}
