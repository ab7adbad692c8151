package nativeparse

import (
	"bytes"

	"github.com/tooleval/tooleval/toolcall"
)

// Framing says how the wire events of a response body are delimited.
type Framing uint8

const (
	// FramingAuto decides from the first non-blank line: a line that
	// starts with '[' (a JSON array) or is a lone '{' (a pretty-printed
	// object) means FramingJSON, any other line starting with '{' NDJSON,
	// anything else server-sent events.
	FramingAuto Framing = iota
	// FramingSSE is text/event-stream: "field: value" lines, events ended
	// by a blank line.
	FramingSSE
	// FramingNDJSON is newline-delimited JSON: one value per line.
	FramingNDJSON
	// FramingJSON is a JSON array streamed element by element, as Gemini's
	// streamGenerateContent sends without alt=sse ("[{…}\n,\r\n{…}\n]"):
	// each element, however many lines it spans, is one record. JSON
	// values that follow one another outside an array (pretty-printed
	// objects) are records too. Bytes that are not JSON are passed on as
	// one record up to the end of their line, so the consumer can report
	// them; framing resumes after it.
	FramingJSON
)

// String returns "auto", "sse", "ndjson" or "json".
func (f Framing) String() string {
	switch f {
	case FramingSSE:
		return "sse"
	case FramingNDJSON:
		return "ndjson"
	case FramingJSON:
		return "json"
	}
	return "auto"
}

// Record is one wire event: an SSE event, one NDJSON line or one JSON
// value (an array element) of FramingJSON.
//
// Event and Data alias the Framer's buffers or the fed chunk; they are valid
// until the next call to Next or Feed.
type Record struct {
	// Offset is the byte offset in the whole body where the event's first
	// line begins (comment lines before it excluded).
	Offset int
	// Event is the SSE "event:" name, or nil.
	Event []byte
	// Data is the SSE data (several data lines joined by "\n") or the
	// NDJSON line without its line end.
	Data []byte
	// TooLarge reports a line, SSE event or JSON value longer than the
	// Framer's cap (Data is nil). It is reported when the cap is crossed;
	// the framer then skips to the end of that line (SSE: that event; a
	// JSON value: that value) without buffering and goes on.
	TooLarge bool
}

var bom = []byte("\xEF\xBB\xBF")

// Framer splits a response body, fed in chunks of any size, into wire
// events. Line ends may be LF, CRLF or CR; a leading UTF-8 BOM is skipped.
// It follows the WHATWG event-stream rules: comment lines (":…") are
// ignored, one space after the field colon is removed, "data" lines are
// joined with "\n", "id" and "retry" are kept, unknown fields are ignored,
// and an event is dispatched at a blank line (or at the end of the body).
// As a leniency, a line starting with '{' or '[' outside any event is taken
// as a record of its own (gateways send bare JSON error bodies).
//
// Use it like a tokenizer:
//
//	f.Feed(chunk)
//	for {
//		rec, ok := f.Next()
//		if !ok {
//			break
//		}
//		…
//	}
//
// and after the last chunk call Close and drain Next once more.
type Framer struct {
	framing Framing

	chunk []byte // the chunk being scanned
	pos   int    // next unscanned byte of chunk
	base  int    // body offset of chunk[0]

	partial    []byte // an unfinished line carried over from earlier chunks
	partialOff int
	maxRecord  int  // cap on a line, an event's data, a JSON value
	skipLine   bool // a line over the cap is being skipped to its end
	dropEvent  bool // SSE: the event being read went over the cap
	skipLF     bool // the last byte seen was a CR: a following LF belongs to it
	firstLine  bool // the next line is the body's first (strip a BOM)
	closed     bool
	drained    bool

	// the SSE event being built
	inEvent  bool
	evOff    int
	hasData  bool
	data     []byte
	event    []byte
	clearNow bool // the previous record's buffers may be reused

	lastID []byte
	retry  int

	js jsonFrame // FramingJSON state
}

// NewFramer returns a Framer for the given framing.
func NewFramer(framing Framing) *Framer {
	f := &Framer{}
	f.Reset(framing)
	return f
}

// Reset makes f ready for a new body, keeping its buffers.
func (f *Framer) Reset(framing Framing) {
	js := f.js
	*f = Framer{
		maxRecord: f.maxRecord,
		framing:   framing,
		partial:   f.partial[:0],
		data:      f.data[:0],
		event:     f.event[:0],
		lastID:    f.lastID[:0],
		firstLine: true,
		retry:     -1,
	}
	f.js = jsonFrame{pre: js.pre[:0], buf: js.buf[:0], sc: js.sc}
	f.js.sc.Reset()
}

// SetMaxRecordBytes caps a line, an SSE event's data and a JSON value
// (n <= 0: toolcall.DefaultMaxRecordBytes). Reset keeps the cap.
func (f *Framer) SetMaxRecordBytes(n int) { f.maxRecord = n }

func (f *Framer) recordCap() int {
	if f.maxRecord <= 0 {
		return toolcall.DefaultMaxRecordBytes
	}
	return f.maxRecord
}

// Framing returns the framing in use; FramingAuto until the first
// non-blank line has been seen.
func (f *Framer) Framing() Framing { return f.framing }

// LastEventID returns the last SSE "id:" value seen.
func (f *Framer) LastEventID() []byte { return f.lastID }

// Retry returns the last SSE "retry:" value in milliseconds, or -1.
func (f *Framer) Retry() int { return f.retry }

// Offset returns the number of body bytes fed so far.
func (f *Framer) Offset() int { return f.base + len(f.chunk) }

// Feed hands f the next chunk of the body. Call Next until it reports
// false before feeding again; f keeps no reference to a chunk after that.
func (f *Framer) Feed(chunk []byte) {
	f.base += len(f.chunk)
	f.chunk = chunk
	f.pos = 0
}

// Close marks the end of the body: the next calls to Next return what the
// last, unterminated line and event hold.
func (f *Framer) Close() {
	f.base += len(f.chunk)
	f.chunk = nil
	f.pos = 0
	f.closed = true
}

// Next returns the next complete wire event, or false when the fed bytes
// hold no more.
func (f *Framer) Next() (Record, bool) {
	if f.clearNow {
		f.clearNow = false
		f.data = f.data[:0]
		f.event = f.event[:0]
		f.hasData = false
		f.inEvent = false
	}
	if f.framing == FramingJSON {
		return f.nextJSON()
	}
	for {
		line, off, st := f.nextLine()
		if st == lineToJSON {
			return f.nextJSON()
		}
		if st == lineTooLarge {
			if f.framing == FramingSSE {
				// The rest of its event is dropped too. (Before the
				// framing is known there is no event to drop.)
				f.dropSSEEvent()
			}
			return Record{Offset: off, TooLarge: true}, true
		}
		if st == lineNone {
			if f.closed && !f.drained {
				f.drained = true
				if f.hasData {
					return f.dispatch(), true
				}
			}
			return Record{}, false
		}
		if f.framing == FramingAuto {
			t := trimSpace(line)
			if len(t) == 0 {
				continue
			}
			switch {
			case t[0] == '[' || len(t) == 1 && t[0] == '{':
				// The line is handed to the JSON framing with its line
				// end (as white space) and read again from there.
				f.framing = FramingJSON
				f.js.pre = append(append(f.js.pre[:0], line...), '\n')
				f.js.preOff = off
				return f.nextJSON()
			case t[0] == '{':
				f.framing = FramingNDJSON
			default:
				f.framing = FramingSSE
			}
		}
		if f.framing == FramingNDJSON {
			if t := trimSpace(line); len(t) > 0 {
				return Record{Offset: off, Data: t}, true
			}
			continue
		}
		if rec, ok := f.sseLine(line, off); ok {
			return rec, true
		}
	}
}

// dropSSEEvent forgets the event being built; its remaining lines are
// ignored up to the blank line that ends it.
func (f *Framer) dropSSEEvent() {
	f.data, f.event = f.data[:0], f.event[:0]
	f.hasData = false
	f.inEvent, f.dropEvent = true, true
}

type lineStatus uint8

const (
	lineNone     lineStatus = iota // no complete line in the fed bytes
	lineOK                         // a line
	lineTooLarge                   // a line crossed the cap (it is then skipped)
	lineToJSON                     // a line over the cap made auto framing choose JSON
)

// nextLine returns the next complete line without its line end, and its
// body offset. At the end of a closed body the unterminated rest counts as
// a line. A line longer than the cap is reported (lineTooLarge) as soon as
// the cap is crossed and its bytes are skipped up to its line end.
func (f *Framer) nextLine() ([]byte, int, lineStatus) {
	rest := f.chunk[f.pos:]
	if f.skipLF && len(rest) > 0 {
		f.skipLF = false
		if rest[0] == '\n' {
			f.pos++
			rest = rest[1:]
		}
	}
	if len(rest) == 0 {
		if f.closed && len(f.partial) > 0 {
			line := f.partial
			f.partial = f.partial[:0]
			return f.stripBOM(line, f.partialOff)
		}
		return nil, 0, lineNone
	}
	end := bytes.IndexByte(rest, '\n')
	limit := end
	if limit < 0 {
		limit = len(rest)
	}
	next := end + 1
	if cr := bytes.IndexByte(rest[:limit], '\r'); cr >= 0 {
		end = cr
		next = cr + 1
		if next < len(rest) {
			if rest[next] == '\n' {
				next++
			}
		} else {
			f.skipLF = true
		}
	}
	off := f.base + f.pos
	if f.skipLine {
		if end < 0 {
			f.pos = len(f.chunk)
			return nil, 0, lineNone
		}
		f.skipLine = false
		f.pos += next
		return f.nextLine()
	}
	if end < 0 {
		if len(f.partial) == 0 {
			f.partialOff = off
		}
		if len(f.partial)+len(rest) > f.recordCap() {
			return f.lineOverCap(len(f.chunk), true)
		}
		f.partial = append(f.partial, rest...)
		f.pos = len(f.chunk)
		return nil, 0, lineNone
	}
	if len(f.partial) == 0 {
		f.partialOff = off
	}
	if len(f.partial)+end > f.recordCap() {
		return f.lineOverCap(f.pos+next, false)
	}
	line := rest[:end]
	f.pos += next
	if len(f.partial) > 0 {
		off = f.partialOff
		f.partial = append(f.partial, line...)
		line = f.partial
		// The line is consumed before the next nextLine call, so the
		// buffer can be emptied now and refilled later.
		f.partial = f.partial[:0]
	}
	return f.stripBOM(line, off)
}

// lineOverCap reports the line that began at partialOff as too large and
// moves past the scanned bytes (to pos); skip says its end is still to come.
//
// While the framing is still undecided, the line's first byte decides it
// first, as a complete line would: '[' hands the line to the JSON framing
// (which caps the value itself), '{' means NDJSON, anything else SSE.
func (f *Framer) lineOverCap(pos int, skip bool) ([]byte, int, lineStatus) {
	if f.framing == FramingAuto {
		switch f.autoLead() {
		case '[':
			f.framing = FramingJSON
			f.js.pre = append(f.js.pre[:0], f.partial...)
			f.js.preOff, f.js.prePos = f.partialOff, 0
			f.partial = f.partial[:0]
			f.firstLine = false
			return nil, 0, lineToJSON
		case '{':
			f.framing = FramingNDJSON
		case 0: // only blanks within the cap: undecided still
		default:
			f.framing = FramingSSE
		}
	}
	off := f.partialOff
	f.partial = f.partial[:0]
	f.pos = pos
	f.skipLine = skip
	f.firstLine = false
	return nil, off, lineTooLarge
}

// autoLead returns the first byte other than a space or tab (after a BOM
// on the body's first line) among the first cap bytes of the line being
// read, or 0.
func (f *Framer) autoLead() byte {
	n := f.recordCap()
	line := f.partial
	rest := f.chunk[f.pos:]
	at := func(i int) byte {
		if i < len(line) {
			return line[i]
		}
		return rest[i-len(line)]
	}
	total := min(n, len(line)+len(rest))
	i := 0
	if f.firstLine && total >= len(bom) && at(0) == bom[0] && at(1) == bom[1] && at(2) == bom[2] {
		i = len(bom)
	}
	for ; i < total; i++ {
		if c := at(i); c != ' ' && c != '\t' {
			if c == '\n' || c == '\r' {
				return 0
			}
			return c
		}
	}
	return 0
}

func (f *Framer) stripBOM(line []byte, off int) ([]byte, int, lineStatus) {
	if f.firstLine {
		f.firstLine = false
		if bytes.HasPrefix(line, bom) {
			line = line[len(bom):]
			off += len(bom)
		}
	}
	return line, off, lineOK
}

// sseLine applies one event-stream line; it reports a record when the line
// ends an event.
func (f *Framer) sseLine(line []byte, off int) (Record, bool) {
	if len(line) == 0 {
		if f.dropEvent {
			f.dropEvent, f.inEvent = false, false
			return Record{}, false
		}
		if f.hasData {
			return f.dispatch(), true
		}
		// An event without data is discarded.
		f.event = f.event[:0]
		f.inEvent = false
		return Record{}, false
	}
	if line[0] == ':' || f.dropEvent {
		return Record{}, false
	}
	if !f.inEvent && (line[0] == '{' || line[0] == '[') {
		return Record{Offset: off, Data: trimSpace(line)}, true
	}
	if !f.inEvent {
		f.inEvent = true
		f.evOff = off
	}
	name, value := line, line[:0]
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "data":
		if len(f.data)+1+len(value) > f.recordCap() {
			at := f.evOff
			f.dropSSEEvent()
			return Record{Offset: at, TooLarge: true}, true
		}
		if f.hasData {
			f.data = append(f.data, '\n')
		}
		f.data = append(f.data, value...)
		f.hasData = true
	case "event":
		f.event = append(f.event[:0], value...)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			f.lastID = append(f.lastID[:0], value...)
		}
	case "retry":
		n := 0
		for _, c := range value {
			if c < '0' || c > '9' {
				return Record{}, false
			}
			n = n*10 + int(c-'0')
		}
		if len(value) > 0 {
			f.retry = n
		}
	}
	return Record{}, false
}

func (f *Framer) dispatch() Record {
	rec := Record{Offset: f.evOff, Data: f.data}
	if len(f.event) > 0 {
		rec.Event = f.event
	}
	f.clearNow = true
	return rec
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}
