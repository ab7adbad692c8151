package nativeparse

import (
	"bytes"
	"slices"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// responsesState tracks the function_call output items of an OpenAI
// Responses stream, and whose answer text was given.
type responsesState struct {
	items []*call // open function_call items, in the order opened
	// byItem, byCall and bySlot find the calls items opened by item id,
	// call_id and output_index (a stream may hold thousands open, and
	// every event about one looks it up); ended ones stay, for
	// responsesKnown, and find skips them.
	byItem map[string]*call
	byCall map[string]*call
	bySlot map[int]*call
	// The events that repeat an item's text whole once it is complete
	// (output_text.done, content_part, output_item.done's message) carry
	// it only for servers that send no deltas: they give text only for an
	// output item none was given for (response.completed's output, only
	// when no text was given at all).
	// keyed lists those items by output_index (at most maxTextItems);
	// unkeyed is set once text came without an output_index (servers that
	// send none, or more items than that), after which no repeat is given.
	keyed   []int
	unkeyed bool
}

// maxTextItems bounds the output items whose text is tracked one by one.
const maxTextItems = 64

// gave notes that text of output item out (-1: unknown) was given.
func (s *responsesState) gave(out int) {
	switch {
	case out < 0 || len(s.keyed) >= maxTextItems:
		s.unkeyed = true
	case !slices.Contains(s.keyed, out):
		s.keyed = append(s.keyed, out)
	}
}

// given reports whether text of output item out (-1: unknown) may have
// been given already.
func (s *responsesState) given(out int) bool {
	return s.unkeyed || out < 0 && len(s.keyed) > 0 || slices.Contains(s.keyed, out)
}

// find returns the open item an event is about: the one its item_id (or
// item.id) names, else its call_id, else its output_index, where no key
// the event and the item both have rules it out. Servers that send deltas
// without those keys (or with keys the item's added event lacked) mean the
// item last opened that no key rules out (looked for among the last
// maxLooseScan items opened).
func (s *responsesState) find(v *fastjson.Value) *call {
	id := stringOf(v.Get("item_id"))
	if id == nil {
		id = stringOf(v.Get("item", "id"))
	}
	callID := stringOf(v.Get("call_id"))
	if callID == nil {
		callID = itemCallID(v.Get("item"))
	}
	out := outputIndex(v)
	ruledOut := func(c *call, byCall bool) bool {
		return len(id) > 0 && c.itemID != "" || !byCall && len(callID) > 0 && c.callID != ""
	}
	if len(id) > 0 {
		if c := s.byItem[string(id)]; c != nil && !c.done {
			return c
		}
	}
	if len(callID) > 0 {
		if c := s.byCall[string(callID)]; c != nil && !c.done && !ruledOut(c, true) {
			return c
		}
	}
	if out >= 0 {
		if c := s.bySlot[out]; c != nil && !c.done && !ruledOut(c, false) {
			return c
		}
	}
	for i, n := len(s.items)-1, 0; i >= 0 && n < maxLooseScan; i, n = i-1, n+1 {
		if c := s.items[i]; !ruledOut(c, false) && (out < 0 || c.slot < 0) {
			return c
		}
	}
	return nil
}

// maxLooseScan bounds the open items an event without matching keys is
// tried against, so that each event costs the same however many are open.
const maxLooseScan = 64

// add opens item c: it is found by its keys from now on.
func (s *responsesState) add(c *call) {
	s.items = append(s.items, c)
	s.key(c)
}

// key indexes c by the keys it has (again, after it got one).
func (s *responsesState) key(c *call) {
	if s.byItem == nil {
		s.byItem, s.byCall, s.bySlot = map[string]*call{}, map[string]*call{}, map[int]*call{}
	}
	if c.itemID != "" {
		s.byItem[c.itemID] = c
	}
	if c.callID != "" {
		s.byCall[c.callID] = c
	}
	if c.slot >= 0 {
		s.bySlot[c.slot] = c
	}
}

// reset closes every item.
func (s *responsesState) reset() {
	clear(s.items)
	s.items = s.items[:0]
	clear(s.bySlot) // the ids stay known (responsesKnown)
}

// drop closes item c. Items end most often in the order they were opened
// (or the last opened first): either end is found at once.
func (s *responsesState) drop(c *call) {
	if s.bySlot[c.slot] == c { // an output_index a later item may take
		delete(s.bySlot, c.slot)
	}
	if len(s.items) > 0 && s.items[0] == c {
		s.items = dropFirst(s.items)
		return
	}
	for i := len(s.items) - 1; i >= 0; i-- {
		if s.items[i] == c {
			s.items = append(s.items[:i], s.items[i+1:]...)
			return
		}
	}
}

// outputIndex returns an event's output_index, or -1 without one.
func outputIndex(v *fastjson.Value) int {
	if o := v.Get("output_index"); o != nil && o.Type() == fastjson.TypeNumber {
		return o.GetInt()
	}
	return -1
}

// isCallItem reports whether an output item is a tool call: type
// function_call (tool_call, as some OpenAI-compatible servers name it),
// custom_tool_call (isCustomItem), or a built-in tool's call (isBuiltinItem).
func isCallItem(item *fastjson.Value) bool {
	if item == nil {
		return false
	}
	t := string(item.GetStringBytes("type"))
	return t == "function_call" || t == "tool_call" || t == "custom_tool_call" || isBuiltinItem(item)
}

// isBuiltinItem reports whether an output item calls a built-in tool the
// agent runs: its type is one of toolcall.AgentBuiltins and "_call" (the
// provider runs web_search_call, file_search_call, code_interpreter_call,
// image_generation_call and mcp_call itself and puts their results in the
// item: they are its work, not calls for the agent, and are skipped). Its
// call is named by its type without _call (shell, apply_patch, …) and its
// arguments are the fields the model wrote (builtinArgs).
func isBuiltinItem(item *fastjson.Value) bool {
	t, ok := bytes.CutSuffix(item.GetStringBytes("type"), []byte("_call"))
	return ok && slices.Contains(toolcall.AgentBuiltins, string(t))
}

// builtinFields are the fields of a built-in call item that are not what
// the model wrote: its keys, state and results.
var builtinFields = [...]string{"type", "id", "call_id", "status", "output", "error", "pending_safety_checks"}

// builtinArgs appends a built-in call item's arguments to dst: the object of
// its other fields (a shell_call's or computer_call's action, an
// apply_patch_call's operation).
func builtinArgs(dst []byte, item *fastjson.Value) []byte {
	dst = append(dst, '{')
	n := 0
	o, _ := item.Object()
	o.Visit(func(k []byte, v *fastjson.Value) {
		if slices.Contains(builtinFields[:], string(k)) {
			return
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		dst = catalog.AppendJSONString(dst, k)
		dst = append(dst, ':')
		dst = v.MarshalTo(dst)
	})
	return append(dst, '}')
}

// isCustomItem reports whether an output item calls a custom tool: one
// whose input is free text (a patch, a query in a grammar), not JSON. Its
// call has one argument, input, that text (call.custom).
func isCustomItem(item *fastjson.Value) bool {
	return item != nil && string(item.GetStringBytes("type")) == "custom_tool_call"
}

// itemCallID returns a call item's call_id (tool_call_id in the tool_call
// form).
func itemCallID(item *fastjson.Value) []byte {
	if item == nil {
		return nil
	}
	if id := stringOf(item.Get("call_id")); id != nil {
		return id
	}
	return stringOf(item.Get("tool_call_id"))
}

// itemName returns a call item's name (function.name in the nested form;
// a built-in tool's type without _call, isBuiltinItem).
func itemName(item *fastjson.Value) []byte {
	if n := stringOf(item.Get("name")); len(n) > 0 {
		return n
	}
	if n := stringOf(item.Get("function", "name")); len(n) > 0 || !isBuiltinItem(item) {
		return n
	}
	return bytes.TrimSuffix(item.GetStringBytes("type"), []byte("_call"))
}

// itemArguments returns a call item's arguments: arguments (a string, or
// an object some servers send), function.arguments, or input.
func itemArguments(item *fastjson.Value) *fastjson.Value {
	for _, a := range [...]*fastjson.Value{item.Get("arguments"), item.Get("function", "arguments"), item.Get("input")} {
		if a != nil && a.Type() != fastjson.TypeNull {
			return a
		}
	}
	return nil
}

// openItem opens the call of a function_call output item (or of an
// arguments delta that names its call and no item was added for).
func (p *Parser) openItem(v, item *fastjson.Value, callID, name []byte) *call {
	c := p.openCall(string(callID), p.names.Intern(name))
	c.callID = string(callID)
	if item != nil {
		c.itemID = string(item.GetStringBytes("id"))
	} else {
		c.itemID = string(stringOf(v.Get("item_id")))
	}
	c.slot = outputIndex(v)
	p.responses.add(c)
	return c
}

// responsesText emits answer text of output item out (-1: unknown).
func (p *Parser) responsesText(s []byte, out int) {
	if len(s) > 0 {
		p.responses.gave(out)
		p.emitText(toolcall.KindText, s)
	}
}

// responsesItemText emits the text an output item holds (a bare text
// item's text, or a message's text parts), unless repeat is set and the
// item's text was given already.
func (p *Parser) responsesItemText(item *fastjson.Value, out int, repeat bool) {
	if item == nil || repeat && p.responses.given(out) {
		return
	}
	switch string(item.GetStringBytes("type")) {
	case "text", "output_text":
		p.responsesText(stringOf(item.Get("text")), out)
	case "message":
		for _, part := range item.GetArray("content") {
			p.responsesPartText(part, out)
		}
	}
}

// responsesPartText emits a content part's text (a string, or an object
// with a value) when the part is text.
func (p *Parser) responsesPartText(part *fastjson.Value, out int) {
	if part == nil {
		return
	}
	if t := string(part.GetStringBytes("type")); t != "text" && t != "output_text" {
		return
	}
	s := stringOf(part.Get("text"))
	if s == nil {
		s = stringOf(part.Get("text", "value"))
	}
	p.responsesText(s, out)
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
		if !isCallItem(item) {
			// Streams that send each piece of the answer as its own item.
			if string(item.GetStringBytes("type")) == "reasoning" {
				p.emitText(toolcall.KindReasoning, stringOf(item.Get("text")))
			} else {
				p.responsesItemText(item, outputIndex(v), false)
			}
			return
		}
		c := p.openItem(v, item, itemCallID(item), itemName(item))
		if isCustomItem(item) {
			c.custom = true
			if in := item.GetStringBytes("input"); len(in) > 0 {
				c.deltas = true
				p.addInput(c, in)
			}
		} else if a := item.GetStringBytes("arguments"); len(a) > 0 {
			c.deltas = true
			p.addArgs(c, a)
		}
	case "response.custom_tool_call_input.delta":
		c := p.responses.find(v)
		if c == nil || !c.custom {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "custom tool input delta for unknown item %q", v.GetStringBytes("item_id"))
			return
		}
		c.deltas = true
		p.addInput(c, v.GetStringBytes("delta"))
	case "response.custom_tool_call_input.done":
		if c := p.responses.find(v); c != nil && c.custom {
			p.responsesAuthoritative(c, v.Get("input"))
		}
	case "response.function_call_arguments.delta", "response.tool_call_arguments.delta":
		c := p.responses.find(v)
		if c == nil {
			name := stringOf(v.Get("name"))
			if len(name) == 0 {
				name = stringOf(v.Get("function_name"))
			}
			if len(name) == 0 {
				p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "arguments delta for unknown item %q", v.GetStringBytes("item_id"))
				return
			}
			// A delta that names its call, with no item added before it.
			callID := stringOf(v.Get("call_id"))
			if callID == nil {
				callID = stringOf(v.Get("tool_call_id"))
			}
			c = p.openItem(v, nil, callID, name)
		} else if c.itemID == "" {
			c.itemID = string(stringOf(v.Get("item_id")))
			p.responses.key(c)
		}
		c.deltas = true
		p.addArgs(c, v.GetStringBytes("delta"))
	case "response.function_call_arguments.done", "response.tool_call_arguments.done":
		if c := p.responses.find(v); c != nil {
			p.responsesAuthoritative(c, v.Get("arguments"))
		}
	case "response.output_item.done":
		item := v.Get("item")
		if !isCallItem(item) {
			p.responsesItemText(item, outputIndex(v), true)
			return
		}
		c := p.responses.find(v)
		if c == nil {
			// No output_item.added: the whole call arrives here.
			c = p.openItem(v, item, itemCallID(item), itemName(item))
		}
		p.responsesCallDone(c, item)
	case "response.output_text.delta", "response.text.delta", "response.refusal.delta":
		p.responsesText(v.GetStringBytes("delta"), outputIndex(v))
	case "response.output_text.done", "response.text.done":
		if out := outputIndex(v); !p.responses.given(out) {
			p.responsesText(stringOf(v.Get("text")), out)
		}
	case "response.content_part.added", "response.content_part.done":
		if out := outputIndex(v); !p.responses.given(out) {
			p.responsesPartText(v.Get("part"), out)
		}
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta", "response.reasoning.delta", "response.reasoning_summary.delta":
		p.emitText(toolcall.KindReasoning, v.GetStringBytes("delta"))
	case "response.completed", "response.done":
		p.responsesOutput(v.Get("response"), false)
		p.responses.reset()
		for _, c := range append([]*call(nil), p.open...) {
			p.finish(c)
		}
	case "response.incomplete":
		reason := string(v.GetStringBytes("response", "incomplete_details", "reason"))
		p.responses.reset()
		for _, c := range append([]*call(nil), p.open...) {
			p.incomplete(c, p.rec.Offset, "response.incomplete ("+reason+")")
		}
	case "response.failed":
		if e := v.Get("response", "error"); e != nil && e.Type() != fastjson.TypeNull {
			p.providerError(e)
		} else {
			p.errorf(p.rec.Offset, toolcall.CodeProviderError, -1, "response.failed")
		}
		p.responses.reset()
		for _, c := range append([]*call(nil), p.open...) {
			p.incomplete(c, p.rec.Offset, "response.failed")
		}
	case "error", "response.error":
		if e := v.Get("error"); e != nil {
			p.providerError(e)
		} else {
			p.providerError(v)
		}
	case "":
		if string(v.GetStringBytes("object")) == "response" { // a response body, not streamed
			p.responsesOutput(v, true)
			if e := v.Get("error"); e != nil && e.Type() == fastjson.TypeObject {
				p.providerError(e)
			}
		}
	}
}

// responsesCallDone ends call c with its output item, complete: its name,
// and its arguments (or a custom tool's input) as the item gives them.
func (p *Parser) responsesCallDone(c *call, item *fastjson.Value) {
	p.setName(c, p.names.Intern(itemName(item)))
	if isCustomItem(item) {
		c.custom = true
	}
	if string(item.GetStringBytes("status")) == "incomplete" {
		// Cut off (max_output_tokens): the item's arguments are partial.
		p.responses.drop(c)
		p.incomplete(c, p.rec.Offset, "its output item ended with status incomplete")
		return
	}
	switch {
	case c.custom:
		p.responsesAuthoritative(c, item.Get("input"))
	case isBuiltinItem(item):
		p.tmp = builtinArgs(p.tmp[:0], item)
		p.finalArgs(c, p.tmp)
	default:
		p.responsesAuthoritative(c, itemArguments(item))
	}
	p.responses.drop(c)
	p.finish(c)
}

// responsesOutput reads the output of a whole response (a body that was not
// streamed, whole is set; or response.completed's): its calls that no
// event gave before, in order, and its text when none was given at all.
// Some servers give the answer's text only in the final response; its
// output's positions need not be the stream's output_index (a server may
// leave items out), so only a response that gave no text takes it. A body
// gives its reasoning summaries too.
func (p *Parser) responsesOutput(resp *fastjson.Value, whole bool) {
	noText := !p.responses.unkeyed && len(p.responses.keyed) == 0
	for i, item := range resp.GetArray("output") {
		switch {
		case isCallItem(item):
			if !p.responsesKnown(item) {
				c := p.openItem(item, item, itemCallID(item), itemName(item))
				c.slot = i
				p.responsesCallDone(c, item)
			}
		case whole && string(item.GetStringBytes("type")) == "reasoning":
			for _, part := range item.GetArray("summary") {
				p.emitText(toolcall.KindReasoning, stringOf(part.Get("text")))
			}
		case noText:
			p.responsesItemText(item, i, false)
		}
	}
}

// responsesKnown reports whether a call item's call was opened before, by
// its item id or call_id (a multi_tool_use.parallel wrapper too, which
// never starts as a call of its own).
func (p *Parser) responsesKnown(item *fastjson.Value) bool {
	if id := item.GetStringBytes("id"); len(id) > 0 && p.responses.byItem[string(id)] != nil {
		return true
	}
	id := itemCallID(item)
	return len(id) > 0 && p.responses.byCall[string(id)] != nil
}

// responsesAuthoritative applies the final arguments of a .done event
// (a string, or an object some servers send; finalArgs).
func (p *Parser) responsesAuthoritative(c *call, a *fastjson.Value) {
	if a == nil || c.done {
		return
	}
	if c.custom {
		p.customAuthoritative(c, a)
		return
	}
	var final []byte
	switch a.Type() {
	case fastjson.TypeString:
		final = a.GetStringBytes()
	case fastjson.TypeObject:
		p.tmp = a.MarshalTo(p.tmp[:0])
		final = p.tmp
	default:
		return
	}
	p.finalArgs(c, final)
}

// finalArgs applies a call's final arguments: with no deltas they are the
// arguments; a disagreement with the deltas is reported and the final
// value wins.
func (p *Parser) finalArgs(c *call, final []byte) {
	if c.done {
		return
	}
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

// customAuthoritative is responsesAuthoritative for a custom tool call:
// the final input a (a string) is the input. Deltas that gave it whole
// lack only the string's and the object's end; others go as any call's
// final arguments do (finalArgs).
func (p *Parser) customAuthoritative(c *call, a *fastjson.Value) {
	if c.closed || a.Type() != fastjson.TypeString {
		return
	}
	p.tmp = customArgs(p.tmp[:0], a.GetStringBytes())
	if c.deltas && len(p.tmp) == len(c.args)+len(inputClose) && bytes.HasPrefix(p.tmp, c.args) {
		p.addArgs(c, inputClose)
	} else {
		p.finalArgs(c, p.tmp)
	}
	c.closed = true
}
