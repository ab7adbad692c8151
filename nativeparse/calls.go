package nativeparse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// call is the state of one tool call while it streams.
type call struct {
	index   int // output index; -1 until call_start
	id      string
	name    string
	args    []byte
	offset  int // body offset of the wire event that opened it
	started bool
	done    bool
	ok      bool // call_end was emitted
	// held calls emit nothing while streaming: a multi_tool_use.parallel
	// wrapper is expanded into its inner calls when it ends.
	held bool
	// tooBig: the arguments went over the byte or depth cap; the call was
	// reported and is dropped.
	tooBig bool
	// depth watches the nesting of the arguments as they stream, so a call
	// nested past the cap is dropped at the byte that crosses it.
	depth jsonscan.Nesting

	// provider keys
	choice  int
	slot    int    // OpenAI tool_calls index, Anthropic block index, Responses output_index
	itemID  string // Responses item id
	callID  string // Responses call_id as the server sent it ("" when none)
	deltas  bool   // some argument bytes came as deltas
	stopped bool   // Anthropic: block stopped with unparsable arguments

	startInput []byte // Anthropic content_block_start input, used when no delta follows

	// custom: a custom tool's call, whose input is free text: its
	// arguments are {"input": TEXT}, the text JSON-encoded as it streams
	// (addInput); closed once the string and the object are.
	custom, closed bool

	partial jsonscan.Partial
	fed     int // bytes of args fed to partial
}

const parallelWrapper = "multi_tool_use.parallel"

// openCall registers a new call opened by the current wire event.
func (p *Parser) openCall(id, name string) *call {
	c := &call{index: -1, id: id, name: name, offset: p.rec.Offset}
	if name == parallelWrapper {
		c.held = true
	}
	p.open = append(p.open, c)
	if name != "" && !c.held {
		p.startCall(c)
	}
	return c
}

// setName names a call whose first delta had no name, and starts it.
func (p *Parser) setName(c *call, name string) {
	if c.started || c.name != "" || name == "" {
		return
	}
	c.name = name
	if name == parallelWrapper {
		c.held = true
		return
	}
	p.startCall(c)
}

// startCall emits call_start, then any argument bytes that came before the
// name.
func (p *Parser) startCall(c *call) {
	p.settleThink()
	c.started = true
	c.index = p.nextIndex
	p.nextIndex++
	if c.id == "" {
		c.id = toolcall.GeneratedID(c.index)
	}
	p.calls = append(p.calls, c)
	p.out = append(p.out, toolcall.Event{Kind: toolcall.KindCallStart, Offset: p.rec.Offset, Index: c.index, ID: c.id, Name: c.name})
	if len(c.args) > 0 {
		p.out = append(p.out, toolcall.Event{Kind: toolcall.KindArgsDelta, Offset: p.rec.Offset, Index: c.index, Data: c.args[:len(c.args):len(c.args)]})
	}
}

// addArgs appends an argument fragment and emits it once the call started.
func (p *Parser) addArgs(c *call, frag []byte) {
	if len(frag) == 0 || c.done || c.tooBig {
		return
	}
	if len(c.args)+len(frag) > p.cfg.maxCallBytes {
		c.tooBig = true
		p.errorf(p.rec.Offset, toolcall.CodeTooLarge, c.index, "call %q arguments exceed %d bytes", c.name, p.cfg.maxCallBytes)
		return
	}
	if at := c.depth.Feed(frag, p.cfg.maxDepth); at >= 0 {
		c.tooBig = true
		p.errorf(p.rec.Offset, toolcall.CodeTooDeep, c.index, "call %q arguments nest deeper than %d (argument byte %d)", c.name, p.cfg.maxDepth, at)
		return
	}
	start := len(c.args)
	c.args = append(c.args, frag...)
	if c.started {
		p.out = append(p.out, toolcall.Event{Kind: toolcall.KindArgsDelta, Offset: p.rec.Offset, Index: c.index, Data: c.args[start:len(c.args):len(c.args)]})
	}
}

var inputOpen, inputClose = []byte(`{"` + toolcall.CustomInput + `":"`), []byte(`"}`)

// addInput appends free text to a custom tool call's input, encoded into
// its arguments {"input": TEXT} (toolcall.CustomInput; finish closes them).
func (p *Parser) addInput(c *call, frag []byte) {
	if len(frag) == 0 || c.closed {
		return
	}
	if len(c.args) == 0 {
		p.addArgs(c, inputOpen)
	}
	p.tmp = catalog.AppendJSONString(p.tmp[:0], frag)
	p.addArgs(c, p.tmp[1:len(p.tmp)-1])
}

// customArgs appends the arguments of a custom tool call whose input is
// text to dst.
func customArgs(dst, text []byte) []byte {
	dst = append(dst, inputOpen[:len(inputOpen)-1]...)
	dst = catalog.AppendJSONString(dst, text)
	return append(dst, '}')
}

// finish ends c on its protocol's end signal: call_end when its arguments
// are a JSON object, an error otherwise.
func (p *Parser) finish(c *call) {
	if c.done {
		return
	}
	p.forget(c)
	c.done = true
	if c.tooBig {
		return
	}
	if c.held {
		p.expandParallel(c)
		return
	}
	if !c.started {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "tool call %q ended without a name", c.id)
		return
	}
	if c.custom && !c.closed { // the input's string and object end here
		c.done = false
		if len(c.args) == 0 {
			p.addArgs(c, inputOpen)
		}
		p.addArgs(c, inputClose)
		c.done, c.closed = true, true
	}
	if len(trimJSONSpace(c.args)) == 0 {
		// No arguments, or only white space already sent as deltas: the
		// object is appended (not substituted), so the deltas still add
		// up to the call's arguments and no sent delta's bytes change.
		c.done = false
		p.addArgs(c, emptyObject)
		c.done = true
	}
	if code, err := p.checkArgs(c.args); code != "" {
		ev := toolcall.ErrorEvent(p.rec.Offset, code, c.index, "call %q arguments %s", c.name, err)
		ev.Err.Partial = string(c.args)
		p.out = append(p.out, ev)
		return
	}
	c.ok = true
	p.out = append(p.out, toolcall.Event{Kind: toolcall.KindCallEnd, Offset: p.rec.Offset, Index: c.index,
		ID: c.id, Name: c.name,
		Call: toolcall.Call{Index: c.index, ID: c.id, Name: c.name, Arguments: c.args[:len(c.args):len(c.args)]}})
}

// incomplete reports c as cut off: it is never emitted complete.
func (p *Parser) incomplete(c *call, off int, why string) {
	if c.done {
		return
	}
	p.forget(c)
	c.done = true
	name := c.name
	if name == "" {
		name = c.id
	}
	ev := toolcall.ErrorEvent(off, toolcall.CodeIncompleteCall, c.index, "call %q is incomplete: %s", name, why)
	ev.Err.Partial = string(c.args)
	p.out = append(p.out, ev)
}

// forget ends c (done) and removes it from the open calls, at once when
// it is the first or the last of them (calls end most often in the order
// they were opened, or the last first); else it stays there, done (every
// reader of p.open skips done calls), until the done ones are half of them
// and are swept out together, so that ending n calls in any order costs
// O(n).
func (p *Parser) forget(c *call) {
	c.done = true
	switch n := len(p.open); {
	case n == 0:
	case p.open[0] == c:
		p.open = dropFirst(p.open)
	case p.open[n-1] == c:
		p.open[n-1] = nil
		p.open = p.open[:n-1]
	default:
		p.staleOpen++
		if 2*p.staleOpen > n {
			kept := p.open[:0]
			for _, o := range p.open {
				if !o.done {
					kept = append(kept, o)
				}
			}
			clear(p.open[len(kept):])
			p.open, p.staleOpen = kept, 0
		}
	}
}

// dropFirst removes calls[0]: by moving the others down while they are
// few (the slice keeps its start and its room, so a stream's calls reuse
// it), by reslicing when they are many (no shift per call ended).
func dropFirst(calls []*call) []*call {
	n := len(calls)
	if n > 16 {
		calls[0] = nil
		return calls[1:]
	}
	copy(calls, calls[1:])
	calls[n-1] = nil
	return calls[:n-1]
}

// wholeCall emits a call that arrives complete in one wire event (Gemini,
// Ollama): call_start, one args_delta, call_end.
func (p *Parser) wholeCall(id, name string, args *fastjson.Value) {
	c := p.openCall(id, name)
	if args != nil {
		switch args.Type() {
		case fastjson.TypeString:
			p.addArgs(c, args.GetStringBytes())
		case fastjson.TypeNull:
		default:
			// Marshalled into reused scratch; addArgs makes the call's copy.
			p.tmp = args.MarshalTo(p.tmp[:0])
			p.addArgs(c, p.tmp)
		}
	}
	if c.name == "" {
		p.forget(c)
		ev := toolcall.ErrorEvent(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "tool call without a name")
		ev.Err.Partial = string(c.args)
		p.out = append(p.out, ev)
		return
	}
	p.finish(c)
}

// expandParallel turns a finished multi_tool_use.parallel wrapper into its
// inner calls.
func (p *Parser) expandParallel(c *call) {
	var uses []*fastjson.Value
	code, _ := p.checkArgs(c.args)
	if code == "" {
		if v, err := p.jp.ParseBytes(c.args); err == nil {
			uses = v.GetArray("tool_uses")
		}
	}
	if uses == nil {
		ev := toolcall.ErrorEvent(p.rec.Offset, toolcall.CodeInvalidJSON, -1, "%s arguments have no tool_uses array", parallelWrapper)
		ev.Err.Partial = string(c.args)
		p.out = append(p.out, ev)
		return
	}
	// The inner calls are built from copies: wholeCall reuses the parser.
	type use struct {
		name string
		args []byte
	}
	list := make([]use, 0, len(uses))
	for _, u := range uses {
		name := string(u.GetStringBytes("recipient_name"))
		name = strings.TrimPrefix(name, "functions.")
		var args []byte
		if a := u.Get("parameters"); a != nil {
			args = a.MarshalTo(nil)
		}
		list = append(list, use{name, args})
	}
	for i, u := range list {
		in := p.openCall(c.id+"_"+strconv.Itoa(i), u.name)
		p.addArgs(in, u.args)
		if in.name == "" {
			p.forget(in)
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "%s tool_uses[%d] has no recipient_name", parallelWrapper, i)
			continue
		}
		p.finish(in)
	}
}

var emptyObject = []byte("{}")

// checkArgs returns "" when b is one JSON object nested at most
// maxDepth deep, else the error code and what is wrong (a message of
// bounded size). It costs O(len(b)).
func (p *Parser) checkArgs(b []byte) (toolcall.Code, string) {
	p.nest.Reset()
	if at := p.nest.Feed(b, p.cfg.maxDepth); at >= 0 {
		return toolcall.CodeTooDeep, fmt.Sprintf("nest deeper than %d (byte %d)", p.cfg.maxDepth, at)
	}
	// Within the depth cap fastjson's validator is fast and bounded; the
	// scanner describes a failure (fastjson's message grows with depth).
	if fastjson.ValidateBytes(b) != nil {
		if err := p.argScan.Validate(b); err != nil {
			return toolcall.CodeInvalidJSON, "are not valid JSON: " + err.Error()
		}
		return toolcall.CodeInvalidJSON, "are not valid JSON"
	}
	if t := trimJSONSpace(b); len(t) == 0 || t[0] != '{' {
		return toolcall.CodeInvalidJSON, "are not a JSON object"
	}
	return "", ""
}

func trimJSONSpace(b []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// Partial returns the arguments of call index so far, closed into valid
// JSON: open strings, arrays and objects are closed, and a half number,
// literal, escape or a key without its value is left out, so the result
// never shows a value a later chunk contradicts. It is nil before the
// first complete token, and the final arguments once the call ended. Each
// call costs the bytes that arrived since the previous one plus O(nesting
// depth). A call that ended with an error (incomplete, invalid JSON) keeps
// showing its partial value. The result is valid until the next call to
// Partial, Feed or Close.
func (p *Parser) Partial(index int) []byte {
	if index < 0 || index >= len(p.calls) {
		return nil
	}
	c := p.calls[index]
	if c.ok {
		return c.args
	}
	c.partial.Write(c.args[c.fed:])
	c.fed = len(c.args)
	return c.partial.Value()
}

// argsOK reports whether b is a JSON object within the depth cap.
func (p *Parser) argsOK(b []byte) bool {
	code, _ := p.checkArgs(b)
	return code == ""
}
