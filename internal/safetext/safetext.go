package safetext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// unsafeRune reports whether r must not reach a terminal or a Markdown
// document as itself: C0 and C1 control characters and DEL (escape
// sequences, carriage returns, line breaks, tabs, bells), the Unicode line
// and paragraph separators, and the bidirectional formatting characters that
// reorder what is shown.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' ||
		r == '\u200e' || r == '\u200f' || r == '\u061c' ||
		('\u202a' <= r && r <= '\u202e') || ('\u2066' <= r && r <= '\u2069')
}

// Terminal returns s with every unsafe character written as a Go escape
// (`\x1b`, `\r`, `\n`, `\u202e`) and invalid UTF-8 as `\xff`; a safe
// string is returned as it is.
func Terminal(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	writeEscaped(&b, s[i:], nil)
	return b.String()
}

// Lines is Terminal for a message of several lines: its line breaks
// ('\n') stay, everything else unsafe is escaped.
func Lines(s string) string {
	if firstUnsafe(s) < 0 {
		return s
	}
	parts := strings.Split(s, "\n")
	for i, p := range parts {
		parts[i] = Terminal(p)
	}
	return strings.Join(parts, "\n")
}

// Markdown returns s safe inside a line of GitHub-flavoured Markdown, a
// table cell included: unsafe characters escaped as Terminal does, the
// punctuation that makes tables, links, images, code and emphasis
// backslash-escaped, and '<', '>', '&' written as entities (no HTML).
func Markdown(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	writeEscaped(&b, s, func(b *strings.Builder, r rune) bool {
		switch r {
		case '\\', '|', '[', ']', '`', '*', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		default:
			return false
		}
		return true
	})
	return b.String()
}

func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return i
		}
		i += n
	}
	return -1
}

// writeEscaped writes s to b, escaping unsafe characters and invalid
// bytes, and letting extra write any other rune its own way.
func writeEscaped(b *strings.Builder, s string, extra func(*strings.Builder, rune) bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case unsafeRune(r):
			q := strconv.QuoteRuneToASCII(r) // 'x' with the escape inside
			b.WriteString(q[1 : len(q)-1])
		case extra != nil && extra(b, r):
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
}
