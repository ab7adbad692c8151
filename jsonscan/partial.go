package jsonscan

// Partial turns the prefix of a JSON value that has arrived so far into a
// valid JSON value that no later byte can contradict. It is built on a
// Scanner and shares its grammar and error rules.
//
// What is shown:
//   - open strings, arrays and objects are closed ("ab → "ab", [1 → [1]
//     once the 1 has ended);
//   - a string grows as it arrives; a half escape ("\", "\u12"), a half
//     UTF-8 character and a high surrogate escape waiting for its low half
//     are left out until complete;
//   - a number or literal is shown only once its delimiter (or last letter)
//     has arrived, since "1" may become "12" and "t" must become "true";
//   - an object key is shown only once its value has begun, and a trailing
//     ',' never;
//   - whitespace outside strings is dropped.
//
// Write costs O(bytes written); Value costs O(nesting depth): the settled
// output is kept and only the closing brackets are appended on demand.
type Partial struct {
	s    Scanner
	out  []byte // settled output; closers are appended past committed by Value
	n    int    // len of the settled output
	pend []byte // bytes that may still be dropped or contradicted
	// utf8Need is the number of UTF-8 continuation bytes still expected
	// in a string.
	utf8Need int
	inEsc    bool // the last byte was inside an escape of a string value
	frozen   bool // a syntax error: out[:n] is the final shown value
}

// Reset makes p ready for a new value, keeping its buffers.
func (p *Partial) Reset() {
	p.s.Reset()
	p.out, p.n, p.pend = p.out[:0], 0, p.pend[:0]
	p.utf8Need, p.inEsc, p.frozen = 0, false, false
}

// Err returns the syntax error that stopped p, or nil. After an error, Value
// keeps returning what was shown just before it.
func (p *Partial) Err() *SyntaxError {
	if !p.frozen {
		return nil
	}
	return p.s.Err()
}

// Done reports whether the whole value has arrived.
func (p *Partial) Done() bool { return p.s.Done() }

// Write consumes the next bytes of the value. Bytes after the end of the
// top-level value are ignored.
func (p *Partial) Write(b []byte) {
	if p.frozen {
		return
	}
	p.out = p.out[:p.n]
	for i := 0; i < len(b); i++ {
		prev := p.s.state
		if prev == StateDone {
			return
		}
		// Fast path: plain bytes inside a string value.
		if prev == StateString && !p.inEsc && p.utf8Need == 0 && len(p.pend) == 0 {
			j := i
			for j < len(b) && b[j] >= 0x20 && b[j] < 0x80 && b[j] != '"' && b[j] != '\\' {
				j++
			}
			if j > i {
				p.s.Feed(b[i:j])
				p.out = append(p.out, b[i:j]...)
				p.n = len(p.out)
				i = j - 1
				continue
			}
		}
		c := b[i]
		consumed := p.s.Feed(b[i : i+1])
		cur := p.s.state
		if cur == StateError {
			p.freeze(prev == StateString)
			return
		}
		if prev == StateNumber && cur != StateNumber {
			// The number ended before c, which was then handled after it.
			p.commit()
			prev = StateAfterValue
		}
		if consumed == 0 {
			return // a top-level number ended before c
		}
		switch {
		case prev == StateString && cur == StateString:
			p.stringByte(c)
		case prev == StateString: // the closing quote
			p.pend = append(p.pend, c)
			p.commit()
		case isSpace(c) && prev != StateKeyString:
			// insignificant whitespace
		case cur == StateString: // a value string opens: its key is settled
			p.pend = append(p.pend, c)
			p.commit()
		case cur == StateAfterValue || cur == StateFirstKey || cur == StateFirstElem || cur == StateDone:
			p.pend = append(p.pend, c)
			p.commit()
		default:
			p.pend = append(p.pend, c)
		}
	}
}

// stringByte places byte c of a string value (not its closing quote).
func (p *Partial) stringByte(c byte) {
	switch {
	case p.s.PendingEscape() > 0: // c starts or continues an escape
		p.pend = append(p.pend, c)
		p.inEsc = true
	case p.inEsc: // c completes the escape
		p.inEsc = false
		p.pend = append(p.pend, c)
		if len(p.pend) == 6 && isHighSurrogate(p.pend) {
			return // wait for the low half
		}
		p.commit()
	case c >= 0x80 && c < 0xC0 && p.utf8Need > 0: // continuation byte
		p.pend = append(p.pend, c)
		p.utf8Need--
		if p.utf8Need == 0 {
			p.commit()
		}
	case c >= 0xC0: // lead byte of a multi-byte character
		p.commit()
		switch {
		case c >= 0xF0:
			p.utf8Need = 3
		case c >= 0xE0:
			p.utf8Need = 2
		default:
			p.utf8Need = 1
		}
		p.pend = append(p.pend, c)
	default:
		p.pend = append(p.pend, c)
		p.commit()
	}
}

func isHighSurrogate(esc []byte) bool {
	if len(esc) < 6 || esc[0] != '\\' || esc[1] != 'u' || esc[2]|0x20 != 'd' {
		return false
	}
	switch esc[3] | 0x20 {
	case '8', '9', 'a', 'b':
		return true
	}
	return false
}

// commit settles the pending bytes.
func (p *Partial) commit() {
	p.out = append(p.out, p.pend...)
	p.n = len(p.out)
	p.pend = p.pend[:0]
	p.utf8Need = 0
}

// freeze keeps what was shown before a syntax error as the final value.
func (p *Partial) freeze(inString bool) {
	p.pend = p.pend[:0]
	p.out = p.out[:p.n]
	if p.n > 0 {
		p.out = p.appendClosers(p.out, inString)
	}
	p.n = len(p.out)
	p.frozen = true
}

// Value returns the value so far closed into valid JSON, or nil when
// nothing can be shown yet. The result is valid until the next Write,
// Value or Reset.
func (p *Partial) Value() []byte {
	if p.frozen {
		if p.n == 0 {
			return nil
		}
		return p.out[:p.n]
	}
	if p.n == 0 {
		return nil
	}
	p.out = p.appendClosers(p.out[:p.n], p.s.state == StateString)
	return p.out
}

func (p *Partial) appendClosers(dst []byte, inString bool) []byte {
	if inString {
		dst = append(dst, '"')
	}
	for i := p.s.Depth() - 1; i >= 0; i-- {
		dst = append(dst, closer(p.s.Container(i)))
	}
	return dst
}
