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
// prefix that fails is text up to the next possible start, see refeed);
// a dialect file is checked by the same rule (compiled.overlap).
func TestNoMarkerContainsAnother(t *testing.T) {
	for _, f := range Formats() {
		if c := compiledFor(f, false); c != nil {
			if err := c.overlap(); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
}

// TestRegistry: Formats, ParseFormat, Wire, Lookup and Dialects all read
// the one registry, and agree.
func TestRegistry(t *testing.T) {
	fs := Formats()
	if fs[0] != FormatAuto {
		t.Fatalf("Formats()[0] = %s, want auto", fs[0])
	}
	ds := Dialects()
	if len(ds) != len(fs)-1 {
		t.Fatalf("%d dialects, %d formats besides auto", len(ds), len(fs)-1)
	}
	for i, d := range ds {
		if d.Format != fs[i+1] || d.Wire != Wire(d.Format) || d.Wire == "" {
			t.Errorf("dialect %d: %+v, format %s wire %q", i, d, fs[i+1], Wire(fs[i+1]))
		}
		if got, err := ParseFormat(string(d.Format)); err != nil || got != d.Format {
			t.Errorf("ParseFormat(%s) = %s, %v", d.Format, got, err)
		}
		if in, ok := Lookup(d.Format); !ok || in.Format != d.Format {
			t.Errorf("Lookup(%s) = %+v, %v", d.Format, in, ok)
		}
		if i > 0 && ds[i-1].Format >= d.Format {
			t.Errorf("dialects not sorted: %s before %s", ds[i-1].Format, d.Format)
		}
	}
	if _, ok := Lookup(FormatAuto); ok {
		t.Error("Lookup(auto) found a dialect")
	}
	if _, err := ParseFormat("no_such_dialect"); err == nil || !strings.Contains(err.Error(), "use_tool") {
		t.Errorf("ParseFormat of an unknown name: %v", err)
	}
	for f, want := range map[Format]struct {
		tags   bool
		reason string
	}{
		FormatUseTool: {tags: true}, FormatSeedOSS: {tags: true, reason: "</seed:think>"},
		FormatMistral: {reason: "[/THINK]"}, FormatHarmony: {reason: "<|end|>"}, FormatKimiK2: {reason: "◁/think▷"},
	} {
		in, _ := Lookup(f)
		got := ""
		if len(in.Reasoning) > 0 {
			got = in.Reasoning[0].Close
		}
		if in.Tags != want.tags || got != want.reason {
			t.Errorf("%s: Tags %v, reasoning closed by %q; want %v, %q", f, in.Tags, got, want.tags, want.reason)
		}
	}
}

// TestEveryFormatCallPathAllocatesNothing: once a parser has met a call
// (its buffers grown, the tool's name interned), further calls of the
// same shape cost no allocation: the written example of every dialect,
// fed again and again in chunks, as a tool-dense stream is.
func TestEveryFormatCallPathAllocatesNothing(t *testing.T) {
	for _, d := range Dialects() {
		in, err := WriteExample(d.Format, exampleCall)
		if err != nil {
			t.Fatalf("%s: %v", d.Format, err)
		}
		if d.Anchored && !strings.HasPrefix(in, exampleCall.Text) {
			continue // a bare list at the start of the answer: one per message
		}
		msg := []byte(strings.Repeat(in+"\n", 8))
		p := mustNew(opts{Format: d.Format, Tools: tools})
		feed := func() {
			for i := 0; i < len(msg); i += 64 {
				p.Feed(msg[i:min(i+64, len(msg))])
			}
		}
		feed()
		if allocs := testing.AllocsPerRun(10, feed); allocs != 0 {
			t.Errorf("%s: %v allocations per 8 calls", d.Format, allocs)
		}
	}
}
