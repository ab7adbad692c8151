package nativeparse

import (
	"bytes"

	"github.com/tooleval/tooleval/toolcall"
)

// thinkSplit reads a <think>…</think> span that opens the content of an
// OpenAI Chat Completions or Ollama stream as reasoning: servers that run
// no reasoning parser (LM Studio, llama.cpp with --reasoning-format none,
// older Ollama) leave the model's think tags in the content, and clients
// (Roo Code's TagMatcher, Ollama's and vLLM's reasoning parsers) read
// them so. Only a <think> that is the content's first bytes opens it; the
// tags are markup and dropped; a <think> never closed is reasoning to the
// end. Once the content is past the span, or began otherwise, text goes
// straight through. ParseOptions.ThinkAsText keeps the tags as text.
type thinkSplit struct {
	state uint8
	n     int // bytes of the tag being matched, held in held
	held  [len(thinkClose)]byte
}

const (
	thinkStart uint8 = iota // no content yet: may open with <think>
	thinkIn                 // inside the span: reasoning up to </think>
	thinkOff                // past the span, or none: plain text
)

const thinkOpen, thinkClose = "<think>", "</think>"

// content emits a piece of the answer's content.
func (p *Parser) content(s []byte) {
	t := &p.think
	for len(s) > 0 {
		switch t.state {
		case thinkOff:
			p.emitText(toolcall.KindText, s)
			return
		case thinkStart:
			if k := t.match(thinkOpen, s); k > 0 {
				s = s[k:]
				if t.n == len(thinkOpen) {
					t.state, t.n = thinkIn, 0
				}
				continue
			}
			t.state = thinkOff
			p.flushThink(toolcall.KindText)
		case thinkIn:
			if t.n > 0 {
				if k := t.match(thinkClose, s); k > 0 {
					s = s[k:]
					if t.n == len(thinkClose) {
						t.state, t.n = thinkOff, 0
					}
					continue
				}
				// The held bytes were no closer; thinkClose has one '<',
				// so no later closer starts inside them.
				p.flushThink(toolcall.KindReasoning)
			}
			if i := bytes.Index(s, []byte(thinkClose)); i >= 0 {
				p.emitText(toolcall.KindReasoning, s[:i])
				s = s[i+len(thinkClose):]
				t.state = thinkOff
				continue
			}
			// Hold a tail that may begin the closer.
			cut := len(s)
			if j := bytes.LastIndexByte(s[max(0, len(s)-len(thinkClose)+1):], '<'); j >= 0 {
				j += max(0, len(s)-len(thinkClose)+1)
				if bytes.HasPrefix([]byte(thinkClose), s[j:]) {
					cut = j
				}
			}
			p.emitText(toolcall.KindReasoning, s[:cut])
			t.n = copy(t.held[:], s[cut:])
			return
		}
	}
}

// match extends the held prefix of tag with the bytes of s that go on
// with it, returning how many it took (0: s does not go on with it).
func (t *thinkSplit) match(tag string, s []byte) int {
	need := tag[t.n:]
	k := min(len(need), len(s))
	if string(s[:k]) != need[:k] {
		return 0
	}
	t.n += copy(t.held[t.n:], s[:k])
	return k
}

// flushThink emits the held bytes, which turned out to be no tag, as kind.
func (p *Parser) flushThink(kind toolcall.Kind) {
	if p.think.n > 0 {
		p.emitText(kind, p.think.held[:p.think.n])
		p.think.n = 0
	}
}

// settleThink gives back the held bytes before an event of another kind
// (a call, reasoning from the wire) so that events keep the stream's
// order: a content that had not opened with <think> by then is text.
func (p *Parser) settleThink() {
	if p.think.n == 0 {
		return
	}
	if p.think.state == thinkStart {
		p.think.state = thinkOff
	}
	p.endThink()
}

// endThink gives back what the end of the stream leaves held: a cut
// opener is text, a cut closer reasoning.
func (p *Parser) endThink() {
	if p.think.state == thinkIn {
		p.flushThink(toolcall.KindReasoning)
	} else {
		p.flushThink(toolcall.KindText)
	}
}
