package textparse

import "github.com/tooleval/tooleval/toolcall"

// This file reads calls written inside reasoning. A model whose prompt
// opened reasoning (several open-weight families do) often writes its call
// before closing it: <think>… <tool_call>{…}</tool_call>. The dialect's own
// call markup met there — an opening call tag, or a block's Open marker —
// followed by the start of a call body ends the reasoning and opens the
// call, as common inference servers read it; ParseOptions.KeepCallsInReasoning
// keeps it as reasoning text instead, for strict evaluation. Either way a
// call_in_reasoning error marks where, so a report can count how often a
// model does it. The closer of the reasoning a call ended, met later in
// text, is dropped without an error. (A reasoning span entered by a message
// header, an analysis channel, ends at the next header, which is how such
// a dialect writes a call: nothing here is needed for it.)
//
// Reasoning often mentions the markup in prose ("[TOOL_CALLS] comes
// later", "I will write a <tool_call> block"), so the markup alone does
// not decide: it is held, with the whitespace after it, until the first
// other byte. A call body starts there — a nested tag, '{', '[', a fence,
// the block's call marker, or a name right after the markup — or the held
// bytes are reasoning text after all. The markup is recognised by the same
// tag reader and marker matcher as in text, so a marker split across
// chunks is held until it is known, and the events do not depend on the
// chunking; what is held is at most the markup and maxPendSpace bytes of
// whitespace, released once, never scanned again.

// maxPendSpace bounds the whitespace held after call markup in reasoning.
const maxPendSpace = 256

// inReasoning is the parser's state for calls written inside reasoning.
type inReasoning struct {
	// cutK, cutSpan: the reasoning tag, or 1 + the marker span, that a
	// call written inside it ended; its closer, met later in text, is
	// dropped.
	cutK    tagKind
	cutSpan int
	// resume: the reasoning set a Span.Resume span the cut call goes
	// back to at its block's Close, with the marker sets it belongs to.
	resume     *actionSet
	resumeComp *compiled
	pend       pendCall   // call markup inside reasoning, held
	kept       bool       // a call was kept as reasoning in this reasoning span
	label      *actionSet // the label that may follow a reasoning span's Open
	// opened: the prompt opened the reasoning (ReasoningOpen) and only
	// whitespace has followed. The reasoning's own opener met then is the
	// model writing it again: markup, dropped (see reopenSet).
	opened bool
}

// reset forgets the state of the reasoning span (a new one opens, or the
// message ends).
func (r *inReasoning) reset() {
	r.cutK, r.cutSpan, r.kept, r.label = tkNone, 0, false, nil
	r.resume, r.resumeComp = nil, nil
}

// pendCall is call markup met inside reasoning, held until the byte after
// it says whether a call follows.
type pendCall struct {
	on       bool
	tag      bool // a tag (in p.tag, tagN bytes); otherwise the marker act
	tagN     int
	kind     tagKind
	act      action
	off, end int    // the markup's span
	held     []byte // the markup and the whitespace after it
	// name: the markup opens a call that prose may write too (Body.Probe
	// with ReadNameJSON and no Header: <![ before CDATA[): the name
	// after it is held too, and its NameEnd decides.
	name bool
}

// holdCall starts holding call markup spanning [off, end) with bytes b.
func (p *Parser) holdCall(b []byte, off, end int) {
	pc := &p.inr.pend
	pc.on, pc.off, pc.end = true, off, end
	pc.held = append(pc.held[:0], b...)
}

// tagInReasoning handles an opening tag k met inside <think>-style
// reasoning at off (the text state acts on no other tags there but the
// reasoning's own closer). It reports false when the tag is reasoning
// text at once: a tag name the catalog lacks.
func (p *Parser) tagInReasoning(k tagKind, off int) bool {
	if k == tkGeneric {
		if p.lookupTag(p.m.name()).tool == nil {
			return false
		}
	}
	t := &p.m
	p.holdCall(t.buf[:t.n], off, off+t.n)
	p.inr.pend.tag, p.inr.pend.tagN, p.inr.pend.kind = true, t.n, k
	return true
}

// markerInReasoning handles a marker of action a met inside reasoning at
// [off, end): a block's Open is held as possible call markup; any other
// marker (another dialect's reasoning or drop marker) is reasoning text.
func (p *Parser) markerInReasoning(a action, off, end int) {
	if (a.kind == aBlock || a.kind == aReasonCall) && !a.block.Named { // a Named block's Open is prose there
		p.holdCall(p.held(), off, end)
		p.inr.pend.tag, p.inr.pend.act = false, a
		return
	}
	if a.kind == aReasonOpen && p.inr.opened && p.mk.comp.spans[a.span].Alt {
		// The prompt opened <think> and only whitespace has followed: the
		// other spelling's opener (Span.Alt) is the model writing the
		// opener again, markup, dropped as <think> is (inReasoning.opened).
		return
	}
	if a.kind == aLateClose && p.mk.comp.spans[a.span].Alt {
		// The Close of another spelling of <think>…</think> (Span.Alt)
		// ends a <think> span too: a prompt that opened reasoning opens
		// <think>, and a checkpoint that writes the other spelling closes
		// it with its own closer.
		p.reason, p.fresh = false, true
		return
	}
	p.emitText(p.held(), off)
}

// pendStep reads the bytes after held call markup: whitespace is held,
// the first other byte decides.
func (p *Parser) pendStep(b []byte, i int) int {
	pc := &p.inr.pend
	if pc.name {
		return p.pendName(b, i)
	}
	j, room := i, maxPendSpace-(len(pc.held)-(pc.end-pc.off)) // (counting what is held already)
	for j < len(b) && j-i < room && isSpace(b[j]) {
		j++
	}
	pc.held = append(pc.held, b[i:j]...)
	if j == len(b) {
		return j
	}
	if !isSpace(b[j]) {
		first := len(pc.held) == pc.end-pc.off
		if first && !pc.tag && probedCallName(&pc.act.block.Body) && isNameByte(b[j], true) {
			pc.name = true // the name decides (pendName)
			return p.pendName(b, j)
		}
		p.resolvePend(p.startsCall(b[j], first))
	} else {
		p.resolvePend(false) // too much whitespace: prose
	}
	return j
}

// pendContent gives bytes b at off, which follow held call markup but
// were held themselves (the rest of a failed tag a marker was found in:
// refeed), to the hold first: it returns those the hold did not take, and
// their offset, for the state the hold's end leaves.
func (p *Parser) pendContent(b []byte, off int) ([]byte, int) {
	j := 0
	for p.inr.pend.on && j < len(b) {
		j = p.pendStep(b, j)
	}
	return b[j:], off + j
}

// probedCallName reports whether a body's call starts with a name prose
// may write too after its Open (<![CDATA[), read as a name only up to its
// NameEnd (probedName).
func probedCallName(b *Body) bool {
	return b.Probe && b.Read&ReadNameJSON != 0 && b.Header == nil
}

// pendName reads the name held after a probed call's markup in reasoning
// (pendCall.name): the first byte of the block's NameEnd makes it a call,
// a byte no tool name holds (probedNameStop), as in text, leaves the
// markup and the name reasoning text.
func (p *Parser) pendName(b []byte, i int) int {
	pc := &p.inr.pend
	end := pc.act.block.Body.NameEnd[0]
	j := i
	for j < len(b) && b[j] != end && !probedNameStop(b[j], true, len(pc.held)-(pc.end-pc.off)+j-i) {
		j++
	}
	pc.held = append(pc.held, b[i:j]...)
	if j < len(b) {
		p.resolvePend(b[j] == end)
	}
	return j
}

// startsCall reports whether byte c, after the held markup (right after it
// when first), starts a call body.
func (p *Parser) startsCall(c byte, first bool) bool {
	pc := &p.inr.pend
	if pc.tag {
		if c == '<' {
			return true
		}
		json := pc.kind != tkGeneric && tt.role[pc.kind]&rJSON != 0
		return json && (c == '{' || c == '[' || c == '`' || first && isNameByte(c, true))
	}
	bl := pc.act.block
	if bl.Call != "" {
		return c == bl.Call[0]
	}
	if bl.TagOpen {
		return tagHeaderStarts(c, !first)
	}
	if bl.Body.accepts(c) || c == ']' && bl.Body.InList {
		return true
	}
	// A custom reader's body (Python calls, call:NAME{…}, a recipient
	// line): right after the marker, or at the start of a line (one call
	// per line).
	if r := p.customReader(&bl.Body); r != nil && (first || pc.held[len(pc.held)-1] == '\n') && r.starts(c, false) {
		return true
	}
	// A name only right after the marker: "[TOOL_CALLS] comes later" is
	// prose, "[TOOL_CALLS]get_weather[ARGS]" a call.
	return first && bl.Body.Read&ReadNameJSON != 0 && isNameByte(c, true)
}

// resumeReasoning is told the calls a block began inside a Span.Resume
// span are over (the block's Close, or the closer of the call a reader
// reads itself): the span goes on.
func (p *Parser) resumeReasoning() {
	if p.inr.resume != nil && p.inr.cutSpan > 0 && p.inr.resumeComp == p.mk.comp {
		p.reason, p.mk.rset, p.inr.cutSpan = true, p.inr.resume, 0
	}
	p.inr.resume, p.inr.resumeComp = nil, nil
}

// resolvePend ends the hold: with call, the markup opens a call (unless
// calls are kept as reasoning); otherwise the held bytes are reasoning.
func (p *Parser) resolvePend(call bool) {
	pc := &p.inr.pend
	pc.on = false
	name := pc.name
	pc.name = false
	if call && !p.cfg.keepCalls {
		p.errorf(pc.off, toolcall.CodeCallInReasoning, -1, "call inside reasoning: the reasoning ends and the call is read")
		if p.mk.rset != nil {
			p.inr.cutSpan = pc.act.span + 1
			if p.mk.comp.spans[pc.act.span].Resume {
				p.inr.resume, p.inr.resumeComp = p.mk.rset, p.mk.comp
			}
		} else {
			p.inr.cutK = p.tags.thinkK
		}
		p.reason, p.mk.rset = false, nil
		if pc.tag {
			p.m.n = pc.tagN
			p.onTag()
			p.m.n = 0
		} else {
			a := pc.act
			a.kind = aBlock
			p.onMarker(a, pc.off, pc.end)
			if name { // the name held after the markup: the call's
				p.beginName(pc.end)
				p.nameBytes(pc.held[pc.end-pc.off:])
			}
		}
		return
	}
	if call && !p.inr.kept {
		// Once per reasoning span: the tags nested in a kept call
		// (an invoke tag inside its wrapper) are the same call.
		p.inr.kept = true
		p.errorf(pc.off, toolcall.CodeCallInReasoning, -1, "call inside reasoning kept as reasoning")
	}
	p.emitText(p.own(pc.held), pc.off)
}
