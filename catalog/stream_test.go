package catalog

import (
	"strings"
	"testing"
)

// A top-level array is read one definition at a time; errors must be the
// ones the whole-value path reports: a JSON syntax error anywhere wins over
// a bad definition before it, and a bad definition is named by its path.
func TestStreamedArrayErrors(t *testing.T) {
	tests := []struct{ name, data, want string }{
		{"bad definition", `[{"name":"a","description":"x"}, {"name": 5}]`, "$[1]"},
		{"syntax after a bad definition", `[{"name": 5}, {"name":"b",]`, "invalid JSON"},
		{"trailing data", `[{"name":"a"}] [1]`, "unexpected data after the JSON value"},
	}
	for _, tc := range tests {
		_, err := Parse([]byte(tc.data), "t.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	c, err := Parse([]byte("[\n"+`{"name":"a","description":"first"},`+"\n"+`{"name":"b","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}`+"\n]"), "t.json")
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 2 || c.Tools()[1].Params[0].Name != "q" {
		t.Errorf("streamed array: %+v", c.Tools())
	}
}
