package catalog

import (
	"strings"
	"testing"
)

// defer_loading is read from every provider shape that carries it (on the
// tool, or on an OpenAI Chat tool's wrapper); anything but a boolean is an
// error naming where.
func TestDeferLoading(t *testing.T) {
	for _, c := range []struct {
		name, data string
		want       string // names of the deferred tools
	}{
		{"anthropic", `[{"name":"a","input_schema":{"type":"object"},"defer_loading":true},{"name":"b","input_schema":{"type":"object"}}]`, "a"},
		{"openai responses", `[{"type":"function","name":"a","parameters":{},"defer_loading":false},{"type":"function","name":"b","parameters":{},"defer_loading":true}]`, "b"},
		{"openai chat wrapper", `[{"type":"function","defer_loading":true,"function":{"name":"a","parameters":{}}}]`, "a"},
		{"openai chat function", `[{"type":"function","function":{"name":"a","parameters":{},"defer_loading":true}}]`, "a"},
		{"mcp", `{"tools":[{"name":"a","inputSchema":{"type":"object"},"defer_loading":true},{"name":"b","inputSchema":{"type":"object"}}]}`, "a"},
		{"none", `[{"name":"a","input_schema":{"type":"object"}}]`, ""},
	} {
		cat, err := Parse([]byte(c.data), c.name)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []string
		for _, tool := range cat.Tools() {
			if tool.DeferLoading {
				got = append(got, tool.Name)
			}
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s: deferred %v, want %s", c.name, got, c.want)
		}
	}
	_, err := Parse([]byte("[\n{\"name\":\"a\",\"input_schema\":{},\"defer_loading\":\"yes\"}]"), "bad.json")
	if err == nil || !strings.Contains(err.Error(), "bad.json:2:") || !strings.Contains(err.Error(), `$[0].defer_loading: want true or false, got string "yes"`) {
		t.Errorf("err = %v", err)
	}
}
