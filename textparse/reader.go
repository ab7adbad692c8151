package textparse

// This file is the interface between the engine and the body readers of
// the dialects, in the manner of golang.org/x/net/html.Tokenizer turned
// inside out: the engine scans the text for markers and tags and
// dispatches; a reader consumes the bytes of a call body and owns its
// state. A reader works through the Parser's shared call lifecycle
// (beginCall, setName, emitArgs, endCall, abandon) and hands control back
// by setting p.mode when its body ends.

// bodyReader reads the calls of a block body.
type bodyReader interface {
	// starts reports whether c may be a body's first byte: at the start of
	// an answer (anchored, no marker before it) or after a block's marker.
	starts(c byte, anchored bool) bool
	// begin starts a body at b[i], its first byte, and returns where
	// reading goes on.
	begin(p *Parser, b []byte, i int) int
	// read consumes bytes of the body from b[i] on and returns the index
	// of the first byte it did not consume. It returns at the latest at
	// the end of b; bytes it took from scratch must be emitted by then.
	read(p *Parser, b []byte, i int) int
	// end is told that the stream ended inside the body, before the
	// engine reports an unfinished call: held bytes go out.
	end(p *Parser)
}

// openerFree is a bodyReader whose bodies never start with byte c (a
// call: keyword, a Python name or list never start with '<'): its block's
// opener met where the body is due is the opener written again
// (reopenable).
type openerFree interface {
	neverFirst(c byte) bool
}

// readerMakers are the body readers beyond the engine's JSON readers
// (ReadJSON, ReadNameJSON), by their Reader bit; registerReader adds one.
// readerProtos holds one of each, for starts (which reads no state).
var (
	readerMakers = map[Reader]func() bodyReader{}
	readerProtos = map[Reader]bodyReader{}
)

// registerReader makes Body.Read bit r read by readers new returns; a
// dialect file names the reader name.
func registerReader(r Reader, name string, new func() bodyReader) {
	if r&(ReadJSON|ReadNameJSON) != 0 || r&(r-1) != 0 || readerMakers[r] != nil || readerNames[r] != "" {
		panic("textparse: reader bit used twice or not a single bit")
	}
	readerNames[r] = name
	readerMakers[r] = new
	readerProtos[r] = new()
}

// accepts reports whether an anchored body may start with c.
func (bd *Body) accepts(c byte) bool {
	if r := readerProtos[bd.Read&^(ReadJSON|ReadNameJSON)]; r != nil && r.starts(c, true) {
		return true
	}
	return (c == '{' || c == '[') && bd.Read&ReadJSON != 0 || c == '`' && bd.Fence
}

// readerSlot is a parser's instance of one reader kind.
type readerSlot struct {
	kind Reader
	r    bodyReader
}

// customReader returns the parser's reader for body bd beyond the JSON
// readers, nil when bd has none. A reader is made once per parser.
func (p *Parser) customReader(bd *Body) bodyReader {
	kind := bd.Read &^ (ReadJSON | ReadNameJSON)
	if kind == 0 {
		return nil
	}
	for _, s := range p.rd.readers {
		if s.kind == kind {
			return s.r
		}
	}
	r := readerMakers[kind]()
	p.rd.readers = append(p.rd.readers, readerSlot{kind, r})
	return r
}

// beginBody hands the body starting at b[i] to reader r.
func (p *Parser) beginBody(r bodyReader, b []byte, i int) int {
	p.rd.body, p.rd.tag = r, nil
	p.mode = mBody
	return r.begin(p, b, i)
}
