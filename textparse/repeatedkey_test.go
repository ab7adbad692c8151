package textparse

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// keyValueWriter reports whether dialect f's writer (exampleWriters)
// writes arguments key by key (tags, pairs, markers, Python keywords),
// where a model can give a key twice; false: it writes them as one JSON
// object (.Arguments).
func keyValueWriter(t *testing.T, f Format) bool {
	w := exampleWriters[f]
	kv := strings.Contains(w, "range") && strings.Contains(w, ".Args") || strings.Contains(w, ".PythonArgs")
	if !kv && !strings.Contains(w, ".Arguments") {
		t.Fatalf("%s: the writer writes no arguments: %s", f, w)
	}
	return kv
}

// duplicateKey returns a key that object obj holds twice at its top
// level, or "".
func duplicateKey(t *testing.T, obj []byte) string {
	d := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("arguments %s: not an object", obj)
	}
	seen := map[string]bool{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			t.Fatalf("arguments %s: %v", obj, err)
		}
		k := tok.(string)
		if seen[k] {
			return k
		}
		seen[k] = true
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			t.Fatalf("arguments %s: %v", obj, err)
		}
	}
	return ""
}

// TestRepeatedKeyEveryDialect: in every registered dialect whose calls
// give their arguments key by key, a key given twice keeps its first
// value and the repeat is reported (malformed_markup) with its value
// dropped — the one rule of argRepeated — so no call's arguments hold a
// key twice; the call is otherwise the call written without the repeat,
// with and without a catalog, at any chunking. The inputs are the
// dialects' own writers' (WriteExample).
func TestRepeatedKeyEveryDialect(t *testing.T) {
	first := []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}}
	r := rand.New(rand.NewPCG(12, 21))
	n := 0
	for _, f := range Formats()[1:] {
		if !keyValueWriter(t, f) {
			continue // a JSON object: see README, Conventions (a key given twice)
		}
		for _, repeat := range []toolcall.ExampleArg{{Key: "city", Value: "Berlin"}, {Key: "days", Value: 5}} {
			for _, catalog := range []bool{false, true} {
				d := dialects[f]
				if !catalog && d.Tags != nil && d.Tags.Catalog {
					continue // its calls are named by the catalog
				}
				if catalog && d.Tags != nil && (d.Tags.SchemaParams || d.Tags.Catalog) {
					// With the tool's parameters known, a parameter's tag given
					// before is the value's text (README, Conventions: markup
					// quoted in a value stays in it): no key repeats.
					continue
				}
				n++
				o := opts{Format: f}
				if catalog {
					o.Tools = tools
				}
				once, err := WriteExample(f, toolcall.ExampleCall{Text: "Checking. ", Name: "get_weather", Args: first})
				if err != nil {
					t.Fatal(err)
				}
				twice, err := WriteExample(f, toolcall.ExampleCall{Text: "Checking. ", Name: "get_weather", Args: append(first[:2:2], repeat)})
				if err != nil {
					t.Fatal(err)
				}
				want := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(once), 0))
				got := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(twice), 0))
				if len(want.Calls) != 1 || len(want.Errors) != 0 {
					t.Fatalf("%s: the call without a repeat reads %+v %+v", f, want.Calls, want.Errors)
				}
				if len(got.Calls) != 1 || len(got.Errors) != 1 || got.Errors[0].Code != toolcall.CodeMalformedMarkup || got.Errors[0].Index != 0 {
					t.Fatalf("%s catalog %v: %s\ngot calls %+v errors %+v, want one call and one malformed_markup", f, catalog, twice, got.Calls, got.Errors)
				}
				if k := duplicateKey(t, got.Calls[0].Arguments); k != "" {
					t.Fatalf("%s: %q twice in %s", f, k, got.Calls[0].Arguments)
				}
				if !bytes.Equal(got.Calls[0].Arguments, want.Calls[0].Arguments) || got.Text != want.Text {
					t.Fatalf("%s catalog %v: arguments %s text %q, want %s %q", f, catalog, got.Calls[0].Arguments, got.Text, want.Calls[0].Arguments, want.Text)
				}
				checkAnyChunking(t, r, o, []byte(twice))
			}
		}
	}
	if n < 40 {
		t.Fatalf("only %d key/value readings checked", n)
	}
}
