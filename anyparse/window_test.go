package anyparse

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// windowBody builds an Ollama stream whose first line is pad bytes of
// content long (so it can end before, at or after the sniff window),
// followed by a call, or a text whose first line is as long.
func windowBody(pad int, native bool, filler string) []byte {
	if filler == "" {
		filler = "x"
	}
	content := strings.Repeat(filler, pad/len(filler)+1)[:pad]
	q, _ := json.Marshal(content)
	if !native {
		return []byte(`{"note": ` + string(q) + "}\nplain text <tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>")
	}
	return []byte(`{"model":"m","created_at":"t","message":{"role":"assistant","content":` + string(q) + `},"done":false}` + "\n" +
		`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"a":1}}}]},"done":true}` + "\n")
}

// chunkSizes are the feed sizes that matter for a body: tiny, a typical
// buffer, and both sides of the sniff window and of the whole body.
func chunkSizes(n int) []int {
	w := nativeparse.SniffWindow
	return []int{0, 4096, 7919, w - 1, w, w + 1, n - 1}
}

// auto gives the same answer whatever the chunking, also when the first
// line is longer than the sniff window (defect: 4096-byte chunks read a
// long Ollama first line as text, one chunk as ollama).
func TestAutoChunkIndependentAcrossWindow(t *testing.T) {
	w := nativeparse.SniffWindow
	for _, pad := range []int{100, w - 200, w - 60, w, w + 10, 3 * w} {
		for _, native := range []bool{true, false} {
			in := windowBody(pad, native, "")
			var want []byte
			for _, cs := range chunkSizes(len(in)) {
				p, _ := New(opts{})
				got, _ := json.Marshal(toolcall.Run(p, in, cs))
				if want == nil {
					want = got
					r := toolcall.Collect("", toolcall.Run(mustNew(t), in, 0))
					if len(r.Calls) != 1 {
						t.Fatalf("pad %d native %v: %d calls, errors %+v", pad, native, len(r.Calls), r.Errors)
					}
					if d := Detected(p, Auto); native && d != "ollama" || !native && d != "tool_call" {
						t.Fatalf("pad %d native %v: detected %s", pad, native, d)
					}
					continue
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("pad %d native %v chunk %d: events differ from the whole feed", pad, native, cs)
				}
			}
		}
	}
}

func mustNew(t *testing.T) toolcall.StreamParser {
	p, err := New(opts{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// FuzzAutoWindow builds bodies whose first line ends near the sniff window
// (the fuzzer picks the offset and the filler) and checks that auto gives
// the same events at chunk sizes on both sides of the window.
func FuzzAutoWindow(f *testing.F) {
	f.Add(uint16(0), "x", true)
	f.Add(uint16(60), "é", true)
	f.Add(uint16(200), "[{", false)
	f.Add(uint16(1), "\\\"", true)
	f.Fuzz(func(t *testing.T, delta uint16, filler string, native bool) {
		pad := nativeparse.SniffWindow - 512 + int(delta%1024)
		in := windowBody(pad, native, filler)
		whole, _ := json.Marshal(toolcall.Run(mustNew(t), in, 0))
		for _, cs := range chunkSizes(len(in))[1:] {
			if cs <= 0 {
				continue
			}
			got, _ := json.Marshal(toolcall.Run(mustNew(t), in, cs))
			if !bytes.Equal(got, whole) {
				t.Fatalf("chunk %d: events differ from the whole feed", cs)
			}
		}
	})
}
