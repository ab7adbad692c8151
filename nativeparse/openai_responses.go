package nativeparse

import (
	"bytes"
	"github.com/tooleval/tooleval/jsonscan"

	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// responsesState tracks the function_call output items of an OpenAI
// Responses stream.
type responsesState struct {
	items []*call // open function_call items
}

func (s *responsesState) find(v *fastjson.Value) *call {
	id := stringOf(v.Get("item_id"))
	if id == nil {
		id = stringOf(v.Get("item", "id"))
	}
	out := -1
	if o := v.Get("output_index"); o != nil {
		out = o.GetInt()
	}
	for _, c := range s.items {
		if len(id) > 0 && c.itemID == string(id) || len(id) == 0 && out >= 0 && c.slot == out {
			return c
		}
	}
	return nil
}

func (s *responsesState) drop(c *call) {
	for i, o := range s.items {
		if o == c {
			s.items = append(s.items[:i], s.items[i+1:]...)
			return
		}
	}
}

// responsesEvent handles one Responses API stream event.
func (p *Parser) responsesEvent(v *fastjson.Value) {
	typ := stringOf(v.Get("type"))
	if typ == nil {
		typ = p.rec.Event
	}
	switch string(typ) {
	case "response.output_item.added":
		item := v.Get("item")
		if item == nil || string(item.GetStringBytes("type")) != "function_call" {
			return
		}
		c := p.openCall(string(item.GetStringBytes("call_id")), string(item.GetStringBytes("name")))
		c.itemID = string(item.GetStringBytes("id"))
		c.slot = v.GetInt("output_index")
		p.responses.items = append(p.responses.items, c)
		if a := item.GetStringBytes("arguments"); len(a) > 0 {
			c.deltas = true
			p.addArgs(c, a)
		}
	case "response.function_call_arguments.delta":
		c := p.responses.find(v)
		if c == nil {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "arguments delta for unknown item %q", v.GetStringBytes("item_id"))
			return
		}
		c.deltas = true
		p.addArgs(c, v.GetStringBytes("delta"))
	case "response.function_call_arguments.done":
		if c := p.responses.find(v); c != nil {
			p.responsesAuthoritative(c, v.Get("arguments"))
		}
	case "response.output_item.done":
		item := v.Get("item")
		if item == nil || string(item.GetStringBytes("type")) != "function_call" {
			return
		}
		c := p.responses.find(v)
		if c == nil {
			// No output_item.added: the whole call arrives here.
			c = p.openCall(string(item.GetStringBytes("call_id")), string(item.GetStringBytes("name")))
			c.itemID = string(item.GetStringBytes("id"))
		}
		p.setName(c, string(item.GetStringBytes("name")))
		if string(item.GetStringBytes("status")) == "incomplete" {
			// Cut off (max_output_tokens): the item's arguments are partial.
			p.responses.drop(c)
			p.incomplete(c, p.rec.Offset, "its output item ended with status incomplete")
			return
		}
		p.responsesAuthoritative(c, item.Get("arguments"))
		p.responses.drop(c)
		p.finish(c)
	case "response.output_text.delta", "response.refusal.delta":
		p.emitText(toolcall.KindText, v.GetStringBytes("delta"))
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta", "response.reasoning.delta":
		p.emitText(toolcall.KindReasoning, v.GetStringBytes("delta"))
	case "response.completed":
		p.responses.items = p.responses.items[:0]
		for _, c := range append([]*call(nil), p.open...) {
			p.finish(c)
		}
	case "response.incomplete":
		reason := string(v.GetStringBytes("response", "incomplete_details", "reason"))
		p.responses.items = p.responses.items[:0]
		for _, c := range append([]*call(nil), p.open...) {
			p.incomplete(c, p.rec.Offset, "response.incomplete ("+reason+")")
		}
	case "response.failed":
		if e := v.Get("response", "error"); e != nil && e.Type() != fastjson.TypeNull {
			p.providerError(e)
		} else {
			p.errorf(p.rec.Offset, toolcall.CodeProviderError, -1, "response.failed")
		}
		p.responses.items = p.responses.items[:0]
		for _, c := range append([]*call(nil), p.open...) {
			p.incomplete(c, p.rec.Offset, "response.failed")
		}
	case "error":
		if e := v.Get("error"); e != nil {
			p.providerError(e)
		} else {
			p.providerError(v)
		}
	}
}

// responsesAuthoritative applies the final arguments of a .done event:
// with no deltas they are the arguments; a disagreement with the deltas is
// reported and the final value wins.
func (p *Parser) responsesAuthoritative(c *call, a *fastjson.Value) {
	if a == nil || a.Type() != fastjson.TypeString || c.done {
		return
	}
	final := a.GetStringBytes()
	switch {
	case bytes.Equal(final, c.args):
	case !c.deltas:
		c.deltas = true
		p.addArgs(c, final)
	case bytes.HasPrefix(final, c.args):
		p.errorf(p.rec.Offset, toolcall.CodeArgsMismatch, c.index, "call %q: the deltas lack the end of the final arguments; completed from them", c.name)
		p.addArgs(c, final[len(c.args):])
	default:
		p.errorf(p.rec.Offset, toolcall.CodeArgsMismatch, c.index, "call %q: the final arguments disagree with the deltas %s; the final value wins", c.name, jsonscan.Excerpt(c.args, 0, jsonscan.MaxExcerpt))
		c.args = append(c.args[:0:0], final...)
	}
}
