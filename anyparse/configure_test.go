package anyparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestConfigure: the reasoning options reach text parsers (directly or
// through auto) before the first Feed; provider streams ignore them; a
// parser New did not build is an error.
func TestConfigure(t *testing.T) {
	in := []byte("plan</think>done")
	for _, format := range []string{Auto, "tool_call", "kimi_k2"} {
		p, err := New(format, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := Configure(p, Options{ReasoningOpen: true}); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		r := toolcall.Collect(format, toolcall.Run(p, in, 3))
		if r.Reasoning != "plan" || r.Text != "done" {
			t.Errorf("%s: reasoning %q text %q", format, r.Reasoning, r.Text)
		}
	}
	p, _ := New("openai-chat", Options{})
	if err := Configure(p, Options{ReasoningOpen: true}); err != nil {
		t.Errorf("native: %v", err)
	}
	if err := Configure(struct{ toolcall.StreamParser }{}, Options{}); err == nil {
		t.Error("a foreign parser was configured")
	}
}
