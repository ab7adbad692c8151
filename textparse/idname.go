package textparse

// A call written with an id where its tool's name belongs (Kimi K2's bare
// counter "0", a client's "call_3" learnt from the history) is named by
// its arguments, as SGLang and vLLM name it: with a catalog that can say
// which of its tools the arguments fit (catalog.Catalog.ToolFor), the
// call is held, its arguments buffered, until its end, and is that tool's
// call; when no one tool fits, the id is the name and the schema check
// reports an unknown tool. A catalog of one tool names the call at once,
// whatever its arguments, so that call is not held: it streams as any
// call does, as SGLang streams it. Without such a catalog the id is the
// name at once.

// toolsByArgs is a tool set that names the one tool a call's arguments
// fit (*catalog.Catalog).
type toolsByArgs interface {
	ToolFor(args []byte) (string, bool)
}

// onlyTool is a tool set that says how many tools it holds (*catalog.Catalog).
type onlyTool interface{ Len() int }

// deferName holds the call whose name read is raw, an id, until its end,
// when the tool set can name it by its arguments and does not hold raw as
// a tool's name. It reports whether it did; when it did not and the tool
// set holds one tool, which names the call whatever its arguments, name
// is that tool's name (the id stays the call's id).
func (p *Parser) deferName(raw string) (name string, held bool) {
	ts, ok := p.cfg.tools.(toolsByArgs)
	if !ok || p.catalogName(raw) {
		return "", false
	}
	if n, ok := p.cfg.tools.(onlyTool); ok && n.Len() == 1 {
		name, _ = ts.ToolFor(nil)
		return name, false
	}
	c := &p.calls.cur
	c.name, c.id, c.idName = raw, raw, true
	p.args.fenced = false
	p.mode = mBlockArgs
	return "", true
}

// resolveIDName names a held call by its complete arguments and starts
// it (call_start, then the buffered arguments as one delta).
func (p *Parser) resolveIDName() {
	c := &p.calls.cur
	c.idName = false
	args := c.args
	if len(args) == 0 {
		args = litEmptyObject
	}
	if name, ok := p.cfg.tools.(toolsByArgs).ToolFor(args); ok {
		c.name = name
	} else {
		c.id = ""
	}
	p.setName(c.name, c.start)
}
