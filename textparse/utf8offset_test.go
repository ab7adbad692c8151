package textparse

import (
	"bytes"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestInvalidUTF8InValueKeepsItsOffset: a value's bytes are escaped as JSON
// string characters (a quote becomes two bytes), and an unfinished UTF-8
// character at the end of a run is held; it is reported at its own input
// offset, whatever the chunking (found by FuzzCline and FuzzAuto: the held
// byte was placed by the escaped length, one byte too far, when the whole
// value came in one run).
func TestInvalidUTF8InValueKeepsItsOffset(t *testing.T) {
	// The output ends inside the value's closing tag, so the recovered
	// closer's error separates the held byte's delta from the ones before.
	in := []byte("<tool_call>\n<function=write>\n<parameter=content>\"00\xf1</parameter")
	at := bytes.IndexByte(in, 0xf1)
	for _, size := range []int{0, 1, 2, 3, 5, 7, 64} {
		evs := toolcall.Run(mustNew(opts{Format: "qwen3_coder"}), in, size)
		found := false
		for _, ev := range evs {
			if ev.Kind == toolcall.KindArgsDelta && len(ev.Data) > 0 && ev.Data[0] == 0xf1 {
				found = true
				if ev.Offset != at {
					t.Fatalf("chunk %d: the invalid byte's delta is at offset %d, want %d", size, ev.Offset, at)
				}
			}
		}
		if !found {
			t.Fatalf("chunk %d: no delta starts with the invalid byte: %+v", size, evs)
		}
	}
}
