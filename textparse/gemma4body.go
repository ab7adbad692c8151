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
// The arguments stream as JSON through the arguments scanner, like the
// other bodies, in as few pieces as the body allows: the JSON converted
// during one gemStep collects in scratch (gemOut) and is fed at once
// (gemFlush), except where a problem must be located at its byte (an
// opening bracket, for the depth cap; a "JSON string", copied as it is).

// gemmaQuote delimits Gemma 4 strings.
const gemmaQuote = `<|"|>`

// gemState is the state of a Gemma call body.
type gemState struct {
	state uint8
	stack []byte // open containers: '{' or '['
	elems bool   // the innermost container has an element
	buf   []byte // a key or a bare value being read
	bufAt int
	q     int  // bytes of gemmaQuote matched (in a string: of the closer)
	esc   bool // in a "JSON string": after a backslash
	// pend is where the JSON not yet fed to the scanner starts in scratch
	// (-1: none), pendOff the input offset it was converted from.
	pend, pendOff int
}

// Gemma body states.
const (
	gmName    = iota // the name, up to '{'
	gmKey            // before or in a key
	gmValue          // before a value
	gmQuoteIn        // matching the <|"|> that opens a string
	gmString         // in a <|"|> string
	gmJSONStr        // in a "…" string
	gmBare           // in a bare value
	gmAfter          // after a value: ',' or a closer
	gmDone           // after the arguments' '}'
)

// gemBegin starts a Gemma body at b[i].
func (p *Parser) gemBegin(b []byte, i int) int {
	_, skipped, closer := p.blockCallRet()
	p.beginCall(ckBlock, p.callStart, closer, skipped)
	p.cur.after, _, _ = p.blockCallRet()
	p.name, p.nameOff = p.name[:0], p.off+i
	g := &p.gem
	g.state, g.stack, g.elems, g.buf, g.q, g.pend = gmName, g.stack[:0], false, g.buf[:0], 0, -1
	p.mode = mGemma
	return i
}

// gemOut takes the JSON written to scratch from s on (converted from input
// at off) for the scanner; gemFlush feeds it. Converted JSON is valid by
// construction, so only the depth cap can stop it, at an opening bracket,
// which is fed at once (gemOpen).
func (p *Parser) gemOut(s, off int) bool {
	if g := &p.gem; g.pend < 0 {
		g.pend, g.pendOff = s, off
	}
	return true
}

// gemFlush feeds the JSON taken by gemOut to the scanner, a problem located
// at errOff; it reports false when the call was abandoned.
func (p *Parser) gemFlush(errOff int) bool {
	g := &p.gem
	if g.pend < 0 {
		return true
	}
	s := g.pend
	g.pend = -1
	return p.pyArgsJSON(s, g.pendOff, errOff)
}

// gemOpen feeds the JSON from s on, which ends with an opening bracket at
// input offset off, with what gemOut took before it.
func (p *Parser) gemOpen(s, off int) bool {
	p.gemOut(s, off)
	return p.gemFlush(off)
}

// gemStep reads bytes of a Gemma body; scratch lasts one Feed, so what
// gemOut took is fed before it returns.
func (p *Parser) gemStep(b []byte, i int) int {
	i = p.gemRead(b, i)
	p.gemFlush(p.off + i)
	return i
}

// gemRead reads bytes of a Gemma body.
func (p *Parser) gemRead(b []byte, i int) int {
	g := &p.gem
	for i < len(b) && p.mode == mGemma {
		c := b[i]
		off := p.off + i
		switch g.state {
		case gmName:
			j := i
			for j < len(b) && b[j] != '{' && len(p.name)+(j-i) < 512 {
				j++
			}
			p.name = append(p.name, b[i:j]...)
			i = j
			if i == len(b) {
				return i
			}
			if b[i] != '{' {
				p.abandon(off, toolcall.CodeInvalidToolName, "Gemma call name longer than 512 bytes")
				return i
			}
			off = p.off + i
			name := trimSpace(p.name)
			name = bytes.TrimPrefix(name, []byte("call:"))
			p.setName(p.names.Intern(trimSpace(name)), p.nameOff)
			p.js.Reset()
			p.jsOff = off
			s := len(p.scratch)
			p.scratch = append(p.scratch, '{')
			if !p.gemOpen(s, off) {
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
				return p.gemClose(b, i)
			}
			if c == ',' && len(g.buf) == 0 {
				return p.gemBad(i, off, "a key is missing")
			}
			j := i
			for j < len(b) && b[j] != ':' && b[j] != '}' && len(g.buf)+(j-i) < 256 {
				j++
			}
			if len(g.buf) == 0 {
				g.bufAt = off
			}
			g.buf = append(g.buf, b[i:j]...)
			i = j
			if i == len(b) {
				return i
			}
			if b[i] != ':' {
				return p.gemBad(i, g.bufAt, "a key without a value (or a key longer than 256 bytes)")
			}
			key := trimSpace(g.buf)
			key = bytes.TrimSuffix(bytes.TrimPrefix(key, []byte(gemmaQuote)), []byte(gemmaQuote))
			if len(key) >= 2 && key[0] == '"' && key[len(key)-1] == '"' {
				key = key[1 : len(key)-1]
			}
			s := len(p.scratch)
			if g.elems {
				p.scratch = append(p.scratch, ',')
			}
			p.scratch = catalog.AppendJSONString(p.scratch, key)
			p.scratch = append(p.scratch, ':')
			if !p.gemOut(s, g.bufAt) {
				return i + 1
			}
			g.elems = true
			g.state = gmValue
			i++
		case gmValue:
			if isSpace(c) {
				i++
				continue
			}
			top := g.stack[len(g.stack)-1]
			if c == ']' && top == '[' && !g.elems {
				return p.gemClose(b, i)
			}
			s := len(p.scratch)
			if top == '[' && g.elems {
				p.scratch = append(p.scratch, ',')
			}
			g.elems = true
			switch c {
			case '<':
				g.q, g.state = 0, gmQuoteIn
				g.bufAt = off
				if !p.gemOut(s, off) {
					return i
				}
				continue
			case '{', '[':
				p.scratch = append(p.scratch, c)
				if !p.gemOpen(s, off) {
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
				if !p.gemOut(s, off) {
					return i + 1
				}
				g.state, g.esc = gmJSONStr, false
				i++
				continue
			case ',', '}', ']':
				return p.gemBad(i, off, "a value is missing")
			}
			if !p.gemOut(s, off) {
				return i
			}
			g.buf, g.bufAt = g.buf[:0], off
			g.state = gmBare
		case gmQuoteIn:
			if c != gemmaQuote[g.q] {
				return p.gemBad(i, g.bufAt, "'<' does not start a value")
			}
			g.q++
			i++
			if g.q == len(gemmaQuote) {
				s := len(p.scratch)
				p.scratch = append(p.scratch, '"')
				if !p.gemOut(s, g.bufAt) {
					return i
				}
				g.q, g.state = 0, gmString
			}
		case gmString:
			i = p.gemString(b, i)
		case gmJSONStr:
			j := i
			for j < len(b) {
				if g.esc {
					g.esc = false
				} else if b[j] == '\\' {
					g.esc = true
				} else if b[j] == '"' {
					break
				}
				j++
			}
			end := j
			if j < len(b) {
				end = j + 1
				g.state = gmAfter
			}
			if !p.gemFlush(off) {
				return i
			}
			s := len(p.scratch)
			p.scratch = append(p.scratch, b[i:end]...)
			if !p.pyArgsJSON(s, off, -1) { // copied as it is: a problem is at its byte
				return i + p.py.jsFed
			}
			i = end
		case gmBare:
			j := i
			for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && len(g.buf)+(j-i) < 1024 {
				j++
			}
			g.buf = append(g.buf, b[i:j]...)
			i = j
			if i == len(b) {
				return i
			}
			if c := b[i]; c != ',' && c != '}' && c != ']' {
				return p.gemBad(i, g.bufAt, "a bare value longer than 1024 bytes")
			}
			s := len(p.scratch)
			p.scratch = appendBare(p.scratch, trimSpace(g.buf))
			if !p.gemOut(s, g.bufAt) {
				return i
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
				return p.gemClose(b, i)
			default:
				return p.gemBad(i, off, "expected ',' or a closer after a value")
			}
		}
	}
	return i
}

// gemString reads <|"|> string content up to its closing delimiter,
// escaped for JSON.
func (p *Parser) gemString(b []byte, i int) int {
	g := &p.gem
	s := len(p.scratch)
	start := p.off + i
	for i < len(b) {
		c := b[i]
		if g.q > 0 {
			if c == gemmaQuote[g.q] {
				g.q++
				i++
				if g.q == len(gemmaQuote) {
					g.q = 0
					p.scratch = append(p.scratch, '"')
					g.state = gmAfter
					break
				}
				continue
			}
			// Not the closer: the held bytes are content.
			p.scratch = catalog.AppendJSONChars(p.scratch, []byte(gemmaQuote[:g.q]))
			g.q = 0
			continue
		}
		if c == '<' {
			g.q = 1
			i++
			continue
		}
		j := i
		for j < len(b) && b[j] != '<' {
			j++
		}
		p.scratch = catalog.AppendJSONChars(p.scratch, b[i:j])
		i = j
	}
	p.gemOut(s, start)
	return i
}

// gemClose closes the innermost container at the closer b[i].
func (p *Parser) gemClose(b []byte, i int) int {
	g := &p.gem
	s := len(p.scratch)
	p.scratch = append(p.scratch, b[i])
	if !p.gemOut(s, p.off+i) {
		return i + 1
	}
	g.stack = g.stack[:len(g.stack)-1]
	g.elems, g.state = true, gmAfter
	if len(g.stack) == 0 {
		if !p.gemFlush(p.off + i) {
			return i + 1
		}
		p.flushHold()
		p.endBlockCall(p.off + i + 1)
	}
	return i + 1
}

// gemBad abandons the call with a problem at off; reading goes on at b[i].
func (p *Parser) gemBad(i, off int, msg string) int {
	if !p.gemFlush(off) {
		return i
	}
	p.abandon(off, toolcall.CodeInvalidJSON, "Gemma call arguments: %s", msg)
	return i
}

// appendBare appends a bare Gemma value: a JSON number or literal as it
// is, any other word as a string.
func appendBare(dst, v []byte) []byte {
	switch string(v) {
	case "true", "false", "null":
		return append(dst, v...)
	}
	if isJSONNumber(v) {
		return append(dst, v...)
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
