package nativeparse

import "github.com/tooleval/tooleval/jsonscan"

// jsonFrame is the state of FramingJSON: where the framer is between and
// inside the top-level values of the body.
type jsonFrame struct {
	state   uint8 // jsTop, jsValue or jsJunk
	inArray bool  // the body's '[' was seen and its ']' not yet
	seen    bool  // a byte other than white space (or a BOM) was seen
	sc      jsonscan.Scanner
	off     int    // body offset of the value (or junk) being read
	buf     []byte // its bytes so far, once it spans more than one source
	spans   bool   // buf holds its beginning

	// pre holds the first line (plus a '\n') when FramingAuto chose
	// FramingJSON from it: it is read before the rest of the chunk.
	pre    []byte
	preOff int
	prePos int
}

const (
	jsTop       = iota // between values: white space, ',', '[' and ']'
	jsValue            // inside a value, scanned by sc
	jsJunk             // inside bytes that are not JSON, up to the line end
	jsSkipValue        // inside a value over the cap: scanned, not kept
	jsSkipJunk         // inside junk over the cap: skipped to the line end
)

// jsonSource returns the unread bytes of the current source (the handed
// over first line, else the chunk) and the body offset of the first.
func (f *Framer) jsonSource() ([]byte, int) {
	j := &f.js
	if j.prePos < len(j.pre) {
		return j.pre[j.prePos:], j.preOff + j.prePos
	}
	if len(j.pre) > 0 {
		j.pre, j.prePos = j.pre[:0], 0
	}
	if f.skipLF && f.pos < len(f.chunk) {
		// The line handed over ended in a CR at the end of a chunk: the
		// LF that may follow is part of that line end, which pre already
		// holds as one '\n'.
		f.skipLF = false
		if f.chunk[f.pos] == '\n' {
			f.pos++
		}
	}
	return f.chunk[f.pos:], f.base + f.pos
}

func (f *Framer) jsonAdvance(n int) {
	if j := &f.js; j.prePos < len(j.pre) {
		j.prePos += n
		return
	}
	f.pos += n
}

// nextJSON returns the next record of FramingJSON. A value that lies
// within one chunk is returned without copying.
func (f *Framer) nextJSON() (Record, bool) {
	j := &f.js
	for {
		src, off := f.jsonSource()
		if len(src) == 0 {
			if f.closed && !f.drained {
				f.drained = true
				if (j.state == jsValue || j.state == jsJunk) && j.spans {
					// A value cut short, or junk without a line end.
					j.state = jsTop
					return Record{Offset: j.off, Data: j.buf}, true
				}
			}
			return Record{}, false
		}
		switch j.state {
		case jsTop:
			c := src[0]
			switch {
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',':
				f.jsonAdvance(1)
				continue
			case !j.seen && (c == 0xEF || c == 0xBB || c == 0xBF):
				f.jsonAdvance(1) // a byte-order mark
				continue
			case c == '[' && !j.inArray:
				j.inArray, j.seen = true, true
				f.jsonAdvance(1)
				continue
			case c == ']' && j.inArray:
				j.inArray = false
				f.jsonAdvance(1)
				continue
			}
			j.seen = true
			j.off, j.spans, j.buf = off, false, j.buf[:0]
			j.state = jsJunk
			if c == '{' || c == '[' || c == '"' || c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f' || c == 'n' {
				j.state = jsValue
				j.sc.Reset()
			}
		case jsValue, jsSkipValue:
			n := j.sc.Feed(src)
			if j.state == jsValue && len(j.buf)+n > f.recordCap() {
				j.state = jsSkipValue
				f.jsonAdvance(n)
				j.buf = j.buf[:0]
				if j.sc.Err() != nil {
					j.state = jsSkipJunk
				} else if j.sc.Done() {
					j.state = jsTop
				}
				return Record{Offset: j.off, TooLarge: true}, true
			}
			switch {
			case j.state == jsSkipValue:
				f.jsonAdvance(n)
				if j.sc.Err() != nil {
					j.state = jsSkipJunk
				} else if j.sc.Done() {
					j.state = jsTop
				}
			case j.sc.Done():
				f.jsonAdvance(n)
				j.state = jsTop
				return Record{Offset: j.off, Data: f.jsonTake(src[:n])}, true
			case j.sc.Err() != nil:
				// Not JSON after all: the rest of the line is junk.
				f.jsonAdvance(n)
				j.buf = append(j.buf, src[:n]...)
				j.spans = true
				j.state = jsJunk
			default:
				f.jsonAdvance(n)
				j.buf = append(j.buf, src[:n]...)
				j.spans = true
			}
		case jsJunk, jsSkipJunk:
			end := len(src)
			for i, c := range src {
				if c == '\n' || c == '\r' {
					end = i
					break
				}
			}
			f.jsonAdvance(end)
			if j.state == jsSkipJunk {
				if end < len(src) {
					j.state = jsTop
				}
				continue
			}
			if len(j.buf)+end > f.recordCap() {
				j.buf = j.buf[:0]
				j.state = jsSkipJunk
				if end < len(src) {
					j.state = jsTop
				}
				return Record{Offset: j.off, TooLarge: true}, true
			}
			if end == len(src) {
				j.buf = append(j.buf, src...)
				j.spans = true
				continue
			}
			j.state = jsTop
			return Record{Offset: j.off, Data: trimSpace(f.jsonTake(src[:end]))}, true
		}
	}
}

// jsonTake returns the record bytes ending with tail: tail itself when the
// record lies within one source, else the buffered bytes plus tail.
func (f *Framer) jsonTake(tail []byte) []byte {
	j := &f.js
	if !j.spans {
		return tail
	}
	j.buf = append(j.buf, tail...)
	return j.buf
}
