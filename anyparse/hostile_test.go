package anyparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/growth"
	"github.com/tooleval/tooleval/toolcall"
)

// Every input path through auto (text dialects and provider streams) is
// linear in memory on hostile input, and reports its cap's error code
// where a cap applies ("" = no error expected).
func TestAutoHostileInputsLinear(t *testing.T) {
	for _, h := range []struct {
		name string
		opts opts
		gen  func(n int) []byte
		code toolcall.Code
	}{
		{"text of <", opts{}, func(n int) []byte { return []byte(strings.Repeat("<", n)) }, ""},
		{"one endless text line", opts{}, func(n int) []byte { return []byte(strings.Repeat("word ", n/5)) }, ""},
		{"tool_call arguments of [", opts{}, func(n int) []byte {
			return []byte(`<tool_call>{"name":"f","arguments":{"a":` + strings.Repeat("[", n) + `</tool_call>`)
		}, toolcall.CodeTooDeep},
		{"use_tool arguments of {\"a\":", opts{}, func(n int) []byte {
			return []byte(`<use_tool><tool_name>f</tool_name><arguments>` + strings.Repeat(`{"a":`, n/5) + `</arguments></use_tool>`)
		}, toolcall.CodeTooDeep},
		{"tool_call arguments over the call cap", opts{MaxCallBytes: 32 << 10}, func(n int) []byte {
			return []byte(`<tool_call>{"name":"f","arguments":{"a":"` + strings.Repeat("x", n) + `"}}</tool_call>`)
		}, toolcall.CodeTooLarge},
		{"sse line of [", opts{}, func(n int) []byte {
			return []byte("data: " + strings.Repeat("[", n) + "\ndata: 1\n\n")
		}, toolcall.CodeTooDeep},
		{"ndjson line over the record cap", opts{MaxRecordBytes: 32 << 10}, func(n int) []byte {
			return []byte(`{"model":"m","created_at":"t","message":{"role":"assistant","content":"` + strings.Repeat("x", n) + "\"},\"done\":false}\n")
		}, toolcall.CodeTooLarge},
	} {
		t.Run(h.name, func(t *testing.T) {
			run := func(in []byte) []toolcall.Event {
				p, _ := New(h.opts)
				return toolcall.Run(p, in, 4096)
			}
			for _, n := range []int{64 << 10, 1 << 20} {
				var codes []toolcall.Code
				for _, ev := range run(h.gen(n)) {
					if ev.Kind == toolcall.KindError {
						codes = append(codes, ev.Err.Code)
						if len(ev.Err.Message) > 300 {
							t.Fatalf("%d: error message of %d bytes", n, len(ev.Err.Message))
						}
					}
				}
				if h.code == "" && len(codes) > 0 || h.code != "" && (len(codes) == 0 || codes[0] != h.code) {
					t.Fatalf("%d: errors %v, want %q first", n, codes, h.code)
				}
			}
			growth.Linear(t, 64<<10, h.gen, func(in []byte) { run(in) })
		})
	}
}
