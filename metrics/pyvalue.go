package metrics

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// pyKind is the Python type of a value as the leaderboard's checker sees
// it after json.loads (or after its Java/JavaScript converters).
type pyKind uint8

const (
	pyNone pyKind = iota
	pyBool
	pyInt
	pyFloat
	pyStr
	pyList
	pyTuple
	pyDict
)

func (k pyKind) String() string {
	return [...]string{"NoneType", "bool", "int", "float", "str", "list", "tuple", "dict"}[k]
}

// pyVal is a decoded value with Python's types: a JSON number without
// fraction or exponent is an int, one with them a float; objects keep
// their key order.
type pyVal struct {
	k     pyKind
	b     bool
	i     *big.Int
	f     float64
	s     string
	items []pyVal // list, tuple; dict values
	keys  []pyVal // dict keys (strings from JSON; any value from the converters)
}

func pyString(s string) pyVal { return pyVal{k: pyStr, s: s} }
func pyInteger(i int64) pyVal { return pyVal{k: pyInt, i: big.NewInt(i)} }

// decodePy decodes one JSON value.
func decodePy(raw []byte) (pyVal, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodePyTok(dec)
	if err != nil {
		return pyVal{}, err
	}
	if dec.More() {
		return pyVal{}, fmt.Errorf("trailing data after a JSON value")
	}
	return v, nil
}

func decodePyTok(dec *json.Decoder) (pyVal, error) {
	tok, err := dec.Token()
	if err != nil {
		return pyVal{}, err
	}
	switch t := tok.(type) {
	case nil:
		return pyVal{k: pyNone}, nil
	case bool:
		return pyVal{k: pyBool, b: t}, nil
	case string:
		return pyString(t), nil
	case json.Number:
		return pyNumber(string(t))
	case json.Delim:
		switch t {
		case '[':
			out := pyVal{k: pyList, items: []pyVal{}}
			for dec.More() {
				v, err := decodePyTok(dec)
				if err != nil {
					return pyVal{}, err
				}
				out.items = append(out.items, v)
			}
			_, err := dec.Token()
			return out, err
		case '{':
			out := pyVal{k: pyDict, items: []pyVal{}, keys: []pyVal{}}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return pyVal{}, err
				}
				v, err := decodePyTok(dec)
				if err != nil {
					return pyVal{}, err
				}
				out.setKey(pyString(kt.(string)), v)
			}
			_, err := dec.Token()
			return out, err
		}
	}
	return pyVal{}, fmt.Errorf("unexpected JSON token %v", tok)
}

// pyNumber reads a JSON number the way json.loads does.
func pyNumber(s string) (pyVal, error) {
	if !strings.ContainsAny(s, ".eE") {
		i, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return pyVal{}, fmt.Errorf("bad integer %q", s)
		}
		return pyVal{k: pyInt, i: i}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return pyVal{}, fmt.Errorf("bad number %q", s)
	}
	return pyVal{k: pyFloat, f: f}, nil
}

// setKey sets d[k] = v, replacing an equal key (Python dict semantics).
func (d *pyVal) setKey(k, v pyVal) {
	for i := range d.keys {
		if pyEqual(d.keys[i], k) {
			d.items[i] = v
			return
		}
	}
	d.keys = append(d.keys, k)
	d.items = append(d.items, v)
}

// get returns d[k].
func (d pyVal) get(k pyVal) (pyVal, bool) {
	for i := range d.keys {
		if pyEqual(d.keys[i], k) {
			return d.items[i], true
		}
	}
	return pyVal{}, false
}

// numeric returns a number's value as a big.Float (bool counts as 0/1,
// as in Python's numeric tower); ok is false for other kinds.
func (v pyVal) numeric() (*big.Float, bool) {
	switch v.k {
	case pyBool:
		if v.b {
			return big.NewFloat(1), true
		}
		return big.NewFloat(0), true
	case pyInt:
		return new(big.Float).SetInt(v.i), true
	case pyFloat:
		if math.IsNaN(v.f) {
			return nil, false
		}
		return big.NewFloat(v.f), true
	}
	return nil, false
}

// pyEqual is Python's ==: True == 1 == 1.0, lists and tuples never equal
// each other, dicts compare as key → value maps.
func pyEqual(a, b pyVal) bool {
	if x, ok := a.numeric(); ok {
		y, ok := b.numeric()
		return ok && x.Cmp(y) == 0
	}
	if a.k != b.k {
		return false
	}
	switch a.k {
	case pyNone:
		return true
	case pyStr:
		return a.s == b.s
	case pyFloat: // NaN
		return false
	case pyList, pyTuple:
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !pyEqual(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	case pyDict:
		if len(a.keys) != len(b.keys) {
			return false
		}
		for i, k := range a.keys {
			w, ok := b.get(k)
			if !ok || !pyEqual(a.items[i], w) {
				return false
			}
		}
		return true
	}
	return false
}

// pyIn is Python's `v in list`.
func pyIn(v pyVal, list []pyVal) bool {
	for _, x := range list {
		if pyEqual(v, x) {
			return true
		}
	}
	return false
}

// iter returns what `for x in v` yields: a list's items, a string's
// characters, a dict's keys; ok is false when Python would raise.
func (v pyVal) iter() ([]pyVal, bool) {
	switch v.k {
	case pyList, pyTuple:
		return v.items, true
	case pyDict:
		return v.keys, true
	case pyStr:
		out := make([]pyVal, 0, len(v.s))
		for _, r := range v.s {
			out = append(out, pyString(string(r)))
		}
		return out, true
	}
	return nil, false
}

// contains is Python's `x in v` for a container v; ok is false when
// Python would raise.
func (v pyVal) contains(x pyVal) (found, ok bool) {
	switch v.k {
	case pyStr:
		if x.k != pyStr {
			return false, false
		}
		return strings.Contains(v.s, x.s), true
	case pyDict:
		_, found := v.get(x)
		return found, true
	case pyList, pyTuple:
		return pyIn(x, v.items), true
	}
	return false, false
}

func (v pyVal) isEmptyStr() bool { return v.k == pyStr && v.s == "" }

// repr is a short Python-like rendering for messages.
func (v pyVal) repr() string {
	var b strings.Builder
	v.writeRepr(&b, 0)
	s := b.String()
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		s = string(r[:77]) + "..."
	}
	return s
}

func (v pyVal) writeRepr(b *strings.Builder, depth int) {
	if depth > 8 {
		b.WriteString("...")
		return
	}
	switch v.k {
	case pyNone:
		b.WriteString("None")
	case pyBool:
		if v.b {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case pyInt:
		b.WriteString(v.i.String())
	case pyFloat:
		s := strconv.FormatFloat(v.f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eInN") {
			s += ".0"
		}
		b.WriteString(s)
	case pyStr:
		b.WriteString(strconv.Quote(v.s))
	case pyList, pyTuple:
		open, end := "[", "]"
		if v.k == pyTuple {
			open, end = "(", ")"
		}
		b.WriteString(open)
		for i, it := range v.items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.writeRepr(b, depth+1)
		}
		b.WriteString(end)
	case pyDict:
		b.WriteString("{")
		for i, k := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			k.writeRepr(b, depth+1)
			b.WriteString(": ")
			v.items[i].writeRepr(b, depth+1)
		}
		b.WriteString("}")
	}
}

// standardizePy is the leaderboard's string normalisation exactly as its
// Python code runs it: remove spaces and , . / - _ * ^, lowercase with
// Python's str.lower (full case mapping: "İ" becomes "i̇", a final capital
// sigma becomes "ς"), then turn ' into ".
func standardizePy(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', ',', '.', '/', '-', '_', '*', '^':
			continue
		}
		b.WriteByte(s[i])
	}
	return strings.ReplaceAll(pyLower(b.String()), "'", `"`)
}

// pyLower is Python's str.lower: Unicode full lowercase mapping, with the
// one unconditional multi-character mapping (U+0130) and the Final_Sigma
// context of U+03A3.
func pyLower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		switch r {
		case 'İ':
			b.WriteString("i\u0307")
		case 'Σ':
			if finalSigma(rs, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition: a cased letter before
// (skipping case-ignorable characters) and none after.
func finalSigma(rs []rune, i int) bool {
	before := false
	for j := i - 1; j >= 0; j-- {
		if caseIgnorable(rs[j]) {
			continue
		}
		before = cased(rs[j])
		break
	}
	if !before {
		return false
	}
	for j := i + 1; j < len(rs); j++ {
		if caseIgnorable(rs[j]) {
			continue
		}
		return !cased(rs[j])
	}
	return true
}

func cased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', '\u00ad', '\u00b7', '\u2018', '\u2019', '\u2024', '\u2027':
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}
