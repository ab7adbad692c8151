package nativeparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// anthropicState tracks the content blocks of an Anthropic Messages
// stream.
type anthropicState struct {
	started bool
	blocks  []anthropicBlock // by content block index
}

type anthropicBlock struct {
	kind byte // 't' text, 'r' thinking, 'x' redacted/other, 'c' tool use
	call *call
	open bool
}

// maxBlockGap bounds how far past the blocks seen a content block's index
// may skip (servers number them 0, 1, 2, …; a proxy may drop a few).
const maxBlockGap = 64

func (s *anthropicState) block(i int) *anthropicBlock {
	if i < 0 || i >= len(s.blocks) {
		return nil
	}
	return &s.blocks[i]
}

// anthropicEvent handles one Messages stream event.
func (p *Parser) anthropicEvent(v *fastjson.Value) {
	typ := stringOf(v.Get("type"))
	if typ == nil {
		typ = p.rec.Event
	}
	switch string(typ) {
	case "message_start":
		// A repeated message_start (proxies replay it) changes nothing.
		p.anthropic.started = true
	case "content_block_start":
		p.anthropicBlockStart(v.GetInt("index"), v.Get("content_block"))
	case "content_block_delta":
		p.anthropicDelta(v.GetInt("index"), v.Get("delta"))
	case "content_block_stop":
		p.anthropicBlockStop(v.GetInt("index"))
	case "message_delta":
		if r := stringOf(v.Get("delta", "stop_reason")); len(r) > 0 {
			p.anthropicStop(string(r))
		}
	case "message_stop":
		p.anthropicStop("")
	case "message": // a Messages body, not streamed
		p.anthropicWhole(v)
	case "ping":
	case "error":
		if e := v.Get("error"); e != nil && e.Type() != fastjson.TypeNull {
			p.providerError(e)
		} else {
			p.providerError(v)
		}
	default:
		if !p.genericError(v) && typ == nil {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "anthropic event without a type")
		}
	}
}

func (p *Parser) anthropicBlockStart(i int, cb *fastjson.Value) {
	if cb == nil || i < 0 {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "content_block_start without content_block")
		return
	}
	if i > len(p.anthropic.blocks)+maxBlockGap {
		// Blocks come numbered in order: an index far past the blocks seen
		// is a broken stream, and would have the block table grow to it.
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "content_block_start for block %d after %d blocks", i, len(p.anthropic.blocks))
		return
	}
	for len(p.anthropic.blocks) <= i {
		p.anthropic.blocks = append(p.anthropic.blocks, anthropicBlock{})
	}
	b := &p.anthropic.blocks[i]
	if b.open && b.call != nil {
		p.incomplete(b.call, p.rec.Offset, "its block was restarted")
	}
	*b = anthropicBlock{kind: 'x', open: true}
	switch t := string(cb.GetStringBytes("type")); t {
	case "text":
		b.kind = 't'
		p.emitText(toolcall.KindText, cb.GetStringBytes("text"))
	case "thinking":
		b.kind = 'r'
		p.emitText(toolcall.KindReasoning, cb.GetStringBytes("thinking"))
	case "tool_use", "server_tool_use", "mcp_tool_use":
		b.kind = 'c'
		c := p.openCall(string(cb.GetStringBytes("id")), string(cb.GetStringBytes("name")))
		c.slot = i
		if in := cb.Get("input"); in != nil && in.Type() == fastjson.TypeObject {
			if o, _ := in.Object(); o.Len() > 0 {
				c.startInput = in.MarshalTo(nil)
			}
		}
		b.call = c
	}
}

func (p *Parser) anthropicDelta(i int, d *fastjson.Value) {
	b := p.anthropic.block(i)
	if b == nil || !b.open || d == nil {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "content_block_delta for block %d, which is not open", i)
		return
	}
	switch string(d.GetStringBytes("type")) {
	case "text_delta":
		p.emitText(toolcall.KindText, d.GetStringBytes("text"))
	case "thinking_delta":
		p.emitText(toolcall.KindReasoning, d.GetStringBytes("thinking"))
	case "input_json_delta":
		if b.call == nil {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "input_json_delta for block %d, which is not a tool use", i)
			return
		}
		b.call.deltas = true
		p.addArgs(b.call, d.GetStringBytes("partial_json"))
	}
}

func (p *Parser) anthropicBlockStop(i int) {
	b := p.anthropic.block(i)
	if b == nil || !b.open {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "content_block_stop for block %d, which is not open", i)
		return
	}
	b.open = false
	c := b.call
	if c == nil || c.done {
		return
	}
	if len(c.args) == 0 && c.startInput != nil {
		p.addArgs(c, c.startInput)
	}
	if len(trimJSONSpace(c.args)) == 0 || p.argsOK(c.args) {
		p.finish(c)
		return
	}
	// Unparsable arguments: the stop reason tells a cut-off (max_tokens)
	// from a malformed call.
	c.stopped = true
}

// anthropicWhole reads a Messages body that was not streamed: each content
// block as a block started and stopped whole (a tool use's input is its
// arguments), then its stop_reason. A tool use that is the last block of
// a message cut by max_tokens is incomplete, as when streamed.
func (p *Parser) anthropicWhole(v *fastjson.Value) {
	reason := string(v.GetStringBytes("stop_reason"))
	cut := reason == "max_tokens" || reason == "model_context_window_exceeded"
	content := v.GetArray("content")
	base := len(p.anthropic.blocks)
	for i, cb := range content {
		p.anthropicBlockStart(base+i, cb)
		switch b := p.anthropic.block(base + i); {
		case !cut || i < len(content)-1:
			p.anthropicBlockStop(base + i)
		case b != nil && b.call != nil && b.call.startInput != nil:
			p.addArgs(b.call, b.call.startInput) // what the cut input holds
		}
	}
	p.anthropicStop(reason)
}

// anthropicStop applies a message's stop_reason ("" for message_stop).
func (p *Parser) anthropicStop(reason string) {
	for _, c := range append([]*call(nil), p.open...) {
		switch {
		case reason == "max_tokens" || reason == "model_context_window_exceeded":
			p.incomplete(c, p.rec.Offset, "stop_reason "+reason)
		case c.stopped:
			p.finish(c) // reports invalid_json
		case reason == "":
			p.incomplete(c, p.rec.Offset, "message_stop before content_block_stop")
		}
	}
}
