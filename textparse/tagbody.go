package textparse

import (
	"bytes"
	"encoding/binary"
	"strings"

	"github.com/tooleval/tooleval/internal/wordscan"
)

// This file is the interface between the engine and the readers of call
// bodies written in tags (paramReader: Invoke/Param, Catalog and
// Key/Value calls; namedReader: Name/Args calls). The engine matches the
// tags (match.go) and runs the call lifecycle (call.go); a reader owns the
// state of the body it reads, says which tags it acts on, acts on them and
// takes the bytes between them. It hands control back by ending the call
// (endCall sets the state after it) or abandoning it.

// bodyStep is what the engine drives while a body is read (mBody): a
// block's bodyReader (reader.go) or a tagBody.
type bodyStep interface {
	read(p *Parser, b []byte, i int) int
	end(p *Parser)
}

// tagBody reads a call body written in tags.
type tagBody interface {
	// read consumes bytes of the body from b[i] on and returns the index
	// of the first byte it did not consume (tagText finds the next tag);
	// end is told that the stream ended inside the body.
	bodyStep
	// tags sets s (zero) to the tags the reader acts on now.
	tags(p *Parser, s *tagSet)
	// onTag acts on the complete tag in p.m (kind k, closing or not, at
	// offset off); false: the tag is content after all.
	onTag(p *Parser, k tagKind, closing bool, off int) bool
	// content takes bytes between tags (or those of a tag that failed).
	content(p *Parser, b []byte, off int)
	// complete reports, at the end of the stream, whether the call is
	// complete but for its closer; finish then ends it at off.
	complete(p *Parser) bool
	finish(p *Parser, off int)
	// partial returns argument bytes the reader holds that no event
	// carries yet (for incomplete_call).
	partial() string
	// where names the markup the reader is in, for errors.
	where() string
}

// The tag body readers, by index in readerState.tagBodies.
const (
	tbParams = iota
	tbNamed
	nTagBodies
)

var tagBodyMakers = [nTagBodies]func() tagBody{
	tbParams: func() tagBody { return &paramReader{} },
	tbNamed:  func() tagBody { return &namedReader{} },
}

// tagBody returns the parser's tag body reader k, made on first use.
func (rs *readerState) tagBody(k int) tagBody {
	if rs.tagBodies[k] == nil {
		rs.tagBodies[k] = tagBodyMakers[k]()
	}
	return rs.tagBodies[k]
}

// beginTagBody hands the call's body to tag body reader r.
func (p *Parser) beginTagBody(r tagBody) {
	p.rd.body, p.rd.tag, p.mode = r, r, mBody
}

// tagText reads the bytes of a tag body between tags: it returns the end
// of the content at b[i:] (up to the next '<' or the end of b) and whether
// a '<' is there. The reader takes the content and, with a '<', goes on
// at startTagAt.
func tagText(b []byte, i int) (end int, lt bool) {
	if i+8 <= len(b) { // the text between tags is mostly short: a word first, no call
		if k := wordscan.ByteAt(binary.LittleEndian.Uint64(b[i:]), '<'); k < 8 {
			return i + k, true
		}
		i += 8
	}
	j := bytes.IndexByte(b[i:], '<')
	if j < 0 {
		return len(b), false
	}
	return i + j, true
}

// startTagAt begins the tag whose '<' is b[j] (tagText) and reads it on
// from b[j+1] (without a turn through Feed's loop); it returns where
// reading goes on.
func (p *Parser) startTagAt(b []byte, j int) int {
	p.startTag(p.off + j)
	return p.matchStep(b, j+1)
}

// namespaced returns the catalog's tool that name spells through its
// namespace (Tags.Namespace: NS.TOOL where NS is TOOL's first
// dot-separated part), or name itself.
func (p *Parser) namespaced(name string) string {
	ns, tool, ok := strings.Cut(name, ".")
	if !ok || p.cfg.tools == nil {
		return name
	}
	if _, known := p.cfg.tools.Lookup(name); known {
		return name
	}
	if first, _, _ := strings.Cut(tool, "."); first != ns {
		return name
	}
	if _, known := p.cfg.tools.Lookup(tool); known {
		return tool
	}
	return name
}

// maxName bounds the bytes of a tool name (or key) nameBytes keeps; a
// longer name is not kept whole (wordsForName).
const maxName = 512

// nameBytes collects bytes of a tool name (or key), at most maxName.
func (p *Parser) nameBytes(b []byte) {
	if room := maxName - len(p.calls.name); room > 0 {
		p.calls.name = append(p.calls.name, b[:min(room, len(b))]...)
	}
}
