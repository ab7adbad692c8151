package otelimport

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// OTLP/JSON is read here with fastjson against a table of the trace
// messages (otlpSchema), the way protojson reads it into the official
// go.opentelemetry.io/proto/otlp types with DiscardUnknown: field names in
// lowerCamelCase or as in the .proto, unknown fields ignored, null the same
// as an absent field, 64-bit integers as numbers or strings, bytes in
// base64, enums by name or number; a known field of the wrong type, a field
// given twice or two members of AnyValue's oneof is an error naming its
// path (resourceSpans[0].scopeSpans[1].spans[2].name). The protobuf runtime
// and the OTLP types are not linked for this: their package inits ran at
// the start of every command (about a tenth of `tooleval --version`'s
// instructions) and they were most of 2 MB of the binary, for one
// subcommand (issue 24). A differential fuzz test holds the two readers to
// the same result (FuzzOTLPJSONMatchesProtojson). One difference is kept:
// fastjson nests at most 300 levels (an attribute value about 100 arrays
// deep), deeper is an error.

// valueKind is which member of an OTLP AnyValue is set (0: none).
type valueKind uint8

const (
	valueString valueKind = iota + 1
	valueBool
	valueInt
	valueDouble
	valueArray
	valueKvlist
	valueBytes
	valueStrindex // string_value_strindex, an index into a string table other signals have; not read
)

// value is an OTLP AnyValue as read. A nil *value is an attribute with no
// value.
type value struct {
	kind   valueKind
	str    string
	bool   bool
	int    int64
	double float64
	bytes  []byte
	array  []*value
	kvlist []keyValue
}

// keyValue is an OTLP KeyValue.
type keyValue struct {
	key   string
	value *value
}

// fieldKind is the protobuf type of a message field, as far as its JSON
// form goes.
type fieldKind uint8

const (
	kindString fieldKind = iota
	kindBytes
	kindBool
	kindInt32
	kindInt64
	kindUint32
	kindUint64
	kindDouble
	kindEnum
	kindMessage
)

// otlpField is a field of an OTLP message.
type otlpField struct {
	name, proto string // the JSON name (lowerCamelCase) and the .proto name
	kind        fieldKind
	list        bool         // repeated
	msg         *otlpMessage // the message type of a kindMessage field
	oneof       bool         // a member of the message's one oneof (AnyValue's value)
}

// otlpMessage is an OTLP message type: its fields.
type otlpMessage struct {
	name   string
	fields []otlpField
}

// field returns the field a JSON key names (either name), or nil.
func (m *otlpMessage) field(key string) (int, *otlpField) {
	for i := range m.fields {
		if f := &m.fields[i]; f.name == key || f.proto == key {
			return i, f
		}
	}
	return -1, nil
}

// get returns the value of field name in o (under either of its names),
// or nil when it is absent or null, or o is nil. o has been checked
// against m.
func (m *otlpMessage) get(o *fastjson.Object, name string) *fastjson.Value {
	if o == nil {
		return nil
	}
	_, f := m.field(name)
	v := o.Get(f.name)
	if v == nil {
		v = o.Get(f.proto)
	}
	if v == nil || v.Type() == fastjson.TypeNull {
		return nil
	}
	return v
}

// otlpMessages are the message types of a trace export.
type otlpMessages struct {
	tracesData, resourceSpans, resource, scopeSpans, span, event,
	keyValue, anyValue, arrayValue, keyValueList *otlpMessage
}

// otlpSchema is the trace part of the OTLP protocol (opentelemetry-proto
// 1.x: trace/v1, common/v1, resource/v1), built on first use: the messages
// refer to each other.
var otlpSchema = sync.OnceValue(func() *otlpMessages {
	f := func(name string, kind fieldKind) otlpField {
		return otlpField{name: name, proto: snakeCase(name), kind: kind}
	}
	list := func(name string, kind fieldKind) otlpField {
		x := f(name, kind)
		x.list = true
		return x
	}
	msg := func(name string, m *otlpMessage, repeated bool) otlpField {
		x := f(name, kindMessage)
		x.msg, x.list = m, repeated
		return x
	}
	oneof := func(x otlpField) otlpField {
		x.oneof = true
		return x
	}
	s := &otlpMessages{}
	for _, p := range []**otlpMessage{&s.tracesData, &s.resourceSpans, &s.resource, &s.scopeSpans, &s.span, &s.event,
		&s.keyValue, &s.anyValue, &s.arrayValue, &s.keyValueList} {
		*p = &otlpMessage{}
	}
	entityRef := &otlpMessage{name: "EntityRef", fields: []otlpField{
		f("schemaUrl", kindString), f("type", kindString), list("idKeys", kindString), list("descriptionKeys", kindString),
	}}
	scope := &otlpMessage{name: "InstrumentationScope", fields: []otlpField{
		f("name", kindString), f("version", kindString), msg("attributes", s.keyValue, true), f("droppedAttributesCount", kindUint32),
	}}
	status := &otlpMessage{name: "Status", fields: []otlpField{f("message", kindString), f("code", kindEnum)}}
	link := &otlpMessage{name: "Link", fields: []otlpField{
		f("traceId", kindBytes), f("spanId", kindBytes), f("traceState", kindString),
		msg("attributes", s.keyValue, true), f("droppedAttributesCount", kindUint32), f("flags", kindUint32),
	}}
	*s.tracesData = otlpMessage{"TracesData", []otlpField{msg("resourceSpans", s.resourceSpans, true)}}
	*s.resourceSpans = otlpMessage{"ResourceSpans", []otlpField{
		msg("resource", s.resource, false), msg("scopeSpans", s.scopeSpans, true), f("schemaUrl", kindString),
	}}
	*s.resource = otlpMessage{"Resource", []otlpField{
		msg("attributes", s.keyValue, true), f("droppedAttributesCount", kindUint32), msg("entityRefs", entityRef, true),
	}}
	*s.scopeSpans = otlpMessage{"ScopeSpans", []otlpField{
		msg("scope", scope, false), msg("spans", s.span, true), f("schemaUrl", kindString),
	}}
	*s.span = otlpMessage{"Span", []otlpField{
		f("traceId", kindBytes), f("spanId", kindBytes), f("traceState", kindString), f("parentSpanId", kindBytes),
		f("flags", kindUint32), f("name", kindString), f("kind", kindEnum),
		f("startTimeUnixNano", kindUint64), f("endTimeUnixNano", kindUint64),
		msg("attributes", s.keyValue, true), f("droppedAttributesCount", kindUint32),
		msg("events", s.event, true), f("droppedEventsCount", kindUint32),
		msg("links", link, true), f("droppedLinksCount", kindUint32), msg("status", status, false),
	}}
	*s.event = otlpMessage{"Event", []otlpField{
		f("timeUnixNano", kindUint64), f("name", kindString), msg("attributes", s.keyValue, true), f("droppedAttributesCount", kindUint32),
	}}
	*s.keyValue = otlpMessage{"KeyValue", []otlpField{f("key", kindString), msg("value", s.anyValue, false), f("keyStrindex", kindInt32)}}
	*s.anyValue = otlpMessage{"AnyValue", []otlpField{
		oneof(f("stringValue", kindString)), oneof(f("boolValue", kindBool)), oneof(f("intValue", kindInt64)),
		oneof(f("doubleValue", kindDouble)), oneof(msg("arrayValue", s.arrayValue, false)),
		oneof(msg("kvlistValue", s.keyValueList, false)), oneof(f("bytesValue", kindBytes)),
		oneof(f("stringValueStrindex", kindInt32)),
	}}
	*s.arrayValue = otlpMessage{"ArrayValue", []otlpField{msg("values", s.anyValue, true)}}
	*s.keyValueList = otlpMessage{"KeyValueList", []otlpField{msg("values", s.keyValue, true)}}
	return s
})

// snakeCase is the .proto name of a lowerCamelCase JSON name.
func snakeCase(name string) string {
	var b strings.Builder
	for _, r := range name {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('_')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// otlpError is where a document does not read as the message expected.
type otlpError struct {
	path, msg string
}

func (e *otlpError) Error() string {
	if e.path == "" {
		return e.msg
	}
	return e.path + ": " + e.msg
}

// parseTracesData parses one OTLP/JSON document (a TracesData or
// ExportTraceServiceRequest) and checks it against the schema.
func parseTracesData(doc []byte) (*fastjson.Value, error) {
	if err := checkStrings(doc); err != nil {
		return nil, err
	}
	var p fastjson.Parser
	v, err := p.ParseBytes(doc)
	if err != nil {
		return nil, err
	}
	if err := checkMessage(v, otlpSchema().tracesData, ""); err != nil {
		return nil, err
	}
	return v, nil
}

// checkStrings reports invalid UTF-8 and invalid surrogate escapes in the
// strings of doc (valid JSON otherwise), which protojson rejects and
// fastjson would let through.
func checkStrings(doc []byte) error {
	if !utf8.Valid(doc) {
		return &otlpError{msg: "invalid UTF-8"}
	}
	in := false
	for i := 0; i < len(doc); i++ {
		switch c := doc[i]; {
		case c == '"':
			in = !in
		case c == '\\' && in:
			i++
			if doc[i] != 'u' {
				continue
			}
			r := hex4(doc[i+1:])
			i += 4
			if !utf16.IsSurrogate(r) {
				continue
			}
			if i+6 >= len(doc) || doc[i+1] != '\\' || doc[i+2] != 'u' || utf16.DecodeRune(r, hex4(doc[i+3:])) == unicode.ReplacementChar {
				return &otlpError{msg: fmt.Sprintf("invalid escape code \\u%s in a string (a lone UTF-16 surrogate)", doc[i-3:i+1])}
			}
			i += 6
		}
	}
	return nil
}

// hex4 reads the four hex digits of a \u escape (JSON already checked).
func hex4(b []byte) rune {
	n, _ := strconv.ParseUint(string(b[:4]), 16, 16)
	return rune(n)
}

// checkMessage checks that v reads as message m.
func checkMessage(v *fastjson.Value, m *otlpMessage, path string) error {
	o, err := v.Object()
	if err != nil {
		return &otlpError{path, fmt.Sprintf("want an object (%s), got %s", m.name, describe(v))}
	}
	var seen uint64
	oneofSet := false
	o.Visit(func(k []byte, fv *fastjson.Value) {
		if err != nil {
			return
		}
		i, f := m.field(string(k))
		if f == nil {
			return // unknown: a field of a newer version of the protocol
		}
		p := join(path, f.name)
		if seen&(1<<i) != 0 {
			err = &otlpError{p, "given twice"}
			return
		}
		seen |= 1 << i
		if fv.Type() == fastjson.TypeNull {
			return
		}
		if f.oneof {
			if oneofSet {
				err = &otlpError{p, "a second member of AnyValue's value (one of stringValue, boolValue, intValue, …)"}
				return
			}
			oneofSet = true
		}
		if !f.list {
			err = checkField(fv, f, p)
			return
		}
		a, aerr := fv.Array()
		if aerr != nil {
			err = &otlpError{p, "want an array, got " + describe(fv)}
			return
		}
		for j, e := range a {
			if err = checkField(e, f, p+"["+strconv.Itoa(j)+"]"); err != nil {
				return
			}
		}
	})
	return err
}

// checkField checks one value of field f (an element, for a list).
func checkField(v *fastjson.Value, f *otlpField, path string) error {
	ok := false
	want := ""
	switch f.kind {
	case kindMessage:
		return checkMessage(v, f.msg, path)
	case kindString:
		ok, want = v.Type() == fastjson.TypeString, "a string"
	case kindBytes:
		_, ok = bytesOf(v)
		want = "base64 bytes"
	case kindBool:
		ok, want = v.Type() == fastjson.TypeTrue || v.Type() == fastjson.TypeFalse, "true or false"
	case kindInt32, kindInt64:
		_, ok = intOf(v, f.kind)
		want = "an integer"
	case kindUint32, kindUint64:
		_, ok = intOf(v, f.kind)
		want = "an unsigned integer"
	case kindDouble:
		_, ok = doubleOf(v)
		want = "a number"
	case kindEnum:
		// A name (an unknown one is ignored, as a newer version's) or a number.
		_, isInt := intOf(v, kindInt32)
		ok, want = v.Type() == fastjson.TypeString || v.Type() == fastjson.TypeNumber && isInt, "an enum name or number"
	}
	if !ok {
		return &otlpError{path, "want " + want + ", got " + describe(v)}
	}
	return nil
}

// describe shows a JSON value briefly for messages.
func describe(v *fastjson.Value) string {
	s := []rune(v.String())
	if len(s) > 40 {
		return string(s[:37]) + "…"
	}
	return string(s)
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// bytesOf reads a bytes field: base64, standard or URL alphabet, padded or
// not.
func bytesOf(v *fastjson.Value) ([]byte, bool) {
	if v.Type() != fastjson.TypeString {
		return nil, false
	}
	s := string(v.GetStringBytes())
	enc := base64.StdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.URLEncoding
	}
	if len(s)%4 != 0 {
		enc = enc.WithPadding(base64.NoPadding)
	}
	b, err := enc.DecodeString(s)
	return b, err == nil
}

// numberText is the JSON number a number field holds: a JSON number, or a
// string holding exactly one.
func numberText(v *fastjson.Value) (string, bool) {
	switch v.Type() {
	case fastjson.TypeNumber:
		return string(v.MarshalTo(nil)), true
	case fastjson.TypeString:
		s := string(v.GetStringBytes())
		return s, isJSONNumber(s)
	}
	return "", false
}

// intOf reads an integer field of kind k: a JSON number or a string
// holding one, whose value is an integer in range ("1e3" is 1000).
func intOf(v *fastjson.Value, k fieldKind) (int64, bool) {
	s, ok := numberText(v)
	if !ok {
		return 0, false
	}
	if s, ok = integerText(s); !ok {
		return 0, false
	}
	var n int64
	var err error
	switch k {
	case kindInt32:
		n, err = strconv.ParseInt(s, 10, 32)
	case kindInt64:
		n, err = strconv.ParseInt(s, 10, 64)
	case kindUint32:
		var u uint64
		u, err = strconv.ParseUint(s, 10, 32)
		n = int64(u)
	default:
		var u uint64
		u, err = strconv.ParseUint(s, 10, 64)
		n = int64(u)
	}
	return n, err == nil
}

// uint64Of reads an unsigned 64-bit field (checked).
func uint64Of(v *fastjson.Value) uint64 {
	if v == nil {
		return 0
	}
	n, _ := intOf(v, kindUint64)
	return uint64(n)
}

// doubleOf reads a double: a JSON number, "NaN", "Infinity", "-Infinity"
// or a string holding a JSON number; out of range is an error.
func doubleOf(v *fastjson.Value) (float64, bool) {
	if v.Type() == fastjson.TypeString {
		switch string(v.GetStringBytes()) {
		case "NaN", "Infinity", "-Infinity":
			f, _ := strconv.ParseFloat(string(v.GetStringBytes()), 64)
			return f, true
		}
	}
	s, ok := numberText(v)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// isJSONNumber reports whether s is exactly one JSON number: a valid
// JSON value that starts with a minus or a digit and ends with a digit
// (no white space around it).
func isJSONNumber(s string) bool {
	return s != "" && (s[0] == '-' || isDigit(s[0])) && isDigit(s[len(s)-1]) && json.Valid([]byte(s))
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// integerText writes the JSON number s as a decimal integer when its value
// is one: the fraction and exponent shifted away ("1.5e1" is "15", "1.5"
// is not an integer). At most 20 digits (no 64-bit integer has more).
func integerText(s string) (string, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intp, rest := strings.TrimPrefix(s[:i], "0"), s[i:] // JSON: "0" alone or no leading 0
	frac := ""
	if strings.HasPrefix(rest, ".") {
		j := 1
		for j < len(rest) && isDigit(rest[j]) {
			j++
		}
		frac, rest = strings.TrimRight(rest[1:j], "0"), rest[j:]
	}
	if intp == "" && frac == "" {
		return "0", true
	}
	exp := 0
	if rest != "" { // e or E, then the exponent
		e, err := strconv.ParseInt(rest[1:], 10, 32)
		if err != nil {
			return "", false
		}
		exp = int(e)
	}
	var num string
	if exp >= 0 {
		if len(frac) > exp || len(intp)+exp > 20 {
			return "", false
		}
		num = intp + frac + strings.Repeat("0", exp-len(frac))
	} else {
		at := len(intp) + exp
		if len(frac) > 0 || at < 0 || strings.Trim(intp[at:], "0") != "" {
			return "", false
		}
		num = intp[:at]
	}
	if neg {
		num = "-" + num
	}
	return num, true
}

// anyValueOf builds an AnyValue (checked); nil for null or absent.
func anyValueOf(v *fastjson.Value) *value {
	if v == nil {
		return nil
	}
	m := otlpSchema().anyValue
	o, _ := v.Object()
	out := &value{}
	switch {
	case m.get(o, "stringValue") != nil:
		out.kind, out.str = valueString, string(m.get(o, "stringValue").GetStringBytes())
	case m.get(o, "boolValue") != nil:
		out.kind, out.bool = valueBool, m.get(o, "boolValue").Type() == fastjson.TypeTrue
	case m.get(o, "intValue") != nil:
		out.kind = valueInt
		out.int, _ = intOf(m.get(o, "intValue"), kindInt64)
	case m.get(o, "doubleValue") != nil:
		out.kind = valueDouble
		out.double, _ = doubleOf(m.get(o, "doubleValue"))
	case m.get(o, "arrayValue") != nil:
		out.kind = valueArray
		ao, _ := m.get(o, "arrayValue").Object()
		for _, e := range listOf(otlpSchema().arrayValue, ao, "values") {
			out.array = append(out.array, anyValueOf(e))
		}
	case m.get(o, "kvlistValue") != nil:
		out.kind = valueKvlist
		ko, _ := m.get(o, "kvlistValue").Object()
		out.kvlist = keyValuesOf(listOf(otlpSchema().keyValueList, ko, "values"))
	case m.get(o, "bytesValue") != nil:
		out.kind = valueBytes
		out.bytes, _ = bytesOf(m.get(o, "bytesValue"))
	case m.get(o, "stringValueStrindex") != nil:
		out.kind = valueStrindex
	}
	return out
}

// keyValuesOf builds a list of KeyValue (checked).
func keyValuesOf(vs []*fastjson.Value) []keyValue {
	m := otlpSchema().keyValue
	out := make([]keyValue, 0, len(vs))
	for _, v := range vs {
		o, _ := v.Object()
		kv := keyValue{value: anyValueOf(m.get(o, "value"))}
		if k := m.get(o, "key"); k != nil {
			kv.key = string(k.GetStringBytes())
		}
		out = append(out, kv)
	}
	return out
}

// listOf is the elements of a repeated field (checked); nil when absent.
func listOf(m *otlpMessage, o *fastjson.Object, name string) []*fastjson.Value {
	if v := m.get(o, name); v != nil {
		a, _ := v.Array()
		return a
	}
	return nil
}

// objectOf is a message field's object (checked); nil when absent.
func objectOf(m *otlpMessage, o *fastjson.Object, name string) *fastjson.Object {
	if v := m.get(o, name); v != nil {
		x, _ := v.Object()
		return x
	}
	return nil
}

// stringOf is a string field (checked); "" when absent.
func stringOf(m *otlpMessage, o *fastjson.Object, name string) string {
	if v := m.get(o, name); v != nil {
		return string(v.GetStringBytes())
	}
	return ""
}

// idOf is a trace or span id field as idString spells it.
func idOf(m *otlpMessage, o *fastjson.Object, name string) string {
	v := m.get(o, name)
	if v == nil {
		return ""
	}
	b, _ := bytesOf(v)
	return idString(b)
}

// spansOf hands over the spans of a checked TracesData document.
func spansOf(doc *fastjson.Value, file string, line int, add func(*span)) {
	s := otlpSchema()
	td, _ := doc.Object()
	for _, rsv := range listOf(s.tracesData, td, "resourceSpans") {
		rs, _ := rsv.Object()
		res := objectOf(s.resourceSpans, rs, "resource")
		service := attrsOf(keyValuesOf(listOf(s.resource, res, "attributes"))).str("service.name")
		for _, ssv := range listOf(s.resourceSpans, rs, "scopeSpans") {
			ss, _ := ssv.Object()
			for _, spv := range listOf(s.scopeSpans, ss, "spans") {
				sp, _ := spv.Object()
				x := &span{
					file: file, line: line,
					traceID: idOf(s.span, sp, "traceId"), spanID: idOf(s.span, sp, "spanId"), parentID: idOf(s.span, sp, "parentSpanId"),
					name:  stringOf(s.span, sp, "name"),
					start: uint64Of(s.span.get(sp, "startTimeUnixNano")), end: uint64Of(s.span.get(sp, "endTimeUnixNano")),
					attrs: attrsOf(keyValuesOf(listOf(s.span, sp, "attributes"))), service: service,
				}
				for _, evv := range listOf(s.span, sp, "events") {
					ev, _ := evv.Object()
					x.events = append(x.events, event{name: stringOf(s.event, ev, "name"), attrs: attrsOf(keyValuesOf(listOf(s.event, ev, "attributes")))})
				}
				add(x)
			}
		}
	}
}
