package textparse

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// fileTwin writes built-in marker dialect f as a dialect file under
// another name and loads it back.
func fileTwin(t *testing.T, f Format) *Dialect {
	t.Helper()
	src, err := DialectFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(src, &m); err != nil {
		t.Fatal(err)
	}
	m["format"] = "file_" + string(f)
	src, _ = json.Marshal(m)
	d, err := LoadDialect(bytes.NewReader(src))
	if err != nil {
		t.Fatalf("%s: %v\n%s", f, err, src)
	}
	return d
}

// registryOnly are the fields of Dialect a dialect file does not carry:
// the name (a file names its own), what only registered dialects have
// (auto detection, aliases) and the compiled sets.
var registryOnly = map[string]bool{"Format": true, "NoAuto": true, "Alias": true, "comp": true}

// sameDescription compares two descriptions field by field, functions by
// their code's address; it reports the first difference.
func sameDescription(a, b reflect.Value, path string) error {
	switch a.Kind() {
	case reflect.Func:
		if a.IsNil() != b.IsNil() || !a.IsNil() && a.Pointer() != b.Pointer() {
			return fmt.Errorf("%s: different functions", path)
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			f := a.Type().Field(i)
			if registryOnly[f.Name] {
				continue
			}
			if err := sameDescription(a.Field(i), b.Field(i), path+"."+f.Name); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Errorf("%s: %d elements, %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if err := sameDescription(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Pointer:
		if a.IsNil() != b.IsNil() {
			return fmt.Errorf("%s: nil and not nil", path)
		}
		if !a.IsNil() {
			return sameDescription(a.Elem(), b.Elem(), path)
		}
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Errorf("%s: %v, %v", path, a.Interface(), b.Interface())
		}
	}
	return nil
}

// TestDialectFileEveryMarkerDialect: every built-in marker dialect (from
// the registry), written as a dialect file and loaded back, is the same
// description, field by field, and yields the same events as the built-in
// one on every case of its test table, in one chunk, byte by byte and in
// 7-byte chunks.
func TestDialectFileEveryMarkerDialect(t *testing.T) {
	fs := markerFormats()
	if len(fs) < 20 {
		t.Fatalf("only %d marker dialects registered", len(fs))
	}
	for _, f := range fs {
		t.Run(string(f), func(t *testing.T) {
			built := dialects[f]
			twin := fileTwin(t, f)
			if err := sameDescription(reflect.ValueOf(built).Elem(), reflect.ValueOf(twin).Elem(), string(f)); err != nil {
				t.Fatalf("the file does not carry the description: %v", err)
			}
			n := 0
			for _, c := range parseCases {
				if c.format != f {
					continue
				}
				n++
				o := c.options()
				o.Format, o.Dialect = "", twin
				if p := mustNew(o); p.Format() != twin.Format {
					t.Fatalf("Format() = %s, want %s", p.Format(), twin.Format)
				}
				for _, size := range []int{len(c.in), 1, 7} {
					ref := runRaw(mustNew(c.options()), splitEvery([]byte(c.in), size))
					evs := runRaw(mustNew(o), splitEvery([]byte(c.in), size))
					if !sameEvents(ref, evs) {
						t.Errorf("%s (chunks of %d): built-in\n%s\nfile\n%s", c.name, size, eventLines(ref), eventLines(evs))
					}
				}
			}
			if n == 0 {
				t.Fatalf("no table case for %s", f)
			}
		})
	}
}

// TestLoadDialectErrors: a bad dialect file is refused with an error that
// names where: line and column for JSON syntax, a JSON path otherwise.
func TestLoadDialectErrors(t *testing.T) {
	const body = `"body": {"read": ["name_json"], "name_end": "<args>"}`
	for _, c := range []struct{ name, in, want string }{
		{"syntax", "{\n  \"format\": \"x\",\n  \"blocks\": [}\n", "dialect file:3:14: invalid character '}'"},
		{"truncated", `{"format": "x"`, "dialect file:1:15: unexpected end of JSON input"},
		{"two values", `{"format": "x"} {}`, "dialect file:1:17: more than one JSON value"},
		{"unknown field", `{"format": "x", "blocks": [{"open": "<c>", "bodyy": {}}]}`, "blocks[0].bodyy: unknown field"},
		{"wrong type", `{"format": "x", "blocks": [{"open": "<c>", ` + body + `, "anchored": "yes"}]}`, "blocks[0].anchored: want true or false, got string"},
		{"not an object", `[1]`, "(top level): want an object, got array"},
		{"no format", `{"blocks": [{"open": "<c>", ` + body + `}]}`, "format: a name without spaces is required"},
		{"built-in name", `{"format": "kimi_k2", "blocks": [{"open": "<c>", ` + body + `}]}`, `format: "kimi_k2" is a built-in format`},
		{"no blocks", `{"format": "x"}`, "blocks: at least one block is required"},
		{"no open", `{"format": "x", "blocks": [{` + body + `}]}`, "blocks[0].open: required"},
		{"no reader", `{"format": "x", "blocks": [{"open": "<c>", "body": {}}]}`, "blocks[0].body.read: name the body reader: one of json, name_json, python, gemma, functionary"},
		{"unknown reader", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["json", "yaml"]}}]}`, `blocks[0].body.read[1]: unknown reader "yaml"`},
		{"two custom readers", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["python", "gemma"]}}]}`, "blocks[0].body.read[1]: at most one reader besides json and name_json"},
		{"no name end", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["name_json"]}}]}`, "blocks[0].body.name_end: required by the name_json reader"},
		{"unknown name rule", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["name_json"], "name_end": ">", "name_rule": "upper"}}]}`, `blocks[0].body.name_rule: unknown name rule "upper"`},
		{"long marker", `{"format": "x", "blocks": [{"open": "<` + strings.Repeat("c", 130) + `>", ` + body + `}]}`, "blocks[0].open: a marker is at most 128 bytes"},
		{"span without open", `{"format": "x", "blocks": [{"open": "<c>", ` + body + `}], "reasoning": [{"close": "</t>"}]}`, "reasoning[0].open: required"},
		{"markers hold one another", `{"format": "x", "blocks": [{"open": "<c>", "close": "<c>>", ` + body + `}], "drop": ["<c>>"]}`, `marker "<c>>" holds marker "<c>"`},
		{"empty drop", `{"format": "x", "blocks": [{"open": "<c>", ` + body + `}], "drop": [""]}`, "drop[0]: an empty marker"},
		{"lead after no closer", `{"format": "x", "blocks": [{"open": "<c>", ` + body + `}], "drop": ["<e>"], "lead_after": ["<e>", "<f>"]}`, "lead_after[1]: not one of the dialect's drop markers or reasoning closers"},
		{"empty drop label", `{"format": "x", "blocks": [{"open": "<c>", ` + body + `}], "drop_labels": ["<h>", ""]}`, "drop_labels[1]: an empty marker"},
		{"marker args without arg markers", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["marker_args"], "name_end": "\n", "arg_open": "<k>"}}]}`, "blocks[0].body.arg_value: required by the marker_args reader"},
		{"marker args without call close", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["marker_args"], "name_end": "\n", "arg_open": "<k>", "arg_value": "<v>", "arg_end": "<e>"}}]}`, "blocks[0].body.call_close: required by the marker_args reader"},
		{"marker args with a block close", `{"format": "x", "blocks": [{"open": "<c>", "close": "</c>", "body": {"read": ["marker_args"], "name_end": "\n", "arg_open": "<k>", "arg_value": "<v>", "arg_end": "<e>", "call_close": "</c>"}}]}`, "blocks[0].close: the marker_args reader reads the call's end"},
		{"arg markers for another reader", `{"format": "x", "blocks": [{"open": "<c>", "body": {"read": ["name_json"], "name_end": ">", "arg_open": "<k>"}}]}`, "blocks[0].body.arg_open: only the marker_args reader reads argument markers"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadDialect(strings.NewReader(c.in))
			var de *DialectError
			if !errors.As(err, &de) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want a *DialectError containing %q", err, c.want)
			}
		})
	}
}

// TestDialectFileInParser: a dialect only a file describes reads calls,
// reasoning and dropped markup; its name is the parser's Format; a
// Format that disagrees is refused, and so is a hand-built dialect whose
// markers hold one another.
func TestDialectFileInParser(t *testing.T) {
	d, err := LoadDialect(strings.NewReader(`{
  "format": "acme_v1",
  "blocks": [{"open": "<@calls>", "close": "</@calls>", "call": "<@call>", "call_end": "</@call>",
              "body": {"read": ["name_json"], "name_end": "<@args>"}}],
  "reasoning": [{"open": "<@plan>", "close": "</@plan>"}],
  "drop": ["<@eos>"]
}`))
	if err != nil {
		t.Fatal(err)
	}
	in := `<@plan>look it up</@plan>Checking.<@calls><@call>get_weather<@args>{"city": "Paris"}</@call></@calls>Done.<@eos>`
	p := mustNew(opts{Dialect: d})
	evs := runRaw(p, splitEvery([]byte(in), 3))
	if got, want := summary(evs), `text="Checking.Done." reasoning="look it up" call=get_weather{"city":"Paris"}`; got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if err := checkInvariants([]byte(in), evs); err != nil {
		t.Error(err)
	}
	if p.Format() != "acme_v1" {
		t.Errorf("Format() = %s", p.Format())
	}
	if _, err := New(opts{Format: FormatKimiK2, Dialect: d}); err == nil {
		t.Error("a Format other than the dialect's was accepted")
	}
	bad := &Dialect{Format: "bad", Wire: "w", Blocks: []Block{{Open: "<x>", Close: "<x>>", Body: Body{Read: ReadJSON}}}, Drop: []string{"<x>>"}}
	if _, err := New(opts{Dialect: bad}); err == nil || !strings.Contains(err.Error(), "holds marker") {
		t.Errorf("New with overlapping markers: %v", err)
	}
}
