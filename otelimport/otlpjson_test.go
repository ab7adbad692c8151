package otelimport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// The reader of otlpjson.go is held to protojson with the official OTLP
// types, which it replaced (they are test-only dependencies now): for any
// document both accept or both reject, and they hand over the same spans.

// protoDecode is the reader otlpjson.go replaced: protojson into
// tracepb.TracesData, unknown fields discarded.
func protoDecode(doc []byte, add func(*span)) error {
	var td tracepb.TracesData
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(doc, &td); err != nil {
		return err
	}
	for _, rs := range td.GetResourceSpans() {
		service := attrsOf(protoKVs(rs.GetResource().GetAttributes())).str("service.name")
		for _, ss := range rs.GetScopeSpans() {
			for _, sp := range ss.GetSpans() {
				s := &span{
					traceID: idString(sp.GetTraceId()), spanID: idString(sp.GetSpanId()), parentID: idString(sp.GetParentSpanId()),
					name: sp.GetName(), start: sp.GetStartTimeUnixNano(), end: sp.GetEndTimeUnixNano(),
					attrs: attrsOf(protoKVs(sp.GetAttributes())), service: service,
				}
				for _, ev := range sp.GetEvents() {
					s.events = append(s.events, event{name: ev.GetName(), attrs: attrsOf(protoKVs(ev.GetAttributes()))})
				}
				add(s)
			}
		}
	}
	return nil
}

func protoKVs(kvs []*commonpb.KeyValue) []keyValue {
	out := make([]keyValue, 0, len(kvs))
	for _, kv := range kvs {
		out = append(out, keyValue{kv.GetKey(), protoValue(kv.GetValue())})
	}
	return out
}

func protoValue(v *commonpb.AnyValue) *value {
	if v == nil {
		return nil
	}
	switch x := v.GetValue().(type) {
	case *commonpb.AnyValue_StringValue:
		return &value{kind: valueString, str: x.StringValue}
	case *commonpb.AnyValue_BoolValue:
		return &value{kind: valueBool, bool: x.BoolValue}
	case *commonpb.AnyValue_IntValue:
		return &value{kind: valueInt, int: x.IntValue}
	case *commonpb.AnyValue_DoubleValue:
		return &value{kind: valueDouble, double: x.DoubleValue}
	case *commonpb.AnyValue_BytesValue:
		return &value{kind: valueBytes, bytes: x.BytesValue}
	case *commonpb.AnyValue_ArrayValue:
		out := &value{kind: valueArray}
		for _, e := range x.ArrayValue.GetValues() {
			out.array = append(out.array, protoValue(e))
		}
		return out
	case *commonpb.AnyValue_KvlistValue:
		return &value{kind: valueKvlist, kvlist: protoKVs(x.KvlistValue.GetValues())}
	case *commonpb.AnyValue_StringValueStrindex:
		return &value{kind: valueStrindex}
	}
	return &value{}
}

// dumpSpans writes spans as text that differs when anything read differs.
func dumpSpans(spans []*span) string {
	var b strings.Builder
	attrs := func(a attrs) {
		keys := make([]string, 0, len(a))
		for k := range a {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %q = %s\n", k, dumpValue(a[k]))
		}
	}
	for _, s := range spans {
		fmt.Fprintf(&b, "span %q %q %q %q %d %d service %q\n", s.traceID, s.spanID, s.parentID, s.name, s.start, s.end, s.service)
		attrs(s.attrs)
		for _, e := range s.events {
			fmt.Fprintf(&b, " event %q\n", e.name)
			attrs(e.attrs)
		}
	}
	return b.String()
}

func dumpValue(v *value) string {
	if v == nil {
		return "nil"
	}
	switch v.kind {
	case valueArray:
		parts := make([]string, len(v.array))
		for i, e := range v.array {
			parts[i] = dumpValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case valueKvlist:
		parts := make([]string, len(v.kvlist))
		for i, kv := range v.kvlist {
			parts[i] = fmt.Sprintf("%q: %s", kv.key, dumpValue(kv.value))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprintf("%d:%q/%v/%d/%v/%x", v.kind, v.str, v.bool, v.int, v.double, v.bytes)
}

// compareReaders reads doc with both readers and reports a difference.
func compareReaders(t *testing.T, doc []byte) {
	t.Helper()
	var got, want []*span
	v, err := parseTracesData(doc)
	if err == nil {
		spansOf(v, "", 0, func(s *span) { got = append(got, s) })
	}
	if err != nil && strings.Contains(err.Error(), "too big depth") {
		return // fastjson's limit of 300 levels: the one difference kept
	}
	perr := protoDecode(doc, func(s *span) { want = append(want, s) })
	if (err == nil) != (perr == nil) {
		t.Fatalf("%q:\nfastjson reader: %v\nprotojson: %v", doc, err, perr)
	}
	if g, w := dumpSpans(got), dumpSpans(want); g != w {
		t.Fatalf("%q:\nfastjson reader:\n%s\nprotojson:\n%s", doc, g, w)
	}
}

// otlpCases are documents at the edges of the JSON mapping, each with
// whether it is accepted and, when not, the path the error names.
var otlpCases = []struct {
	name, doc string
	err       string // "" when the document is accepted; else a part of the error
}{
	{"empty", `{}`, ""},
	{"snake-case names", `{"resource_spans":[{"scope_spans":[{"spans":[{"span_id":"AAAAAAAAAAE=","start_time_unix_nano":5}]}]}]}`, ""},
	{"null fields", `{"resourceSpans":[{"resource":null,"scopeSpans":[{"spans":[{"name":null,"attributes":null,"events":null}]}]}]}`, ""},
	{"unknown fields", `{"resourceSpans":[{"x":[1,{"y":null}],"[ext.field]":1,"scopeSpans":[{"spans":[{"name":"a","newField":{}}]}]}]}`, ""},
	{"integers in every spelling", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":"1700000000000000000","endTimeUnixNano":1.7e18,
		"attributes":[{"key":"a","value":{"intValue":"-12"}},{"key":"b","value":{"intValue":1.5e1}},{"key":"c","value":{"intValue":"-0"}},{"key":"d","value":{"intValue":100e-2}}]}]}]}]}`, ""},
	{"doubles", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"attributes":[{"key":"a","value":{"doubleValue":"NaN"}},{"key":"b","value":{"doubleValue":"-Infinity"}},{"key":"c","value":{"doubleValue":"1.25"}},{"key":"d","value":{"doubleValue":-0.0}}]}]}]}]}`, ""},
	{"values", `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"svc"}}]},"scopeSpans":[{"spans":[{"attributes":[
		{"key":"s","value":{"stringValue":""}},{"key":"n","value":{}},{"key":"none"},{"key":"b","value":{"boolValue":false}},
		{"key":"y","value":{"bytesValue":"aGk"}},{"key":"u","value":{"bytesValue":"-_8"}},{"key":"arr","value":{"arrayValue":{}}},
		{"key":"kv","value":{"kvlistValue":{"values":[{"key":"x","value":{"arrayValue":{"values":[{"intValue":1},{}]}}}]}}},
		{"key":"idx","value":{"stringValueStrindex":3}}]}]}]}]}`, ""},
	{"enums and the rest of a span", `{"resourceSpans":[{"scopeSpans":[{"scope":{"name":"s","attributes":[]},"spans":[{"kind":"SPAN_KIND_CLIENT","status":{"code":2,"message":"m"},
		"links":[{"traceId":"","flags":1}],"flags":"257","droppedEventsCount":0}]},{"spans":[{"kind":"NOT_A_KIND","status":{"code":"STATUS_CODE_OK"}}]}]}]}`, ""},
	{"exponent in a number string", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":"1E2","attributes":[{"key":"a","value":{"doubleValue":"-2.5e-3"}}]}]}]}]}`, ""},
	{"hex ids", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"00f067aa0ba902b7","parentSpanId":""}]}]}]}`, ""},
	{"escaped keys and strings", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"n\u0061me":"\ud83d\ude00 \u00e9\n"}]}]}]}`, ""},

	{"not an object", `[]`, "want an object (TracesData)"},
	{"list as a string", `{"resourceSpans":[{"scopeSpans":"x"}]}`, "resourceSpans[0].scopeSpans: want an array"},
	{"null element", `{"resourceSpans":[null]}`, "resourceSpans[0]: want an object (ResourceSpans)"},
	{"name a number", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":5}]}]}]}`, "resourceSpans[0].scopeSpans[0].spans[0].name: want a string, got 5"},
	{"both names", `{"resourceSpans":[],"resource_spans":[]}`, "resourceSpans: given twice"},
	{"a key twice", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"a","name":"b"}]}]}]}`, "name: given twice"},
	{"two oneof members", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"attributes":[{"key":"a","value":{"stringValue":"x","intValue":1}}]}]}]}]}`, "value.intValue: a second member"},
	{"fraction in an integer", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":1.5}]}]}]}`, "startTimeUnixNano: want an unsigned integer"},
	{"negative time", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":"-1"}]}]}]}`, "want an unsigned integer"},
	{"space in a number string", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":" 1"}]}]}]}`, "want an unsigned integer"},
	{"not a JSON number in a string", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":"01"},{"startTimeUnixNano":"1."}]}]}]}`, "spans[0].startTimeUnixNano: want an unsigned integer"},
	{"a sign JSON has not", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"endTimeUnixNano":"+1"}]}]}]}`, "endTimeUnixNano: want an unsigned integer"},
	{"space after a number string", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"attributes":[{"key":"a","value":{"doubleValue":"1 "}}]}]}]}]}`, "doubleValue: want a number"},
	{"int64 overflow", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"attributes":[{"key":"a","value":{"intValue":"9223372036854775808"}}]}]}]}]}`, "intValue: want an integer"},
	{"uint32 overflow", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"flags":4294967296}]}]}]}`, "flags: want an unsigned integer"},
	{"double out of range", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"attributes":[{"key":"a","value":{"doubleValue":1e400}}]}]}]}]}`, "doubleValue: want a number"},
	{"bad base64", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"not base64!"}]}]}]}`, "traceId: want base64 bytes"},
	{"enum a float", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"kind":1.5}]}]}]}`, "kind: want an enum name or number"},
	{"bool a string", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"attributes":[{"key":"a","value":{"boolValue":"true"}}]}]}]}]}`, "boolValue: want true or false"},
	{"string list element null", `{"resourceSpans":[{"resource":{"entityRefs":[{"idKeys":["a",null]}]}}]}`, "resource.entityRefs[0].idKeys[1]: want a string"},
	{"lone surrogate", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"\ud800"}]}]}]}`, "lone UTF-16 surrogate"},
	{"invalid UTF-8", "{\"x\":\"\xff\"}", "invalid UTF-8"},
}

func TestOTLPJSONCases(t *testing.T) {
	for _, c := range otlpCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseTracesData([]byte(c.doc))
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("err = %v, want …%s…", err, c.err)
			}
			compareReaders(t, []byte(c.doc))
		})
	}
}

// Every document of the fixtures reads the same with both readers.
func TestOTLPJSONFixturesMatchProtojson(t *testing.T) {
	for _, f := range fixtures {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".json") {
			compareReaders(t, data)
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				compareReaders(t, sc.Bytes())
			}
		}
	}
}

// FuzzOTLPJSONMatchesProtojson: for any JSON document, the reader and
// protojson agree (both reject, or both accept and read the same spans).
func FuzzOTLPJSONMatchesProtojson(f *testing.F) {
	for _, c := range otlpCases {
		f.Add([]byte(c.doc))
	}
	for _, p := range fixtures {
		if data, err := os.ReadFile(p); err == nil {
			if line, _, _ := bytes.Cut(data, []byte("\n")); len(line) > 0 && !strings.HasSuffix(p, ".json") {
				f.Add(line)
			}
		}
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if !json.Valid(doc) {
			return // readExport hands over only JSON documents
		}
		compareReaders(t, doc)
	})
}
