package nativeparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// bedrockEvents are the event names of an Amazon Bedrock ConverseStream
// response. Each wire event is an object with one of them as its only key
// ({"contentBlockDelta":{…}}, as the AWS SDKs yield them and recorders
// write them), or the inner object under an SSE event of that name.
// (The most frequent first: they are tried in order.)
var bedrockEvents = [...]string{"contentBlockDelta", "contentBlockStart", "contentBlockStop", "messageStart", "messageStop", "metadata"}

// bedrockErrors are the exception events a ConverseStream may end with.
var bedrockErrors = [...]string{"internalServerException", "modelStreamErrorException", "validationException", "throttlingException", "serviceUnavailableException"}

// bedrockEvent returns the name and body of a ConverseStream event, or ""
// when v is none.
func bedrockEvent(v *fastjson.Value, event []byte) (string, *fastjson.Value) {
	for _, name := range bedrockEvents {
		if string(event) == name {
			return name, v
		}
		if b := v.Get(name); b != nil && b.Type() == fastjson.TypeObject {
			if name == "metadata" && b.Get("usage") == nil && b.Get("metrics") == nil {
				continue // only a usage record says Bedrock
			}
			return name, b
		}
	}
	return "", nil
}

// bedrockEvent handles one ConverseStream event. A tool use block opens a
// call (contentBlockStart's start.toolUse, or contentBlock.toolUse as
// some SDK versions name it), its toolUse.input deltas are the arguments,
// and contentBlockStop ends it; messageStop ends what is still open
// (stopReason max_tokens: cut off).
func (p *Parser) bedrockEvent(v *fastjson.Value) {
	name, b := bedrockEvent(v, p.rec.Event)
	if content := bedrockBody(v); name == "" && content != nil {
		p.bedrockWhole(content, string(v.GetStringBytes("stopReason")))
		return
	}
	if name == "" {
		for _, exc := range bedrockErrors {
			if e := v.Get(exc); e != nil {
				p.errorf(p.rec.Offset, toolcall.CodeProviderError, -1, "%s: %s", exc, e.GetStringBytes("message"))
				return
			}
		}
		if !p.genericError(v) {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "not a Bedrock ConverseStream event")
		}
		return
	}
	i := b.GetInt("contentBlockIndex")
	switch name {
	case "contentBlockStart":
		start := b.Get("start")
		if start == nil {
			start = b.Get("contentBlock")
		}
		if tu := start.Get("toolUse"); tu != nil {
			if c := p.bedrockCall(i); c != nil {
				p.incomplete(c, p.rec.Offset, "its block was restarted")
			}
			c := p.openCall(string(tu.GetStringBytes("toolUseId")), p.names.Intern(tu.GetStringBytes("name")))
			c.slot = i
			if p.bedrockOpen == nil {
				p.bedrockOpen = map[int]*call{}
			}
			p.bedrockOpen[i] = c
			if in := tu.Get("input"); in != nil {
				p.bedrockInput(c, in)
			}
			return
		}
		p.emitText(toolcall.KindText, stringOf(start.Get("text")))
	case "contentBlockDelta":
		d := b.Get("delta")
		p.emitText(toolcall.KindText, stringOf(d.Get("text")))
		p.emitText(toolcall.KindReasoning, stringOf(d.Get("reasoningContent", "text")))
		if tu := d.Get("toolUse"); tu != nil {
			c := p.bedrockCall(i)
			if c == nil {
				p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "toolUse delta for block %d, which is no open tool use", i)
				return
			}
			p.bedrockInput(c, tu.Get("input"))
		}
	case "contentBlockStop":
		if c := p.bedrockCall(i); c != nil {
			p.finish(c)
		}
	case "messageStop":
		cut := string(b.GetStringBytes("stopReason")) == "max_tokens"
		for _, c := range append([]*call(nil), p.open...) {
			if cut {
				p.incomplete(c, p.rec.Offset, "stopReason max_tokens")
			} else {
				p.finish(c)
			}
		}
	}
}

// bedrockBody returns the content blocks of a Converse response body (not
// streamed: {"output":{"message":{"content":[…]}},"stopReason":…}), nil
// when v is none.
func bedrockBody(v *fastjson.Value) []*fastjson.Value {
	c := v.Get("output", "message", "content")
	if c == nil || c.Type() != fastjson.TypeArray || !v.Exists("stopReason") {
		return nil
	}
	a, _ := c.Array()
	if a == nil {
		a = []*fastjson.Value{} // an empty message is a body too
	}
	return a
}

// bedrockWhole reads a Converse response body's content blocks in order:
// text, reasoning, and each tool use a call whose input is its arguments.
// A tool use that is the last block of a message cut by max_tokens is
// incomplete, as when streamed.
func (p *Parser) bedrockWhole(content []*fastjson.Value, stop string) {
	cut := stop == "max_tokens"
	for i, cb := range content {
		p.emitText(toolcall.KindReasoning, stringOf(cb.Get("reasoningContent", "reasoningText", "text")))
		p.emitText(toolcall.KindText, stringOf(cb.Get("text")))
		tu := cb.Get("toolUse")
		if tu == nil {
			continue
		}
		c := p.openCall(string(tu.GetStringBytes("toolUseId")), p.names.Intern(tu.GetStringBytes("name")))
		p.bedrockInput(c, tu.Get("input"))
		if cut && i == len(content)-1 {
			p.incomplete(c, p.rec.Offset, "stopReason max_tokens")
		} else {
			p.finish(c)
		}
	}
}

// bedrockCall returns the open tool use of content block i (found by its
// index: a stream may hold thousands open).
func (p *Parser) bedrockCall(i int) *call {
	if c := p.bedrockOpen[i]; c != nil && !c.done {
		return c
	}
	return nil
}

// bedrockInput adds a toolUse input: a fragment of the arguments' JSON
// text, or (as some recorders write it) the arguments as an object.
func (p *Parser) bedrockInput(c *call, in *fastjson.Value) {
	if in == nil {
		return
	}
	switch in.Type() {
	case fastjson.TypeString:
		p.addArgs(c, in.GetStringBytes())
	case fastjson.TypeObject:
		p.tmp = in.MarshalTo(p.tmp[:0])
		p.addArgs(c, p.tmp)
	}
}
