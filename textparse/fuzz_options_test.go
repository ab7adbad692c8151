package textparse

import (
	"testing"
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
	index := map[Format]uint16{}
	for i, fm := range formats {
		index[fm] = uint16(i)
	}
	for _, c := range parseCases {
		if c.set != nil || c.max != 0 {
			continue // (a catalog or cap of its own: the dialect's own target reads it)
		}
		i, ok := index[c.format]
		if !ok {
			continue
		}
		flags := caseFlags(c)
		f.Add([]byte(c.in), i, flags, uint64(len(c.in)))
		f.Add([]byte(c.in), i, flags^2, uint64(len(c.in))+1) // and with reasoning opened (or not)
	}
	f.Fuzz(func(t *testing.T, in []byte, format uint16, flags uint8, seed uint64) {
		fuzzParseOpts(t, fuzzOptions(formats[int(format)%len(formats)], flags), in, seed)
	})
}
