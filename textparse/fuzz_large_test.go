package textparse

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// largeInput grows a message from a small fuzz seed so that it crosses the
// parser's caps: the seed text repeated reps times (prose, or inside a
// call's argument string when shape&1), arguments nested depth deep, and a
// malformed call followed by a valid one (shape&2), arguments that are an
// array nested depth deep (shape&4). The whole stays a few
// hundred KiB at most.
func largeInput(seed []byte, reps uint16, depth uint8, shape uint8) []byte {
	var b bytes.Buffer
	body := bytes.Repeat(seed, int(reps%3000))
	if shape&1 == 0 {
		b.Write(body)
	}
	if shape&2 != 0 {
		b.WriteString(`<tool_call>{"name":"broken","arguments":"x</tool_call>mid <tool_call>{"name":"ok","arguments":{}}</tool_call>`)
	}
	if shape&4 != 0 { // arguments that are an array, nested depth deep
		b.WriteString(`<tool_call>{"name":"deep_array","arguments":`)
		b.WriteString(strings.Repeat("[", int(depth)))
		b.WriteString(strings.Repeat("]", int(depth)))
		b.WriteString(`}</tool_call>`)
	}
	b.WriteString(`<tool_call>{"name":"deep","arguments":{"v":`)
	b.WriteString(strings.Repeat("[", int(depth)))
	b.WriteString(strings.Repeat("]", int(depth)))
	b.WriteString(`,"s":"`)
	if shape&1 != 0 {
		b.Write(bytes.ReplaceAll(bytes.ReplaceAll(body, []byte(`\`), nil), []byte(`"`), nil))
	}
	b.WriteString(`"}}</tool_call> tail`)
	return b.Bytes()
}

// FuzzChunkInvarianceLarge: inputs that cross the call-size cap (set low),
// the depth cap and, through auto, the 64 KiB window the callers sniff in,
// give the same events at every chunking — chunk sizes on both sides of
// each cap — in tool_call and auto.
func FuzzChunkInvarianceLarge(f *testing.F) {
	for _, s := range []struct {
		seed  string
		reps  uint16
		depth uint8
		shape uint8
	}{
		{"plain prose with a < b and [x] ", 10, 3, 0},
		{"plain prose ", 2500, 130, 0}, // past 16 KiB cap of the test and the depth cap
		{"日本語のテキスト ", 900, 127, 2},     // malformed then valid, depth just under the cap
		{"arg bytes ", 2000, 1, 1},     // one argument larger than the call cap
		{"{", 3000, 200, 3},
		{"<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>", 300, 0, 2},
		{"prose ", 100, 200, 4}, // array arguments past the depth cap
		{"[x] ", 3000, 127, 6},  // array arguments under the cap (invalid_json), malformed then valid
	} {
		f.Add([]byte(s.seed), s.reps, s.depth, s.shape)
	}
	f.Fuzz(func(t *testing.T, seed []byte, reps uint16, depth uint8, shape uint8) {
		in := largeInput(seed, reps, depth, shape)
		const maxCall = 16 << 10
		for _, format := range []Format{FormatToolCall, FormatAuto} {
			o := opts{Format: format, MaxCallBytes: maxCall}
			want := eventLines(toolcall.Run(mustNew(o), in, 0))
			for _, chunk := range []int{1 << 20, maxCall + 1, maxCall, maxCall - 1, 64<<10 + 1, 64 << 10, 4096, 4095, 7} {
				if got := eventLines(toolcall.Run(mustNew(o), in, chunk)); got != want {
					t.Fatalf("%s, %d-byte chunks (input %d bytes): events differ from one chunk", format, chunk, len(in))
				}
			}
			if err := checkInvariants(in, runRaw(mustNew(o), splitEvery(in, 4093))); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
		}
	})
}
