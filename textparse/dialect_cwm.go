package textparse

import (
	"bytes"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/toolcall"
)

// CWM (Meta's Code World Model): a call is the tool's name in a tag and
// its input as free text, up to </tool> (the model's prompting guide).
//
//	<tool: bash>
//	ls -la src/
//	</tool>
//
// The input is the call's one argument, {"command": "ls -la src/"} (or,
// where the catalog gives the tool exactly one parameter, that one's
// name), trimmed of the white space around it; an input that is a JSON
// object is the arguments themselves. vLLM's cwm parser reads two more
// shapes, read here too: the label "function", after which the body's
// first word is the tool's name (<tool: function>\nterminal echo hi), and
// the tag's '>' left out (<tool: python print(1) </tool>). The input is
// streamed as it comes, except one that starts with '{', held to </tool>
// (a JSON object, or text that merely starts with a brace). A call cut
// by the end of the output inside its input is an incomplete_call: a
// command cut short must not run. One cut inside </tool> (at least
// "</t"), or whose input is a whole JSON object, is complete but for its
// closer: a call, with missing_closer.
const FormatCWM Format = "cwm"

// ReadCWM reads a CWM call: its tag's label, then its input up to </tool>.
const ReadCWM Reader = 1 << 7

const (
	cwmCloser = "</tool>"
	// cwmTypeLabel is the label after which the body's first word is
	// the tool's name.
	cwmTypeLabel = "function"
	// cwmParam is the argument the input goes in.
	cwmParam = "command"
	// cwmMaxName caps a label or a name in the body.
	cwmMaxName = 256
)

func init() {
	registerReader(ReadCWM, "cwm", func() bodyReader { return &cwmReader{} })
	register(&Dialect{
		Format: FormatCWM,
		Wire:   `<tool: NAME>\nINPUT\n</tool> (arguments {"command": INPUT}, or INPUT when it is a JSON object; <tool: function>\nNAME INPUT\n</tool> and <tool: NAME INPUT</tool> too)`,
		// Probe: prose may hold "<tool: " too; the reader gives it back
		// as text when no label follows it.
		Blocks: []Block{{Open: "<tool: ", Body: Body{Read: ReadCWM, Probe: true}}},
	})
}

// States of the CWM reader.
const (
	cwLabel  = iota // the tag's label, after "<tool: "
	cwTag           // white space after the label, up to '>' or the input
	cwName          // the body's first word, after the label "function"
	cwInput         // the input, up to </tool>
	cwString        // the input, streamed as a JSON string
	cwObject        // the input, held: it starts with '{'
)

// cwmReader reads one CWM call; it is the state of one.
type cwmReader struct {
	state uint8
	// cl: bytes of </tool> matched, from clOff.
	cl    int
	clOff int
	// label: the tag's label (and, after "function", the body's first
	// word), from nameOff.
	label   []byte
	nameOff int
	// ws: white space inside the input, held until more input (it is the
	// input's) or </tool> (it is not) follows; from wsOff.
	ws    []byte
	wsOff int
	// obj: an input that starts with '{', held to </tool>, from objOff.
	obj    []byte
	objOff int
}

// starts: the call's label follows the block's marker.
func (x *cwmReader) starts(c byte, anchored bool) bool { return !anchored && labelStart(c) }

// labelStart reports whether c may start a label.
func labelStart(c byte) bool { return !isSpace(c) && c != '>' && c != '<' }

// begin starts a call at b[i], right after "<tool: ". With no label there
// ("<tool: >"), the marker is text.
func (x *cwmReader) begin(p *Parser, b []byte, i int) int {
	if !labelStart(b[i]) {
		p.probeRefed(nil, 0)
		return i
	}
	x.state, x.cl = cwLabel, 0
	x.label, x.ws, x.obj = x.label[:0], x.ws[:0], x.obj[:0]
	x.nameOff = p.off + i
	p.beginCall(ckBlock, p.mk.callStart, cwmCloser, mText)
	return i
}

// read consumes bytes of the call.
func (x *cwmReader) read(p *Parser, b []byte, i int) int {
	for i < len(b) && p.mode == mBody {
		if x.cl > 0 {
			i = x.closerStep(p, b, i)
			continue
		}
		c := b[i]
		switch x.state {
		case cwLabel:
			if !labelStart(c) {
				x.state = cwTag
				continue
			}
			j := i
			for j < len(b) && labelStart(b[j]) {
				j++
			}
			if !x.addName(p, b[i:j], p.off+i) {
				return j
			}
			i = j
			continue
		case cwTag:
			if isSpace(c) {
				i++
				continue
			}
			if c == '>' {
				i++
				if string(x.label) == cwmTypeLabel {
					x.label, x.state = x.label[:0], cwName
					continue
				}
			}
			// The tag's '>' left out: the input follows the label.
			if !x.named(p, x.label) {
				return i
			}
			continue
		}
		if c == '<' {
			x.cl, x.clOff = 1, p.off+i
			i++
			continue
		}
		// Input (or the name) up to the next '<', which may start </tool>.
		j := len(b)
		if k := bytes.IndexByte(b[i+1:], '<'); k >= 0 {
			j = i + 1 + k
		}
		x.content(p, b[i:j], p.off+i)
		i = j
	}
	return i
}

// closerStep matches the bytes after a '<' against </tool>: matched, the
// call ends; otherwise the bytes held are the input's.
func (x *cwmReader) closerStep(p *Parser, b []byte, i int) int {
	for ; i < len(b); i++ {
		if b[i] != cwmCloser[x.cl] {
			n := x.cl
			x.cl = 0
			x.content(p, []byte(cwmCloser[:n]), x.clOff)
			return i
		}
		if x.cl++; x.cl == len(cwmCloser) {
			x.cl = 0
			x.finish(p, x.clOff)
			return i + 1
		}
	}
	return i
}

// addName adds b, read at off, to the label read so far; one too long
// abandons the call (reported false).
func (x *cwmReader) addName(p *Parser, b []byte, off int) bool {
	if len(x.label)+len(b) > cwmMaxName {
		p.abandon(x.nameOff, toolcall.CodeInvalidToolName, "CWM tool name longer than %d bytes", cwmMaxName)
		return false
	}
	if len(x.label) == 0 {
		x.nameOff = off
	}
	x.label = append(x.label, b...)
	return true
}

// named starts the call to name; the input follows. An empty name
// abandons the call (reported false).
func (x *cwmReader) named(p *Parser, name []byte) bool {
	if len(name) == 0 {
		p.abandon(p.calls.cur.start, toolcall.CodeInvalidToolName, "CWM call has no tool name")
		return false
	}
	p.setName(p.calls.names.Intern(name), p.calls.cur.start)
	x.state = cwInput
	return true
}

// content takes bytes of the body that are not </tool>, at off.
func (x *cwmReader) content(p *Parser, b []byte, off int) {
	switch x.state {
	case cwName:
		for k, c := range b {
			switch {
			case !isSpace(c):
				if len(x.label) == 0 {
					x.nameOff = off + k
				}
				if len(x.label) == cwmMaxName {
					p.abandon(x.nameOff, toolcall.CodeInvalidToolName, "CWM tool name longer than %d bytes", cwmMaxName)
					return
				}
				x.label = append(x.label, c)
			case len(x.label) > 0: // the name's end: the input follows
				if !x.named(p, x.label) {
					return
				}
				x.content(p, b[k:], off+k)
				return
			}
		}
	case cwInput:
		k := 0
		for k < len(b) && isSpace(b[k]) {
			k++
		}
		if k == len(b) {
			return
		}
		b, off = b[k:], off+k
		if b[0] == '{' {
			x.state, x.objOff = cwObject, off
			x.obj = append(x.obj, b...)
			return
		}
		x.state = cwString
		s := len(p.scratch)
		p.scratch = append(p.scratch, '{')
		p.scratch = catalog.AppendJSONString(p.scratch, []byte(x.param(p)))
		p.scratch = append(p.scratch, ':', '"')
		p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], off)
		x.content(p, b, off)
	case cwString:
		// White space at the end of b is held: </tool> may follow it.
		e := len(b)
		for e > 0 && isSpace(b[e-1]) {
			e--
		}
		if e > 0 {
			x.flushSpace(p)
			x.emit(p, b[:e], off)
		}
		if e < len(b) {
			if len(x.ws) == 0 {
				x.wsOff = off + e
			}
			x.ws = append(x.ws, b[e:]...)
		}
	case cwObject:
		x.obj = append(x.obj, b...)
	}
}

// emit streams input bytes b, read at off, into the JSON string.
func (x *cwmReader) emit(p *Parser, b []byte, off int) {
	s := len(p.scratch)
	p.scratch = catalog.AppendJSONChars(p.scratch, b)
	p.emitArgsIn(p.scratch[s:len(p.scratch):len(p.scratch)], off, off+len(b))
}

// flushSpace gives the white space held back to the input: more followed.
func (x *cwmReader) flushSpace(p *Parser) {
	if len(x.ws) > 0 {
		x.emit(p, p.own(x.ws), x.wsOff)
		x.ws = x.ws[:0]
	}
}

// param is the argument the input goes in: the tool's only parameter
// where the catalog gives one, else "command".
func (x *cwmReader) param(p *Parser) string {
	if t := p.calls.cur.tool; t != nil && len(t.Params) == 1 {
		return t.Params[0].Name
	}
	return cwmParam
}

// finish ends the call at its </tool> at off.
func (x *cwmReader) finish(p *Parser, off int) {
	switch x.state {
	case cwLabel, cwTag, cwName: // <tool: NAME</tool>, <tool: function>NAME</tool>
		if len(x.label) > 0 { // (without a name the call ends with invalid_tool_name)
			x.named(p, x.label)
		}
	case cwString:
		x.ws = x.ws[:0] // the white space before </tool> is not the input's
		p.emitArgs(litQuoteBrace, off)
	case cwObject:
		obj := trimSpaceRight(x.obj)
		err := p.args.js.Validate(obj)
		if e, ok := err.(*jsonscan.SyntaxError); ok && e.TooDeep {
			p.abandon(x.objOff+e.Offset, toolcall.CodeTooDeep, "CWM arguments nest deeper than %d", p.cfg.maxDepth)
			p.mode = mText // the closer was read
			return
		}
		s := len(p.scratch)
		if err == nil {
			p.scratch = append(p.scratch, obj...)
		} else { // text that starts with a brace: the input as it is
			p.scratch = append(p.scratch, '{')
			p.scratch = catalog.AppendJSONString(p.scratch, []byte(x.param(p)))
			p.scratch = append(p.scratch, ':')
			p.scratch = catalog.AppendJSONString(p.scratch, obj)
			p.scratch = append(p.scratch, '}')
		}
		p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], x.objOff)
	}
	p.endCall(off)
}

// litQuoteBrace ends the input's JSON string and the arguments.
var litQuoteBrace = []byte(`"}`)[:2:2]

// end is told the stream ended inside the call. Cut inside </tool> (at
// least "</t"), or after an input that is a whole JSON object, the call
// is complete but for its closer: a call, with missing_closer. Otherwise the bytes held are the input's and the call
// is incomplete (the engine reports it with what it read).
func (x *cwmReader) end(p *Parser) {
	if p.calls.inCall && (x.cl >= 3 || x.cl == 0 && x.state == cwObject && p.args.js.Validate(x.obj) == nil) {
		x.cl = 0
		p.errorf(p.off, toolcall.CodeMissingCloser, p.calls.cur.errIndex(), "the output ends inside the closing token %s of a call", cwmCloser)
		x.finish(p, p.off)
		return
	}
	if x.cl > 0 {
		n := x.cl
		x.cl = 0
		x.content(p, []byte(cwmCloser[:n]), x.clOff)
	}
	if x.state == cwString {
		x.flushSpace(p)
	}
	if x.state == cwObject && p.calls.inCall {
		p.args.hold = append(p.args.hold, x.obj...) // the input so far, for the error
	}
}
