package textparse

import (
	"bytes"
	"encoding/json"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// MiniMax-M3: every tag of a call carries the namespace token
// ]<]minimax[>[ in front; parameters are named by their tag, and a
// structured value is nested tags (an array's elements are <item> tags,
// or the same tag repeated).
//
//	]<]minimax[>[<tool_call>
//	]<]minimax[>[<invoke name="search">
//	]<]minimax[>[<query>go parsers]<]minimax[>[</query>
//	]<]minimax[>[<filters>]<]minimax[>[<lang>go]<]minimax[>[</lang>]<]minimax[>[</filters>
//	]<]minimax[>[<tags>]<]minimax[>[<item>a]<]minimax[>[</item>]<]minimax[>[<item>b]<]minimax[>[</item>]<]minimax[>[</tags>
//	]<]minimax[>[</invoke>
//	]<]minimax[>[</tool_call>
//
// Values are coerced by the catalog's schema (nested values by the
// parameter's nested schema), text otherwise; reasoning is
// <mm:think>…</mm:think>. Shapes from the serving stacks' M3 parsers
// (vLLM, SGLang): whitespace may sit between the token and its tag, and a
// value's closer written without the token (</query>) closes it too.
//
// A parameter's value goes out whole at its closer (a nested value can
// only be known then: a repeated tag turns into an array).
const FormatMiniMaxM3 Format = "minimax_m3"

// ReadMiniMaxM3 reads the calls of a MiniMax-M3 tool_call block.
const ReadMiniMaxM3 Reader = 1 << 6

// mmNS is the namespace token before every tag.
const mmNS = "]<]minimax[>["

func init() {
	registerReader(ReadMiniMaxM3, "minimax_m3", func() bodyReader { return &mmReader{} })
	register(&Dialect{
		Format:    FormatMiniMaxM3,
		Wire:      `NS<tool_call>NS<invoke name="NAME">NS<P>V NS</P>…NS</invoke>…NS</tool_call>, NS = ]<]minimax[>[ (nested tags for objects, <item> for array elements); <mm:think>…</mm:think> reasoning`,
		Blocks:    []Block{{Open: mmNS + "<tool_call>", Body: Body{Read: ReadMiniMaxM3}}},
		Reasoning: []Span{{Open: "<mm:think>", Close: "</mm:think>"}},
	})
}

// States of the M3 reader.
const (
	mmBlock  = iota // between calls
	mmCall          // in a call, between its parameters
	mmValue         // inside a parameter (nodes open)
	mmSkip          // after an abandoned call: up to the next call or the block's end
	mmPreTag        // after the token: whitespace, then '<'
	mmTag           // in a tag, up to '>'
)

// mmMaxTag caps a tag (its name and attributes).
const mmMaxTag = 512

// mmNode is one tag of a parameter's value.
type mmNode struct {
	name       [2]int32 // in names
	text       [2]int32 // in texts (a leaf's value)
	first      int32    // first child, -1 for none
	last, next int32
}

// mmReader reads a MiniMax-M3 block; it is the state of one.
type mmReader struct {
	state uint8
	ret   uint8 // the state a tag was opened in
	// capTok: between calls, the bytes read after the token at capTok-1
	// are those of a tag past its cap, stray markup up to the next token
	// (not words: blockWords); 0: none.
	capTok int
	// tok: bytes of the namespace token matched (0: none), at tokOff.
	tok    int
	tokOff int
	// lit: a bare closer of the open leaf (</NAME>) being matched, litN
	// bytes of it so far, at litOff.
	lit    []byte
	litN   int
	litOff int
	// The tag being read, from tagOff (its token's offset).
	tag    []byte
	tagOff int
	// The value of the parameter being read: a tree of nodes (stack: the
	// open ones), its names and texts.
	nodes  []mmNode
	stack  []int32
	names  []byte
	texts  []byte
	valOff int
	name   []byte // the invoke's name attribute, unescaped
}

// starts: the block's body begins after its marker.
// readsSection: every call in the block has its own opener (sectionReader).
func (x *mmReader) readsSection() {}

func (x *mmReader) starts(c byte, anchored bool) bool { return !anchored }

// begin starts reading the block at b[i].
func (x *mmReader) begin(p *Parser, b []byte, i int) int {
	x.state, x.tok, x.litN, x.capTok = mmBlock, 0, 0, 0
	return i
}

// inCall reports whether the reader is inside a call.
func (x *mmReader) inCall() bool {
	s := x.state
	if s == mmPreTag || s == mmTag {
		s = x.ret
	}
	return s == mmCall || s == mmValue
}

// read consumes bytes of the block.
func (x *mmReader) read(p *Parser, b []byte, i int) int {
	if !p.calls.inCall && x.inCall() {
		// Abandoned (a cap): so is a leaf's bare closer being matched,
		// which would close a value of the call.
		x.state, x.litN = mmSkip, 0
	}
	for i < len(b) && p.mode == mBody {
		switch {
		case x.tok > 0:
			i = x.tokStep(p, b, i)
			continue
		case x.litN > 0:
			i = x.litStep(p, b, i)
			continue
		}
		c := b[i]
		switch x.state {
		case mmPreTag:
			switch {
			case isSpace(c):
				x.tag = append(x.tag, c)
				i++
			case c == '<':
				x.tag = x.tag[:0]
				x.state = mmTag
				i++
			default: // the token before no tag: its bytes are content
				x.state = x.ret
				x.content(p, []byte(mmNS), x.tagOff)
				x.content(p, p.own(x.tag), x.tagOff+len(mmNS)) // (words keep the bytes: x.tag is reused)
			}
			continue
		case mmTag:
			j := bytes.IndexByte(b[i:], '>')
			end := len(b)
			if j >= 0 {
				end = i + j
			}
			if room := mmMaxTag - len(x.tag); end-i > room {
				// The cap is passed at the same byte whatever the
				// chunking; the tag's bytes after it are read again as
				// the state's content (stray text, or skipped with an
				// abandoned call).
				x.state = x.ret
				x.problem(p, x.tagOff, "a tag longer than %d bytes", mmMaxTag)
				if x.state == mmBlock { // the tag's bytes, not words
					x.capTok = x.tagOff + 1
				}
				i += room
				continue
			}
			x.tag = append(x.tag, b[i:end]...)
			i = end
			if j >= 0 {
				i++
				x.state = x.ret
				in := p.calls.inCall
				if x.onTag(p); p.begunAtCap(in, b) {
					return i // a call begun: Feed caps its bytes (Parser.Feed)
				}
			}
			continue
		}
		// Content up to the next byte that may start the token or a bare
		// closer.
		j := i
		for j < len(b) && b[j] != ']' && (b[j] != '<' || x.state != mmValue) {
			j++
		}
		if j > i {
			x.content(p, b[i:j], p.off+i)
		}
		i = j
		if i == len(b) {
			break
		}
		if b[i] == ']' {
			if len(b)-i >= len(mmNS) && string(b[i:i+len(mmNS)]) == mmNS {
				x.token(p, p.off+i)
				i += len(mmNS)
				continue
			}
			x.tok, x.tokOff = 1, p.off+i
			i++
			continue
		}
		// '<' in a value: perhaps the leaf's closer without the token.
		if x.leafName() == nil {
			x.content(p, b[i:i+1], p.off+i)
			i++
			continue
		}
		x.lit = append(append(append(x.lit[:0], "</"...), x.leafName()...), '>')
		x.litN, x.litOff = 1, p.off+i
		i++
	}
	return i
}

// tokStep matches the bytes after a ']' against the token.
func (x *mmReader) tokStep(p *Parser, b []byte, i int) int {
	for ; i < len(b); i++ {
		if b[i] != mmNS[x.tok] {
			n := x.tok
			x.tok = 0
			x.content(p, []byte(mmNS[:n]), x.tokOff)
			return i
		}
		x.tok++
		if x.tok == len(mmNS) {
			x.tok = 0
			x.token(p, x.tokOff)
			return i + 1
		}
	}
	return i
}

// litStep matches a bare closer of the open leaf.
func (x *mmReader) litStep(p *Parser, b []byte, i int) int {
	for ; i < len(b); i++ {
		if b[i] != x.lit[x.litN] {
			n := x.litN
			x.litN = 0
			x.content(p, x.lit[:n], x.litOff)
			return i
		}
		x.litN++
		if x.litN == len(x.lit) {
			x.litN = 0
			x.closeNode(p, x.litOff)
			return i + 1
		}
	}
	return i
}

// token acts on a namespace token at off: a tag follows.
func (x *mmReader) token(p *Parser, off int) {
	x.ret, x.state, x.tagOff, x.tag = x.state, mmPreTag, off, x.tag[:0]
}

// leafName returns the name of the innermost open node when it may be a
// leaf (no child yet), nil otherwise.
func (x *mmReader) leafName() []byte {
	if x.state != mmValue || len(x.stack) == 0 {
		return nil
	}
	n := &x.nodes[x.stack[len(x.stack)-1]]
	if n.first >= 0 {
		return nil
	}
	return x.names[n.name[0]:n.name[1]]
}

// content takes bytes that are no tag.
func (x *mmReader) content(p *Parser, b []byte, off int) {
	switch x.state {
	case mmValue:
		n := &x.nodes[x.stack[len(x.stack)-1]]
		if n.first >= 0 { // text between child tags: layout
			return
		}
		if n.text[1] != int32(len(x.texts)) { // the leaf's text is the last written
			return
		}
		x.texts = append(x.texts, b...)
		n.text[1] = int32(len(x.texts))
	case mmSkip:
	case mmBlock:
		if x.capTok == x.tagOff+1 { // no token since the cap
			p.stray(b, off)
			return
		}
		p.blockWords(b, off)
	default:
		p.stray(b, off)
	}
}

// problem reports broken markup at off: inside a call it abandons the
// call (the reader then skips to the next one), elsewhere it is reported.
func (x *mmReader) problem(p *Parser, off int, format string, args ...any) {
	if p.sectionProblem(x.inCall(), off, "MiniMax-M3", format, args...) {
		x.state = mmSkip
	}
}

// onTag acts on the complete tag in x.tag, in state x.state.
func (x *mmReader) onTag(p *Parser) {
	off := x.tagOff
	t := trimSpace(x.tag)
	closing := len(t) > 0 && t[0] == '/'
	if closing {
		t = trimSpace(t[1:])
	}
	j := 0
	for j < len(t) && !isSpace(t[j]) {
		j++
	}
	nm, attrs := t[:j], t[j:]
	name := string(nm) // compared only: no copy is made
	switch x.state {
	case mmValue:
		switch {
		case !closing && name != "invoke":
			x.openNode(p, nm, off)
		case closing && string(x.nodeName(x.stack[len(x.stack)-1])) == name:
			x.closeNode(p, off)
		case name == "invoke" || name == "tool_call":
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "MiniMax-M3 parameter not closed before <%s%s>", slash(closing), nm)
			for x.state == mmValue {
				x.closeNode(p, off)
			}
			if x.state == mmCall {
				x.onTag(p)
			}
		case closing && x.openDepth(name) >= 0:
			// A closer of an enclosing tag closes the tags left open inside
			// it (<location><lat>1</location>), as SGLang's compatibility
			// reader heals it; reported.
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "MiniMax-M3 <%s> not closed before </%s>", x.nodeName(x.stack[len(x.stack)-1]), nm)
			for d := x.openDepth(name); len(x.stack) > d; {
				x.closeNode(p, off)
			}
		case closing:
			// A closer of no open tag (</wrong>) is dropped, reported; the
			// value goes on.
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "MiniMax-M3 </%s> closes no open tag: dropped", nm)
		}
		return
	case mmCall:
		switch {
		case closing && name == "invoke":
			x.endCall(p, off)
		case !closing && name == "invoke", closing && name == "tool_call":
			p.errorf(off, toolcall.CodeMalformedMarkup, p.sectionErrIndex(), "MiniMax-M3 call not closed before <%s%s>", slash(closing), nm)
			x.endCall(p, off)
			x.onTag(p)
		case !closing && len(nm) > 0:
			x.nodes, x.stack, x.names, x.texts = x.nodes[:0], x.stack[:0], x.names[:0], x.texts[:0]
			x.valOff = off
			x.state = mmValue
			x.openNode(p, nm, off)
		default:
			x.problem(p, off, "unexpected <%s%s> in a call", slash(closing), nm)
		}
		return
	}
	switch {
	case !closing && name == "invoke":
		x.beginCall(p, attrs, off)
	case closing && name == "tool_call":
		p.mode = mText
		x.state = mmBlock
	case x.state == mmSkip:
		if closing && name == "invoke" {
			x.state = mmBlock
		}
	default:
		p.errorf(off, toolcall.CodeMalformedMarkup, -1, "MiniMax-M3 calls: unexpected <%s%s>", slash(closing), nm)
	}
}

func slash(closing bool) string {
	if closing {
		return "/"
	}
	return ""
}

// beginCall opens a call at its <invoke> tag at off.
func (x *mmReader) beginCall(p *Parser, attrs []byte, off int) {
	x.state = mmCall
	if name, ok := x.attrName(attrs); !p.sectionBeginCall(off, name, ok, "MiniMax-M3") {
		x.state = mmSkip
	}
}

// attrName returns the unescaped name="…" attribute.
func (x *mmReader) attrName(attrs []byte) ([]byte, bool) {
	i := bytes.Index(attrs, []byte(`name="`))
	if i < 0 {
		return nil, false
	}
	v := attrs[i+len(`name="`):]
	if q := bytes.IndexByte(v, '"'); q >= 0 {
		v = v[:q]
	}
	v = trimSpace(v)
	if bytes.IndexByte(v, '&') < 0 {
		return v, len(v) > 0
	}
	x.name = appendUnescaped(x.name[:0], v)
	return x.name, len(x.name) > 0
}

// appendUnescaped appends v with the XML entities &quot; &amp; &lt; &gt;
// &apos; decoded.
func appendUnescaped(dst, v []byte) []byte {
	for len(v) > 0 {
		if v[0] == '&' {
			for _, e := range [...][2]string{{"&quot;", `"`}, {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&apos;", "'"}} {
				if bytes.HasPrefix(v, []byte(e[0])) {
					dst, v = append(dst, e[1]...), v[len(e[0]):]
					goto next
				}
			}
		}
		dst, v = append(dst, v[0]), v[1:]
	next:
	}
	return dst
}

// endCall completes the call at its closer at off.
func (x *mmReader) endCall(p *Parser, off int) {
	p.sectionEndCall(off)
	x.state = mmBlock
}

// openNode opens a tag of a value at off.
func (x *mmReader) openNode(p *Parser, nm []byte, off int) {
	if len(x.stack) > p.cfg.maxDepth {
		p.abandon(off, toolcall.CodeTooDeep, "MiniMax-M3 parameter nests deeper than %d", p.cfg.maxDepth)
		x.state = mmSkip
		return
	}
	k := int32(len(x.nodes))
	n := mmNode{first: -1, last: -1, next: -1}
	n.name[0] = int32(len(x.names))
	x.names = append(x.names, nm...)
	n.name[1] = int32(len(x.names))
	n.text[0], n.text[1] = int32(len(x.texts)), int32(len(x.texts))
	x.nodes = append(x.nodes, n)
	if len(x.stack) > 0 {
		par := &x.nodes[x.stack[len(x.stack)-1]]
		if par.first < 0 {
			par.first = k
		} else {
			x.nodes[par.last].next = k
		}
		par.last = k
	}
	x.stack = append(x.stack, k)
}

// closeNode closes the innermost open tag of the value at off; the
// parameter's closer writes the parameter.
func (x *mmReader) closeNode(p *Parser, off int) {
	x.stack = x.stack[:len(x.stack)-1]
	if len(x.stack) > 0 {
		return
	}
	x.state = mmCall
	c := &p.calls.cur
	root := &x.nodes[0]
	key := x.names[root.name[0]:root.name[1]]
	if p.argRepeated(key, x.valOff, nil) { // dropped: the first value stands
		return
	}
	if root.first < 0 && c.tool != nil && catalog.Undecided(c.tool, key, c.args) { // a scalar the discriminator types
		p.holdArg(key, x.texts[root.text[0]:root.text[1]])
		return
	}
	var prm *toolcall.Param
	if c.tool != nil {
		prm = catalog.ParamIn(c.tool, key, c.args)
	}
	s := p.appendArgKey(key, false)
	vs := len(p.scratch)
	p.scratch = x.appendValue(p.scratch, 0, prm)
	if catalog.DeeperThan(p.scratch[vs:], p.cfg.maxDepth) {
		p.scratch = p.scratch[:s]
		p.abandon(x.valOff, toolcall.CodeTooDeep, "MiniMax-M3 parameter %q nests deeper than %d", key, p.cfg.maxDepth)
		x.state = mmSkip
		return
	}
	p.emitArgs(p.scratch[s:len(p.scratch):len(p.scratch)], x.valOff)
	p.argWritten(off)
}

// appendValue appends node k's value as JSON, coerced by prm (the
// parameter, or a nested schema as one; nil: unknown).
func (x *mmReader) appendValue(dst []byte, k int32, prm *toolcall.Param) []byte {
	n := &x.nodes[k]
	types := catalog.ParamTypes(prm)
	has := func(t string) bool {
		for _, u := range types {
			if u == t {
				return true
			}
		}
		return false
	}
	if n.first < 0 {
		text := x.texts[n.text[0]:n.text[1]]
		if len(trimSpace(text)) == 0 && !has("string") {
			switch {
			case has("array"):
				return append(dst, "[]"...)
			case has("object"):
				return append(dst, "{}"...)
			}
		}
		return catalog.AppendCoerced(dst, prm, text)
	}
	list := has("array") && !has("object")
	if !list {
		list = true // every child an <item>: a list
		for c := n.first; c >= 0; c = x.nodes[c].next {
			list = list && string(x.nodeName(c)) == "item"
		}
	}
	if list {
		items := childSchema(prm, "", true)
		dst = append(dst, '[')
		for c := n.first; c >= 0; c = x.nodes[c].next {
			if c != n.first {
				dst = append(dst, ',')
			}
			dst = x.appendValue(dst, c, items)
		}
		return append(dst, ']')
	}
	// An object: a name given more than once is a list of its values.
	dst = append(dst, '{')
	first := true
	for c := n.first; c >= 0; c = x.nodes[c].next {
		name := x.nodeName(c)
		seen := false
		for d := n.first; d != c; d = x.nodes[d].next {
			seen = seen || bytes.Equal(x.nodeName(d), name)
		}
		if seen {
			continue
		}
		count := 0
		for d := c; d >= 0; d = x.nodes[d].next {
			if bytes.Equal(x.nodeName(d), name) {
				count++
			}
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = catalog.AppendJSONString(dst, name)
		dst = append(dst, ':')
		sub := childSchema(prm, string(name), false)
		if count == 1 {
			dst = x.appendValue(dst, c, sub)
			continue
		}
		items := childSchema(sub, "", true)
		dst = append(dst, '[')
		for d, i := c, 0; d >= 0; d = x.nodes[d].next {
			if bytes.Equal(x.nodeName(d), name) {
				if i > 0 {
					dst = append(dst, ',')
				}
				i++
				dst = x.appendValue(dst, d, items)
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// openDepth is the stack index of the innermost open tag named name, -1
// when none is.
func (x *mmReader) openDepth(name string) int {
	for i := len(x.stack) - 1; i >= 0; i-- {
		if string(x.nodeName(x.stack[i])) == name {
			return i
		}
	}
	return -1
}

func (x *mmReader) nodeName(k int32) []byte {
	n := &x.nodes[k]
	return x.names[n.name[0]:n.name[1]]
}

// childSchema returns the schema of property name (or of an array's
// items) of prm's schema as a parameter, nil when it says nothing. A union
// (anyOf/oneOf) gives the first alternative that has it: the nested tags
// of {"oneOf": [{"type": "integer"}, {"type": "object", …}]} are read by
// the object alternative's properties.
func childSchema(prm *toolcall.Param, name string, items bool) *toolcall.Param {
	if prm == nil || len(prm.Schema) == 0 {
		return nil
	}
	if raw := childRaw(prm.Schema, name, items, 0); raw != nil {
		return &toolcall.Param{Name: name, Schema: raw}
	}
	return nil
}

// childRaw is childSchema on a raw schema, depth alternatives deep.
func childRaw(schema json.RawMessage, name string, items bool, depth int) json.RawMessage {
	var s struct {
		Properties           map[string]json.RawMessage `json:"properties"`
		Items                json.RawMessage            `json:"items"`
		AdditionalProperties json.RawMessage            `json:"additionalProperties"`
		AnyOf                []json.RawMessage          `json:"anyOf"`
		OneOf                []json.RawMessage          `json:"oneOf"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return nil
	}
	var raw json.RawMessage
	switch {
	case items:
		raw = s.Items
	case s.Properties[name] != nil:
		raw = s.Properties[name]
	case len(s.AdditionalProperties) > 0 && s.AdditionalProperties[0] == '{':
		raw = s.AdditionalProperties
	}
	if len(raw) > 0 && raw[0] == '{' {
		return raw
	}
	if depth < 4 {
		for _, alt := range append(s.AnyOf, s.OneOf...) {
			if raw := childRaw(alt, name, items, depth+1); raw != nil {
				return raw
			}
		}
	}
	return nil
}

// end is told the stream ended inside the block: held bytes are content;
// a call complete but for its closer is a call (missing_closer), and so
// is a block whose closer never came.
func (x *mmReader) end(p *Parser) {
	if x.tok > 0 {
		n := x.tok
		x.tok = 0
		x.content(p, []byte(mmNS[:n]), x.tokOff)
	}
	if x.litN > 0 {
		n := x.litN
		x.litN = 0
		x.content(p, x.lit[:n], x.litOff)
	}
	p.sectionEnd(x.state == mmCall, x.state == mmBlock)
}
