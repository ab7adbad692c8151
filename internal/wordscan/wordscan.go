package wordscan

import "encoding/binary"

const lo, hi = 0x0101010101010101, 0x8080808080808080

// below reports, per byte of x, whether it is below n (n <= 0x80): the
// classic "has a byte less than n" trick, (x - n per byte) &^ x & 0x80.
// It has no false negatives; a byte above a flagged one may be flagged
// too (a borrow), so a caller reads a flagged word byte by byte.
func below(x uint64, n byte) uint64 { return (x - lo*uint64(n)) &^ x & hi }

// has flags the bytes of x equal to c.
func has(x uint64, c byte) uint64 { return below(x^(lo*uint64(c)), 1) }

// EscapeIn8 reports whether one of the eight bytes of x needs escaping in
// a JSON string: a control byte (< 0x20), '"' or '\\'.
func EscapeIn8(x uint64) bool {
	return below(x, 0x20)|has(x, '"')|has(x, '\\') != 0
}

// JSONString returns the length of the run at the start of b that a JSON
// string holds as it is: no '"', '\\' or control byte.
func JSONString(b []byte) int {
	j := 0
	for ; j+8 <= len(b); j += 8 {
		if EscapeIn8(binary.LittleEndian.Uint64(b[j:])) {
			break
		}
	}
	for j < len(b) {
		if c := b[j]; c == '"' || c == '\\' || c < 0x20 {
			break
		}
		j++
	}
	return j
}

// QuotedRun is JSONString that also stops at quote q (a Python string's
// own quote).
func QuotedRun(b []byte, q byte) int {
	j := 0
	for ; j+8 <= len(b); j += 8 {
		x := binary.LittleEndian.Uint64(b[j:])
		if below(x, 0x20)|has(x, '"')|has(x, '\\')|has(x, q) != 0 {
			break
		}
	}
	for j < len(b) {
		if c := b[j]; c == q || c == '"' || c == '\\' || c < 0x20 {
			break
		}
		j++
	}
	return j
}

// PlainASCII reports whether b is ASCII with nothing to escape in a JSON
// string.
func PlainASCII(b []byte) bool {
	if len(b) < 8 {
		for _, c := range b {
			if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	plain := func(x uint64) bool { return x&hi == 0 && !EscapeIn8(x) }
	for i := 0; i+8 <= len(b); i += 8 {
		if !plain(binary.LittleEndian.Uint64(b[i:])) {
			return false
		}
	}
	return plain(binary.LittleEndian.Uint64(b[len(b)-8:])) // the last eight, overlapping
}
