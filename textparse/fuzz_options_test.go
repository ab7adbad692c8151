package textparse

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// The options a dialect is read with (a catalog, reasoning opened by the
// prompt, reasoning parsing off, calls kept in reasoning) change which
// states its bytes go through; the per-dialect fuzz targets read each
// dialect with one set. FuzzEveryFormat reads any input in any registered
// format (auto included) under any combination of them, with the same
// invariants: every byte accounted for, and the same events at any
// chunking.

// fuzzOptions decodes flags (a fuzz argument) into the options of a read.
func fuzzOptions(f Format, flags uint8) opts {
	o := opts{Format: f, MaxDepth: 16}
	if flags&1 != 0 {
		o.Tools = tools
	}
	o.ReasoningOpen = flags&2 != 0
	o.ThinkAsText = flags&4 != 0
	o.KeepCallsInReasoning = flags&8 != 0
	return o
}

// caseFlags is fuzzOptions' flags for a table case's options.
func caseFlags(c parseCase) uint8 {
	var flags uint8
	for i, on := range []bool{c.tools, c.open, c.plain, c.keep} {
		if on {
			flags |= 1 << i
		}
	}
	return flags
}

func FuzzEveryFormat(f *testing.F) {
	formats := Formats()
	for _, c := range parseCases {
		if c.set != nil || c.max != 0 || !slices.Contains(formats, c.format) {
			continue // (a catalog or cap of its own: the dialect's own target reads it)
		}
		flags := caseFlags(c)
		f.Add([]byte(c.in), string(c.format), flags, uint64(len(c.in)))
		f.Add([]byte(c.in), string(c.format), flags^2, uint64(len(c.in))+1) // and with reasoning opened (or not)
	}
	f.Fuzz(func(t *testing.T, in []byte, format string, flags uint8, seed uint64) {
		fuzzParseOpts(t, fuzzOptions(fuzzFormat(format), flags), in, seed)
	})
}

// fuzzFormat is the format a fuzzed name names: the one it parses as
// (so a saved input keeps its format when dialects are added), else a
// registered one picked by the name's hash (a mutated name still reads
// some format).
func fuzzFormat(name string) Format {
	if f, err := ParseFormat(name); err == nil {
		return f
	}
	all := Formats()
	h := fnv.New32a()
	h.Write([]byte(name))
	return all[int(h.Sum32()%uint32(len(all)))]
}

// largeCaps are the sizes the parser bounds something by: a marker's
// suffix and Gemma 4's literals (maxSuffix, maxLit), white space after a
// block's call and the tail of dropped markup (maxSepSpace, maxDropTail),
// generic tag names (maxGenericName), whitespace held after call markup
// in reasoning (maxPendSpace), a Python list's probe (pyProbeMax), tags,
// names, keys and bare values (maxTag, 1 KiB), FuzzEveryFormatLarge's call
// cap (largeMaxCall) and an answer's object held as text (envProbeMax).
var largeCaps = []int{maxSuffix, maxSepSpace, maxGenericName, maxPendSpace, pyProbeMax, maxTag, largeMaxCall, envProbeMax}

// largeMaxCall is the call cap FuzzEveryFormatLarge sets with flag 16.
const largeMaxCall = 4 << 10

// maxLargeGrowth bounds the bytes FuzzEveryFormatLarge inserts: past every
// cap in largeCaps, small enough that an execution stays in milliseconds.
const maxLargeGrowth = 20 << 10

// growInput inserts grow, repeated reps times (at most maxLargeGrowth
// bytes), into in at byte at (modulo its length): a name, a key, a value,
// a run of white space or of brackets made longer than a cap.
func growInput(in []byte, at uint16, grow []byte, reps uint16) ([]byte, int) {
	k := int(at) % (len(in) + 1)
	n := int(reps % 8192)
	if len(grow) > 0 {
		n = min(n, maxLargeGrowth/len(grow)+1)
	}
	body := bytes.Repeat(grow, n)
	body = body[:min(len(body), maxLargeGrowth)]
	out := make([]byte, 0, len(in)+len(body))
	out = append(append(append(out, in[:k]...), body...), in[k:]...)
	return out, k
}

// largeOptions is fuzzOptions for the format named format (a name no
// dialect has picks one by its bytes), with flag 16 the call cap set to
// largeMaxCall and flag 32 auto read instead.
func largeOptions(format string, flags uint8) opts {
	f := fuzzFormat(format)
	if flags&32 != 0 {
		f = FormatAuto
	}
	o := fuzzOptions(f, flags)
	if flags&16 != 0 {
		o.MaxCallBytes = largeMaxCall
	}
	return o
}

// FuzzEveryFormatLarge: a table case's input with a fuzzed seed repeated
// into it at a fuzzed byte — a name, a key, a value, white space or
// nesting grown past the caps (largeCaps) — read in any format under any
// options, gives the events of one chunk when cut in two on either side of
// each cap (counted from the input's start and from where the growth
// starts) or where the fuzzer says, and in chunks of a cap's size; every
// byte is accounted for. Its seeds grow every format's first case that
// calls get_weather for Paris by city.
func FuzzEveryFormatLarge(f *testing.F) {
	seen := map[Format]bool{}
	for _, c := range parseCases {
		if seen[c.format] || c.set != nil || c.max != 0 {
			continue
		}
		name := strings.Index(c.in, "get_weather")
		value := strings.Index(c.in, "Paris")
		key := strings.Index(c.in, "city")
		if name < 0 || value < 0 || key < 0 {
			continue
		}
		seen[c.format] = true
		flags := caseFlags(c)
		end := strings.LastIndexByte(c.in, '}') + 1 // after a call's body, or at the start
		body := strings.IndexAny(c.in, "{[")        // a call's body, or its markup's '>'
		if gt := strings.IndexByte(c.in, '>'); body < 0 || gt >= 0 && gt+1 < body {
			body = gt + 1
		}
		for _, s := range []struct {
			at    int
			grow  string
			reps  uint16
			flags uint8
		}{
			{name + 3, "x", maxTag + 1, flags},                // a name past the 1 KiB name caps
			{key + 2, "k", maxTag + 1, flags | 1},             // a key past them, with the catalog
			{value + 2, "x", maxTag + 1, flags},               // a value past them (a bare value's)
			{value + 2, "ab, ", largeMaxCall / 4, flags | 16}, // a value past the call cap
			{name, " ", maxPendSpace + 1, flags ^ 2},          // white space past maxPendSpace
			{body, "\n ", maxPendSpace/2 + 1, flags | 2},      // after call markup, in reasoning
			{end, " \n", maxSepSpace/2 + 1, flags},            // after a call's body
			{value - 1, "[", 40, flags | 32},                  // nesting past the depth cap, under auto
			{value - 1, "{", 40, flags},                       // braces (in Python a dict key, held)
			{0, "{\"k\": ", envProbeMax/6 + 1, flags &^ 2},    // an answer's object past envProbeMax
		} {
			f.Add([]byte(c.in), string(c.format), s.flags, uint16(s.at), []byte(s.grow), s.reps, uint16(0))
		}
	}
	f.Fuzz(func(t *testing.T, base []byte, format string, flags uint8, at uint16, grow []byte, reps uint16, cut uint16) {
		checkGrown(t, largeOptions(format, flags), base, at, grow, reps, cut)
	})
}

// checkGrown is FuzzEveryFormatLarge's check of one input: base with grow
// repeated reps times at byte at, read with o, accounts for every byte and
// gives the events of one chunk when cut in two on either side of each cap
// (counted from the input's start and from where the growth starts), at
// cut, and in chunks of a cap's size.
func checkGrown(t *testing.T, o opts, base []byte, at uint16, grow []byte, reps uint16, cut uint16) {
	t.Helper()
	in, k := growInput(base, at, grow, reps)
	if err := checkInvariants(in, runRaw(mustNew(o), [][]byte{in})); err != nil {
		t.Fatalf("%s, whole input (%d bytes): %v", o.Format, len(in), err)
	}
	whole := toolcall.Run(mustNew(o), in, 0)
	differ := func(how string, got []toolcall.Event) {
		if !sameEvents(got, whole) {
			t.Fatalf("%s, %s (input %d bytes, grown at %d): events differ from one chunk:\n%s",
				o.Format, how, len(in), k, firstDiff(got, whole))
		}
	}
	cuts := []int{int(cut)} // and one the caller picks
	for _, c := range largeCaps {
		for d := -1; d <= 1; d++ {
			cuts = append(cuts, c+d, k+c+d)
		}
	}
	for _, n := range cuts {
		if n > 0 && n < len(in) {
			differ(fmt.Sprintf("cut at %d", n), toolcall.RunChunks(mustNew(o), [][]byte{in[:n:n], in[n:]}))
		}
	}
	for _, n := range []int{maxTag - 1, maxGenericName + 1, 7} {
		if err := checkInvariants(in, runRaw(mustNew(o), splitEvery(in, n))); err != nil {
			t.Fatalf("%s, %d-byte chunks: %v", o.Format, n, err)
		}
		differ(fmt.Sprintf("%d-byte chunks", n), toolcall.Run(mustNew(o), in, n))
	}
}

// firstDiff shows where two event lists part: the first event that
// differs in each, its data clipped.
func firstDiff(got, want []toolcall.Event) string {
	g, w := strings.Split(eventLines(got), "\n"), strings.Split(eventLines(want), "\n")
	i := 0
	for i < len(g) && i < len(w) && g[i] == w[i] {
		i++
	}
	line := func(l []string) string {
		if i >= len(l) {
			return "(none)"
		}
		return clip(l[i])
	}
	return fmt.Sprintf("event %d (of %d and %d):\n got: %s\nwant: %s", i, len(got), len(want), line(g), line(w))
}

// clip shortens a long event line for a failure message.
func clip(s string) string {
	if len(s) > 600 {
		return s[:300] + " … " + s[len(s)-300:]
	}
	return s
}
