package catalog

import (
	"bytes"
	"encoding/json"

	"github.com/tooleval/tooleval/toolcall"
)

// This file reads a tool schema that is a discriminated union, and types a
// parameter by the alternative a call's discriminator selects.

// maxVariants bounds how many alternatives a discriminated union may have
// for its variants to be kept.
const maxVariants = 64

// variantsOf finds the discriminator of a tool schema whose parameters sit
// in top-level oneOf or anyOf alternatives: the first property that every
// alternative declares with a const or a one-value enum, each a different
// value. It returns the property's name and a variant per alternative, or
// "" and nil when there is none. params are the tool's parameters
// (ParamsOf); a variant lists each of them, typed as its alternative
// reads it, or as a string where the alternative does not declare it.
func variantsOf(schema json.RawMessage, params []toolcall.Param) (string, []toolcall.Variant) {
	if len(params) == 0 || !bytes.Contains(schema, []byte(`Of"`)) {
		return "", nil
	}
	root, err := decodeValue(schema, 0)
	if err != nil || !root.isObject() {
		return "", nil
	}
	var alts []*value
	for _, key := range [...]string{"oneOf", "anyOf"} {
		if a := root.get(key); a.isArray() {
			if alts != nil {
				return "", nil // both: no single union to choose in
			}
			alts = a.items
		}
	}
	if len(alts) < 2 || len(alts) > maxVariants {
		return "", nil
	}
	// Each alternative's properties, with those of its allOf members.
	flat := make([][]toolcall.Param, len(alts))
	for i, alt := range alts {
		if !alt.isObject() {
			return "", nil
		}
		flat[i] = appendBranch(nil, alt, 0)
	}
	disc, values := discriminator(alts, flat)
	if disc == "" {
		return "", nil
	}
	// The properties every alternative shares: the root's own and its
	// allOf members'.
	var shared []toolcall.Param
	shared = appendParams(shared, root, true)
	if all := root.get("allOf"); all.isArray() {
		for _, m := range all.items {
			shared = appendBranch(shared, m, 0)
		}
	}
	out := make([]toolcall.Variant, len(alts))
	for i := range alts {
		ps := make([]toolcall.Param, 0, len(params))
		for _, p := range params {
			q, ok := paramNamed(shared, p.Name)
			if !ok {
				q, ok = paramNamed(flat[i], p.Name)
			}
			if !ok {
				q = toolcall.Param{Name: p.Name, Types: []string{"string"}, Description: p.Description}
			}
			ps = append(ps, q)
		}
		out[i] = toolcall.Variant{Value: values[i], Params: ps}
	}
	return disc, out
}

// discriminator returns the first property of the first alternative that
// every alternative fixes to one value, each a different one, and those
// values as canonical JSON.
func discriminator(alts []*value, flat [][]toolcall.Param) (string, []json.RawMessage) {
next:
	for _, cand := range flat[0] {
		values := make([]json.RawMessage, len(alts))
		for i := range alts {
			p, ok := paramNamed(flat[i], cand.Name)
			if !ok || len(p.Enum) != 1 {
				continue next
			}
			c, ok := canonical(p.Enum[0])
			if !ok {
				continue next
			}
			for _, seen := range values[:i] {
				if bytes.Equal(seen, c) {
					continue next
				}
			}
			values[i] = c
		}
		return cand.Name, values
	}
	return "", nil
}

// paramNamed returns the parameter called name in ps.
func paramNamed(ps []toolcall.Param, name string) (toolcall.Param, bool) {
	for _, p := range ps {
		if p.Name == name {
			return p, true
		}
	}
	return toolcall.Param{}, false
}

// canonical re-encodes a JSON value so that two spellings of one value
// (escapes, white space, 1 and 1.0) compare equal as bytes.
func canonical(raw []byte) (json.RawMessage, bool) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil, false
	}
	out, err := json.Marshal(v)
	return out, err == nil
}

// ParamIn returns the parameter called name of t for a call whose
// arguments so far are args (the JSON object as written up to here,
// unfinished): when t is a discriminated union (Tool.Variants) and args
// already hold the discriminator with the value of one alternative, the
// parameter as that alternative types it (a string where it does not
// declare it); otherwise t's own, typed by every alternative that names it
// (ParamsOf): the reading of a value read before its call's
// discriminator, which a reader holds, unwritten, where the alternatives
// disagree (Undecided), until the discriminator or the call's end.
// nil when t has no such parameter.
func ParamIn(t *toolcall.Tool, name, args []byte) *toolcall.Param {
	p := t.ParamBytes(name)
	if p == nil || len(t.Variants) == 0 || string(name) == t.Discriminator {
		return p
	}
	v, ok := memberValue(args, t.Discriminator)
	if !ok {
		return p
	}
	for i := range t.Variants {
		if !bytes.Equal(t.Variants[i].Value, v) {
			continue
		}
		ps := t.Variants[i].Params
		for j := range ps {
			if ps[j].Name == p.Name {
				return &ps[j]
			}
		}
	}
	return p
}

// memberValue returns, as canonical JSON, the value of the top-level member
// key of args, a JSON object that may be unfinished; false when args do
// not hold it whole.
func memberValue(args []byte, key string) (json.RawMessage, bool) {
	if !bytes.Contains(args, []byte(key)) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		if k, _ := tok.(string); k == key {
			return canonical(raw)
		}
	}
	return nil, false
}

// Undecided reports whether a value of parameter name of t, read now that
// the call's arguments so far are args, waits for the call's
// discriminator to be typed: t is a discriminated union (Tool.Variants)
// whose alternatives read the parameter differently (an integer in one, a
// string in another), and args do not hold the discriminator yet. A
// reader holds such a value, unwritten, until the discriminator is read
// or the call ends (then it is typed by the union, ParamIn), so nothing
// it emits is taken back.
func Undecided(t *toolcall.Tool, name, args []byte) bool {
	if t == nil || len(t.Variants) < 2 || string(name) == t.Discriminator {
		return false
	}
	p := t.ParamBytes(name)
	if p == nil {
		return false
	}
	var first *toolcall.Param
	for i := range t.Variants {
		q := variantParam(&t.Variants[i], p.Name)
		if q == nil {
			return false
		}
		if first == nil {
			first = q
			continue
		}
		if !sameReading(first, q) {
			_, ok := memberValue(args, t.Discriminator)
			return !ok
		}
	}
	return false
}

// variantParam returns variant v's parameter called name.
func variantParam(v *toolcall.Variant, name string) *toolcall.Param {
	for j := range v.Params {
		if v.Params[j].Name == name {
			return &v.Params[j]
		}
	}
	return nil
}

// sameReading reports whether parameters a and b read every value alike:
// the same types and the same enum.
func sameReading(a, b *toolcall.Param) bool {
	ta, tb := ParamTypes(a), ParamTypes(b)
	if len(ta) != len(tb) || len(a.Enum) != len(b.Enum) {
		return false
	}
	for i := range ta {
		if ta[i] != tb[i] {
			return false
		}
	}
	for i := range a.Enum {
		if !bytes.Equal(a.Enum[i], b.Enum[i]) {
			return false
		}
	}
	return true
}
