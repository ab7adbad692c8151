package textparse

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestOpenerWrittenTwice: in every registered dialect, the example call
// (WriteExample) with its opening markup written twice (a token the
// model repeated: <tool_call><tool_call>{…}, [TOOL_CALLS][TOOL_CALLS]…,
// <function_calls><function_calls><invoke …>) is still the one call, with
// the same arguments and the text before it, and the repeat is reported
// once (malformed_markup), whole and in chunks. The opening markup is the
// dialect's own: a block's Open that its engine reads again (reopenable),
// a tag dialect's wrapper, or its call tag where that tag holds the whole
// call (a JSON call object, or a name and key/value pairs). Dialects whose
// example starts with none of these (a catalog's tool tags, an invoke
// tag naming the tool, a message header) have no such markup to repeat.
func TestOpenerWrittenTwice(t *testing.T) {
	var want any
	json.Unmarshal([]byte(exampleCall.Arguments()), &want)
	n := 0
	for _, d := range Dialects() {
		in, err := WriteExample(d.Format, exampleCall)
		if err != nil {
			t.Fatal(err)
		}
		at := strings.Index(in, exampleCall.Text)
		if at < 0 {
			continue // the answer is the call alone (xlam): no opener
		}
		at += len(exampleCall.Text)
		at += len(in[at:]) - len(strings.TrimLeft(in[at:], " \n"))
		op := repeatableOpener(dialects[d.Format], in[at:])
		if op == "" {
			continue
		}
		n++
		twice := in[:at] + op + in[at:]
		for _, chunk := range []int{0, 1, 7} {
			r := toolcall.Collect("", toolcall.Run(mustNew(opts{Format: d.Format, Tools: tools}), []byte(twice), chunk))
			if len(r.Calls) != 1 || r.Calls[0].Name != exampleCall.Name || len(r.Errors) != 1 ||
				r.Errors[0].Code != toolcall.CodeMalformedMarkup || r.Errors[0].Offset != at && r.Errors[0].Offset != at+len(op) {
				t.Errorf("%s (chunks of %d): %q gave calls %v errors %v; want the call and one malformed_markup at %d or %d",
					d.Format, chunk, twice, r.Calls, r.Errors, at, at+len(op))
				continue
			}
			var got any
			json.Unmarshal(r.Calls[0].Arguments, &got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: arguments %s, want %s", d.Format, r.Calls[0].Arguments, exampleCall.Arguments())
			}
			if strings.TrimSpace(r.Text) != exampleCall.Text {
				t.Errorf("%s (chunks of %d): text %q, want %q", d.Format, chunk, r.Text, exampleCall.Text)
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d dialects checked", n)
	}
}

// repeatableOpener returns the dialect's opening markup that rest (the
// example after its text) starts with, "" when it starts with none.
func repeatableOpener(d *Dialect, rest string) string {
	op := ""
	for i := range d.Blocks {
		if b := &d.Blocks[i]; reopenable(b) && strings.HasPrefix(rest, b.Open) && len(b.Open) > len(op) {
			op = b.Open
		}
	}
	if g := d.Tags; g != nil && op == "" {
		switch {
		case g.Wrapper != "" && strings.HasPrefix(rest, "<"+g.Wrapper+">"):
			op = "<" + g.Wrapper + ">"
		case (g.JSON || g.Key != "") && strings.HasPrefix(rest, "<"+g.Invoke+">"):
			op = "<" + g.Invoke + ">"
		}
	}
	return op
}
