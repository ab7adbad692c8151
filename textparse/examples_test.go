package textparse

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// exampleCall is the call the contract tests write in every format: text
// before it, a string and an integer argument.
var exampleCall = toolcall.ExampleCall{
	Text: "Let me check the forecast.",
	Name: "get_weather",
	Args: []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}},
}

// TestEveryDialectHasAWriter: every registered dialect has an example
// writer, and what it writes parses back, in several chunkings, to the
// text before the call and one call with the same arguments.
func TestEveryDialectHasAWriter(t *testing.T) {
	var want any
	json.Unmarshal([]byte(exampleCall.Arguments()), &want)
	for _, d := range append(Dialects(), Info{Format: FormatAuto}) {
		in, err := WriteExample(d.Format, exampleCall)
		if err != nil {
			t.Errorf("%s: %v", d.Format, err)
			continue
		}
		for _, chunk := range []int{0, 1, 7} {
			r := toolcall.Collect("", toolcall.Run(mustNew(opts{Format: d.Format, Tools: tools}), []byte(in), chunk))
			if len(r.Calls) != 1 || r.Calls[0].Name != exampleCall.Name || len(r.Errors) != 0 {
				t.Errorf("%s (chunks of %d): %q gave calls %v errors %v", d.Format, chunk, in, r.Calls, r.Errors)
				break
			}
			var got any
			json.Unmarshal(r.Calls[0].Arguments, &got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: arguments %s, want %s", d.Format, r.Calls[0].Arguments, exampleCall.Arguments())
			}
			wantText := exampleCall.Text
			if !strings.Contains(in, wantText) {
				wantText = "" // a dialect whose answer is the call alone (xlam)
			}
			if strings.TrimSpace(r.Text) != wantText {
				t.Errorf("%s: text %q, want %q", d.Format, r.Text, wantText)
			}
		}
	}
}

// TestNoWriterWithoutDialect: every writer belongs to a registered dialect.
func TestNoWriterWithoutDialect(t *testing.T) {
	for f := range exampleWriters {
		if _, ok := Lookup(f); !ok {
			t.Errorf("example writer for %q, which is no registered dialect", f)
		}
	}
}
