package textparse

import (
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/wordscan"
	"github.com/tooleval/tooleval/toolcall"
)

// This file is what the readers of a whole call section share (a body
// reader that reads every call of a block itself, as the Kimi K3 and
// MiniMax-M3 readers do): opening a call by its name attribute, closing a
// call of parameters, reporting broken markup in or between calls, and
// the section's end.

// sectionReader is a body reader of a whole call section: each call in
// the block has its own opener, so the block's Open opens no call.
type sectionReader interface {
	bodyReader
	readsSection()
}

// sectionBlock reports whether the block being read is read by a
// sectionReader.
func (p *Parser) sectionBlock() bool {
	_, ok := p.customReader(&p.mk.blk.Body).(sectionReader)
	return ok
}

// sectionErrIndex is the index for an error about the call being read,
// -1 between calls.
func (p *Parser) sectionErrIndex() int {
	if p.calls.inCall {
		return p.calls.cur.errIndex()
	}
	return -1
}

// sectionBeginCall opens a call whose tag is at off, named name (ok:
// the tag had a name attribute). A call without a name is abandoned
// (invalid_tool_name, what names the dialect); it reports whether the
// call goes on.
func (p *Parser) sectionBeginCall(off int, name []byte, ok bool, what string) bool {
	p.beginCall(ckBlock, off, "", mBody)
	if !ok || len(name) == 0 {
		p.abandon(off, toolcall.CodeInvalidToolName, "%s call has no tool name", what)
		return false
	}
	p.setName(p.calls.names.Intern(name), off)
	return true
}

// sectionEndCall completes the call of parameters at its closer at off.
func (p *Parser) sectionEndCall(off int) {
	p.closeArgs(off)
	p.endCall(off)
}

// sectionProblem reports broken markup at off: inside a call (inCall) it
// abandons the call, and reports true (the reader skips to the next
// call); elsewhere it is reported and reading goes on.
func (p *Parser) sectionProblem(inCall bool, off int, what, format string, args ...any) bool {
	if p.calls.inCall && inCall {
		p.abandon(off, toolcall.CodeMalformedMarkup, what+" call: "+format, args...)
		return true
	}
	p.errorf(off, toolcall.CodeMalformedMarkup, -1, what+" calls: "+format, args...)
	return false
}

// sectionEnd is told the stream ended inside the section: a call
// complete but for its closer (between its parameters) is a call, and a
// section whose closer never came is reported, both missing_closer.
func (p *Parser) sectionEnd(betweenParams, betweenCalls bool) {
	switch {
	case betweenParams && p.calls.inCall:
		p.errorf(p.off, toolcall.CodeMissingCloser, p.calls.cur.errIndex(), "the output ends before the closing token of the call to %q", p.calls.cur.name)
		p.sectionEndCall(p.off)
	case betweenCalls:
		p.errorf(p.off, toolcall.CodeMissingCloser, -1, "the output ends before the closing token of the calls")
	}
}

// appendArgKey appends to scratch the start of the call's next argument,
// '{' before its first and ',' after, then key as a JSON string and ':',
// and '"' when the value is written as a JSON string (str); it counts the
// argument and returns where the bytes start in scratch.
func (p *Parser) appendArgKey(key []byte, str bool) int {
	s := len(p.scratch)
	sep := byte(',')
	if p.calls.cur.nparams == 0 {
		sep = '{'
	}
	if wordscan.ASCIIRun(key) == len(key) { // a plain name: quoted as it is (AppendJSONString's answer)
		p.scratch = append(append(append(p.scratch, sep, '"'), key...), '"', ':')
	} else {
		p.scratch = append(catalog.AppendJSONString(append(p.scratch, sep), key), ':')
	}
	if str {
		p.scratch = append(p.scratch, '"')
	}
	p.calls.cur.nparams++
	return s
}
