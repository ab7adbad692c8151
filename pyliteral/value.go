package pyliteral

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tooleval/tooleval/internal/wordscan"
)

// This file reads one Python literal and writes it as JSON, incrementally:
// the bytes may arrive in any pieces (a streamed tool call) and the JSON
// comes out as soon as it is known. It is the value reader of the text
// dialects that write Python calls (textparse's pythonic and olmo3), of
// catalog coercion (AppendJSON) and of ParseCalls (readLiteral): the one
// place that knows Python literal syntax for JSON output. (ParseCallsOptions
// in AST mode reads whole expressions, ast.go, sharing readQuoted.)
//
// Accepted: strings in both quote styles, triple-quoted, with r/b/u
// prefixes and Python's escapes, adjacent strings concatenated ('a' "b");
// ints (decimal, 0x, 0o, 0b, with _), floats; True, False, None (and the
// JSON spellings true, false, null); lists, tuples (as arrays) and dicts
// (a key that is not a string becomes its JSON text as a string). A name, a
// call (a nested call is not a value), an f-string, a set, inf or nan is an
// error.

// Value converts one Python literal to JSON as its bytes arrive. The zero
// Value is ready; Reset makes it ready again.
type Value struct {
	state uint8
	stack []byte // open containers: '[' list, '(' tuple, '{' dict
	comma bool   // a ',' was read and not written yet (a trailing comma is dropped)
	elems bool   // the innermost container has an element
	off   int    // bytes consumed since Reset
	err   *SyntaxError
	errIn uint8 // the state the error was met in
	// noBytes: a bytes literal is an error (RejectBytes); repair: the
	// repairs of Repair are made; both kept by Reset. repairs: those made
	// since TakeRepairs.
	noBytes, repair bool
	repairs         []Repair
	// pause: Feed returns after this step (a container opened, a repair).
	pause  bool
	tok    []byte // a number or name being read
	tokOff int
	// strings
	quote  byte
	triple bool
	raw    bool
	quotes int // closing quotes seen in a triple-quoted string
	esc    uint8
	hexN   int
	hexV   rune
	hexOff int
	cont   bool // the string continues an adjacent one
	// a dict key that is not a string is written to key, then quoted
	keyDepth int // len(stack) of its dict, 0 when not redirecting
	// a '{' whose kind is not known yet (Repair: a set is read as a
	// list): setAt is its len(stack) (0: none), setOff where it is; its
	// first element's JSON is held in hold (or, not a string, in key)
	// until ':' makes it a dict or ',' or '}' a set.
	setAt, setOff int
	hold          []byte
	// after a one-line string (Repair): endAt is its closing quote's
	// offset + 1 (0: not repairable), gap the spaces read after it; a
	// byte no literal may follow there makes the quote part of the string.
	endAt int
	gap   []byte
	// closeAt is the offset + 1 of a ')' read after such a string where
	// the value is not in a container (the caller's closer, held in gap
	// until the byte after it decides: one that may follow a call in a
	// list or block (',', ']', '<', a space, the end), and
	// the string ended at the quote; another, and the quote and ')' were
	// part of it, 'python3 -c "f(sep='-')"'); 0: none.
	closeAt int
	key     []byte
	out     []byte
}

// value states.
const (
	vValue    = iota // before a value
	vAfter           // after a value inside a container
	vColon           // after a dict key
	vNumber          // in a number
	vName            // in a name (True, a string prefix, …)
	vStrOpen         // after one quote: '' or '''?
	vStrOpen2        // after two quotes
	vStr             // in a string
	vStrEsc          // after a backslash
	vStrHex          // in \x, \u, \U or octal digits
	vStrEnd          // after a string: another may follow
	vStrClose        // after a string and a ')' (Repair): closeAt
	vDone            // the value is complete
	vErr
)

// maxValueDepth bounds nesting; callers wanting a smaller cap check the
// JSON they receive.
const maxValueDepth = 1000

// Reset readies v for a new value, keeping its buffers.
func (v *Value) Reset() {
	// Field by field: a value is read per argument, and clearing the whole
	// struct (with its pointers) costs more than the few fields that a
	// value's first byte does not set.
	v.state, v.stack, v.comma, v.elems, v.off, v.err = vValue, v.stack[:0], false, false, 0, nil
	v.tok, v.cont, v.keyDepth, v.key, v.out = v.tok[:0], false, 0, v.key[:0], nil
	v.setAt, v.hold = 0, v.hold[:0]
	v.endAt, v.gap, v.closeAt = 0, v.gap[:0], 0
	v.repairs = v.repairs[:0]
}

// Done reports whether the value is complete.
func (v *Value) Done() bool { return v.state == vDone }

// HeldClose reports, for a complete value, the offset (as Err's Offset
// counts) of a ')' after it that v read and holds for its caller, and
// false when none: with Repair, a ')' right after a one-line string ended
// by its quote is read to see whether the quote was part of the string;
// when it was not, the ')' is the caller's (a call's closer).
func (v *Value) HeldClose() (int, bool) {
	if v.state != vDone || v.closeAt == 0 {
		return 0, false
	}
	return v.closeAt - 1, true
}

// Depth returns the number of containers open in the value.
func (v *Value) Depth() int { return len(v.stack) }

// Holding reports whether the bytes read now are held rather than
// written: those of a dict key that is not a string, or of the first
// element of a '{' not known yet to be a dict or a set (Repair).
func (v *Value) Holding() bool { return v.keyDepth|v.setAt != 0 }

// RejectBytes makes a bytes literal (b'…', rb"…") an error for v, now
// and after Reset: bytes have no JSON form, and reading their body as a
// string is a guess that is wrong for bytes that are not text. The
// tool-call readers reject them, as the serving stacks do; a reader of
// Python values for display may keep the default, the body as a string.
func (v *Value) RejectBytes(on bool) { v.noBytes = on }

// Repair is a value that was not valid Python but whose meaning is not in
// doubt, read as meant (see Value.Repair): where (as Err's Offset counts)
// and what.
type Repair struct {
	Offset int
	Msg    string
}

// Repair makes v read, now and after Reset, what a model writes for a
// value whose meaning is not in doubt although it is not valid Python or
// has no JSON form: a zero-padded integer (07 is 7), a raw newline inside
// a one-line string (kept as a newline) and a set ({'a', 'b'}, read as a
// list; the JSON of a '{' waits for the ':' or ',' after its first
// element). Each is recorded (TakeRepairs) so that the caller
// can report it; by default both are errors.
func (v *Value) Repair(on bool) { v.repair = on }

// TakeRepairs returns the repairs made since the last call (nil when
// none), valid until the next Feed.
func (v *Value) TakeRepairs() []Repair {
	r := v.repairs
	v.repairs = v.repairs[:0]
	if len(r) == 0 {
		return nil
	}
	return r
}

func (v *Value) repaired(at int, msg string) {
	v.repairs, v.pause = append(v.repairs, Repair{Offset: v.off + at, Msg: msg}), true
}

// OpenQuote returns the quote of the string v is inside, or was inside
// when it met its error (a newline in a one-line string), and 0 when
// none: a caller skipping the rest of a broken value knows whether a
// string is open.
func (v *Value) OpenQuote() byte {
	st := v.state
	if st == vErr {
		st = v.errIn
	}
	switch st {
	case vStrOpen, vStr, vStrEsc, vStrHex: // ('' after vStrOpen2 is an empty string)
		return v.quote
	}
	return 0
}

// Err returns the syntax error met, nil if none. Its Offset counts from the
// value's first byte.
func (v *Value) Err() *SyntaxError { return v.err }

// Feed reads bytes of in that belong to the value and appends the JSON
// known so far to dst. It stops after the value's last byte (a scalar ends
// at the first byte that cannot continue it, which is not consumed; spaces
// after it may be) or at an error, and returns the extended dst and the
// number of bytes consumed. It also returns right after a container's
// opening bracket, so that a caller checking the depth of the JSON knows
// the byte at fault, and right after a repair (Repair), so that a caller
// reporting it does so at the same place in the JSON whatever the
// pieces.
func (v *Value) Feed(dst, in []byte) ([]byte, int) {
	v.out = dst
	i := 0
	for i < len(in) && v.state != vDone && v.state != vErr {
		n := v.step(in[i:])
		i += n
		v.off += n
		if v.pause {
			v.pause = false
			break // a container opened, a repair made: the caller may act at its byte
		}
	}
	dst, v.out = v.out, nil
	return dst, i
}

// End tells v that its input ended: a number or name waiting for its
// delimiter, or a string waiting for a possible adjacent one, completes.
// It returns dst with the final JSON appended; Done reports whether the
// value was complete.
func (v *Value) End(dst []byte) []byte {
	v.out = dst
	if v.state == vStrOpen2 { // '' at the end
		v.state = vStrEnd
	}
	switch v.state {
	case vNumber, vName, vStrEnd, vStrClose:
		if len(v.stack) == 0 {
			v.finishScalar()
		}
	}
	dst, v.out = v.out, nil
	return dst
}

// AppendJSON appends the JSON for the Python literal src (surrounding
// spaces allowed) to dst.
func AppendJSON(dst, src []byte) ([]byte, error) {
	n := len(dst)
	dst, used, err := readLiteral(dst, src, 0, 0)
	if err != nil {
		return dst[:n], err
	}
	for _, c := range src[used:] {
		if !isPySpace(c) {
			return dst[:n], &SyntaxError{Offset: used, Msg: "unexpected " + strconv.Quote(string(src[used:min(used+8, len(src))])) + " after the value"}
		}
		used++
	}
	return dst, nil
}

// readLiteral reads the Python literal at src[pos:] (spaces before it
// allowed) whole, as ParseCalls and AppendJSON do: it appends the JSON to
// dst and returns the offset after the value (spaces after it may be
// consumed). maxDepth > 0 caps the nesting below maxValueDepth. Errors
// carry offsets in src.
func readLiteral(dst, src []byte, pos, maxDepth int) ([]byte, int, error) {
	var v Value
	i := pos
	for !v.Done() {
		if v.err != nil {
			v.err.Offset += pos
			return dst, i, v.err
		}
		if maxDepth > 0 && len(v.stack) > maxDepth {
			return dst, i, &SyntaxError{Offset: i - 1, Msg: "values nested deeper than " + strconv.Itoa(maxDepth)}
		}
		if i == len(src) {
			if dst = v.End(dst); v.err != nil || v.Done() {
				continue
			}
			msg := "unexpected end of input inside a value"
			switch v.state {
			case vStr, vStrOpen, vStrEsc, vStrHex:
				msg = "unterminated string: unexpected end of input inside it"
			}
			return dst, i, &SyntaxError{Offset: i, Msg: msg}
		}
		var k int
		dst, k = v.Feed(dst, src[i:])
		i += k
	}
	return dst, i, nil
}

func isPySpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// fail records an error at byte at of the current step (negative: in an
// earlier one) and returns the bytes the step consumed.
func (v *Value) fail(at int, msg string) int {
	v.err = &SyntaxError{Offset: v.off + at, Msg: msg}
	v.errIn, v.state = v.state, vErr
	return max(at, 0)
}

// emitByte is emit for one byte, without a slice to copy from.
func (v *Value) emitByte(c byte) {
	if v.keyDepth|v.setAt != 0 {
		v.redirect([]byte{c})
		return
	}
	v.out = append(v.out, c)
}

// emit writes JSON bytes, to the pending key when one is redirected.
func (v *Value) emit(b ...byte) {
	if v.keyDepth|v.setAt != 0 {
		v.redirect(b)
		return
	}
	v.out = append(v.out, b...)
}

// redirect writes JSON bytes to the pending key, or to the first element
// of a brace not decided yet.
func (v *Value) redirect(b []byte) {
	if v.keyDepth > 0 {
		v.key = append(v.key, b...)
		return
	}
	v.hold = append(v.hold, b...)
}

func (v *Value) emitString(s string) {
	if v.keyDepth|v.setAt != 0 {
		v.redirect([]byte(s))
		return
	}
	v.out = append(v.out, s...)
}

// open starts a value: writes the pending comma.
func (v *Value) open() {
	if v.comma {
		v.emitByte(',')
		v.comma = false
	}
	v.elems = true
}

// step consumes bytes of in (at least one, unless the value ends before
// in[0]) and returns how many.
func (v *Value) step(in []byte) int {
	c := in[0]
	switch v.state {
	case vValue:
		if isPySpace(c) {
			return 1
		}
		return v.startValue(in)
	case vAfter:
		return v.after(c)
	case vColon:
		if isPySpace(c) {
			return 1
		}
		if v.setAt == len(v.stack) {
			return v.decideBrace(c)
		}
		if c != ':' {
			if c == ',' || c == '}' {
				return v.fail(0, "a set has no JSON form")
			}
			return v.fail(0, "expected ':' after a dict key")
		}
		v.emitByte(':')
		v.stack[len(v.stack)-1] = ':' // the dict now wants the key's value
		v.state = vValue
		return 1
	case vNumber:
		return v.numberRun(in, 0)
	case vName:
		n := 0
		for n < len(in) && isIdentByte(in[n]) {
			v.tok = append(v.tok, in[n])
			n++
		}
		if n > 0 {
			return n
		}
		return v.name(c)
	case vStrOpen:
		if c == v.quote {
			v.state = vStrOpen2
			return 1
		}
		v.state = vStr
		return v.str(in, 0)
	case vStrOpen2:
		if c == v.quote {
			v.triple, v.state = true, vStr
			return 1
		}
		v.state = vStrEnd // '' : an empty string
		return 0
	case vStr:
		return v.str(in, 0)
	case vStrEsc:
		return v.escape(c)
	case vStrHex:
		return v.hexDigit(c)
	case vStrEnd:
		if isPySpace(c) {
			if v.repair && v.endAt > 0 && len(v.gap) < 64 {
				v.gap = append(v.gap, c)
			}
			return 1
		}
		if c == '\'' || c == '"' {
			v.beginString(c, false)
			return 1
		}
		if isIdentStart(c) && len(v.tok) == 0 {
			// A prefixed string may follow: r'…'.
			v.tokOff = v.off
			v.cont = true
			v.state = vName
			return 0
		}
		if c == ')' && v.repair && v.endAt > 0 && len(v.stack) == 0 && len(v.gap) < 64 {
			v.closeAt, v.gap, v.state = v.off+1, append(v.gap, c), vStrClose
			return 1
		}
		if v.repair && v.endAt > 0 && !endsValue(c) {
			v.reopen(nil)
			return 0
		}
		v.finishScalar()
		return 0
	case vStrClose:
		if isPySpace(c) && len(v.gap) < 64 {
			v.gap = append(v.gap, c)
			return 1
		}
		if isPySpace(c) || c == ',' || c == ']' || c == '<' {
			v.finishScalar() // what may follow a call's ')' in a list or block: the ')' is the caller's
			return 0
		}
		v.closeAt = 0
		v.reopen(nil)
		return 0
	}
	return 0
}

// startValue begins the value at in[0].
func (v *Value) startValue(in []byte) int {
	c := in[0]
	top := byte(0)
	if len(v.stack) > 0 {
		top = v.stack[len(v.stack)-1]
	}
	if c == ']' || c == ')' || c == '}' {
		// An empty container, or a trailing comma.
		if top != 0 && top != ':' && (!v.elems || v.comma) {
			v.comma = false
			return v.close(c)
		}
		return v.fail(0, "unexpected "+strconv.QuoteRune(rune(c))+", expected a value")
	}
	v.open()
	if top == '{' && c != '\'' && c != '"' && v.keyDepth == 0 {
		v.keyDepth = len(v.stack) // a key that is not a string: quoted when complete
	}
	switch {
	case c == '\'' || c == '"':
		v.emitByte('"')
		v.beginString(c, false)
		if len(in) > 1 && in[1] != c { // content, not a second quote (an empty or a triple-quoted string)
			v.state = vStr
			return v.str(in, 1)
		}
		return 1
	case c == '[' || c == '(' || c == '{':
		if len(v.stack) >= maxValueDepth {
			return v.fail(0, "values nested too deeply")
		}
		v.stack, v.pause = append(v.stack, c), true
		if c == '{' && v.repair && v.setAt == 0 && v.keyDepth == 0 {
			v.setAt, v.setOff = len(v.stack), v.off // a dict or a set: its ':' or ',' decides
		} else if c == '{' {
			v.emitByte('{')
		} else {
			v.emitByte('[')
		}
		v.elems = false
		return 1
	case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
		v.tok, v.tokOff = append(v.tok[:0], c), v.off
		v.state = vNumber
		return v.numberRun(in, 1)
	case isIdentStart(c):
		v.tok, v.tokOff = v.tok[:0], v.off
		v.state = vName
		return 0
	}
	return v.fail(0, "unexpected "+strconv.QuoteRune(rune(c))+", expected a value")
}

// after handles the byte after a value inside a container.
func (v *Value) after(c byte) int {
	if isPySpace(c) {
		return 1
	}
	top := v.stack[len(v.stack)-1]
	switch {
	case c == ',':
		v.comma = true
		v.state = vValue
		return 1
	case c == ']' && top == '[', c == ')' && top == '(', c == '}' && (top == '{' || top == 's'):
		v.comma = false
		return v.close(c)
	}
	return v.fail(0, "expected ',' or "+strconv.QuoteRune(rune(closerOf(top)))+" after a value")
}

func closerOf(open byte) byte {
	switch open { // ':' is a dict waiting for a value
	case '[':
		return ']'
	case '(':
		return ')'
	}
	return '}'
}

// decideBrace decides, at c after the first element of a '{' (Repair),
// whether it is a dict (':') or a set (',' or '}', read as a list and
// recorded as a repair), and writes the brace and the element held.
func (v *Value) decideBrace(c byte) int {
	first := v.hold
	if len(v.key) > 0 { // not a string: its JSON, raw
		first = v.key
	}
	v.setAt = 0
	switch c {
	case ':':
		v.emitByte('{')
		if len(v.key) > 0 {
			v.out = appendJSONString(v.out, string(v.key))
		} else {
			v.emit(first...)
		}
		v.key, v.hold = v.key[:0], v.hold[:0]
		v.emitByte(':')
		v.stack[len(v.stack)-1] = ':'
		v.state = vValue
		return 1
	case ',', '}':
		v.emitByte('[')
		v.emit(first...)
		v.key, v.hold = v.key[:0], v.hold[:0]
		v.stack[len(v.stack)-1] = 's'
		v.repaired(v.setOff-v.off, "a set written where JSON has a list, read as a list")
		v.state = vAfter
		return v.after(c)
	}
	return v.fail(0, "expected ':' after a dict key")
}

// close ends the innermost container with c.
func (v *Value) close(c byte) int {
	top := v.stack[len(v.stack)-1]
	if c != closerOf(top) {
		return v.fail(0, "unexpected "+strconv.QuoteRune(rune(c)))
	}
	if v.setAt == len(v.stack) { // {}: an empty dict
		v.setAt = 0
		v.emitByte('{')
	}
	if top == '{' {
		v.emitByte('}')
	} else {
		v.emitByte(']') // a list, a tuple, a set ('s')
	}
	v.stack = v.stack[:len(v.stack)-1]
	v.elems = true
	v.valueDone()
	return 1
}

// valueDone moves on after a complete value.
func (v *Value) valueDone() {
	d := len(v.stack)
	if v.keyDepth > 0 && d == v.keyDepth && d == v.setAt {
		v.keyDepth = 0 // the first element of an undecided brace: kept raw (vColon decides)
		v.state = vColon
		return
	}
	if v.keyDepth > 0 && d == v.keyDepth {
		// The redirected key is complete: write it as a JSON string.
		v.keyDepth = 0
		v.out = appendJSONString(v.out, string(v.key))
		v.key = v.key[:0]
		v.state = vColon
		return
	}
	switch {
	case d == 0:
		v.state = vDone
	case v.stack[d-1] == '{': // a key
		v.state = vColon
	case v.stack[d-1] == ':': // a key's value
		v.stack[d-1] = '{'
		v.state = vAfter
	default:
		v.state = vAfter
	}
}

// number converts the number in v.tok; it reports false on an error.
func (v *Value) number() bool {
	if t := v.tok; t[0] >= '1' && t[0] <= '9' || len(t) == 1 && t[0] == '0' { // the usual int: its JSON as it is
		plain := true
		for _, c := range t[1:] {
			if c < '0' || c > '9' {
				plain = false
				break
			}
		}
		if plain {
			v.emit(t...)
			return true
		}
	}
	lit := string(v.tok)
	clean := strings.ReplaceAll(strings.TrimPrefix(lit, "+"), "_", "")
	digits := strings.TrimPrefix(clean, "-")
	at := v.tokOff - v.off
	bad := func(why string) bool {
		v.fail(at, "bad number "+strconv.Quote(lit)+why)
		return false
	}
	if strings.HasSuffix(digits, "j") || strings.HasSuffix(digits, "J") {
		return bad(": complex numbers have no JSON form")
	}
	if len(digits) > 1 && digits[0] == '0' && isDecimalInt(digits) && strings.Trim(digits, "0") != "" {
		if !v.repair {
			return bad(": leading zeros are not allowed")
		}
		v.repaired(at, "zero-padded integer "+strconv.Quote(lit)+" read as decimal")
	}
	if len(digits) > 1 && digits[0] == '0' && (digits[1]|0x20 == 'x' || digits[1]|0x20 == 'o' || digits[1]|0x20 == 'b') {
		n, err := strconv.ParseInt(clean, 0, 64)
		if err != nil {
			return bad("")
		}
		v.emitString(strconv.FormatInt(n, 10))
		return true
	}
	if isDecimalInt(digits) {
		d := strings.TrimLeft(digits, "0")
		if d == "" {
			d = "0"
		}
		if clean[0] == '-' && d != "0" {
			v.emitByte('-')
		}
		v.emitString(d)
		return true
	}
	f, err := strconv.ParseFloat(clean, 64)
	if err != nil || strings.ContainsAny(clean, "xXpPnNiI") || math.IsInf(f, 0) {
		return bad("")
	}
	b := strconv.AppendFloat(nil, f, 'g', -1, 64)
	if !strings.ContainsAny(string(b), ".eEn") {
		b = append(b, ".0"...) // a float stays a float: 2. is 2.0
	}
	v.emit(b...)
	return true
}

// isNumByte reports whether c continues the number tok.
func isNumByte(c byte, tok []byte) bool {
	switch {
	case c >= '0' && c <= '9', c == '.', c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		return true
	case c == '+' || c == '-':
		l := tok[len(tok)-1]
		return (l == 'e' || l == 'E') && !(len(tok) > 1 && tok[0] == '0' && tok[1]|0x20 == 'x')
	}
	return false
}

// name handles a complete name in v.tok, followed by c.
func (v *Value) name(c byte) int {
	id := string(v.tok)
	cont := v.cont
	v.cont = false
	if c == '\'' || c == '"' {
		if len(id) <= 2 && strings.Trim(strings.ToLower(id), "rbu") == "" && !(strings.ContainsAny(id, "uU") && len(id) == 2) {
			if v.noBytes && strings.ContainsAny(id, "bB") {
				return v.fail(v.tokOff-v.off, "a bytes literal has no JSON form")
			}
			if !cont {
				v.emitByte('"')
			}
			v.tok = v.tok[:0]
			v.beginString(c, strings.ContainsAny(id, "rR"))
			return 1
		}
		if strings.ContainsAny(id, "fF") && len(id) <= 2 {
			return v.fail(v.tokOff-v.off, "an f-string is not a literal")
		}
	}
	if cont && v.repair && v.endAt > 0 {
		v.reopen(v.tok) // 'grep 'TODO' x': the quote was part of the string
		v.tok = v.tok[:0]
		return 0
	}
	if cont {
		return v.fail(v.tokOff-v.off, "unexpected "+strconv.Quote(id)+" after a string")
	}
	v.tok = v.tok[:0]
	switch id {
	case "True", "true":
		v.emitString("true")
	case "False", "false":
		v.emitString("false")
	case "None", "null":
		v.emitString("null")
	case "inf", "nan":
		return v.fail(v.tokOff-v.off, "name "+strconv.Quote(id)+" is not a literal: "+id+" has no JSON form")
	default:
		if c == '(' {
			return v.fail(v.tokOff-v.off, "a call ("+id+"(…)) is not a literal")
		}
		return v.fail(v.tokOff-v.off, "name "+strconv.Quote(id)+" is not a literal")
	}
	v.valueDone()
	return 0
}

// finishScalar completes a number, a name or a string at the end of its
// input or before its delimiter.
func (v *Value) finishScalar() {
	switch v.state {
	case vNumber:
		if v.number() {
			v.valueDone()
		}
	case vName:
		v.name(0)
	case vStrEnd, vStrClose:
		v.emitByte('"')
		v.valueDone()
	}
}

// endsValue reports whether c may follow a complete value (a string) in
// a literal: a separator, a closer, a dict's ':'.
func endsValue(c byte) bool {
	return c == ',' || c == ')' || c == ']' || c == '}' || c == ':'
}

// reopen makes the quote that ended a one-line string part of it (Repair:
// 'sed -n '1,5p' f', a quote of the string's own style left unescaped),
// with the spaces read after it and tok, the bytes of a word read after
// them; the string goes on.
func (v *Value) reopen(tok []byte) {
	v.repaired(v.endAt-1-v.off, "unescaped "+string(v.quote)+" inside a string read as part of it")
	v.strByte(v.quote)
	for _, c := range v.gap {
		v.strByte(c)
	}
	for _, c := range tok {
		v.strByte(c)
	}
	v.gap, v.endAt, v.cont = v.gap[:0], 0, false
	v.state = vStr
}

// beginString starts a Python string after its opening quote q.
func (v *Value) beginString(q byte, raw bool) {
	v.quote, v.raw, v.triple, v.quotes = q, raw, false, 0
	v.state, v.endAt = vStrOpen, 0
}

// numberRun reads a number's bytes from in[n] on (in is the step's
// input) and completes it at its delimiter, when in shows one. It returns
// the bytes the step consumed.
func (v *Value) numberRun(in []byte, n int) int {
	for n < len(in) && isNumByte(in[n], v.tok) {
		v.tok = append(v.tok, in[n])
		n++
	}
	if n == len(in) {
		return n
	}
	if !v.number() {
		return n
	}
	v.valueDone()
	return n
}

// str reads string content from in[n] on (in is the step's input, which
// offsets count from) and returns the bytes the step consumed.
func (v *Value) str(in []byte, n int) int {
	for n < len(in) {
		c := in[n]
		if v.quotes > 0 && c != v.quote {
			for ; v.quotes > 0; v.quotes-- {
				v.strByte(v.quote)
			}
		}
		switch {
		case c == v.quote:
			n++
			if !v.triple {
				v.state = vStrEnd
				v.endAt, v.gap = v.off+n, v.gap[:0]
				if n < len(in) && v.endsHere(in[n]) {
					v.finishScalar() // what the vStrEnd step does at in[n]
				}
				return n
			}
			v.quotes++
			if v.quotes == 3 {
				v.quotes = 0
				v.state = vStrEnd
				return n
			}
			continue
		case c == '\\':
			v.state = vStrEsc
			return n + 1
		case c == '\n' && !v.triple:
			if !v.repair {
				return v.fail(n, "newline in a string")
			}
			v.repaired(n, "raw newline in a one-line string kept as a newline")
			v.strByte(c)
			return n + 1 // Feed returns after a repair
		}
		// A run of plain bytes.
		j := n + wordscan.QuotedRun(in[n:], v.quote)
		if j > n {
			v.emit(in[n:j]...)
			n = j
			continue
		}
		v.strByte(c)
		n++
	}
	return n
}

// endsHere reports whether c, right after a one-line string's closing
// quote, completes the string as the vStrEnd step would: a separator or a
// closer that no repair reads otherwise.
func (v *Value) endsHere(c byte) bool {
	switch c {
	case ',', ']', '}', ':':
		return true
	case ')':
		return !v.repair || len(v.stack) > 0
	}
	return false
}

// strByte writes one byte of string content, escaped for JSON.
func (v *Value) strByte(c byte) {
	switch {
	case c == '"':
		v.emitString(`\"`)
	case c == '\\':
		v.emitString(`\\`)
	case c == '\n':
		v.emitString(`\n`)
	case c == '\t':
		v.emitString(`\t`)
	case c == '\r':
		v.emitString(`\r`)
	case c < 0x20:
		v.emitString(`\u00`)
		v.emit("0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
	default:
		v.emitByte(c)
	}
}

// strRune writes a decoded code point.
func (v *Value) strRune(r rune) {
	switch {
	case r < 0x80:
		v.strByte(byte(r))
	case r >= 0xD800 && r < 0xE000 || r > utf8.MaxRune:
		// A lone surrogate: JSON's escape keeps what Python holds.
		if r > 0xFFFF {
			r = utf8.RuneError
		}
		v.emitString(`\u`)
		for s := 12; s >= 0; s -= 4 {
			v.emitByte("0123456789abcdef"[(r>>s)&15])
		}
	default:
		var b [4]byte
		v.emit(b[:utf8.EncodeRune(b[:], r)]...)
	}
}

// escape handles the byte after a backslash.
func (v *Value) escape(c byte) int {
	v.state = vStr
	if v.raw {
		v.strByte('\\')
		v.strByte(c)
		return 1
	}
	switch c {
	case 'n':
		v.strByte('\n')
	case 't':
		v.strByte('\t')
	case 'r':
		v.strByte('\r')
	case 'a':
		v.strByte(7)
	case 'b':
		v.strByte(8)
	case 'f':
		v.strByte(12)
	case 'v':
		v.strByte(11)
	case '\\', '\'', '"':
		v.strByte(c)
	case '\n': // a line continuation
	case 'x', 'u', 'U':
		v.hexN, v.hexV, v.hexOff = map[byte]int{'x': 2, 'u': 4, 'U': 8}[c], 0, v.off
		v.state = vStrHex
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v.hexN, v.hexV = -2, rune(c-'0') // up to two more octal digits
		v.state = vStrHex
	default:
		v.strByte('\\') // Python keeps an unknown escape as written
		v.strByte(c)
	}
	return 1
}

// hexDigit reads the digits of \x, \u, \U (hexN > 0) or an octal escape
// (hexN < 0: digits still allowed).
func (v *Value) hexDigit(c byte) int {
	if v.hexN < 0 {
		if c >= '0' && c <= '7' {
			v.hexV = v.hexV*8 + rune(c-'0')
			v.hexN++
			if v.hexN == 0 {
				v.strRune(v.hexV)
				v.state = vStr
			}
			return 1
		}
		v.strRune(v.hexV)
		v.state = vStr
		return 0
	}
	var d rune
	switch {
	case c >= '0' && c <= '9':
		d = rune(c - '0')
	case c >= 'a' && c <= 'f':
		d = rune(c-'a') + 10
	case c >= 'A' && c <= 'F':
		d = rune(c-'A') + 10
	default:
		return v.fail(0, "bad hex escape in a string")
	}
	v.hexV = v.hexV<<4 | d
	v.hexN--
	if v.hexN == 0 {
		if v.hexV > utf8.MaxRune {
			return v.fail(0, "escape beyond U+10FFFF")
		}
		v.strRune(v.hexV)
		v.state = vStr
	}
	return 1
}

// appendJSONString appends s as a JSON string.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20:
			dst = append(dst, `\u00`...)
			dst = append(dst, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}
