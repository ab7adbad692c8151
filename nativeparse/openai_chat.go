package nativeparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// chatState tracks the open calls of an OpenAI Chat Completions stream,
// per choice and tool_calls slot.
type chatState struct {
	slots []*call // open calls that own a (choice, slot) key, in the order opened
	// bySlot finds them by key: a stream may open thousands of slots, and
	// every delta looks one up.
	bySlot map[chatKey]*call
	seq    int // numbers the slots of deltas without an index
}

// chatKey is a call's (choice, slot) key.
type chatKey struct{ choice, slot int }

// legacySlot keys the deprecated function_call delta.
const legacySlot = -2

func (s *chatState) find(choice, slot int) *call {
	return s.bySlot[chatKey{choice, slot}]
}

// add makes c the owner of its (choice, slot) key.
func (s *chatState) add(c *call) {
	if s.bySlot == nil {
		s.bySlot = map[chatKey]*call{}
	}
	s.slots = append(s.slots, c)
	s.bySlot[chatKey{c.choice, c.slot}] = c
}

// reset forgets every key.
func (s *chatState) reset() {
	s.slots = s.slots[:0]
	clear(s.bySlot)
}

// last returns the most recently opened call of a choice.
func (s *chatState) last(choice int) *call {
	for i := len(s.slots) - 1; i >= 0; i-- {
		if s.slots[i].choice == choice {
			return s.slots[i]
		}
	}
	return nil
}

func (s *chatState) drop(c *call) {
	delete(s.bySlot, chatKey{c.choice, c.slot})
	for i := len(s.slots) - 1; i >= 0; i-- { // most often the last opened
		if s.slots[i] == c {
			s.slots = append(s.slots[:i], s.slots[i+1:]...)
			return
		}
	}
}

// chatEvent handles one chat.completion.chunk.
func (p *Parser) chatEvent(v *fastjson.Value) {
	if p.genericError(v) {
		// A mid-stream error (OpenAI, OpenRouter, llama.cpp) aborts the
		// generation: calls in flight never get their end.
		p.chatAbort("the provider reported an error")
		return
	}
	for _, ch := range v.GetArray("choices") {
		choice := ch.GetInt("index")
		d := ch.Get("delta")
		if d == nil {
			d = ch.Get("message") // a non-streamed completion
		}
		if d != nil {
			// DeepSeek, llama.cpp and older vLLM say reasoning_content,
			// OpenRouter, Ollama and newer vLLM reasoning; some servers
			// send both with the same text.
			r := stringOf(d.Get("reasoning_content"))
			if len(r) == 0 {
				r = stringOf(d.Get("reasoning"))
			}
			if len(r) > 0 {
				p.settleThink()
				p.emitText(toolcall.KindReasoning, r)
			}
			if choice == 0 {
				p.content(stringOf(d.Get("content")))
			} else {
				p.emitText(toolcall.KindText, stringOf(d.Get("content")))
			}
			p.emitText(toolcall.KindText, stringOf(d.Get("refusal")))
			for _, tc := range d.GetArray("tool_calls") {
				p.chatToolDelta(choice, tc)
			}
			if fc := d.Get("function_call"); fc != nil && fc.Type() == fastjson.TypeObject {
				p.chatFunctionDelta(choice, legacySlot, p.chat.find(choice, legacySlot), nil, fc)
			}
		}
		if fr := stringOf(ch.Get("finish_reason")); len(fr) > 0 {
			p.chatFinish(choice, string(fr))
		}
	}
}

// chatToolDelta applies one element of delta.tool_calls.
func (p *Parser) chatToolDelta(choice int, tc *fastjson.Value) {
	id := stringOf(tc.Get("id"))
	var c *call
	slot := 0
	if iv := tc.Get("index"); iv != nil && iv.Type() == fastjson.TypeNumber {
		slot = iv.GetInt()
		c = p.chat.find(choice, slot)
	} else {
		// No index: a new id opens a new call, no id continues the last
		// unless it names a function again (servers that send each call
		// whole, without index or id, as some OpenAI-compatible ones do).
		c = p.chat.last(choice)
		if c != nil && len(id) == 0 && c.name != "" && len(stringOf(tc.Get("function", "name"))) > 0 {
			c = nil
		}
		if c != nil {
			slot = c.slot
		}
	}
	if c != nil && len(id) > 0 && c.id != "" && c.id != string(id) {
		// A new id in a used slot is a new call. The old one stays open,
		// detached from the slot, until the choice finishes.
		p.chat.drop(c)
		c = nil
	}
	if c == nil && tc.Get("index") == nil {
		slot = -1000 - p.chat.seq
		p.chat.seq++
	}
	if cu := tc.Get("custom"); cu != nil && cu.Type() == fastjson.TypeObject {
		p.chatCustomDelta(choice, slot, c, id, cu)
		return
	}
	p.chatFunctionDelta(choice, slot, c, id, tc.Get("function"))
}

// chatCustomDelta applies a custom tool call's {name, input} fragment (a
// tool_calls element of type custom, whose input is free text) to call c,
// or to a new call in (choice, slot) when c is nil.
func (p *Parser) chatCustomDelta(choice, slot int, c *call, id []byte, cu *fastjson.Value) {
	p.chatFunctionDelta(choice, slot, c, id, nil)
	if c == nil {
		c = p.chat.find(choice, slot)
	}
	c.custom = true
	p.setName(c, p.names.Intern(stringOf(cu.Get("name"))))
	p.addInput(c, stringOf(cu.Get("input")))
}

// chatFunctionDelta applies a function {name, arguments} fragment to call
// c, or to a new call in (choice, slot) when c is nil.
func (p *Parser) chatFunctionDelta(choice, slot int, c *call, id []byte, fn *fastjson.Value) {
	var name []byte
	var args *fastjson.Value
	if fn != nil {
		name = stringOf(fn.Get("name"))
		args = fn.Get("arguments")
	}
	if c == nil {
		c = p.openCall(p.names.Copy(id), p.names.Intern(name))
		c.choice, c.slot = choice, slot
		p.chat.add(c)
	} else {
		if c.id == "" && len(id) > 0 && !c.started {
			c.id = p.names.Copy(id)
		}
		p.setName(c, p.names.Intern(name))
	}
	if args != nil {
		switch args.Type() {
		case fastjson.TypeString:
			p.addArgs(c, args.GetStringBytes())
		case fastjson.TypeObject:
			p.addArgs(c, args.MarshalTo(nil))
		}
	}
}

// chatFinish ends the calls of a choice on its finish_reason.
func (p *Parser) chatFinish(choice int, reason string) {
	// "error" is OpenRouter's finish_reason for a generation the upstream
	// provider aborted.
	cut := reason == "length" || reason == "content_filter" || reason == "error"
	kept := p.chat.slots[:0]
	for _, c := range p.chat.slots {
		if c.choice != choice {
			kept = append(kept, c)
		} else {
			delete(p.chat.bySlot, chatKey{c.choice, c.slot})
		}
	}
	clear(p.chat.slots[len(kept):])
	p.chat.slots = kept
	for _, c := range append([]*call(nil), p.open...) {
		if c.choice != choice {
			continue
		}
		if cut {
			p.incomplete(c, p.rec.Offset, "finish_reason "+reason)
		} else {
			p.finish(c)
		}
	}
}

// chatAbort reports every call in flight as incomplete.
func (p *Parser) chatAbort(why string) {
	p.chat.reset()
	for _, c := range append([]*call(nil), p.open...) {
		p.incomplete(c, p.rec.Offset, why)
	}
}

// chatDone handles "data: [DONE]": calls still open end there.
func (p *Parser) chatDone() {
	p.chat.reset()
	for _, c := range append([]*call(nil), p.open...) {
		p.finish(c)
	}
}
