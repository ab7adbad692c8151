package textparse

import (
	"bytes"
	"testing"
)

// TestEveryFormatTextPathAllocatesNothing: plain text (with '<', '[' and
// markup that is not protocol) costs no allocation per chunk in any
// format, auto included.
func TestEveryFormatTextPathAllocatesNothing(t *testing.T) {
	text := bytes.Repeat([]byte("plain text, a < b, [link](x) and <div>html</div>, <|x|> 日本語 "), 60)
	for _, f := range Formats() {
		p := New(WithFormat(f), WithTools(tools))
		p.Feed(text[:512])
		allocs := testing.AllocsPerRun(20, func() {
			for i := 0; i+16 <= len(text); i += 16 {
				p.Feed(text[i : i+16])
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per pass over plain text", f, allocs)
		}
	}
}

// TestEveryFormatHasAWireShape: help and the README list each format
// with its wire shape.
func TestEveryFormatHasAWireShape(t *testing.T) {
	for _, f := range Formats() {
		if Wire(f) == "" {
			t.Errorf("%s has no wire shape", f)
		}
	}
}
