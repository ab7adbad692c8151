package bfcl

import (
	"errors"
	"strings"
	"testing"
)

func TestTranscribeResult(t *testing.T) {
	cases := []struct {
		name, result string
		format, text string
		calls        int
		err          string // substring; "unparsed" means errUnparsed
	}{
		{name: "decoded FC calls, arguments as JSON string", result: `[{"get_weather": "{\"city\": \"Paris\"}"}]`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>", calls: 1},
		{name: "decoded, arguments as object", result: `[{"f": {"a": 1}}, {"g": {}}]`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n</tool_call>\n<tool_call>\n{\"name\": \"g\", \"arguments\": {}}\n</tool_call>", calls: 2},
		{name: "broken JSON arguments kept as a string", result: `[{"f": "{\"a\": 1"}]`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"f\", \"arguments\": \"{\\\"a\\\": 1\"}\n</tool_call>", calls: 1},
		{name: "empty arguments string", result: `[{"f": ""}]`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>", calls: 1},
		{name: "name/arguments objects", result: `[{"name": "f", "arguments": {"a": "x"}}]`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": \"x\"}}\n</tool_call>", calls: 1},
		{name: "python text", result: `"[f(a='x', b=[1, 2])]"`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\":\"x\",\"b\":[1,2]}}\n</tool_call>", calls: 1},
		{name: "JSON text", result: `"[{\"name\": \"f\", \"parameters\": {\"a\": 1}}]"`,
			format: "tool_call", text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n</tool_call>", calls: 1},
		{name: "empty list text is no call", result: `"[]"`, format: "tool_call", text: "", calls: 0},
		{name: "prose kept verbatim", result: `"The weather is nice."`, format: "auto", text: "The weather is nice.", err: "unparsed"},
		{name: "multi-turn nested list", result: `[[{"f": "{}"}]]`, err: "multi-turn"},
		{name: "number", result: `42`, err: "result is a number"},
		{name: "two keys", result: `[{"f": "{}", "g": "{}"}]`, err: "has 2 keys"},
		{name: "missing", result: ``, err: "missing"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, n, err := TranscribeResult([]byte(tc.result))
			switch {
			case tc.err == "unparsed":
				if !errors.Is(err, errUnparsed) {
					t.Fatalf("err = %v, want errUnparsed", err)
				}
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if tr.Text == nil {
				t.Fatal("transcript has no text")
			}
			if tr.Format != tc.format || *tr.Text != tc.text || n != tc.calls {
				t.Errorf("got %q %q %d\nwant %q %q %d", tr.Format, *tr.Text, n, tc.format, tc.text, tc.calls)
			}
		})
	}
}

func TestRestoreNames(t *testing.T) {
	calls := []rawCall{{name: "math_factorial"}, {name: "unknown_tool"}, {name: "a_b"}, {name: "x.y"}}
	n := restoreNames(calls, []string{"math.factorial", "a.b", "a_b", "x.y"})
	if n != 1 || calls[0].name != "math.factorial" || calls[1].name != "unknown_tool" || calls[2].name != "a_b" {
		t.Errorf("renamed %d: %+v", n, calls)
	}
	// Ambiguous: two dotted names map to the same underscored one.
	calls = []rawCall{{name: "a_b_c"}}
	if restoreNames(calls, []string{"a.b_c", "a_b.c"}) != 0 || calls[0].name != "a_b_c" {
		t.Errorf("ambiguous name renamed: %+v", calls)
	}
}
