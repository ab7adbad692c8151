package textparse

import (
	"bytes"
	"strings"
	"testing"
)

// TestEveryFormatTextPathAllocatesNothing: plain text (with '<', '[' and
// markup that is not protocol) costs no allocation per chunk in any
// format, auto included.
func TestEveryFormatTextPathAllocatesNothing(t *testing.T) {
	text := bytes.Repeat([]byte("plain text, a < b, [link](x) and <div>html</div>, <|x|> 日本語 "), 60)
	for _, f := range Formats() {
		p := mustNew(opts{Format: f, Tools: tools})
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

// TestNoMarkerContainsAnother: the marker matcher relies on it (a held
// prefix that fails is text up to the next possible start, see refeed).
func TestNoMarkerContainsAnother(t *testing.T) {
	check := func(where string, s *actionSet) {
		for _, a := range s.list {
			for _, b := range s.list {
				if a != b && strings.Contains(a, b) {
					t.Errorf("%s: marker %q contains marker %q", where, a, b)
				}
			}
		}
	}
	for _, f := range Formats() {
		c := compiledFor(f)
		if c == nil {
			continue
		}
		check(string(f)+" text", &c.text)
		for i := range c.reason {
			check(string(f)+" reasoning", &c.reason[i])
		}
		for _, bs := range c.blocks {
			check(string(f)+" block", &bs.between)
			check(string(f)+" name", &bs.name)
		}
	}
}
