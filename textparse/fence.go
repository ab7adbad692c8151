package textparse

import "bytes"

// This file tracks Markdown code fences in the text outside calls, for the
// dialects whose calls quoted in a fenced code block are text (Tags.Fence).
// The state follows the text as it is emitted, once: a line that starts
// with ``` (after at most three spaces) opens a fence, the next such line
// closes it. Only the start of each line is looked at; the rest of a line
// is skipped with one IndexByte for its newline, so the text path stays
// one pass and costs one search per line.

// fenceState is where the text emitted so far stands. The zero value is
// the start of a message: the start of a line, outside any fence.
type fenceState struct {
	open bool // inside a fenced code block
	// rest: the current line has content that is not a fence opener; else
	// the line so far is spaces spaces, then ticks backticks.
	rest          bool
	spaces, ticks uint8
}

// scan moves the state over text b.
func (f *fenceState) scan(b []byte) {
	i := 0
	for i < len(b) {
		if f.rest {
			j := bytes.IndexByte(b[i:], '\n')
			if j < 0 {
				return
			}
			i += j + 1
			f.rest, f.spaces, f.ticks = false, 0, 0
			continue
		}
		switch c := b[i]; {
		case c == '\n':
			f.spaces, f.ticks = 0, 0
		case c == ' ' && f.ticks == 0 && f.spaces < 3:
			f.spaces++
		case c == '`':
			if f.ticks++; f.ticks == 3 {
				f.open, f.rest = !f.open, true
			}
		default:
			f.rest = true
		}
		i++
	}
}
