package catalog

import (
	"encoding/binary"
	"unicode/utf8"
)

// AppendJSONString appends b to dst as a quoted JSON string: quote,
// backslash and control characters are escaped, and each byte that is not
// part of valid UTF-8 becomes \ufffd. HTML characters are left alone.
func AppendJSONString(dst, b []byte) []byte {
	if plainJSON(b) { // the usual key or value: copied as it is
		dst = append(dst, '"')
		dst = append(dst, b...)
		return append(dst, '"')
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			dst = AppendJSONChars(dst, b[start:i])
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	dst = AppendJSONChars(dst, b[start:])
	return append(dst, '"')
}

// AppendJSONChars appends b to dst escaped for the inside of a JSON string
// (no quotes around it): quote, backslash and control characters are
// escaped, every other byte is copied as it is. It does not check UTF-8,
// so a value streamed in pieces may be escaped piece by piece even when a
// character is split between two of them.
func AppendJSONChars(dst, b []byte) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(b); {
		if i+8 <= len(b) && !escapeIn8(binary.LittleEndian.Uint64(b[i:])) {
			i += 8 // eight plain bytes at once
			continue
		}
		c := b[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, b[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		i++
		start = i
	}
	return append(dst, b[start:]...)
}

// plainJSON reports whether b is ASCII with nothing to escape in a JSON
// string, eight bytes at a time.
func plainJSON(b []byte) bool {
	const hi = 0x8080808080808080
	plain := func(x uint64) bool { return x&hi == 0 && !escapeIn8(x) }
	if len(b) < 8 {
		for _, c := range b {
			if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	for i := 0; i+8 <= len(b); i += 8 {
		if !plain(binary.LittleEndian.Uint64(b[i:])) {
			return false
		}
	}
	return plain(binary.LittleEndian.Uint64(b[len(b)-8:])) // the last eight, overlapping
}

// escapeIn8 reports whether one of the eight bytes of x needs escaping in
// a JSON string: a control byte (< 0x20), '"' or '\\'. Each test is the
// classic "has a byte less than n" bit trick: (x - n per byte) & ^x & 0x80
// per byte is set for a byte below n (with no false negatives; a false
// positive only sends the loop to its byte-by-byte test).
func escapeIn8(x uint64) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	quote := x ^ (lo * '"')
	slash := x ^ (lo * '\\')
	return ((x-lo*0x20)&^x|(quote-lo)&^quote|(slash-lo)&^slash)&hi != 0
}
