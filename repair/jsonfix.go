package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// FixJSON runs the standard JSON repair over a call's argument text in one
// pass and returns the result when it is a JSON object different from the
// input:
//
//   - a string opened with ' (outside another string) is written with "
//     quotes, a " inside it escaped and \' unescaped;
//   - a raw newline, carriage return or tab inside a string becomes \n, \r,
//     \t, any other control character \u00XX;
//   - a comma followed (after white space) by } or ], or by the end, is
//     dropped;
//   - at the end, an open string is closed and the open arrays and objects
//     are closed innermost first.
//
// Anything else wrong (a missing value, a misspelt literal, a bracket that
// closes the wrong container) is left alone, and then there is no repair.
func FixJSON(s string) (json.RawMessage, bool) {
	var out bytes.Buffer
	var stack []byte // open containers: '{' or '['
	var quote byte   // 0 outside a string, else the quote that opened it
	esc := false
	dropComma := func() {
		b := bytes.TrimRight(out.Bytes(), " \t\r\n")
		if len(b) > 0 && b[len(b)-1] == ',' {
			out.Truncate(len(b) - 1)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			switch {
			case esc:
				esc = false
				if quote == '\'' && c == '\'' {
					out.Truncate(out.Len() - 1) // \' is a plain ' in a "-string
				}
				out.WriteByte(c)
			case c == '\\':
				esc = true
				out.WriteByte(c)
			case c == quote:
				quote = 0
				out.WriteByte('"')
			case c == '"': // inside a '-string
				out.WriteString(`\"`)
			case c == '\n':
				out.WriteString(`\n`)
			case c == '\r':
				out.WriteString(`\r`)
			case c == '\t':
				out.WriteString(`\t`)
			case c < 0x20:
				fmt.Fprintf(&out, `\u%04x`, c)
			default:
				out.WriteByte(c)
			}
			continue
		}
		switch c {
		case '"', '\'':
			quote = c
			out.WriteByte('"')
		case '{', '[':
			stack = append(stack, c)
			out.WriteByte(c)
		case '}', ']':
			dropComma()
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			out.WriteByte(c)
		default:
			out.WriteByte(c)
		}
	}
	if quote != 0 {
		if esc {
			out.Truncate(out.Len() - 1) // a lone trailing backslash
		}
		out.WriteByte('"')
	}
	dropComma()
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == '{' {
			out.WriteByte('}')
		} else {
			out.WriteByte(']')
		}
	}
	b := bytes.TrimSpace(out.Bytes())
	if len(b) == 0 || b[0] != '{' || !json.Valid(b) || string(b) == string(bytes.TrimSpace([]byte(s))) {
		return nil, false
	}
	var compact bytes.Buffer
	_ = json.Compact(&compact, b) // valid
	return compact.Bytes(), true
}
