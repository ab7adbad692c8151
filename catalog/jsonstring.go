package catalog

import (
	"unicode/utf8"

	"github.com/tooleval/tooleval/internal/wordscan"
)

// AppendJSONString appends b to dst as a quoted JSON string: quote,
// backslash and control characters are escaped, and each byte that is not
// part of valid UTF-8 becomes \ufffd. HTML characters are left alone.
func AppendJSONString(dst, b []byte) []byte {
	if wordscan.PlainASCII(b) { // the usual key or value: copied as it is
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
		if n := wordscan.JSONString(b[i:]); n > 0 {
			i += n // a run of plain bytes at once
			if i == len(b) {
				break
			}
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
