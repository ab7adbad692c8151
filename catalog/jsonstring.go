package catalog

import (
	"unicode/utf8"

	"github.com/tooleval/tooleval/internal/wordscan"
)

// AppendJSONString appends b to dst as a quoted JSON string: quote,
// backslash and control characters are escaped, and each byte that is not
// part of valid UTF-8 becomes \ufffd. HTML characters are left alone. One
// pass: runs of plain ASCII are found eight bytes at a time and copied
// whole.
func AppendJSONString(dst, b []byte) []byte {
	if len(b) < 8 && plainShort(b) { // a short name or word: one copy (ASCIIRun reads longer ones by words)
		dst = append(dst, '"')
		dst = append(dst, b...)
		return append(dst, '"')
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(b); {
		if i += wordscan.ASCIIRun(b[i:]); i == len(b) {
			break
		}
		c := b[i]
		if c < utf8.RuneSelf { // a byte to escape
			dst = appendJSONEscape(append(dst, b[start:i]...), c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(append(dst, b[start:i]...), `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, b[start:]...)
	return append(dst, '"')
}

// AppendJSONChars appends b to dst escaped for the inside of a JSON string
// (no quotes around it): quote, backslash and control characters are
// escaped, every other byte is copied as it is. It does not check UTF-8,
// so a value streamed in pieces may be escaped piece by piece even when a
// character is split between two of them.
func AppendJSONChars(dst, b []byte) []byte {
	start := 0
	for i := 0; i < len(b); {
		if i += wordscan.JSONString(b[i:]); i == len(b) {
			break
		}
		dst = appendJSONEscape(append(dst, b[start:i]...), b[i])
		i++
		start = i
	}
	return append(dst, b[start:]...)
}

// appendJSONEscape appends the JSON escape of c: '"', '\\' or a control
// byte.
func appendJSONEscape(dst []byte, c byte) []byte {
	const hex = "0123456789abcdef"
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
}

// plainShort reports whether short b holds only ASCII bytes a JSON string
// keeps as they are.
func plainShort(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// IsJSONString reports whether v is exactly one JSON string, no white
// space around it, as json.Valid reads one: its escapes checked, no control byte, any other
// byte kept as it is (json.Valid does not check UTF-8 either). It is
// json.Valid for a value that starts with '"', without the scanner's call
// per byte: runs without an escape are skipped eight bytes at a time.
func IsJSONString(v []byte) bool {
	if len(v) < 2 || v[0] != '"' {
		return false
	}
	for i := 1; i < len(v); {
		if i += wordscan.JSONString(v[i:]); i == len(v) {
			return false
		}
		switch v[i] {
		case '"':
			return i == len(v)-1
		case '\\':
			if i+1 == len(v) {
				return false
			}
			switch v[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(v) || !hex4(v[i+2:i+6]) {
					return false
				}
				i += 6
			default:
				return false
			}
		default: // a control byte
			return false
		}
	}
	return false
}

// hex4 reports whether the four bytes of b are hex digits.
func hex4(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}
