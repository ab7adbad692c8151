package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// This file reads Gemma 4's call body (ReadGemma):
//
//	call:NAME{key:<|"|>text<|"|>,n:5,flag:true,obj:{k:<|"|>v<|"|>},list:[1,<|"|>a<|"|>]}
//
// Keys are bare (any bytes up to ':', spaces included); strings sit between
// <|"|> delimiters and hold any bytes (quotes, newlines, braces) as they
// are; numbers, true, false and null are bare; a bare word that is none of
// them is read as a string. A "JSON string" in double quotes is read too.
// The arguments stream as JSON, in as few pieces as the body allows: the
// JSON converted during one read collects in scratch (out) and goes
// out as one args_delta (flush) when the step returns, before a problem
// is reported and when the call ends. Converted JSON is valid by
// construction (numbers and literals are written whole, at their
// delimiter), so it needs no second scan: the depth cap is checked here
// (open) and only a "JSON string", copied as it is, goes through the
// JSON scanner, which locates its problems at their byte.

// gemmaQuote delimits Gemma 4 strings.
const gemmaQuote = `<|"|>`

// The block's closer (<tool_call|>) ends the body in every state: a
// special token the model writes only to end a call, so a string or an
// object it leaves open is a broken call, and what follows the closer is
// read again. Every '<' in the body is therefore held until it is known
// to start the closer, a string delimiter, or neither (gmLT).

// ReadGemma reads call:NAME{key:<|"|>v<|"|>,n:5}: Gemma 4's calls.
const ReadGemma Reader = 1 << 3

func init() { registerReader(ReadGemma, "gemma", func() bodyReader { return &gemReader{} }) }

// gemReader reads a Gemma call body; it is the state of one.
type gemReader struct {
	state uint8
	stack []byte // open containers: '{' or '['
	elems bool   // the innermost container has an element
	buf   []byte // a key or a bare value being read
	bufAt int
	// lt: the bytes matched since a '<' (a prefix of the string
	// delimiter, ltQ, or of the closer, ltC, or both), at ltOff, read in
	// state ltRet.
	lt            int
	ltOff         int
	ltRet         uint8
	ltQ, ltC, ltA bool // ltA: of the block's AltClose
	// brace: a '}' that ended a string's content right before a '<' (or
	// the chunk's end), held at braceOff until it is known whether the
	// block's closer follows it: then it ends the arguments of a string
	// the model left open (repair).
	brace    bool
	braceOff int
	// warn: the repairs of the call (repaired_value), reported right
	// before its call_end; dropped when the call is abandoned.
	warn []toolcall.Event
	// pend is where the JSON not yet fed to the scanner starts in scratch
	// (-1: none), pendOff the input offset it was converted from.
	pend, pendOff int
	// lit: the content of a delimited string is held in buf (from
	// litOff) while it may be a JSON number, true, false or null, which
	// FunctionGemma writes between <escape> delimiters too (typedQuoted).
	lit    bool
	litOff int
	key    []byte // the last key of the arguments object (a parameter's name)
	// heldComma: a bare string value of an object met a ',' (kept in buf):
	// the words after it may be the next key (a ':' comes) or the rest of
	// a string whose opening delimiter the model left out (its closing
	// one comes); nothing of it is written until one does.
	heldComma bool
	// lead: the white space before the value of key (at most maxLead
	// bytes), a bare string's own when repairBare reads it.
	lead []byte
}

const maxLead = 64

// typedQuoted: a delimited string of a body whose Quote is set
// (FunctionGemma's <escape>) that reads whole as a JSON number, true,
// false or null is that value, as vLLM reads FunctionGemma's calls,
// unless the catalog types the parameter as a string only; Gemma 4's
// <|"|> strings stay strings.
func (g *gemReader) typedQuoted(p *Parser) bool {
	if p.mk.blk.Body.Quote == "" {
		return false
	}
	if len(g.stack) == 1 && p.calls.cur.tool != nil { // a parameter's value
		prm := p.calls.cur.tool.ParamBytes(g.key)
		return !catalog.Typed(prm) || !catalog.KeepsString(prm)
	}
	return true
}

// maxLit bounds the content held while a delimited string may be a
// literal; litByte holds the bytes one may have.
const maxLit = 32

var litByte = stopSet("0123456789+-.eEtrufalsn")

// unlit writes the held content of a string as the start of a JSON
// string: it is no literal.
func (g *gemReader) unlit(p *Parser) {
	if !g.lit {
		return
	}
	g.lit = false
	s := len(p.scratch)
	p.scratch = append(p.scratch, '"')
	p.scratch = catalog.AppendJSONChars(p.scratch, g.buf)
	g.out(p, s, g.litOff)
}

// Gemma body states.
const (
	gmName    = iota // the name, up to '{'
	gmKey            // before or in a key
	gmValue          // before a value
	gmString         // in a <|"|> string
	gmJSONStr        // in a "…" string
	gmBare           // in a bare value
	gmAfter          // after a value: ',' or a closer
	gmLT             // after a '<': the closer, a delimiter, or neither
	gmSkip           // an abandoned call, up to the block's Close or AltClose
)

// starts: any byte after the block's marker (the body is checked as it
// is read); never at the start of the answer.
func (g *gemReader) starts(c byte, anchored bool) bool { return !anchored }

// neverFirst: a body starts with its call: keyword (openerFree).
func (g *gemReader) neverFirst(c byte) bool { return c == '<' }

// end: a '}' held at the end of a string is the string's.
func (g *gemReader) end(p *Parser) {
	if g.brace {
		g.braceOut(p)
		g.flush(p)
	}
}

// braceOut writes the held '}' as string content.
func (g *gemReader) braceOut(p *Parser) {
	s := len(p.scratch)
	p.scratch = append(p.scratch, '}')
	g.out(p, s, g.braceOff)
	g.brace = false
}

// begin starts a Gemma body at b[i].
func (g *gemReader) begin(p *Parser, b []byte, i int) int {
	_, skipped, closer := p.blockCallRet()
	p.beginCall(ckBlock, p.mk.callStart, closer, skipped)
	p.calls.cur.after, _, _ = p.blockCallRet()
	p.calls.name, p.calls.nameOff = p.calls.name[:0], p.off+i
	g.state, g.stack, g.elems, g.buf, g.lt, g.pend, g.lit, g.brace = gmName, g.stack[:0], false, g.buf[:0], 0, -1, false, false
	g.warn = g.warn[:0]
	p.mode = mBody
	return i
}

// out takes the JSON written to scratch from s on (converted from input
// at off) for the next flush.
func (g *gemReader) out(p *Parser, s, off int) {
	if g.pend < 0 {
		g.pend, g.pendOff = s, off
	}
}

// flush emits the JSON taken by out.
func (g *gemReader) flush(p *Parser) {
	if g.pend >= 0 {
		s := g.pend
		g.pend = -1
		p.emitArgs(p.scratch[s:], g.pendOff)
	}
}

// open takes the JSON from s on, which ends with an opening bracket at
// input offset off, after checking the depth cap: it reports false when
// the call was abandoned (too deep, at the bracket).
func (g *gemReader) open(p *Parser, s, off int) bool {
	if len(g.stack) >= p.cfg.maxDepth {
		p.scratch = p.scratch[:len(p.scratch)-1] // the JSON before the bracket goes out
		g.out(p, s, off)
		g.flush(p)
		p.abandon(off, toolcall.CodeTooDeep, "arguments: nesting deeper than %d", p.cfg.maxDepth)
		g.skip(p)
		return false
	}
	g.out(p, s, off)
	return true
}

// read reads bytes of a Gemma body; scratch lasts one Feed, so what
// out took is fed before it returns.
func (g *gemReader) read(p *Parser, b []byte, i int) int {
	i = g.scan(p, b, i)
	g.flush(p)
	return i
}

// scan reads bytes of a Gemma body.
func (g *gemReader) scan(p *Parser, b []byte, i int) int {
	for i < len(b) && p.mode == mBody {
		c := b[i]
		off := p.off + i
		switch g.state {
		case gmName:
			var at bool
			if i, at = g.run(p, b, i, &p.calls.name, &gemNameStop, 512-len(p.calls.name)); !at {
				continue
			}
			if b[i] != '{' {
				p.abandon(p.calls.nameOff, toolcall.CodeInvalidToolName, "Gemma call name longer than 512 bytes")
				g.skip(p)
				return i
			}
			off = p.off + i
			name := trimSpace(p.calls.name)
			// A stray ':' before call: (<|tool_call>:call:f{…}) is a
			// slip of the model's, not part of the name. Without the
			// call: keyword the block holds no call (vLLM, SGLang and
			// Ollama read none): markup the model broke.
			name = bytes.TrimPrefix(name, []byte(":"))
			if !bytes.HasPrefix(name, []byte("call:")) {
				p.abandon(p.calls.nameOff, toolcall.CodeMalformedMarkup, "Gemma call without its call: keyword")
				g.skip(p)
				return i
			}
			p.setName(p.calls.names.Intern(trimSpace(name[len("call:"):])), p.calls.nameOff)
			s := len(p.scratch)
			p.scratch = append(p.scratch, '{')
			if !g.open(p, s, off) {
				return i + 1
			}
			g.stack = append(g.stack[:0], '{')
			g.elems = false
			g.state, g.buf = gmKey, g.buf[:0]
			i++
		case gmKey:
			if len(g.buf) == 0 && isSpace(c) {
				i++
				continue
			}
			if len(g.buf) == 0 && c == '}' {
				return g.close(p, b, i)
			}
			if c == ',' && len(g.buf) == 0 {
				return g.bad(p, i, off, "a key is missing")
			}
			if len(g.buf) == 0 {
				g.bufAt = off
			}
			var at bool
			if i, at = g.run(p, b, i, &g.buf, &gemKeyStop, 256-len(g.buf)); !at {
				continue
			}
			if b[i] != ':' {
				return g.bad(p, i, g.bufAt, "a key without a value (or a key longer than 256 bytes)")
			}
			key := trimSpace(g.buf)
			if q := quote(p); len(key) > 0 && (key[0] == q[0] || key[len(key)-1] == q[len(q)-1]) { // a delimiter about the key
				key = bytes.TrimSuffix(bytes.TrimPrefix(key, []byte(q)), []byte(q))
			}
			if len(key) >= 2 && key[0] == '"' && key[len(key)-1] == '"' {
				key = key[1 : len(key)-1]
			}
			comma := g.elems
			g.elems, g.state = true, gmValue
			if len(g.stack) == 1 {
				g.key = append(g.key[:0], key...)
				g.lead = g.lead[:0]
				if p.argRepeated(key, g.bufAt, g) {
					i++ // the value is read, and dropped
					continue
				}
			}
			s := len(p.scratch)
			if comma {
				p.scratch = append(p.scratch, ',')
			}
			p.scratch = catalog.AppendJSONString(p.scratch, key)
			p.scratch = append(p.scratch, ':')
			g.out(p, s, g.bufAt)
			i++
		case gmValue:
			if isSpace(c) {
				if len(g.stack) == 1 && len(g.lead) < maxLead {
					g.lead = append(g.lead, c)
				}
				i++
				continue
			}
			top := g.stack[len(g.stack)-1]
			if c == ']' && top == '[' && !g.elems {
				return g.close(p, b, i)
			}
			switch c {
			case ',', '}':
				if top == '{' { // key: with nothing after it is the empty string
					s := len(p.scratch)
					p.scratch = append(p.scratch, '"', '"')
					g.out(p, s, off)
					g.state = gmAfter
					continue
				}
				return g.bad(p, i, off, "a value is missing")
			case ']':
				return g.bad(p, i, off, "a value is missing")
			case '<':
				g.ltStart(p, i)
				i++
				continue
			}
			s := g.comma(p)
			switch c {
			case '{', '[':
				p.scratch = append(p.scratch, c)
				if !g.open(p, s, off) {
					return i + 1
				}
				g.stack = append(g.stack, c)
				g.elems = false
				g.state, g.buf = gmValue, g.buf[:0]
				if c == '{' {
					g.state = gmKey
				}
				i++
				continue
			case '"':
				p.scratch = append(p.scratch, '"')
				g.out(p, s, off)
				p.args.js.Reset() // checks the string, copied as it is
				p.args.js.Feed(p.scratch[len(p.scratch)-1:])
				g.state = gmJSONStr
				i++
				continue
			}
			g.out(p, s, off)
			g.buf, g.bufAt, g.heldComma = g.buf[:0], off, false
			g.state = gmBare
		case gmLT:
			i = g.ltStep(p, b, i)
		case gmSkip:
			j := bytes.IndexByte(b[i:], '<')
			if j < 0 {
				return len(b)
			}
			g.ltStart(p, i+j)
			i += j + 1
		case gmString:
			i = g.str(p, b, i)
		case gmJSONStr:
			n := p.args.js.Feed(b[i:]) // up to the closing quote
			s := len(p.scratch)
			p.scratch = append(p.scratch, b[i:i+n]...)
			g.out(p, s, off)
			if p.args.js.Err() != nil { // a problem is at its byte
				g.flush(p)
				p.jsError(off + n)
				return i + n
			}
			if p.args.js.Done() {
				g.state = gmAfter
			}
			i += n
		case gmBare:
			var at bool
			stop := &gemBareStop
			if g.heldComma {
				stop = &gemCommaStop
			}
			if i, at = g.run(p, b, i, &g.buf, stop, 1024-len(g.buf)); !at {
				continue
			}
			c := b[i]
			if c != ',' && c != '}' && c != ']' && (c != ':' || !g.heldComma) {
				return g.bad(p, i, g.bufAt, "a bare value longer than 1024 bytes")
			}
			ends := bytes.HasSuffix(trimSpace(g.buf), []byte(quote(p)))
			switch {
			case c == ',' && !ends && g.stack[len(g.stack)-1] == '{' && bareString(trimSpace(g.buf)):
				g.heldComma = true // held: the next key, or more of the string
				g.buf = append(g.buf, ',')
				i++
				continue
			case c == ':': // the words after the last ',' are the next key
				k := bytes.LastIndexByte(g.buf, ',')
				g.bare(p, trimSpace(g.buf[:k]))
				at := g.bufAt + k + 1
				g.buf = append(g.buf[:0], g.buf[k+1:]...)
				g.bufAt, g.heldComma, g.state = at, false, gmKey
				continue // the key's ':' is read there
			case g.heldComma && !ends: // a ',' then words and no key: the first ',' ended the value
				k := bytes.IndexByte(g.buf, ',')
				g.bare(p, trimSpace(g.buf[:k]))
				return g.bad(p, i, g.bufAt+k+1, "a key without a value (or a key longer than 256 bytes)")
			}
			g.heldComma = false
			v := trimSpace(g.buf)
			if q := quote(p); len(v) > len(q)+1 && v[0] == '\'' && bytes.HasSuffix(v, []byte(q)) && v[len(v)-len(q)-1] == '\'' {
				v = v[:len(v)-len(q)] // 'abc'<|"|>: a dangling delimiter after a single-quoted word (Ollama drops it)
				g.warn = append(g.warn, toolcall.ErrorEvent(g.bufAt+len(v), toolcall.CodeRepairedValue, p.calls.cur.errIndex(),
					"Gemma call: a %s after a single-quoted value, dropped", q))
			}
			s := len(p.scratch)
			if q := quote(p); len(v) > len(q) && bytes.HasSuffix(v, []byte(q)) && !bytes.Contains(v[:len(v)-len(q)], []byte(q)) {
				// key:rain in Lima<|"|>: the model left out the opening
				// delimiter; the closing one says the value is a string
				// (SGLang's Gemma 4 detector reads it so).
				v = trimSpace(v[:len(v)-len(q)])
				p.scratch = catalog.AppendJSONString(p.scratch, v)
				g.warn = append(g.warn, toolcall.ErrorEvent(g.bufAt, toolcall.CodeRepairedValue, p.calls.cur.errIndex(),
					"Gemma call: a string value without its opening %s, read as the string", q))
				g.out(p, s, g.bufAt)
			} else {
				g.bare(p, v)
			}
			g.state = gmAfter
		case gmAfter:
			if isSpace(c) {
				i++
				continue
			}
			top := g.stack[len(g.stack)-1]
			switch {
			case c == ',':
				g.state, g.buf = gmValue, g.buf[:0]
				if top == '{' {
					g.state = gmKey
				}
				i++
			case c == '}' && top == '{', c == ']' && top == '[':
				return g.close(p, b, i)
			case c == '<':
				g.ltStart(p, i)
				i++
			case top == '{' && !gemKeyStop[c] && c != ',' && c != ']' && c != '"':
				// key:<escape>v<escape>next:… : the model left out the
				// ',' after a delimited value; the key that follows is
				// the next one (vLLM reads FunctionGemma's calls so).
				g.state, g.buf = gmKey, g.buf[:0]
			default:
				return g.bad(p, i, off, "expected ',' or a closer after a value")
			}
		}
	}
	return i
}

// str reads <|"|> string content up to a '<', escaped for JSON.
func (g *gemReader) str(p *Parser, b []byte, i int) int {
	if g.brace && i < len(b) && b[i] != '<' {
		g.braceOut(p)
	}
	j := i
	for g.lit && j < len(b) && b[j] != '<' {
		if !litByte[b[j]] || len(g.buf) == maxLit {
			g.unlit(p)
			break
		}
		g.buf = append(g.buf, b[j])
		j++
	}
	i = j // held in buf, or written by unlit
	for j < len(b) && b[j] != '<' {
		j++
	}
	k := j
	if k > i && b[k-1] == '}' && p.mk.blk.Close != "" { // held: the closer may follow (repair)
		k--
		g.brace, g.braceOff = true, p.off+k
	}
	s := len(p.scratch)
	p.scratch = catalog.AppendJSONChars(p.scratch, b[i:k])
	g.out(p, s, p.off+i)
	if j < len(b) {
		g.ltStart(p, j)
		j++
	}
	return j
}

// Bytes that end a run of a name, a key and a bare value ('<' may start
// the closer or a delimiter), and of a bare string held after a ','.
var gemNameStop, gemKeyStop, gemBareStop, gemCommaStop = stopSet("{<"), stopSet(":}<"), stopSet(",}]<"), stopSet(",}]<:")

// bare writes bare value v (read at bufAt).
func (g *gemReader) bare(p *Parser, v []byte) {
	s := len(p.scratch)
	p.scratch = appendBare(p.scratch, v)
	g.out(p, s, g.bufAt)
}

// bareString reports whether bare value v reads as a string (appendBare):
// not a number or a literal.
func bareString(v []byte) bool {
	switch string(v) {
	case "true", "false", "null":
		return false
	}
	return len(v) > 0 && !isJSONNumber(v) && !(v[len(v)-1] == '.' && isJSONNumber(v[:len(v)-1]))
}

func stopSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// run appends the bytes of b from i to *dst up to a byte of stop or room
// bytes, and returns where it stopped; at reports that a byte other than
// '<' is there (a '<' is held with ltStart and passed).
func (g *gemReader) run(p *Parser, b []byte, i int, dst *[]byte, stop *[256]bool, room int) (j int, at bool) {
	end := len(b)
	if room < end-i {
		end = i + max(room, 0)
	}
	j = i
	for j < end && !stop[b[j]] {
		j++
	}
	*dst = append(*dst, b[i:j]...)
	if j < len(b) && b[j] == '<' {
		g.ltStart(p, j)
		return j + 1, false
	}
	return j, j < len(b)
}

// ltStart holds the '<' at b[i], read in the current state.
func (g *gemReader) ltStart(p *Parser, i int) {
	g.lt, g.ltOff, g.ltRet = 1, p.off+i, g.state
	g.ltQ, g.ltC, g.ltA = g.state == gmString || g.state == gmValue, p.mk.blk.Close != "", p.mk.blk.AltClose != ""
	g.state = gmLT
}

// quote returns the string delimiter of the block's body: Body.Quote,
// Gemma 4's <|"|> by default.
func quote(p *Parser) string {
	if q := p.mk.blk.Body.Quote; q != "" {
		return q
	}
	return gemmaQuote
}

// ltStep matches the bytes after a held '<' against the string delimiter
// (where a string may open or close) and the block's closer, and acts on the one
// matched; when neither matches, the held bytes go back to the state they
// were read in.
func (g *gemReader) ltStep(p *Parser, b []byte, i int) int {
	q, closer, alt := quote(p), p.mk.blk.Close, p.mk.blk.AltClose
	if g.ltQ && g.lt == 1 && len(b)-i >= len(q)-1 && string(b[i:i+len(q)-1]) == q[1:] {
		// The whole delimiter at once (the usual '<' in a body): no
		// closer holds it, so none could have ended first.
		return g.quoted(p, i+len(q)-1)
	}
	for ; i < len(b); i++ {
		c := b[i]
		// The markers may all be live (FunctionGemma's <escape> and
		// <end_function_call>; Gemma 4's <tool_call|> and <turn|>); none
		// holds another, so one is met before another can end.
		q1 := g.ltQ && q[g.lt] == c
		c1 := g.ltC && closer[g.lt] == c
		a1 := g.ltA && alt[g.lt] == c
		if !q1 && !c1 && !a1 {
			return g.ltFail(p, i)
		}
		g.ltQ, g.ltC, g.ltA = q1, c1, a1
		g.lt++
		if c1 && g.lt == len(closer) || a1 && g.lt == len(alt) {
			g.closer(p, i+1)
			return i + 1
		}
		if !q1 || g.lt < len(q) {
			continue
		}
		return g.quoted(p, i+1)
	}
	return i
}

// quoted acts on the string delimiter, which ends before b[i]: a string
// opens (before a value) or closes. It returns where reading goes on.
func (g *gemReader) quoted(p *Parser, i int) int {
	s := len(p.scratch)
	if g.ltRet == gmValue { // a string opens
		s = g.comma(p)
		g.state = gmString
		if g.typedQuoted(p) {
			g.out(p, s, g.ltOff)
			g.lit, g.litOff, g.buf = true, g.ltOff, g.buf[:0]
			return i
		}
		p.scratch = append(p.scratch, '"')
	} else { // the string closes
		g.state = gmAfter
		if g.brace { // the held '}' is the string's
			g.braceOut(p)
			s = len(p.scratch)
		}
		if g.lit {
			g.lit = false
			if v := g.buf; isJSONNumber(v) || string(v) == "true" || string(v) == "false" || string(v) == "null" {
				p.scratch = append(p.scratch, v...)
			} else {
				p.scratch = catalog.AppendJSONString(p.scratch, v)
			}
			g.out(p, s, g.litOff)
			return i
		}
		p.scratch = append(p.scratch, '"')
	}
	g.out(p, s, g.ltOff)
	return i
}

// ltFail hands the held '<' and the bytes after it back to the state
// they were read in; b[i] is read next.
func (g *gemReader) ltFail(p *Parser, i int) int {
	held := "<" // the bytes held are a prefix of a live marker
	switch {
	case g.ltQ:
		held = quote(p)
	case g.ltC:
		held = p.mk.blk.Close
	case g.ltA:
		held = p.mk.blk.AltClose
	}
	if len(held) < g.lt { // no marker was live: the '<' alone
		held = "<"
	}
	held = held[:g.lt]
	g.state, g.lt = g.ltRet, 0
	switch g.state {
	case gmName:
		p.nameBytes([]byte(held))
	case gmKey, gmBare:
		if len(g.buf) == 0 {
			g.bufAt = g.ltOff
		}
		g.buf = append(g.buf, held...)
		if g.state == gmBare && len(g.buf) > 1024 {
			return g.bad(p, i, g.bufAt, "a bare value longer than 1024 bytes")
		}
	case gmString:
		g.unlit(p)
		if g.brace {
			g.braceOut(p)
		}
		s := len(p.scratch)
		p.scratch = catalog.AppendJSONChars(p.scratch, []byte(held))
		g.out(p, s, g.ltOff)
	case gmSkip: // not a closer: skipped
	case gmValue:
		return g.bad(p, i, g.ltOff, "'<' does not start a value")
	default:
		return g.bad(p, i, g.ltOff, "expected ',' or a closer after a value")
	}
	return i
}

// closer ends the body at the block's closer (Close or AltClose), which
// ends at b[i]: the call was not complete, and reading goes on after the
// closer.
func (g *gemReader) closer(p *Parser, i int) {
	if g.ltRet == gmSkip { // the abandoned call's end
		p.mode = p.calls.cur.skipRet
		return
	}
	closer := p.mk.blk.Close
	if !g.ltC {
		closer = p.mk.blk.AltClose
	}
	if g.ltRet == gmString && g.repair(p, closer, p.off+i) {
		return
	}
	if g.ltRet == gmBare && g.repairBare(p, p.off+i) {
		return
	}
	if g.ltRet == gmName && g.words(p) {
		p.mode, p.tags.skipN = p.calls.cur.skipRet, 0 // the closer is read
		return
	}
	what := "its arguments"
	switch g.ltRet {
	case gmName:
		what = "its name"
	case gmString:
		what = "a string"
	}
	g.flush(p)
	p.abandon(g.ltOff, toolcall.CodeInvalidJSON, "Gemma call: %s not closed before %s", what, closer)
	p.mode, p.tags.skipN = p.calls.cur.skipRet, 0 // the closer is read
}

// words reports whether the block's closer came after words that are no
// call: no '{' and no call: keyword (nor the start of one) before it
// (<|tool_call>not a call<tool_call|>). They are given to the text
// (blockWords), and the call begun at the block's opener is dropped
// unsaid: it never started.
func (g *gemReader) words(p *Parser) bool {
	name := bytes.TrimPrefix(trimSpace(p.calls.name), []byte(":"))
	if len(name) == 0 || bytes.HasPrefix(name, []byte("call:")) || bytes.HasPrefix([]byte("call:"), name) {
		return false // no words, or a call cut before its arguments
	}
	p.blockWords(p.own(p.calls.name), p.calls.nameOff)
	p.abandoned()
	return true
}

// repair ends the call at closer (ending at input offset end) when the
// only thing left open is a string value of the arguments object, written
// right before the object's '}' (held, brace) or right before closer:
// where the string ends is then not in doubt, so it is closed there, as
// Ollama repairs it, and the repair is reported (repaired_value). It
// reports false when more is open (a nested object or list).
func (g *gemReader) repair(p *Parser, closer string, end int) bool {
	if len(g.stack) != 1 {
		return false
	}
	g.unlit(p)
	before := closer
	if g.brace {
		g.brace, before = false, "'}'"
	}
	s := len(p.scratch)
	p.scratch = append(p.scratch, '"')
	g.out(p, s, g.ltOff)
	g.argsBrace(p, g.ltOff)
	g.endRepaired(p, g.ltOff, end, "Gemma call: a string left open before %s, closed there", before)
	return true
}

// endRepaired ends a call whose arguments a repair completed, reported
// at off (repaired_value), at the block's closer (ending at end).
func (g *gemReader) endRepaired(p *Parser, off, end int, format string, args ...any) {
	g.flush(p)
	p.evs = append(p.evs, g.warn...)
	p.errorf(off, toolcall.CodeRepairedValue, p.calls.cur.errIndex(), format, args...)
	p.endBlockCall(end)
	p.mode = p.calls.cur.skipRet // the closer was read: the block is over
}

// repairBare ends the call at the block's closer (ending at input offset
// end) when the only thing left open is a bare value of the arguments
// object that the catalog types as a string, cut by the closer (the
// model wrote a file's text without its <|"|> delimiters and the
// arguments' '}'): where it ends is not in doubt, so its bytes up to the
// closer, as written (the white space before it too), are the string, as
// Ollama repairs it, reported as repaired_value. Without such a schema
// the value's type is a guess, and the call stays broken.
func (g *gemReader) repairBare(p *Parser, end int) bool {
	if len(g.stack) != 1 || len(trimSpace(g.buf)) == 0 || p.calls.cur.tool == nil {
		return false
	}
	if prm := p.calls.cur.tool.ParamBytes(g.key); prm == nil || !catalog.Typed(prm) || !catalog.KeepsString(prm) {
		return false
	}
	s := len(p.scratch)
	p.scratch = append(p.scratch, '"')
	p.scratch = catalog.AppendJSONChars(catalog.AppendJSONChars(p.scratch, g.lead), g.buf)
	p.scratch = append(p.scratch, '"')
	g.out(p, s, g.bufAt)
	g.argsBrace(p, g.bufAt)
	g.endRepaired(p, g.bufAt, end, "Gemma call: a string value without its delimiters, cut by %s, read up to it", p.mk.blk.Close)
	return true
}

// flushArgs emits the JSON held back (argRepeated).
func (g *gemReader) flushArgs(p *Parser) { g.flush(p) }

// argsBrace writes the arguments object's '}' (converted from input at
// off) after the JSON before it, which stays muted when it is a repeated
// key's value (argRepeated); the '}' is not.
func (g *gemReader) argsBrace(p *Parser, off int) {
	if p.calls.cur.mute {
		g.flush(p)
		p.calls.cur.mute = false
	}
	s := len(p.scratch)
	p.scratch = append(p.scratch, '}')
	g.out(p, s, off)
}

// skip goes on, after the call was abandoned, up to the block's Close or
// AltClose (the engine's skip knows one closer).
func (g *gemReader) skip(p *Parser) {
	if p.mk.blk.AltClose != "" && p.mode == mSkip {
		p.mode, g.state = mBody, gmSkip
	}
}

// comma starts a value in scratch: the ',' before it in a list that
// has elements. It returns where the value's JSON starts.
func (g *gemReader) comma(p *Parser) int {
	s := len(p.scratch)
	if g.stack[len(g.stack)-1] == '[' && g.elems {
		p.scratch = append(p.scratch, ',')
	}
	g.elems = true
	return s
}

// close closes the innermost container at the closer b[i].
func (g *gemReader) close(p *Parser, b []byte, i int) int {
	if len(g.stack) == 1 && p.calls.cur.mute { // the arguments' '}': a repeated key's value before it stays muted, the '}' is not
		g.flush(p)
		p.calls.cur.mute = false
	}
	s := len(p.scratch)
	p.scratch = append(p.scratch, b[i])
	g.out(p, s, p.off+i)
	g.stack = g.stack[:len(g.stack)-1]
	g.elems, g.state = true, gmAfter
	if len(g.stack) == 0 {
		g.flush(p)
		p.evs = append(p.evs, g.warn...)
		p.endBlockCall(p.off + i + 1)
	}
	return i + 1
}

// bad abandons the call with a problem at off; reading goes on at b[i].
func (g *gemReader) bad(p *Parser, i, off int, msg string) int {
	g.flush(p)
	p.abandon(off, toolcall.CodeInvalidJSON, "Gemma call arguments: %s", msg)
	g.skip(p)
	return i
}

// appendBare appends a bare Gemma value: a JSON number or literal as it
// is, any other word as a string; a word in single quotes ('abc', a
// Python habit the model slips into) is the string inside them.
func appendBare(dst, v []byte) []byte {
	switch string(v) {
	case "true", "false", "null":
		return append(dst, v...)
	}
	if isJSONNumber(v) {
		return append(dst, v...)
	}
	if n := len(v); n > 1 && v[n-1] == '.' && isJSONNumber(v[:n-1]) && !bytes.ContainsAny(v[:n-1], ".eE") {
		// 108. : a number written with its point and no decimals.
		return append(append(dst, v...), '0')
	}
	if n := len(v); n >= 2 && v[0] == '\'' && v[n-1] == '\'' {
		v = v[1 : n-1]
	}
	return catalog.AppendJSONString(dst, v)
}

// isJSONNumber reports whether v is exactly a JSON number.
func isJSONNumber(v []byte) bool {
	i := 0
	if i < len(v) && v[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(v) && v[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(v) && v[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(v)
}
