package pyliteral

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readQuoted reads the quoted literal whose opening quote is at src[pos]
// — single, double or triple quoted — and decodes its escapes as Python
// does (unless raw; for bytes, \u, \U and \N are not escapes and only
// ASCII is allowed; an unknown escape is kept as written). It returns the
// text and the offset after the closing quote. Both readers of the package
// use it.
func readQuoted(src string, pos int, raw, bytesLit bool) (string, int, error) {
	p := &quoteReader{src: src, pos: pos}
	s, err := p.read(raw, bytesLit)
	return s, p.pos, err
}

type quoteReader struct {
	src string
	pos int
}

func (p *quoteReader) errf(off int, format string, args ...any) error {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (p *quoteReader) read(raw, bytesLit bool) (string, error) {
	start := p.pos
	q := p.src[p.pos]
	delim := string(q)
	if strings.HasPrefix(p.src[p.pos:], strings.Repeat(delim, 3)) {
		delim = strings.Repeat(delim, 3)
	}
	p.pos += len(delim)
	var sb strings.Builder
	for {
		if p.pos >= len(p.src) {
			return "", p.errf(start, "unterminated string literal")
		}
		if strings.HasPrefix(p.src[p.pos:], delim) {
			p.pos += len(delim)
			return sb.String(), nil
		}
		c := p.src[p.pos]
		if (c == '\n' || c == '\r') && len(delim) == 1 {
			return "", p.errf(start, "unterminated string literal")
		}
		if c != '\\' {
			_, n := utf8.DecodeRuneInString(p.src[p.pos:])
			if bytesLit && c >= utf8.RuneSelf {
				return "", p.errf(p.pos, "bytes can only contain ASCII literal characters")
			}
			sb.WriteString(p.src[p.pos : p.pos+n])
			p.pos += n
			continue
		}
		if p.pos+1 >= len(p.src) {
			return "", p.errf(start, "unterminated string literal")
		}
		e := p.src[p.pos+1]
		if raw {
			if e == '\n' {
				sb.WriteString("\\\n")
			} else {
				sb.WriteByte('\\')
				_, n := utf8.DecodeRuneInString(p.src[p.pos+1:])
				sb.WriteString(p.src[p.pos+1 : p.pos+1+n])
				p.pos += n - 1
			}
			p.pos += 2
			continue
		}
		p.pos += 2
		switch e {
		case '\n':
		case '\r':
			if p.pos < len(p.src) && p.src[p.pos] == '\n' {
				p.pos++
			}
		case '\\', '\'', '"':
			sb.WriteByte(e)
		case 'a':
			sb.WriteByte(7)
		case 'b':
			sb.WriteByte(8)
		case 'f':
			sb.WriteByte(12)
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'v':
			sb.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			end := p.pos - 1
			for end < len(p.src) && end < p.pos+2 && p.src[end] >= '0' && p.src[end] <= '7' {
				end++
			}
			v, _ := strconv.ParseUint(p.src[p.pos-1:end], 8, 32)
			writeCode(&sb, rune(v), bytesLit)
			p.pos = end
		case 'x', 'u', 'U', 'N':
			if bytesLit && e != 'x' {
				sb.WriteByte('\\')
				sb.WriteByte(e)
				continue
			}
			if e == 'N' {
				// \N{NAME}: the name table is not available; keep it as written.
				end := strings.IndexByte(p.src[p.pos:], '}')
				if !strings.HasPrefix(p.src[p.pos:], "{") || end < 0 {
					return "", p.errf(p.pos-2, "malformed \\N character escape")
				}
				sb.WriteString(p.src[p.pos-2 : p.pos+end+1])
				p.pos += end + 1
				continue
			}
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if p.pos+n > len(p.src) {
				return "", p.errf(p.pos-2, "truncated \\%c escape", e)
			}
			v, err := strconv.ParseUint(p.src[p.pos:p.pos+n], 16, 32)
			if err != nil || v > unicode.MaxRune {
				return "", p.errf(p.pos-2, "truncated \\%c escape", e)
			}
			writeCode(&sb, rune(v), bytesLit)
			p.pos += n
		default:
			sb.WriteByte('\\') // an unknown escape is kept (a warning in Python)
			_, n := utf8.DecodeRuneInString(p.src[p.pos-1:])
			sb.WriteString(p.src[p.pos-1 : p.pos-1+n])
			p.pos += n - 1
		}
	}
}

func writeCode(sb *strings.Builder, r rune, bytesLit bool) {
	if bytesLit {
		sb.WriteByte(byte(r))
		return
	}
	sb.WriteRune(r)
}
