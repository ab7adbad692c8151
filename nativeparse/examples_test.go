package nativeparse

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestEveryFormatHasAWriter: every provider format has an example writer
// whose stream parses back, in several chunkings and through auto, to the
// text and one call with the same arguments.
func TestEveryFormatHasAWriter(t *testing.T) {
	c := toolcall.ExampleCall{Text: "Let me check.", Name: "get_weather", Args: []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}}}
	var want any
	json.Unmarshal([]byte(c.Arguments()), &want)
	for _, f := range Formats() {
		in, err := WriteExample(f, c)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, parser := range []Format{f, Auto} {
			for _, chunk := range []int{0, 1, 9} {
				r := toolcall.Collect("", toolcall.Run(mustNew(opts{Format: parser}), []byte(in), chunk))
				var got any
				if len(r.Calls) == 1 {
					json.Unmarshal(r.Calls[0].Arguments, &got)
				}
				if len(r.Calls) != 1 || r.Calls[0].Name != c.Name || !reflect.DeepEqual(got, want) || len(r.Errors) != 0 || r.Text != c.Text {
					t.Errorf("%s read as %s (chunks of %d): text %q calls %v errors %v", f, parser, chunk, r.Text, r.Calls, r.Errors)
				}
			}
		}
	}
	for f := range exampleWriters {
		if _, ok := ParseFormat(string(f)); !ok || f == Auto {
			t.Errorf("writer for %q, which is no provider format", f)
		}
	}
}
