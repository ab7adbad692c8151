package catalog

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// This file converts XML parameter values (always text on the wire) to the
// JSON their parameter's schema asks for. It depends only on toolcall.Param.

// ParamTypes returns the JSON types a parameter's value may take: Param.Types
// when set, otherwise those read from its schema ("type", a type array, or
// the types of anyOf/oneOf alternatives). Empty means any type.
func ParamTypes(p *toolcall.Param) []string {
	if p == nil {
		return nil
	}
	if len(p.Types) > 0 {
		return p.Types
	}
	if len(p.Schema) == 0 {
		return nil
	}
	var s coerceSchema
	if json.Unmarshal(p.Schema, &s) != nil {
		return nil
	}
	var out []string
	s.collect(&out, 0)
	return out
}

type coerceSchema struct {
	Type       json.RawMessage `json:"type"`
	AnyOf      []coerceSchema  `json:"anyOf"`
	OneOf      []coerceSchema  `json:"oneOf"`
	Properties json.RawMessage `json:"properties"`
	Items      json.RawMessage `json:"items"`
}

func (s *coerceSchema) collect(out *[]string, depth int) {
	add := func(t string) {
		for _, have := range *out {
			if have == t {
				return
			}
		}
		*out = append(*out, t)
	}
	var one string
	var many []string
	switch {
	case json.Unmarshal(s.Type, &one) == nil && one != "":
		add(one)
	case json.Unmarshal(s.Type, &many) == nil && len(many) > 0:
		for _, t := range many {
			add(t)
		}
	case len(s.Properties) > 0:
		add("object")
	case len(s.Items) > 0:
		add("array")
	}
	if depth < 4 {
		for i := range s.AnyOf {
			s.AnyOf[i].collect(out, depth+1)
		}
		for i := range s.OneOf {
			s.OneOf[i].collect(out, depth+1)
		}
	}
}

// KeepsString reports whether an XML value for p stays a JSON string
// (and so can be streamed as one): p is nil (no catalog, or a parameter the
// tool does not declare), its types are unknown, or "string" is its only
// type. A string parameter stays a string even when its text looks like
// 007, true or null; a union is buffered and coerced (AppendCoerced).
func KeepsString(p *toolcall.Param) bool {
	s := typeBits(p)
	return s&tTyped == 0 || s&^tTyped == tString
}

// Typed reports whether p names types (ParamTypes is not empty).
func Typed(p *toolcall.Param) bool { return typeBits(p)&tTyped != 0 }

// MayBeString reports whether p's types name "string".
func MayBeString(p *toolcall.Param) bool { return typeBits(p)&tString != 0 }

// typeBits returns p's types as a set: typeSetOf(ParamTypes(p)), with
// tTyped where ParamTypes is not empty; from Param.TypeBits where the
// catalog filled it (fillTypeBits), else derived.
func typeBits(p *toolcall.Param) typeSet {
	if p == nil {
		return 0
	}
	if s := typeSet(p.TypeBits); s&tFilled != 0 {
		return s &^ tFilled
	}
	types := ParamTypes(p)
	s := typeSetOf(types)
	if len(types) > 0 {
		s |= tTyped
	}
	return s
}

// fillTypeBits sets p.TypeBits (Param.TypeBits), derived again from
// Types and Schema.
func fillTypeBits(p *toolcall.Param) {
	p.TypeBits = 0
	p.TypeBits = uint16(typeBits(p) | tFilled)
}

// Coerce returns the JSON for an XML parameter value converted by p's
// schema; see AppendCoerced.
func Coerce(p *toolcall.Param, value string) json.RawMessage {
	return AppendCoerced(nil, p, []byte(value))
}

// typeSet is a set of JSON Schema types, a bit each (and, in typeBits,
// tTyped and tFilled).
type typeSet uint16

const (
	tNull typeSet = 1 << iota
	tBoolean
	tInteger
	tNumber
	tString
	tObject
	tArray
	tTyped  // the parameter names types, known or not (typeBits)
	tFilled // Param.TypeBits is filled
)

// typeSetOf returns the set of the JSON Schema type names in types
// (unknown names are left out).
func typeSetOf(types []string) typeSet {
	var s typeSet
	for _, t := range types {
		switch t {
		case "null":
			s |= tNull
		case "boolean":
			s |= tBoolean
		case "integer":
			s |= tInteger
		case "number":
			s |= tNumber
		case "string":
			s |= tString
		case "object":
			s |= tObject
		case "array":
			s |= tArray
		}
	}
	return s
}

// smallInt reads v as a decimal integer of at most 18 digits with an
// optional sign (what strconv.ParseInt and the "+" rule of AppendCoerced
// accept there); ok is false for anything else, which the general path
// then reads.
func smallInt(v []byte) (n int64, ok bool) {
	neg, i := false, 0
	if v[0] == '-' || v[0] == '+' {
		neg, i = v[0] == '-', 1
	}
	if i == len(v) {
		return 0, false
	}
	for ; i < len(v); i++ {
		c := v[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// AppendCoerced appends to dst the JSON for an XML parameter value
// converted by p's schema, as the serving stacks convert it. Values of
// string parameters (and of parameters with unknown types) become JSON
// strings, even "null". Otherwise the text null (or None) is JSON null for
// a parameter that is not a string (and for a nullable one), then the
// first of the allowed types the text fits wins, tried in this order:
// boolean ("true", "False", …), integer, number — before string, so a
// union ["integer","string"] reads 5 as 5 —, then object and array (JSON,
// or a Python literal such as {'k': True} or (1, 2)). Text that fits none
// stays a string, so that validation can report it ("yes" for a boolean
// stays "yes": guessing would hide the model's error).
//
// An enum decides between the readings where it can: text whose string
// is one of the enum's values and whose typed reading is not stays the
// string ({"enum": ["7", 8]} reads 7 as "7").
func AppendCoerced(dst []byte, p *toolcall.Param, value []byte) []byte {
	allowed := typeBits(p) &^ tTyped
	if allowed == 0 || allowed&^tString == 0 { // no types, or only string: KeepsString
		return AppendJSONString(dst, value)
	}
	if len(p.Enum) > 0 && allowed&tString != 0 {
		str := AppendJSONString(nil, value)
		if inEnum(p.Enum, str) {
			if typed := appendTyped(nil, p, allowed, value); !inEnum(p.Enum, typed) {
				return append(dst, str...)
			}
		}
	}
	return appendTyped(dst, p, allowed, value)
}

// inEnum reports whether the JSON value v is one of enum's values.
func inEnum(enum []json.RawMessage, v []byte) bool {
	for _, e := range enum {
		if bytes.Equal(bytes.TrimSpace(e), v) {
			return true
		}
	}
	return false
}

// appendTyped is AppendCoerced's reading by the allowed types.
func appendTyped(dst []byte, p *toolcall.Param, allowed typeSet, value []byte) []byte {
	if allowed&tInteger != 0 && plainInteger(value) { // already the integer's JSON: as it is
		return append(dst, value...)
	}
	v := bytes.TrimSpace(value)
	if s := string(v); nullWord(s, allowed&tString != 0) && (allowed&tNull != 0 || allowed&tString == 0) ||
		s == "" && allowed&tNull != 0 && allowed&tString == 0 {
		return append(dst, "null"...)
	}
	if len(v) > 3 && v[0] == '\\' && v[1] == '"' && allowed&tString == 0 {
		// A quoted scalar escaped once more (\"123\" for a number, a
		// JSON-encoded argument object's value): the quoted scalar it
		// encodes, read below, as SGLang's GLM-4.7 detector reads it.
		if s, ok := unescapeOnce(v); ok && len(s) > 1 && s[0] == '"' {
			if out := AppendCoerced(nil, p, []byte(s)); out[0] != '"' {
				return append(dst, out...)
			}
		}
	}
	if len(v) > 1 && v[0] == '"' && allowed&tString == 0 {
		// A value quoted as a JSON string for a parameter that is no
		// string ("42" for a number): the text it holds, as the stacks
		// read it (json.loads, then the schema's type).
		var inner string
		if json.Unmarshal(v, &inner) == nil {
			if t := bytes.TrimSpace([]byte(inner)); len(t) > 0 && t[0] != '"' {
				if out := AppendCoerced(nil, p, t); out[0] != '"' { // (text that fits no type keeps its quotes)
					return append(dst, out...)
				}
			}
		}
	}
	if allowed&tInteger != 0 && len(v) > 0 && len(v) < 19 { // the usual integer, without strconv's generality
		if n, ok := smallInt(v); ok {
			return strconv.AppendInt(dst, n, 10)
		}
	}
	s := string(v)
	if allowed&tBoolean != 0 {
		switch strings.ToLower(s) {
		case "true":
			return append(dst, "true"...)
		case "false":
			return append(dst, "false"...)
		}
	}
	if allowed&tInteger != 0 {
		if n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 64); err == nil {
			return strconv.AppendInt(dst, n, 10)
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil && f == float64(int64(f)) && !strings.ContainsAny(s, "nNiI") {
			return strconv.AppendInt(dst, int64(f), 10)
		}
	}
	if allowed&tNumber != 0 {
		if coerceJSONNumber(v) {
			return append(dst, v...)
		}
		if f, err := strconv.ParseFloat(strings.TrimPrefix(s, "+"), 64); err == nil && !strings.ContainsAny(s, "nNiIxX_") {
			return strconv.AppendFloat(dst, f, 'g', -1, 64)
		}
	}
	if out, ok := appendStructure(dst, allowed, v); ok {
		return out
	}
	// A string, or text that fits no allowed type: "three" for an
	// integer stays a string for validation to report.
	return AppendJSONString(dst, value)
}

// plainInteger reports whether v is a decimal integer written as JSON
// writes it: digits without a sign, space or leading zero, short enough
// for an int64 (what the general path would give back unchanged).
func plainInteger(v []byte) bool {
	if len(v) == 0 || len(v) > 18 || v[0] == '0' && len(v) > 1 {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Fits reports whether raw JSON value v is of a type p's schema allows
// (an integer fits a number; any value fits a parameter without types).
func Fits(p *toolcall.Param, v []byte) bool {
	types := ParamTypes(p)
	if len(types) == 0 {
		return true
	}
	kind := toolcall.JSONKind(v)
	for _, t := range types {
		if t == kind || t == "number" && kind == "integer" {
			return true
		}
	}
	return false
}

// AppendUntyped appends to dst the JSON for a parameter value whose type
// no schema gives (no catalog, a tool or parameter it lacks, a parameter
// without a type), in a dialect whose chat template writes every value
// that is not a string as JSON (GLM's tojson): the trimmed value read
// whole as JSON, or as a Python literal ({'k': True}, None), else the
// text as a JSON string. The serving stacks read such values so.
func AppendUntyped(dst, value []byte) []byte {
	v := value
	if n := len(v); n == 0 || !plainEdge(v[0]) || !plainEdge(v[n-1]) { // (most values have nothing to trim)
		v = bytes.TrimSpace(value)
	}
	if len(v) == 0 || !mayBeLiteral(v) {
		return AppendJSONString(dst, value) // a path, a sentence: text (no parse, no error made)
	}
	if jsonScalar(v) || IsJSONString(v) || json.Valid(v) && finiteNumbers(v) {
		return append(dst, v...)
	}
	if v[0] == '{' || v[0] == '[' {
		if out, ok := appendEscaped(dst, v); ok {
			return out
		}
	}
	if out, ok := appendPython(dst, v); ok {
		return out
	}
	return AppendJSONString(dst, value)
}

// plainEdge reports whether c, a value's first or last byte, is one
// bytes.TrimSpace keeps: printable ASCII other than the space.
func plainEdge(c byte) bool { return c > ' ' && c < 0x7f }

// mayBeLiteral reports whether trimmed text v can start a JSON value or a
// Python literal: a quote, a digit, a sign or point, a bracket, true/false/
// null, True/False/None, or a string prefix (r'…', b"…", u'…', f'…', rb'…').
// Text that starts otherwise (most string values) is never parsed.
func mayBeLiteral(v []byte) bool {
	switch c := v[0]; {
	case c == '"' || c == '\'' || c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9',
		c == '{' || c == '[' || c == '(':
		return true
	case c == 't':
		return bytes.HasPrefix(v, []byte("true"))
	case c == 'f':
		return bytes.HasPrefix(v, []byte("false")) || len(v) > 1 && (v[1] == '\'' || v[1] == '"') // f'…'
	case c == 'n':
		return bytes.HasPrefix(v, []byte("null"))
	case c == 'T':
		return bytes.HasPrefix(v, []byte("True"))
	case c == 'F':
		return bytes.HasPrefix(v, []byte("False"))
	case c == 'N':
		return bytes.HasPrefix(v, []byte("None"))
	case c == 'r' || c == 'R' || c == 'b' || c == 'B' || c == 'u' || c == 'U':
		for _, d := range v[1:min(len(v), 3)] {
			switch d {
			case '\'', '"':
				return true
			case 'r', 'R', 'b', 'B':
				continue
			}
			return false
		}
	}
	return false
}

// jsonScalar reports whether v is exactly a JSON number that a float64
// holds, true, false or null: the common untyped values, told without
// json.Valid's scanner.
func jsonScalar(v []byte) bool {
	switch string(v) {
	case "true", "false", "null":
		return true
	}
	i := 0
	if i < len(v) && v[i] == '-' {
		i++
	}
	switch {
	case i < len(v) && v[i] == '0':
		i++
	case i < len(v) && v[i] >= '1' && v[i] <= '9':
		for i++; i < len(v) && v[i] >= '0' && v[i] <= '9'; i++ {
		}
	default:
		return false
	}
	if i < len(v) && v[i] == '.' {
		if i++; i == len(v) || v[i] < '0' || v[i] > '9' {
			return false
		}
		for ; i < len(v) && v[i] >= '0' && v[i] <= '9'; i++ {
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		if i++; i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		if i == len(v) || v[i] < '0' || v[i] > '9' {
			return false
		}
		for ; i < len(v) && v[i] >= '0' && v[i] <= '9'; i++ {
		}
	}
	return i == len(v) && finiteNumber(v)
}

// finiteNumber reports whether JSON number n is one a float64 holds. A
// fraction or exponent that overflows (1e999, the stacks' float() gives
// inf) is no number a tool can take: such text stays the model's string,
// as vLLM and SGLang keep it. An integer is never too large (JSON and
// Python integers are unbounded).
func finiteNumber(n []byte) bool {
	for _, c := range n { // (bytes.IndexAny's set costs more than these few bytes)
		if c == '.' || c == 'e' || c == 'E' {
			f, _ := strconv.ParseFloat(string(n), 64)
			return !math.IsInf(f, 0)
		}
	}
	return true
}

// finiteNumbers reports whether every number in JSON text v (valid JSON)
// is one a float64 holds (finiteNumber), skipping strings.
func finiteNumbers(v []byte) bool {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"':
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					i++
				}
			}
		case c == '-' || c >= '0' && c <= '9':
			j := i + 1
			for j < len(v) && (v[j] >= '0' && v[j] <= '9' || v[j] == '.' || v[j] == 'e' || v[j] == 'E' || v[j] == '+' || v[j] == '-') {
				j++
			}
			if !finiteNumber(v[i:j]) {
				return false
			}
			i = j - 1
		}
	}
	return true
}

// appendStructure appends trimmed text v as a JSON object or array when
// allowed has that kind and v is one in JSON or as a Python literal (a
// tuple is an array).
func appendStructure(dst []byte, allowed typeSet, v []byte) ([]byte, bool) {
	if len(v) == 0 {
		return dst, false
	}
	first := v[0]
	if first == '"' && allowed&(tObject|tArray) != 0 {
		// The structure's text JSON-encoded as a string ("{'k': 'v'}",
		// "[1, 2]"): a model taught by a template that wrote
		// json.dumps(str(value)). The stacks decode it and read the text.
		var s string
		if json.Unmarshal(v, &s) != nil {
			return dst, false
		}
		if t := bytes.TrimSpace([]byte(s)); len(t) > 0 && t[0] != '"' {
			return appendStructure(dst, allowed, t)
		}
		return dst, false
	}
	wantObj := first == '{' && allowed&tObject != 0
	wantArr := (first == '[' || first == '(') && allowed&tArray != 0
	if !wantObj && !wantArr {
		return dst, false
	}
	if first != '(' && json.Valid(v) {
		if !finiteNumbers(v) { // [1e999]: the model's text, as a number too large is
			return dst, false
		}
		return append(dst, v...), true
	}
	if out, ok := appendPython(dst, v); ok {
		return out, true
	}
	return appendEscaped(dst, v)
}

// appendEscaped appends v as JSON when v is a JSON object or array
// escaped once more, as inside a JSON string ([{\"id\": \"1\"}]: a
// model that wrote the value's JSON-encoded form), and reports whether it
// was one. The serving stacks read such a value as the structure it
// encodes.
func appendEscaped(dst, v []byte) ([]byte, bool) {
	s, ok := unescapeOnce(v)
	if !ok || s == "" || s[0] != v[0] || !json.Valid([]byte(s)) {
		return dst, false
	}
	return append(dst, s...), true
}

// unescapeOnce reads v as the inside of a JSON string: the text a value
// escaped once more encodes. false when v holds no escape or is no such
// text.
func unescapeOnce(v []byte) (string, bool) {
	if bytes.IndexByte(v, '\\') < 0 {
		return "", false
	}
	quoted := make([]byte, 0, len(v)+2)
	quoted = append(append(append(quoted, '"'), v...), '"')
	var s string
	return s, json.Unmarshal(quoted, &s) == nil
}

// coerceJSONNumber reports whether b is exactly a JSON number.
func coerceJSONNumber(b []byte) bool {
	if len(b) == 0 || !(b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		return false
	}
	var f float64
	return json.Unmarshal(b, &f) == nil
}

// appendPython converts a Python literal (dict, list, tuple, str, int,
// float, True, False, None) to JSON with the project's one Python-literal
// reader. It reports false, leaving dst as it was, when b is not one.
func appendPython(dst, b []byte) ([]byte, bool) {
	out, err := pyliteral.AppendJSON(dst, b)
	if err != nil {
		return dst, false
	}
	return out, true
}

// nullWord reports whether s spells null. For a parameter that takes no
// string, null, none and nil in any case do (the serving stacks read them
// so); for a nullable string only null and Python's None do, since "none"
// and "nil" are words a string may hold (an enum value, a mode).
func nullWord(s string, stringAllowed bool) bool {
	if strings.EqualFold(s, "null") || s == "None" {
		return true
	}
	return !stringAllowed && (strings.EqualFold(s, "none") || strings.EqualFold(s, "nil"))
}
