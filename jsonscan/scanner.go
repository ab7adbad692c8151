package jsonscan

import (
	"encoding/binary"
	"fmt"

	"github.com/tooleval/tooleval/internal/wordscan"
)

// DefaultMaxDepth is the nesting limit of a zero Scanner.
const DefaultMaxDepth = 512

// State is where a Scanner is within the JSON grammar.
type State uint8

// The scanner states. The names say what the next byte is expected to be.
const (
	// StateValue: before a value (the start, after ':' or after ',' in
	// an array). Whitespace is skipped.
	StateValue State = iota
	// StateFirstKey: just after '{': a key or '}'.
	StateFirstKey
	// StateKey: after ',' in an object: a key.
	StateKey
	// StateColon: after an object key: ':'.
	StateColon
	// StateFirstElem: just after '[': a value or ']'.
	StateFirstElem
	// StateAfterValue: after a value inside a container: ',' or the
	// container's closing bracket.
	StateAfterValue
	// StateString: inside a string value.
	StateString
	// StateKeyString: inside an object key.
	StateKeyString
	// StateNumber: inside a number (see NumberComplete).
	StateNumber
	// StateLiteral: inside true, false or null (see Literal).
	StateLiteral
	// StateDone: the top-level value is complete.
	StateDone
	// StateError: a syntax error was found (see Err).
	StateError
)

var stateNames = [...]string{"value", "first_key", "key", "colon", "first_elem", "after_value",
	"string", "key_string", "number", "literal", "done", "error"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("state(%d)", s)
}

// number sub-states.
const (
	numSign  = iota // after '-'
	numZero         // after a leading '0'
	numInt          // in integer digits
	numDot          // after '.'
	numFrac         // in fraction digits
	numE            // after 'e' / 'E'
	numESign        // after the exponent sign
	numExp          // in exponent digits
)

// string escape sub-states.
const (
	escNone = iota
	escBackslash
	escU // followed by the count of hex digits seen in esc4
)

// SyntaxError is the first problem a Scanner found.
type SyntaxError struct {
	// Offset counts bytes from the first byte fed after the last Reset.
	Offset int
	// TooDeep is set when the error is nesting beyond the depth limit.
	TooDeep bool
	Msg     string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg)
}

// Scanner scans one JSON value incrementally. The zero value is ready to use
// with DefaultMaxDepth.
type Scanner struct {
	stack    []byte // '{' or '[' per open container
	state    State
	num      uint8 // number sub-state
	esc      uint8 // escape sub-state inside a string
	hex      uint8 // hex digits seen after \u
	lit      string
	litPos   uint8
	off      int // bytes consumed since Reset
	tokStart int // offset where the current number or literal began
	escStart int // offset where the current escape began
	maxDepth int
	err      SyntaxError
	errIn    State // the state the error was found in
}

// Reset makes s ready for a new value, keeping its stack storage and depth
// limit.
func (s *Scanner) Reset() {
	*s = Scanner{stack: s.stack[:0], maxDepth: s.maxDepth}
}

// SetMaxDepth sets the nesting limit (values <= 0 mean DefaultMaxDepth).
func (s *Scanner) SetMaxDepth(n int) { s.maxDepth = n }

// Offset is the number of bytes consumed since Reset.
func (s *Scanner) Offset() int { return s.off }

// State returns where the scanner is.
func (s *Scanner) State() State { return s.state }

// Done reports whether the top-level value is complete.
func (s *Scanner) Done() bool { return s.state == StateDone }

// Started reports whether the first byte of the value has been consumed.
func (s *Scanner) Started() bool {
	return s.state != StateValue || len(s.stack) > 0
}

// Err returns the syntax error, or nil.
func (s *Scanner) Err() *SyntaxError {
	if s.state != StateError {
		return nil
	}
	return &s.err
}

// Depth is the number of open containers.
func (s *Scanner) Depth() int { return len(s.stack) }

// Container returns the opening bracket ('{' or '[') of open container i,
// counting from the outermost (0) to Depth()-1.
func (s *Scanner) Container(i int) byte { return s.stack[i] }

// InString reports whether the scanner is inside a string or an object key.
func (s *Scanner) InString() bool { return s.state == StateString || s.state == StateKeyString }

// StringOpen reports whether the scanner is inside a string or an object
// key, or found its syntax error inside one (a control byte, a bad
// escape): the bytes after the error are still that string's.
func (s *Scanner) StringOpen() bool {
	in := s.state
	if in == StateError {
		in = s.errIn
	}
	return in == StateString || in == StateKeyString
}

// PendingEscape is the number of trailing bytes of an unfinished escape
// sequence inside a string ("\\" or "\\u12"), or 0.
func (s *Scanner) PendingEscape() int {
	if s.InString() && s.esc != escNone {
		return s.off - s.escStart
	}
	return 0
}

// NumberComplete reports whether the number being scanned would be a valid
// number if it ended here ("12", "1.5", not "-", "1.", "1e").
func (s *Scanner) NumberComplete() bool {
	if s.state != StateNumber {
		return false
	}
	switch s.num {
	case numZero, numInt, numFrac, numExp:
		return true
	}
	return false
}

// Literal returns the literal being scanned ("true", "false" or "null") and
// how many of its bytes were seen, when State is StateLiteral.
func (s *Scanner) Literal() (word string, seen int) {
	if s.state != StateLiteral {
		return "", 0
	}
	return s.lit, int(s.litPos)
}

// Pending is the number of trailing consumed bytes that belong to a number
// or literal whose end has not been seen yet. Everything consumed before
// them is settled: a caller streaming the value may emit Offset()-Pending()
// bytes.
func (s *Scanner) Pending() int {
	if s.state == StateNumber || s.state == StateLiteral {
		return s.off - s.tokStart
	}
	return 0
}

func (s *Scanner) fail(msg string, args ...any) {
	s.errIn, s.state = s.state, StateError
	s.err = SyntaxError{Offset: s.off, Msg: fmt.Sprintf(msg, args...)}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Feed consumes bytes of b until the top-level value ends, b runs out or a
// syntax error is found, and returns how many bytes it consumed. A value
// that ends with a number ends at the first byte after it, which is not
// consumed. Leading whitespace is consumed; trailing whitespace is not.
// After an error, Feed consumes nothing and Err says what and where.
func (s *Scanner) Feed(b []byte) int {
	i := 0
	for i < len(b) {
		switch s.state {
		case StateDone, StateError:
			return i
		case StateString, StateKeyString:
			if s.esc == escNone {
				// Fast path: run to the next quote, backslash or control byte.
				// (wordscan.JSONString, written out here so that it is
				// inlined: most strings are short.)
				j, tail := i, true
				for j+8 <= len(b) {
					k := wordscan.EscapeAt(binary.LittleEndian.Uint64(b[j:]))
					j += k
					if k < 8 {
						tail = false // b[j] ends the run
						break
					}
				}
				for tail && j < len(b) { // fewer than eight bytes left
					if c := b[j]; c == '"' || c == '\\' || c < 0x20 {
						break
					}
					j++
				}
				s.off += j - i
				i = j
				if i == len(b) {
					return i
				}
			}
			if !s.stringByte(b[i]) {
				return i
			}
		case StateNumber:
			if !s.numberByte(b[i]) {
				// The number ended before b[i]; the byte is re-examined in
				// the new state without being consumed.
				continue
			}
		default:
			if !s.structByte(b[i]) {
				if s.state == StateError || s.state == StateDone {
					return i
				}
				continue
			}
		}
		s.off++
		i++
		if s.state == StateDone {
			return i
		}
	}
	return i
}

// End tells the scanner the input has ended. A top-level number that was
// waiting for its delimiter completes; anything else unfinished is an error.
// It reports whether the value is complete.
func (s *Scanner) End() bool {
	switch s.state {
	case StateDone:
		return true
	case StateError:
		return false
	case StateNumber:
		if len(s.stack) == 0 && s.NumberComplete() {
			s.state = StateDone
			return true
		}
	}
	s.fail("unexpected end of JSON input")
	return false
}

// valueEnded moves to the state after a complete value.
func (s *Scanner) valueEnded() {
	if len(s.stack) == 0 {
		s.state = StateDone
	} else {
		s.state = StateAfterValue
	}
}

func (s *Scanner) push(c byte) bool {
	max := s.maxDepth
	if max <= 0 {
		max = DefaultMaxDepth
	}
	if len(s.stack) >= max {
		s.fail("nesting deeper than %d", max)
		s.err.TooDeep = true
		return false
	}
	s.stack = append(s.stack, c)
	return true
}

// structByte handles a byte outside strings and numbers. It returns false
// when the byte was not consumed (an error, or a byte to re-examine).
func (s *Scanner) structByte(c byte) bool {
	if isSpace(c) && s.state != StateLiteral {
		return true
	}
	switch s.state {
	case StateValue, StateFirstElem:
		if c == ']' && s.state == StateFirstElem {
			s.stack = s.stack[:len(s.stack)-1]
			s.valueEnded()
			return true
		}
		return s.startValue(c)
	case StateFirstKey, StateKey:
		if c == '"' {
			s.state, s.esc = StateKeyString, escNone
			return true
		}
		if c == '}' && s.state == StateFirstKey {
			s.stack = s.stack[:len(s.stack)-1]
			s.valueEnded()
			return true
		}
		s.fail("expected object key, found %q", c)
		return false
	case StateColon:
		if c == ':' {
			s.state = StateValue
			return true
		}
		s.fail("expected ':' after object key, found %q", c)
		return false
	case StateAfterValue:
		top := s.stack[len(s.stack)-1]
		switch {
		case c == ',' && top == '{':
			s.state = StateKey
		case c == ',':
			s.state = StateValue
		case c == '}' && top == '{', c == ']' && top == '[':
			s.stack = s.stack[:len(s.stack)-1]
			s.valueEnded()
		default:
			s.fail("expected ',' or %q, found %q", closer(top), c)
			return false
		}
		return true
	case StateLiteral:
		if c != s.lit[s.litPos] {
			s.fail("invalid literal, expected %q", s.lit)
			return false
		}
		s.litPos++
		if int(s.litPos) == len(s.lit) {
			s.valueEnded()
		}
		return true
	}
	s.fail("unexpected %q", c)
	return false
}

func closer(open byte) byte {
	if open == '{' {
		return '}'
	}
	return ']'
}

func (s *Scanner) startValue(c byte) bool {
	switch {
	case c == '{':
		if !s.push('{') {
			return false
		}
		s.state = StateFirstKey
	case c == '[':
		if !s.push('[') {
			return false
		}
		s.state = StateFirstElem
	case c == '"':
		s.state, s.esc = StateString, escNone
	case c == '-':
		s.state, s.num, s.tokStart = StateNumber, numSign, s.off
	case c == '0':
		s.state, s.num, s.tokStart = StateNumber, numZero, s.off
	case c >= '1' && c <= '9':
		s.state, s.num, s.tokStart = StateNumber, numInt, s.off
	case c == 't':
		s.state, s.lit, s.litPos, s.tokStart = StateLiteral, "true", 1, s.off
	case c == 'f':
		s.state, s.lit, s.litPos, s.tokStart = StateLiteral, "false", 1, s.off
	case c == 'n':
		s.state, s.lit, s.litPos, s.tokStart = StateLiteral, "null", 1, s.off
	default:
		s.fail("invalid character %q looking for a value", c)
		return false
	}
	return true
}

// stringByte handles a byte inside a string that is a quote, a backslash,
// a control byte or part of an escape.
func (s *Scanner) stringByte(c byte) bool {
	switch s.esc {
	case escBackslash:
		switch c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			s.esc = escNone
		case 'u':
			s.esc, s.hex = escU, 0
		default:
			s.fail("invalid escape '\\%c' in string", c)
			return false
		}
		return true
	case escU:
		if !isHex(c) {
			s.fail("invalid hex digit %q in \\u escape", c)
			return false
		}
		s.hex++
		if s.hex == 4 {
			s.esc = escNone
		}
		return true
	}
	switch {
	case c == '"':
		if s.state == StateKeyString {
			s.state = StateColon
		} else {
			s.valueEnded()
		}
	case c == '\\':
		s.esc, s.escStart = escBackslash, s.off
	default: // control byte
		s.fail("invalid control character %q in string", c)
		return false
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// numberByte consumes c if it continues the number. Otherwise the number
// ends (or is invalid) and it returns false without consuming c.
func (s *Scanner) numberByte(c byte) bool {
	digit := c >= '0' && c <= '9'
	switch s.num {
	case numSign:
		if c == '0' {
			s.num = numZero
			return true
		}
		if digit {
			s.num = numInt
			return true
		}
	case numZero, numInt:
		if digit && s.num == numInt {
			return true
		}
		if c == '.' {
			s.num = numDot
			return true
		}
		if c == 'e' || c == 'E' {
			s.num = numE
			return true
		}
		return s.endNumber(c)
	case numDot:
		if digit {
			s.num = numFrac
			return true
		}
	case numFrac:
		if digit {
			return true
		}
		if c == 'e' || c == 'E' {
			s.num = numE
			return true
		}
		return s.endNumber(c)
	case numE:
		if c == '+' || c == '-' {
			s.num = numESign
			return true
		}
		if digit {
			s.num = numExp
			return true
		}
	case numESign:
		if digit {
			s.num = numExp
			return true
		}
	case numExp:
		if digit {
			return true
		}
		return s.endNumber(c)
	}
	s.fail("invalid character %q in number", c)
	return false
}

// endNumber finishes a complete number before c, which is re-examined.
func (s *Scanner) endNumber(c byte) bool {
	if c >= '0' && c <= '9' { // "01"
		s.fail("invalid character %q after leading zero", c)
		return false
	}
	s.valueEnded()
	return false
}
