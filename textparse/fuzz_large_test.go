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
// array nested depth deep (shape&4). The repeated text is cut at
// maxLargeInput, so the whole stays under 100 KiB whatever seed the fuzzer
// grows.
func largeInput(seed []byte, reps uint16, depth uint8, shape uint8) []byte {
	var b bytes.Buffer
	n := int(reps % 3000)
	if len(seed) > 0 {
		n = min(n, maxLargeInput/len(seed)+1)
	}
	body := bytes.Repeat(seed, n)
	body = body[:min(len(body), maxLargeInput)]
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

// maxLargeInput bounds the repeated text of largeInput: past the 64 KiB
// sniff window and several times the 16 KiB call cap of the fuzz target,
// small enough that one execution (22 parses) stays well under a second.
const maxLargeInput = 96 << 10

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
		{"prose ", 100, 200, 4},                          // array arguments past the depth cap
		{"[x] ", 3000, 127, 6},                           // array arguments under the cap (invalid_json), malformed then valid
		{"plain prose, longer than a word ", 2999, 3, 2}, // ~94 KiB: past the 64 KiB sniff window
	} {
		f.Add([]byte(s.seed), s.reps, s.depth, s.shape)
	}
	f.Fuzz(func(t *testing.T, seed []byte, reps uint16, depth uint8, shape uint8) {
		in := largeInput(seed, reps, depth, shape)
		const maxCall = 16 << 10
		for _, format := range []Format{FormatToolCall, FormatAuto} {
			o := opts{Format: format, MaxCallBytes: maxCall}
			want := toolcall.Run(mustNew(o), in, 0)
			for _, chunk := range []int{maxCall + 1, maxCall, maxCall - 1, 64<<10 + 1, 64 << 10, 4096, 4095, 7} {
				if got := toolcall.Run(mustNew(o), in, chunk); !sameEvents(got, want) {
					t.Fatalf("%s, %d-byte chunks (input %d bytes): events differ from one chunk:\n%s\nwant:\n%s",
						format, chunk, len(in), eventLines(got), eventLines(want))
				}
			}
			if err := checkInvariants(in, runRaw(mustNew(o), splitEvery(in, 4093))); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
		}
	})
}

// TestLargeInputBounded: whatever seed the fuzzer grows, largeInput stays
// within maxLargeInput (plus its fixed markup). The fuzz body parses each
// input 22 times and encodes the events 20 times; a 4 KiB seed repeated
// 2999 times made a 12 MB input, tens of seconds per execution, and the
// fuzzer's minimisation of such an input (which runs the body once per
// candidate) showed as a stall of 0 execs/s for half a minute.
func TestLargeInputBounded(t *testing.T) {
	for _, seed := range [][]byte{
		bytes.Repeat([]byte("<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>"), 80),
		bytes.Repeat([]byte("x"), 4096),
		[]byte("plain prose "),
	} {
		for shape := range uint8(8) {
			in := largeInput(seed, 2999, 255, shape)
			if max := maxLargeInput + 2048; len(in) > max {
				t.Errorf("seed of %d bytes, shape %d: input is %d bytes, over %d", len(seed), shape, len(in), max)
			}
		}
	}
	// The cap still leaves room to cross the 64 KiB sniff window.
	if in := largeInput([]byte("plain prose, longer than a word "), 2999, 1, 0); len(in) <= 64<<10 {
		t.Errorf("largeInput no longer crosses the 64 KiB window: %d bytes", len(in))
	}
}
