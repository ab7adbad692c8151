package wordscan

import (
	"encoding/binary"
	"math/bits"
)

const lo, hi = 0x0101010101010101, 0x8080808080808080

// below reports, per byte of x, whether it is below n (n <= 0x80): the
// classic "has a byte less than n" trick, (x - n per byte) &^ x & 0x80.
// It has no false negatives, and its lowest flag is exact (a byte above a
// flagged one may be flagged too, by a borrow; none below it is), so the
// first byte of interest is at bits.TrailingZeros64(mask)/8.
//
// tail: the last bytes of a run, fewer than eight after whole words, are
// read as the word of b's last eight bytes. Those of its bytes already
// read are plain: they flag nothing and lend no borrow, so the word's
// lowest flag is still the first byte of interest.
func below(x uint64, n byte) uint64 { return (x - lo*uint64(n)) &^ x & hi }

// has flags the bytes of x equal to c.
func has(x uint64, c byte) uint64 { return below(x^(lo*uint64(c)), 1) }

// EscapeIn8 reports whether one of the eight bytes of x needs escaping in
// a JSON string: a control byte (< 0x20), '"' or '\\'.
func EscapeIn8(x uint64) bool { return escapes(x) != 0 }

// EscapeAt returns the index of the first of the eight bytes of x (little
// endian) that needs escaping in a JSON string, 8 when none does.
func EscapeAt(x uint64) int { return bits.TrailingZeros64(escapes(x)) >> 3 }

// ByteAt returns the index of the first of the eight bytes of x (little
// endian) equal to c, 8 when none is.
func ByteAt(x uint64, c byte) int { return bits.TrailingZeros64(has(x, c)) >> 3 }

func escapes(x uint64) uint64 { return below(x, 0x20) | has(x, '"') | has(x, '\\') }

// JSONString returns the length of the run at the start of b that a JSON
// string holds as it is: no '"', '\\' or control byte.
func JSONString(b []byte) int {
	j := 0
	for ; j+8 <= len(b); j += 8 {
		if m := escapes(binary.LittleEndian.Uint64(b[j:])); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	if j > 0 && j < len(b) { // the last bytes in a word that overlaps plain ones (tail)
		k := len(b) - 8
		if m := escapes(binary.LittleEndian.Uint64(b[k:])); m != 0 {
			return k + bits.TrailingZeros64(m)>>3
		}
		return len(b)
	}
	for j < len(b) {
		if c := b[j]; c == '"' || c == '\\' || c < 0x20 {
			break
		}
		j++
	}
	return j
}

// ASCIIRun returns the length of the run at the start of b of ASCII bytes
// that a JSON string holds as they are (JSONString, stopping at any byte
// >= 0x80 too).
func ASCIIRun(b []byte) int {
	j := 0
	for ; j+8 <= len(b); j += 8 {
		x := binary.LittleEndian.Uint64(b[j:])
		if m := escapes(x) | x&hi; m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	if j > 0 && j < len(b) { // (tail)
		k := len(b) - 8
		x := binary.LittleEndian.Uint64(b[k:])
		if m := escapes(x) | x&hi; m != 0 {
			return k + bits.TrailingZeros64(m)>>3
		}
		return len(b)
	}
	for j < len(b) {
		if c := b[j]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
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
		if m := escapes(x) | has(x, q); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	if j > 0 && j < len(b) { // (tail)
		k := len(b) - 8
		x := binary.LittleEndian.Uint64(b[k:])
		if m := escapes(x) | has(x, q); m != 0 {
			return k + bits.TrailingZeros64(m)>>3
		}
		return len(b)
	}
	for j < len(b) {
		if c := b[j]; c == q || c == '"' || c == '\\' || c < 0x20 {
			break
		}
		j++
	}
	return j
}
