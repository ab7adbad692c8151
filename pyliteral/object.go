package pyliteral

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is the Python type of an Object.
type Kind uint8

// The Python types an Object can have.
const (
	KindNone Kind = iota
	KindBool
	KindInt
	KindFloat
	KindStr
	KindList
	KindTuple
	KindDict
	KindBytes
	KindComplex
	KindEllipsis
)

// String is the Python name of the type ("NoneType", "int", "dict", …).
func (k Kind) String() string {
	names := [...]string{"NoneType", "bool", "int", "float", "str", "list", "tuple", "dict", "bytes", "complex", "ellipsis"}
	if int(k) < len(names) {
		return names[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Object is a Python value: what json.loads returns for a JSON text
// (DecodeJSON), what the leaderboard's decoder resolves from a call's
// arguments (ParseCallsOptions with AST), and what its checker compares.
// Only the fields of its Kind are set.
type Object struct {
	Kind  Kind
	Bool  bool
	Int   *big.Int
	Float float64
	// Str is a str's text, a bytes literal's body, or a complex literal as
	// written ("2j", "-1.5j").
	Str string
	// Items are a list's or tuple's elements, or a dict's values (in the
	// order of Keys).
	Items []Object
	// Keys are a dict's keys in insertion order.
	Keys []Object
}

// Str returns the Python str s.
func Str(s string) Object { return Object{Kind: KindStr, Str: s} }

// Int returns the Python int i.
func Int(i int64) Object { return Object{Kind: KindInt, Int: big.NewInt(i)} }

// FloatOf returns the Python float f.
func FloatOf(f float64) Object { return Object{Kind: KindFloat, Float: f} }

// BoolOf returns the Python bool b.
func BoolOf(b bool) Object { return Object{Kind: KindBool, Bool: b} }

// NewList returns a Python list of items (an empty list, not None, when
// items is nil).
func NewList(items ...Object) Object {
	if items == nil {
		items = []Object{}
	}
	return Object{Kind: KindList, Items: items}
}

// NewDict returns an empty Python dict.
func NewDict() Object { return Object{Kind: KindDict, Items: []Object{}, Keys: []Object{}} }

// SetItem is d[k] = v: an equal key (Equal) keeps its place and takes the
// new value, a new key goes last.
func (d *Object) SetItem(k, v Object) {
	for i := range d.Keys {
		if Equal(d.Keys[i], k) {
			d.Items[i] = v
			return
		}
	}
	d.Keys = append(d.Keys, k)
	d.Items = append(d.Items, v)
}

// Get is d[k] for a dict d; ok is false when the key is missing.
func (d Object) Get(k Object) (v Object, ok bool) {
	for i := range d.Keys {
		if Equal(d.Keys[i], k) {
			return d.Items[i], true
		}
	}
	return Object{}, false
}

// numeric returns a number's value (a bool counts as 0 or 1, as in
// Python's numeric tower); ok is false for other kinds and for NaN.
func (v Object) numeric() (*big.Float, bool) {
	switch v.Kind {
	case KindBool:
		if v.Bool {
			return big.NewFloat(1), true
		}
		return big.NewFloat(0), true
	case KindInt:
		return new(big.Float).SetInt(v.Int), true
	case KindFloat:
		if math.IsNaN(v.Float) {
			return nil, false
		}
		return big.NewFloat(v.Float), true
	}
	return nil, false
}

// Equal is Python's a == b: True == 1 == 1.0, NaN equals nothing, lists
// and tuples never equal each other, dicts compare as key → value maps.
// Complex numbers compare by their literal text.
func Equal(a, b Object) bool {
	if x, ok := a.numeric(); ok {
		y, ok := b.numeric()
		return ok && x.Cmp(y) == 0
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindNone, KindEllipsis:
		return true
	case KindStr, KindBytes, KindComplex:
		return a.Str == b.Str
	case KindList, KindTuple:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case KindDict:
		if len(a.Keys) != len(b.Keys) {
			return false
		}
		for i, k := range a.Keys {
			w, ok := b.Get(k)
			if !ok || !Equal(a.Items[i], w) {
				return false
			}
		}
		return true
	}
	return false // NaN
}

// In is Python's `x in list`.
func In(x Object, list []Object) bool {
	for _, y := range list {
		if Equal(x, y) {
			return true
		}
	}
	return false
}

// Iter returns what `for x in v` yields: a list's or tuple's items, a
// dict's keys, a string's characters; ok is false where Python raises.
func (v Object) Iter() (items []Object, ok bool) {
	switch v.Kind {
	case KindList, KindTuple:
		return v.Items, true
	case KindDict:
		return v.Keys, true
	case KindStr:
		out := make([]Object, 0, len(v.Str))
		for _, r := range v.Str {
			out = append(out, Str(string(r)))
		}
		return out, true
	}
	return nil, false
}

// Contains is Python's `x in v` for a container v; ok is false where
// Python raises.
func (v Object) Contains(x Object) (found, ok bool) {
	switch v.Kind {
	case KindStr:
		if x.Kind != KindStr {
			return false, false
		}
		return strings.Contains(v.Str, x.Str), true
	case KindDict:
		_, found := v.Get(x)
		return found, true
	case KindList, KindTuple:
		return In(x, v.Items), true
	}
	return false, false
}

// DecodeJSON reads one JSON value the way Python's json.loads does: a
// number without fraction or exponent is an int, any other a float; an
// object is a dict keeping its key order, a repeated key its first place
// and last value.
func DecodeJSON(raw []byte) (Object, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeJSONToken(dec)
	if err != nil {
		return Object{}, err
	}
	if dec.More() {
		return Object{}, fmt.Errorf("trailing data after a JSON value")
	}
	return v, nil
}

func decodeJSONToken(dec *json.Decoder) (Object, error) {
	tok, err := dec.Token()
	if err != nil {
		return Object{}, err
	}
	switch t := tok.(type) {
	case nil:
		return Object{Kind: KindNone}, nil
	case bool:
		return BoolOf(t), nil
	case string:
		return Str(t), nil
	case json.Number:
		return jsonNumber(string(t))
	case json.Delim:
		switch t {
		case '[':
			out := NewList()
			for dec.More() {
				v, err := decodeJSONToken(dec)
				if err != nil {
					return Object{}, err
				}
				out.Items = append(out.Items, v)
			}
			_, err := dec.Token()
			return out, err
		case '{':
			out := NewDict()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return Object{}, err
				}
				v, err := decodeJSONToken(dec)
				if err != nil {
					return Object{}, err
				}
				out.SetItem(Str(kt.(string)), v)
			}
			_, err := dec.Token()
			return out, err
		}
	}
	return Object{}, fmt.Errorf("unexpected JSON token %v", tok)
}

// jsonNumber reads a JSON number the way json.loads does.
func jsonNumber(s string) (Object, error) {
	if !strings.ContainsAny(s, ".eE") {
		i, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return Object{}, fmt.Errorf("bad integer %q", s)
		}
		return Object{Kind: KindInt, Int: i}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return Object{}, fmt.Errorf("bad number %q", s)
	}
	return FloatOf(f), nil
}

// Short is a short rendering for messages: Python's spelling of None,
// True, numbers, lists, tuples and dicts, strings quoted as Go quotes
// them; cut to 80 characters and 8 levels of nesting.
func (v Object) Short() string {
	var b strings.Builder
	v.writeShort(&b, 0)
	s := b.String()
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		s = string(r[:77]) + "..."
	}
	return s
}

func (v Object) writeShort(b *strings.Builder, depth int) {
	if depth > 8 {
		b.WriteString("...")
		return
	}
	switch v.Kind {
	case KindList, KindTuple:
		open, end := "[", "]"
		if v.Kind == KindTuple {
			open, end = "(", ")"
		}
		b.WriteString(open)
		for i, it := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.writeShort(b, depth+1)
		}
		b.WriteString(end)
	case KindDict:
		b.WriteString("{")
		for i, k := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			k.writeShort(b, depth+1)
			b.WriteString(": ")
			v.Items[i].writeShort(b, depth+1)
		}
		b.WriteString("}")
	case KindStr:
		b.WriteString(strconv.Quote(v.Str))
	case KindFloat:
		s := strconv.FormatFloat(v.Float, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eInN") {
			s += ".0"
		}
		b.WriteString(s)
	default:
		b.WriteString(v.Repr())
	}
}

// Repr is Python's repr of a scalar (str, bytes, int, float, complex,
// bool, None, Ellipsis); containers give "".
func (v Object) Repr() string {
	switch v.Kind {
	case KindStr:
		return pyRepr(v.Str, false)
	case KindBytes:
		return "b" + pyRepr(v.Str, true)
	case KindInt:
		return v.Int.String()
	case KindFloat:
		return pyFloatRepr(v.Float)
	case KindComplex:
		return v.Str
	case KindBool:
		if v.Bool {
			return "True"
		}
		return "False"
	case KindNone:
		return "None"
	case KindEllipsis:
		return "..."
	}
	return ""
}
