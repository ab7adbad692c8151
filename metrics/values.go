package metrics

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"

	"github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// Standardize is how the leaderboard compares strings, exactly as its
// Python code runs it: spaces and the characters , . / - _ * ^ removed,
// lowercased with Python's str.lower (pyliteral.Lower), single quotes
// turned into double quotes.
func Standardize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', ',', '.', '/', '-', '_', '*', '^':
			continue
		}
		b.WriteByte(s[i])
	}
	return strings.ReplaceAll(pyliteral.Lower(b.String()), "'", `"`)
}

// JSONKind is the JSON type of a raw value: "string", "integer" (a number
// written without fraction or exponent), "number", "boolean", "null",
// "array" or "object" (toolcall.JSONKind, the one home of the rule).
func JSONKind(v json.RawMessage) string { return toolcall.JSONKind(v) }

// valueRule is how a value is compared: its argument and string modes
// (the zero value: exact, standardised).
type valueRule struct {
	args    ArgMode
	strings StringMode
}

// allowed reports whether v matches one of the allowed values under r.
func (r valueRule) allowed(v json.RawMessage, allowed []json.RawMessage) bool {
	for _, a := range allowed {
		if r.match(v, a) {
			return true
		}
	}
	return false
}

// match compares a model value with one allowed value: strings after
// Standardize (byte for byte under StringsExact), numbers by value (5
// equals 5.0), arrays element by element in order, objects key by key
// where a gold array value lists the allowed values of that key (the
// leaderboard's dict answers) and "" among them lets the key be left out.
// Under ArgsSubset an object may have keys the gold one lacks and an array
// need only hold each gold element (any order, each matched once).
func (r valueRule) match(v, a json.RawMessage) bool {
	kv, ka := JSONKind(v), JSONKind(a)
	switch {
	case kv == "string" && ka == "string":
		var s, t string
		if json.Unmarshal(v, &s) != nil || json.Unmarshal(a, &t) != nil {
			return false
		}
		if r.strings == StringsExact {
			return s == t
		}
		return Standardize(s) == Standardize(t)
	case isNum(kv) && isNum(ka):
		x, ok1 := new(big.Float).SetString(string(bytes.TrimSpace(v)))
		y, ok2 := new(big.Float).SetString(string(bytes.TrimSpace(a)))
		return ok1 && ok2 && x.Cmp(y) == 0
	case kv == "array" && ka == "array":
		var xs, ys []json.RawMessage
		if json.Unmarshal(v, &xs) != nil || json.Unmarshal(a, &ys) != nil {
			return false
		}
		if r.args == ArgsSubset {
			return r.containsAll(xs, ys)
		}
		if len(xs) != len(ys) {
			return false
		}
		for i := range xs {
			if !r.match(xs[i], ys[i]) {
				return false
			}
		}
		return true
	case kv == "object" && ka == "object":
		return r.objectMatch(v, a)
	case kv == ka:
		return bytes.Equal(bytes.TrimSpace(v), bytes.TrimSpace(a))
	}
	return false
}

// containsAll reports whether every gold element matches a distinct model
// element (a greedy first fit; gold elements are tried in order).
func (r valueRule) containsAll(xs, ys []json.RawMessage) bool {
	used := make([]bool, len(xs))
	for _, y := range ys {
		found := false
		for i, x := range xs {
			if !used[i] && r.match(x, y) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func isNum(k string) bool { return k == "integer" || k == "number" }

func (r valueRule) objectMatch(v, a json.RawMessage) bool {
	var xm, am map[string]json.RawMessage
	if json.Unmarshal(v, &xm) != nil || json.Unmarshal(a, &am) != nil {
		return false
	}
	for k, xv := range xm {
		av, ok := am[k]
		if !ok {
			if r.args == ArgsSubset {
				continue
			}
			return false
		}
		if !r.match(xv, av) && !(JSONKind(av) == "array" && r.allowedList(xv, av)) {
			return false
		}
	}
	for k, av := range am {
		if _, ok := xm[k]; ok {
			continue
		}
		if JSONKind(av) != "array" {
			return false
		}
		var alts []json.RawMessage
		if json.Unmarshal(av, &alts) != nil {
			return false
		}
		if !(&GoldParam{Allowed: alts}).Optional() {
			return false
		}
	}
	return true
}

func (r valueRule) allowedList(v, list json.RawMessage) bool {
	var alts []json.RawMessage
	if json.Unmarshal(list, &alts) != nil {
		return false
	}
	return r.allowed(v, alts)
}
