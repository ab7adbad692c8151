package textparse

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// This file tests the conventions textparse shares with the serving
// stacks (README, "Conventions"), in every dialect they apply to,
// enumerated from the registry.

// textValues reports whether dialect f writes parameter values as text
// between tags (coerced by the catalog's schema) rather than as JSON or
// Python literals.
func textValues(f Format) bool {
	d := dialects[f]
	if d.Alias != "" {
		d = dialects[d.Alias]
	}
	return d.Tags != nil && (d.Tags.Param != "" || d.Tags.Value != "" || d.Tags.Catalog)
}

// TestNullAndUnionValuesEveryDialect: in every dialect whose values are
// text, null for a parameter that is not a string is JSON null, a string
// parameter keeps "null", and a union tries integer and number before
// string; dialects whose values are JSON or Python literals keep the
// value's own type (the model wrote a string).
func TestNullAndUnionValuesEveryDialect(t *testing.T) {
	call := toolcall.ExampleCall{Text: "On it.", Name: "convert", Args: []toolcall.ExampleArg{
		{Key: "count", Value: "null"}, {Key: "flag", Value: "null"}, {Key: "label", Value: "null"},
		{Key: "mixed", Value: "5"}, {Key: "ratio", Value: "0.25"},
	}}
	coerced := `{"count":null,"flag":null,"label":"null","mixed":5,"ratio":0.25}`
	r := rand.New(rand.NewPCG(3, 5))
	n := 0
	for _, in := range Dialects() {
		f := in.Format
		t.Run(string(f), func(t *testing.T) {
			text, err := WriteExample(f, call)
			if err != nil {
				t.Fatal(err)
			}
			want := call.Arguments()
			if textValues(f) {
				// A typed attribute (string="true") would say the value is a
				// string whatever the schema: leave it out.
				text = strings.ReplaceAll(text, ` string="true"`, "")
				want = coerced
				n++
			}
			o := opts{Format: f, Tools: tools}
			res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(text), 0))
			if len(res.Calls) != 1 || len(res.Errors) != 0 {
				t.Fatalf("%s: got calls %+v errors %+v", text, res.Calls, res.Errors)
			}
			if got := compactJSON(t, res.Calls[0].Arguments); got != want {
				t.Fatalf("%s\n got: %s\nwant: %s", text, got, want)
			}
			checkAnyChunking(t, r, o, []byte(text))
		})
	}
	if n < 8 {
		t.Fatalf("only %d dialects with text values", n)
	}
}

func compactJSON(t *testing.T, b []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		t.Fatalf("arguments %s: %v", b, err)
	}
	return out.String()
}
