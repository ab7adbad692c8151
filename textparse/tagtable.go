package textparse

import (
	"math/bits"
	"sync"
)

// This file builds the tag vocabulary of the XML-style dialects from
// their Tags descriptions: a kind per distinct tag name, what each kind
// does (its roles), and per dialect the kinds it acts on. The engine
// (tags.go, modes.go, value.go) reads only roles and masks from here.

// tagKind is a tag name: 0 none, then <think> and <thinking>, then the
// names of the registered dialects; tkGeneric stands for any name.
type tagKind uint8

const (
	tkNone tagKind = iota
	tkThink
	tkThinking
	tkFirstDialect // the registry's kinds start here
	maxTagKinds    = 64
	tkGeneric      = 255 // any name: catalog tools and parameters
)

// Roles of a tag kind (a name may have several, from several dialects).
const (
	rWrapper   = 1 << iota // a Wrapper
	rReopen                // a Wrapper repeated inside itself is ignored
	rWrapClose             // a Wrapper ended by its closing tag
	rInvoke                // an Invoke of the wrapper family
	rParam                 // a Param
	rEq                    // named after '=' (<function=NAME>)
	rThink                 // a dialect's own reasoning tag
	rMarkup                // CallBegin, CallSep, CallEnd or WrapperEnd
	rJSON                  // an Invoke holding a JSON call object
	rNamed                 // an Invoke holding Name and Args tags
)

// tagDialect is one XML-style dialect's share of the vocabulary.
type tagDialect struct {
	d                             *Dialect
	idx                           int // in tagTable.ds
	wrapper, invoke, param, think tagKind
	thinks                        uint64 // think and the ThinkAlt kinds
	name, args, key, value        tagKind
	typeTag                       tagKind // Tags.TypeTag
	wrapEnd, callBegin, callSep   tagKind
	ends                          uint64 // CallEnd and WrapperEnd: they end a call inside the wrapper
	suffix                        uint64 // the kinds that may carry a :SUFFIX (Tags.Suffix)
	open, close                   uint64 // kinds acted on in text
	group                         uint64 // dialects opened by the same outer tag (auto narrows to them)
	catalog                       bool
	keepNL                        bool   // Tags.KeepNewline
	escNL                         bool   // Tags.EscapedNewlines
	wrapJSON                      bool   // Tags.WrapperJSON
	schemaParams                  bool   // Tags.SchemaParams
	bare                          uint64 // the invoke kind when Tags.Bare (bareInvoke)
	params                        uint64 // Param and its ParamAlt spellings
	// plainOpen: the bytes of a plain parameter opener before its name
	// (plainParam): "<PARAM=" where Tags.Eq, else "<PARAM name=\"", none
	// where the Param kind is typed (Tags.Typed, any dialect's);
	// plainQuote: the quote after the name there, 0 where Tags.Eq.
	plainOpen  string
	plainQuote byte
	// kv: the tags a key/value call acts on (kv.go), worked out once:
	// between pairs, in a key, in a value.
	kv struct{ open, close, keyClose, valueOpen, valueClose, typeClose uint64 }
}

// tagTable is the vocabulary of every registered XML-style dialect.
type tagTable struct {
	names   []string // by kind
	closers []string // "</name>", by kind
	role    []uint16
	typed   []string // the Typed attribute of a Param kind
	// owners: the dialects (indexes in ds) using a kind as Wrapper,
	// Invoke or Think; wrapOf: the dialect whose Wrapper a kind is.
	owners                  [][]int
	wrapOf                  []int
	ds                      []tagDialect
	byFormat                map[Format]int
	invokes, params, wclose uint64      // masks by role
	fenced                  uint64      // the tags of the Tags.Fence dialects
	first                   [256]uint64 // the kinds by the first byte of their name
	// head: a name's first (up to) sixteen bytes as two little-endian
	// words and the masks of those bytes, and its length, by kind:
	// fastName compares them at once.
	head                 [maxTagKinds]nameHead
	reopen, markup       uint64
	callBegins, callSeps uint64
	all                  uint64 // every dialect
	auto                 uint64 // every dialect auto detects (not NoAuto)
}

var (
	tagsOnce sync.Once
	tt       tagTable
)

// tagVocabulary returns the table, built once after every init has
// registered its dialect.
func tagVocabulary() *tagTable {
	tagsOnce.Do(buildTagTable)
	return &tt
}

func buildTagTable() {
	t := &tt
	t.names = []string{tkThink: "think", tkThinking: "thinking", tkNone: ""}
	t.closers = []string{tkThink: "</think>", tkThinking: "</thinking>", tkNone: ""}
	t.role = make([]uint16, len(t.names))
	t.typed = make([]string, len(t.names))
	t.owners = make([][]int, len(t.names))
	t.wrapOf = []int{-1, -1, -1}
	t.byFormat = map[Format]int{}
	kind := func(name string, role uint16) tagKind {
		if name == "" {
			return tkNone
		}
		for k, n := range t.names {
			if n == name {
				t.role[k] |= role
				return tagKind(k)
			}
		}
		if len(t.names) == maxTagKinds {
			panic("textparse: more than 64 tag names")
		}
		t.names = append(t.names, name)
		t.closers = append(t.closers, "</"+name+">")
		t.role = append(t.role, role)
		t.typed = append(t.typed, "")
		t.owners = append(t.owners, nil)
		t.wrapOf = append(t.wrapOf, -1)
		return tagKind(len(t.names) - 1)
	}
	for _, f := range Formats()[1:] {
		d := dialects[f]
		if d.Tags == nil || d.Alias != "" {
			continue
		}
		g := d.Tags
		i := len(t.ds)
		t.byFormat[f] = i
		var eq uint16
		if g.Eq {
			eq = rEq
		}
		x := tagDialect{d: d, idx: i, catalog: g.Catalog, keepNL: g.KeepNewline, escNL: g.EscapedNewlines, wrapJSON: g.WrapperJSON, schemaParams: g.SchemaParams}
		wrap := uint16(rWrapper)
		if g.Reopen {
			wrap |= rReopen
		}
		if g.WrapperEnd == "" {
			wrap |= rWrapClose
		}
		x.wrapper = kind(g.Wrapper, wrap)
		inv := uint16(rInvoke) | eq
		switch {
		case g.JSON:
			inv = rJSON
		case g.Name != "":
			inv = rNamed
		case g.Key != "" && g.Wrapper != "" && !g.Bare:
			inv = 0
		case g.Key != "":
			// A key/value call tag outside a wrapper (there is none, or
			// Bare) opens a call body as a JSON call tag does: a name
			// there starts the pairs (jsonargs.go), a '{' a JSON call
			// object.
			inv = rJSON
		}
		x.invoke = kind(g.Invoke, inv)
		x.param = kind(g.Param, rParam|eq)
		x.params = bitOf(x.param)
		switch {
		case g.Param == "":
		case g.Eq:
			x.plainOpen = "<" + g.Param + "="
		default:
			x.plainOpen, x.plainQuote = "<"+g.Param+` name="`, '"'
		}
		var alts uint64 // InvokeAlt, ParamAlt: read after '=', closed by the tag they spell
		for _, a := range []struct {
			names []string
			of    tagKind
			role  uint16
		}{{g.InvokeAlt, x.invoke, inv | rEq}, {g.ParamAlt, x.param, rParam | rEq}} {
			for _, n := range a.names {
				k := kind(n, a.role)
				t.closers[k] = t.closers[a.of]
				t.owners[k] = append(t.owners[k], i)
				if a.of == x.invoke {
					alts |= bitOf(k)
				} else {
					x.params |= bitOf(k)
				}
			}
		}
		x.think = kind(g.Think, rThink)
		x.thinks = bitOf(x.think)
		for _, n := range g.ThinkAlt {
			k := kind(n, rThink)
			x.thinks |= bitOf(k)
			t.owners[k] = append(t.owners[k], i)
		}
		x.name, x.args = kind(g.Name, 0), kind(g.Args, 0)
		x.key, x.value, x.typeTag = kind(g.Key, 0), kind(g.Value, 0), kind(g.TypeTag, 0)
		x.wrapEnd, x.callBegin, x.callSep = kind(g.WrapperEnd, rMarkup), kind(g.CallBegin, rMarkup), kind(g.CallSep, rMarkup)
		t.callBegins |= bitOf(x.callBegin)
		t.callSeps |= bitOf(x.callSep)
		x.ends = bitOf(kind(g.CallEnd, rMarkup)) | bitOf(x.wrapEnd)
		x.kv.open, x.kv.close = bit(x.key, x.value, x.callSep, x.typeTag), bit(x.invoke, x.key, x.value)
		x.kv.keyClose, x.kv.valueOpen, x.kv.valueClose = bit(x.key, x.invoke), bitOf(x.key), bit(x.value, x.invoke)
		x.kv.typeClose = bit(x.typeTag, x.invoke)
		if g.Bare {
			x.bare = bitOf(x.invoke) | alts
		}
		if g.Suffix {
			x.suffix = bitOf(x.wrapper) | bitOf(x.invoke) | bitOf(x.param) | bitOf(x.key) | bitOf(x.value) | bitOf(x.typeTag) |
				bitOf(x.callSep) | bitOf(x.name) | bitOf(x.args) | x.thinks | bitOf(tkThink)
		}
		if g.Fence {
			t.fenced |= bitOf(x.wrapper) | bitOf(x.invoke) | bitOf(x.param)
		}
		if g.Typed != "" {
			t.typed[x.param] = g.Typed
		}
		for _, k := range []tagKind{x.wrapper, x.invoke, x.think} {
			if k != tkNone {
				t.owners[k] = append(t.owners[k], i)
			}
		}
		if x.wrapper != tkNone {
			t.wrapOf[x.wrapper] = i
		}
		// In text: the outer tag opens; closers of its calls met there
		// are stray.
		switch {
		case x.wrapper != tkNone:
			x.open = bitOf(x.wrapper)
			if g.Bare {
				x.open |= bitOf(x.invoke)
				x.close = bitOf(x.wrapper) | bitOf(x.invoke) | bitOf(x.param)
			}
		case x.invoke != tkNone:
			x.open = bitOf(x.invoke) | alts
			x.close = bitOf(x.invoke) | bitOf(x.name) | bitOf(x.args)
		}
		if d.StrayClose && x.wrapper != tkNone {
			x.close |= bitOf(x.wrapper)
		}
		t.ds = append(t.ds, x)
	}
	for k, n := range t.names {
		if n != "" {
			t.first[n[0]] |= bitOf(tagKind(k))
		}
		t.head[k] = headOf(n)
		r := t.role[k]
		m := bitOf(tagKind(k))
		if r&rInvoke != 0 {
			t.invokes |= m
		}
		if r&rParam != 0 {
			t.params |= m
		}
		if r&rWrapClose != 0 {
			t.wclose |= m
		}
		if r&rReopen != 0 {
			t.reopen |= m
		}
		if r&rMarkup != 0 {
			t.markup |= m
		}
	}
	for i := range t.ds {
		if x := &t.ds[i]; t.typed[x.param] != "" { // its opener types the value (valueOpen reads it): no plain form
			x.plainOpen, x.plainQuote = "", 0
		}
		t.all |= 1 << i
		if !t.ds[i].d.NoAuto {
			t.auto |= 1 << i
		}
		for j := range t.ds {
			if t.ds[i].outer() != tkNone && t.ds[i].outer() == t.ds[j].outer() {
				t.ds[i].group |= 1 << j
			}
		}
	}
	if len(t.ds) > 64 {
		panic("textparse: more than 64 XML-style dialects")
	}
}

// outer is the tag that opens the dialect's calls in text.
func (x *tagDialect) outer() tagKind {
	if x.wrapper != tkNone {
		return x.wrapper
	}
	return x.invoke
}

func bitOf(k tagKind) uint64 {
	if k == tkNone {
		return 0
	}
	return 1 << k
}

// owner returns the dialect using kind k as its Wrapper, Invoke or Think:
// the configured format's when it is one of them, else the first by name
// whose calls open with k in text (a bare invoke tag is the dialect's whose
// calls it opens, not the first of those that nest it in their wrapper),
// written the way the tag was (eq: named after '=', <function=NAME>, or
// by its name="…" attribute).
func (t *tagTable) owner(k tagKind, f Format, eq bool) *tagDialect {
	os := t.owners[k]
	for _, i := range os {
		if t.ds[i].d.Format == f {
			return &t.ds[i]
		}
	}
	if len(os) == 0 {
		return nil
	}
	var first *tagDialect
	for _, i := range os { // a dialect whose calls open with k in text
		if x := &t.ds[i]; x.open&bitOf(k) != 0 {
			if x.d.Tags.Eq == eq {
				return x
			}
			if first == nil {
				first = x
			}
		}
	}
	if first != nil {
		return first
	}
	return &t.ds[os[0]]
}

// tagDialectOf returns the XML-style dialect f (its alias target for an
// alias), nil when f is not one.
func (t *tagTable) tagDialectOf(f Format) (int, bool) {
	if d := dialects[f]; d != nil && d.Alias != "" {
		f = d.Alias
	}
	i, ok := t.byFormat[f]
	return i, ok
}

// setDialects enables the XML-style dialects of mask m and works out the
// tags the text state acts on.
func (p *Parser) setDialects(m uint64) {
	p.tags.dialects = m
	p.tags.xOpen, p.tags.xClose, p.tags.xThink, p.tags.xCatalog, p.tags.xKV, p.tags.xFence, p.tags.xSuffix = 0, 0, 0, false, false, false, 0
	for ; m != 0; m &= m - 1 {
		x := &tt.ds[bits.TrailingZeros64(m)]
		p.tags.xOpen |= x.open
		p.tags.xClose |= x.close
		p.tags.xThink |= x.thinks
		p.tags.xCatalog = p.tags.xCatalog || x.catalog
		p.tags.xKV = p.tags.xKV || x.key != tkNone
		p.tags.xFence = p.tags.xFence || x.d.Tags.Fence
		p.tags.xSuffix |= x.suffix
	}
	p.tags.textOpen, p.tags.textClose = p.tags.xOpen, p.tags.xClose
	if !p.cfg.thinkAsText { // the dialects' own reasoning tags (ThinkAsText: reasoning parsing off)
		p.tags.textOpen |= p.tags.xThink
		p.tags.textClose |= p.tags.xThink
	}
	if !p.cfg.noThink { // <think>, <thinking>
		p.tags.textOpen |= bitOf(tkThink) | bitOf(tkThinking)
		p.tags.textClose |= bitOf(tkThink) | bitOf(tkThinking)
	}
}

// closer returns "</name>" for kind k.
func (t *tagTable) closer(k tagKind) string { return t.closers[k] }

// wrapperOf returns the dialect whose wrapper the parser is in, nil when
// it is in none (or in a call tag another dialect wraps calls in).
func (p *Parser) wrapperOf() *tagDialect { return p.tags.wrapD }

// setWrapper records k as the wrapper the parser is in (tkNone: none),
// and the dialect whose Wrapper it is (wrapperOf).
func (p *Parser) setWrapper(k tagKind) {
	p.tags.wrapper, p.tags.wrapD = k, nil
	if k == tkNone {
		return
	}
	if i := tt.wrapOf[k]; i >= 0 {
		p.tags.wrapD = &tt.ds[i]
	}
}

// bareInvoke is the kind of the current call's own tag when the call is
// a bare one (a Bare dialect's call outside a wrapper, 0 otherwise): the
// next call's opening tag ends a call whose closer is missing.
func (p *Parser) bareInvoke() uint64 {
	if p.calls.cur.kind != ckInvoke || p.wrapperOf() != nil {
		return 0
	}
	if x := p.formatTag(); x != nil {
		return x.bare
	}
	return 0
}

// callDialect is the dialect whose rules the call being read follows: its
// wrapper's, or outside a wrapper the dialect in use (formatTag); nil when
// neither is XML-style. Two loads, inlined: the per-tag questions ask it.
func (p *Parser) callDialect() *tagDialect {
	if x := p.tags.wrapD; x != nil {
		return x
	}
	return p.tags.fmt
}

// formatTag is the XML-style dialect of the format in use (the one given,
// or the one detected), or nil: looked up (two string-keyed maps) when
// the format is set (newParser, setDetected), not when asked.
func (p *Parser) formatTag() *tagDialect { return p.tags.fmt }

// setFormatTag looks up formatTag's answer for the format in use.
func (p *Parser) setFormatTag() {
	p.tags.fmt = nil
	if i, ok := tt.tagDialectOf(p.Format()); ok {
		p.tags.fmt = &tt.ds[i]
	}
}

// nameHead is a tag name's first sixteen bytes as two little-endian words
// (w, w2) with the masks of the bytes the name has (m, m2), and its length.
type nameHead struct {
	w, m, w2, m2 uint64
	n            int
}

// headOf makes name's nameHead.
func headOf(name string) nameHead {
	h := nameHead{n: len(name)}
	for i := 0; i < len(name) && i < 16; i++ {
		if i < 8 {
			h.w |= uint64(name[i]) << (8 * i)
			h.m |= 0xFF << (8 * i)
		} else {
			h.w2 |= uint64(name[i]) << (8 * (i - 8))
			h.m2 |= 0xFF << (8 * (i - 8))
		}
	}
	return h
}

// wrapEnds are the kinds that end a call inside the current wrapper
// (CallEnd, WrapperEnd), 0 outside one.
func (p *Parser) wrapEnds() uint64 {
	if x := p.wrapperOf(); x != nil {
		return x.ends
	}
	return 0
}

// Hooks let a dialect file read a body the tag engine would otherwise
// read as markup: wrapperHooks run for the bytes inside a wrapper before
// its first call, invokeHooks for the bytes of an invoke (ckInvoke)
// before its first parameter, kvHooks for those of a key/value call
// (ckKV) before its first key (paramReader.hooks). A hook reports whether
// it took the bytes.
var (
	wrapperHooks []func(p *Parser, b []byte, i int) (int, bool)
	invokeHooks  []func(p *Parser, b []byte, i int) (int, bool)
	kvHooks      []func(p *Parser, b []byte, i int) (int, bool)
)

// wrapperTo (for a wrapper hook) hands the wrapper being read under auto
// to marker dialect f's first block, whose Open is the wrapper's tag,
// when the first byte after the wrapper that is not whitespace is one
// that starts f's body (starts): the block reads from there on. It
// reports false when the tag dialect goes on (another byte, the wrapper
// is not f's block's, or a run of stray bytes is under way).
func (p *Parser) wrapperTo(f Format, b []byte, i int, starts func(c byte) bool) (int, bool) {
	if p.junk || p.cfg.format != FormatAuto || p.tags.wrapper == tkNone {
		return i, false // a fixed format, or inside a run of stray bytes: they stay stray up to the next tag
	}
	d := dialects[f]
	if open := d.Blocks[0].Open; len(open) != len(tagName(p.tags.wrapper))+2 || open[1:len(open)-1] != tagName(p.tags.wrapper) {
		return i, false // not in the wrapper tag that opens the block
	}
	j := i
	for j < len(b) && isSpace(b[j]) {
		j++
	}
	if j == len(b) {
		return j, true // only whitespace so far
	}
	if !starts(b[j]) {
		return i, false
	}
	p.setDetected(f)
	p.setWrapper(tkNone)
	p.setDialects(0)
	p.mk.comp = p.compiledFor(f)
	p.mk.blk = &d.Blocks[0]
	p.mk.bsets = p.mk.comp.blocks[p.mk.blk]
	p.mk.callStart, p.args.fenced = p.off+j, false
	p.mode = mBlockBody
	return j, true
}

// tagName returns the name of kind k.
func tagName(k tagKind) string {
	if int(k) < len(tt.names) {
		return tt.names[k]
	}
	return ""
}
