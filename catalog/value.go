package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// value is a decoded JSON value that keeps object member order and the byte
// offset where it starts, so that normalised schemas render in source order
// and loader errors can name a line.
type value struct {
	kind  byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	str   string
	b     bool
	keys  []string
	vals  []*value
	items []*value
	off   int64
}

func (v *value) isObject() bool { return v != nil && v.kind == 'o' }
func (v *value) isArray() bool  { return v != nil && v.kind == 'a' }
func (v *value) isString() bool { return v != nil && v.kind == 's' }

// get returns the member called key of an object, or nil.
func (v *value) get(key string) *value {
	if v == nil || v.kind != 'o' {
		return nil
	}
	for i, k := range v.keys {
		if k == key {
			return v.vals[i]
		}
	}
	return nil
}

// has reports whether an object has the member key.
func (v *value) has(key string) bool { return v.get(key) != nil }

// getString returns the member key when it is a string.
func (v *value) getString(key string) string {
	if m := v.get(key); m.isString() {
		return m.str
	}
	return ""
}

// set replaces or appends the member key.
func (v *value) set(key string, m *value) {
	for i, k := range v.keys {
		if k == key {
			v.vals[i] = m
			return
		}
	}
	v.keys = append(v.keys, key)
	v.vals = append(v.vals, m)
}

// del removes the member key.
func (v *value) del(key string) {
	for i, k := range v.keys {
		if k == key {
			v.keys = append(v.keys[:i:i], v.keys[i+1:]...)
			v.vals = append(v.vals[:i:i], v.vals[i+1:]...)
			return
		}
	}
}

func strValue(s string) *value { return &value{kind: 's', str: s} }

// clone returns a deep copy of v.
func (v *value) clone() *value {
	if v == nil {
		return nil
	}
	c := *v
	if v.keys != nil {
		c.keys = append([]string(nil), v.keys...)
		c.vals = make([]*value, len(v.vals))
		for i, m := range v.vals {
			c.vals[i] = m.clone()
		}
	}
	if v.items != nil {
		c.items = make([]*value, len(v.items))
		for i, m := range v.items {
			c.items[i] = m.clone()
		}
	}
	return &c
}

// kindName names a JSON kind for error messages.
func kindName(k byte) string {
	switch k {
	case 'o':
		return "object"
	case 'a':
		return "array"
	case 's':
		return "string"
	case 'n':
		return "number"
	case 'b':
		return "boolean"
	case 'z':
		return "null"
	}
	return "nothing"
}

func (v *value) kindName() string {
	if v == nil {
		return "nothing"
	}
	return kindName(v.kind)
}

// marshal appends the compact JSON encoding of v to buf.
func (v *value) marshal(buf []byte) []byte {
	switch v.kind {
	case 'o':
		buf = append(buf, '{')
		for i, k := range v.keys {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendString(buf, k)
			buf = append(buf, ':')
			buf = v.vals[i].marshal(buf)
		}
		return append(buf, '}')
	case 'a':
		buf = append(buf, '[')
		for i, m := range v.items {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = m.marshal(buf)
		}
		return append(buf, ']')
	case 's':
		return appendString(buf, v.str)
	case 'n':
		return append(buf, v.str...)
	case 'b':
		return strconv.AppendBool(buf, v.b)
	default:
		return append(buf, "null"...)
	}
}

func (v *value) raw() json.RawMessage { return json.RawMessage(v.marshal(nil)) }

// appendString appends s as a JSON string without HTML escaping.
func appendString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			buf = append(buf, '\\', c)
		case c == '\n':
			buf = append(buf, '\\', 'n')
		case c == '\r':
			buf = append(buf, '\\', 'r')
		case c == '\t':
			buf = append(buf, '\\', 't')
		case c < 0x20:
			buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			buf = append(buf, c)
		}
	}
	return append(buf, '"')
}

// MaxNesting caps how deep the JSON of a catalog (or of one schema given
// to NormalizeSchema) may nest: the tools array, a tool, its schema and
// every sub-schema together. Deeper input is a located error instead of
// work that grows with the square of the depth.
const MaxNesting = 128

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off int64
	msg string
	// tooDeep: the value nests deeper than MaxNesting.
	tooDeep bool
}

func (e *syntaxError) Error() string { return e.msg }

// decodeValue decodes exactly one JSON value from data. Offsets are relative
// to data plus base.
func decodeValue(data []byte, base int64) (*value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeNext(dec, base, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &syntaxError{off: base + dec.InputOffset(), msg: "unexpected data after the JSON value"}
	}
	return v, nil
}

func decodeNext(dec *json.Decoder, base int64, depth int) (*value, error) {
	// InputOffset before Token is the end of the previous token; skip the
	// separators to find where this value starts.
	tok, err := dec.Token()
	if err != nil {
		return nil, wrapSyntax(err, dec, base)
	}
	off := base + dec.InputOffset()
	switch t := tok.(type) {
	case json.Delim:
		if depth >= MaxNesting && (t == '{' || t == '[') {
			return nil, &syntaxError{off: off - 1, tooDeep: true,
				msg: fmt.Sprintf("JSON nested deeper than %d levels (the catalog nesting cap)", MaxNesting)}
		}
		switch t {
		case '{':
			v := &value{kind: 'o', off: off - 1}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, wrapSyntax(err, dec, base)
				}
				k, _ := kt.(string)
				m, err := decodeNext(dec, base, depth+1)
				if err != nil {
					return nil, err
				}
				v.keys = append(v.keys, k)
				v.vals = append(v.vals, m)
			}
			if _, err := dec.Token(); err != nil {
				return nil, wrapSyntax(err, dec, base)
			}
			return v, nil
		case '[':
			v := &value{kind: 'a', off: off - 1, items: []*value{}}
			for dec.More() {
				m, err := decodeNext(dec, base, depth+1)
				if err != nil {
					return nil, err
				}
				v.items = append(v.items, m)
			}
			if _, err := dec.Token(); err != nil {
				return nil, wrapSyntax(err, dec, base)
			}
			return v, nil
		}
		return nil, &syntaxError{off: off, msg: fmt.Sprintf("unexpected %q", rune(t))}
	case string:
		return &value{kind: 's', str: t, off: off}, nil
	case json.Number:
		return &value{kind: 'n', str: t.String(), off: off}, nil
	case bool:
		return &value{kind: 'b', b: t, off: off}, nil
	case nil:
		return &value{kind: 'z', off: off}, nil
	}
	return nil, &syntaxError{off: off, msg: "unexpected token"}
}

func wrapSyntax(err error, dec *json.Decoder, base int64) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &syntaxError{off: base + se.Offset, msg: "invalid JSON: " + se.Error()}
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return &syntaxError{off: base + dec.InputOffset(), msg: "invalid JSON: unexpected end of input"}
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "json: ")
	return &syntaxError{off: base + dec.InputOffset(), msg: "invalid JSON: " + msg}
}
