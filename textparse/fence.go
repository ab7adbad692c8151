package textparse

import "bytes"

// This file tracks Markdown code in the text outside calls, for the
// dialects whose calls quoted in code are text (Tags.Fence): fenced code
// blocks and inline code spans. The state follows the text as it is
// emitted, once: a line that starts with ``` or ~~~ (after at most three
// spaces) opens a fence, the next such line of the same character closes
// it; outside a fence a run of backticks opens a code span that the next
// run of as many backticks, or a blank line (the paragraph's end), closes.
// The start of each line is looked at byte by byte; the rest of a line is
// searched with IndexByte for its backticks and its newline, so the text
// path stays one pass and costs a few searches per line.

// fenceState is where the text emitted so far stands. The zero value is
// the start of a message: the start of a line, outside any fence or span.
type fenceState struct {
	open bool // inside a fenced code block
	ch   byte // the open fence's character, '`' or '~'
	// rest: the current line has content that is not a fence opener;
	// else the line so far is spaces spaces, then ticks times tch.
	rest          bool
	spaces, ticks uint8
	tch           byte
	skip          bool  // the rest of the line is a fence line's info string
	span          uint8 // inside a code span opened by span backticks (0: none)
	run           uint8 // backticks of the run the text ends in, not yet ended
}

// quoting reports whether a tag that starts now is quoted: inside a fence
// or a code span, counting a run of backticks the text ends in (the tag's
// first byte ends it).
func (f *fenceState) quoting() bool {
	if f.open {
		return true
	}
	run := f.run
	if !f.rest && f.tch == '`' && f.ticks < 3 {
		run = f.ticks // a run at the line's start, fewer than a fence's
	}
	s := f.span
	if run > 0 {
		if s == 0 {
			s = run
		} else if run == s {
			s = 0
		}
	}
	return s > 0
}

// endRun ends the run of backticks the text was in: it opens a code span,
// or closes the one a run of as many backticks opened.
func (f *fenceState) endRun() {
	if f.span == 0 {
		f.span = f.run
	} else if f.run == f.span {
		f.span = 0
	}
	f.run = 0
}

// newline moves the state to the start of the next line; blank: the line
// it ends held nothing but spaces, which ends a code span.
func (f *fenceState) newline(blank bool) {
	if f.run > 0 {
		f.endRun()
	}
	if blank {
		f.span = 0
	}
	f.rest, f.skip, f.spaces, f.ticks, f.tch = false, false, 0, 0, 0
}

// scan moves the state over text b.
func (f *fenceState) scan(b []byte) {
	i := 0
	for i < len(b) {
		if f.rest {
			i = f.scanRest(b, i)
			continue
		}
		switch c := b[i]; {
		case c == '\n':
			if f.tch == '`' && f.ticks < 3 && !f.open {
				f.run = f.ticks // a line of one or two backticks
			}
			f.newline(f.ticks == 0)
		case c == ' ' && f.ticks == 0 && f.spaces < 3:
			f.spaces++
		case (c == '`' || c == '~') && (f.ticks == 0 || c == f.tch):
			f.tch = c
			if f.ticks++; f.ticks == 3 {
				f.fenceLine()
			}
		default:
			// The line has content: backticks before it are a run.
			if f.tch == '`' && !f.open {
				f.run = f.ticks
			}
			f.rest = true
			continue // c is read again as the rest of the line
		}
		i++
	}
}

// fenceLine acts on three fence characters at a line's start: they open
// a fence, close the open one of the same character, or are text.
func (f *fenceState) fenceLine() {
	f.rest, f.skip = true, true
	switch {
	case !f.open:
		f.open, f.ch, f.span, f.run = true, f.tch, 0, 0
	case f.tch == f.ch:
		f.open = false
	}
}

// scanRest moves the state over the rest of a line from b[i], up to and
// including its newline, and returns where it stopped.
func (f *fenceState) scanRest(b []byte, i int) int {
	end := len(b)
	nl := bytes.IndexByte(b[i:], '\n')
	if nl >= 0 {
		end = i + nl
	}
	if !f.open && !f.skip {
		for i < end {
			if f.run > 0 {
				if b[i] == '`' {
					if f.run < 255 {
						f.run++
					}
					i++
					continue
				}
				f.endRun()
			}
			j := bytes.IndexByte(b[i:end], '`')
			if j < 0 {
				break
			}
			i += j + 1
			f.run = 1
		}
	}
	if nl < 0 {
		return len(b)
	}
	f.newline(false)
	return end + 1
}

// thinkQuoted reports whether reasoning tag k, met in the answer (outside
// reasoning), is quoted in Markdown code where the format in use is a
// Tags.Fence dialect: "Literal `<think>`" explains the markup, it does not
// open reasoning, and a `</think>` there is no stray closer. The closer of
// reasoning a call ended (inreasoning.go) is still markup.
func (p *Parser) thinkQuoted(k tagKind, closing bool) bool {
	x := p.formatTag()
	return x != nil && x.d.Tags.Fence && !(closing && k == p.inr.cutK) && p.tags.fence.quoting()
}
