package textparse

import "github.com/tooleval/tooleval/toolcall"

// This file decides which tags each state acts on and what they do.

// tagSet sets s to the tags the current state acts on.
func (p *Parser) tagSet(s *tagSet) {
	*s = tagSet{}
	switch p.mode {
	case mText:
		if p.reason { // calls' tags inside reasoning too (inreasoning.go); only its own closer, no stray closers
			s.open, s.close = p.tags.xOpen, p.tags.thinkEnd
			if p.inr.opened { // the opener the prompt wrote, written again (inReasoning.opened)
				s.open |= p.tags.thinkEnd
			}
		} else { // reasoning tags, calls' tags, stray closers (setDialects)
			s.open, s.close = p.tags.textOpen, p.tags.textClose
		}
		s.genericOpen = p.tags.xCatalog
	case mWrapper:
		s.open = tt.invokes | tt.reopen | tt.markup | bitOf(p.tags.wrapper)
		s.close = tt.wclose | tt.invokes | tt.params
		if x := p.wrapperOf(); x != nil && x.key != tkNone { // key/value calls in a wrapper
			s.open |= bitOf(x.invoke)
		}
	case mBody:
		if p.rd.tag != nil {
			p.rd.tag.tags(p, s)
		}
	case mCallBody:
		s.open = tt.invokes | bitOf(p.tags.callK)
		s.close = bitOf(p.tags.callK)
	case mEnvPost:
		s.close = bitOf(p.tags.callK)
	}
	s.suffix = p.tags.xSuffix
}

// detect records the dialect of the first opening tag or marker; in auto
// mode it also narrows the tags and markers recognised from then on to
// that dialect's.
func (p *Parser) detect(f Format) {
	if p.detected == f { // every call of the message after the first
		return
	}
	if i, ok := tt.tagDialectOf(f); ok {
		p.detectTag(&tt.ds[i])
		return
	}
	if p.detected != "" {
		return
	}
	p.setDetected(f)
	if p.cfg.format == FormatAuto && markerDialect(f) != nil { // only its markers from now on
		p.setDialects(0)
		p.mk.comp = p.compiledFor(f)
	}
}

// detectTag is detect for an XML-style dialect; under auto the tags
// recognised narrow to it and the dialects opened by the same tag (the
// body decides among them).
func (p *Parser) detectTag(x *tagDialect) {
	if p.detected == x.d.Format {
		return
	}
	if p.detected != "" {
		// A JSON call tag's dialect gives way to one sharing its tag whose
		// body was seen (an invoke tag or a name inside it).
		if d := p.tags.detTag; d != nil && d.d.Tags.JSON && d.group&(1<<x.idx) != 0 {
			p.setDetected(x.d.Format)
			p.tags.detTag = x
		}
		return
	}
	p.setDetected(x.d.Format)
	p.tags.detTag = x
	if p.cfg.format == FormatAuto {
		p.mk.comp = nil
		p.setDialects(x.group | 1<<x.idx)
	}
}

// detectSettled reports whether detectTag can change nothing any more: a
// dialect was detected, and not one of a JSON call tag (which gives way
// to a dialect sharing its tag).
func (p *Parser) detectSettled() bool {
	return p.detected != "" && (p.tags.detTag == nil || !p.tags.detTag.d.Tags.JSON)
}

// onTag acts on the complete tag in p.m. It reports false when the tag is
// content after all.
func (p *Parser) onTag() bool {
	t := &p.m
	k, closing, off := t.kind, t.closing, t.off
	end := off + t.n
	if t.bad && (p.mode == mText || p.mode == mWrapper) {
		return false // a cut-short closer outside a call is just text
	}
	var role uint16
	if k != tkGeneric {
		role = tt.role[k]
	}
	switch p.mode {
	case mText:
		if k != tkGeneric && tt.fenced&bitOf(k) != 0 && p.tags.fence.quoting() {
			return false // a call quoted in a code block is text
		}
		if !p.reason && (k == tkThink || k == tkThinking || role&rThink != 0) && p.thinkQuoted(k, closing) {
			return false // so is a reasoning tag written in the answer's code
		}
		if p.tags.dmg.on {
			p.endDamaged(k, closing, role)
		}
		p.fresh = false
		bareEnd := p.tags.bareEnd
		p.tags.bareEnd = false
		switch {
		case !closing && (k == tkThink || k == tkThinking || role&rThink != 0):
			// opened: the same tag written again right after it is markup
			// too (<think><think>…: SGLang strips repeated leading openers).
			p.reason, p.tags.thinkK, p.tags.thinkEnd, p.inr.opened = true, k, bitOf(k), true
			p.inr.reset()
		case closing && p.reason && bitOf(k)&p.tags.thinkEnd != 0:
			p.reason, p.fresh = false, true
		case closing && k == p.inr.cutK: // the reasoning a call ended (inreasoning.go)
			p.inr.cutK = tkNone
		case p.reason:
			return p.tagInReasoning(k, off)
		case closing && bareEnd && p.formatTag() != nil && k == p.formatTag().wrapper:
			// the closer of the bare call just ended (parser.go, bareEnd)
		case closing:
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "stray </%s> outside a call", tagName(k))
		case k == tkGeneric:
			ct := p.lookupTag(t.name())
			if ct.tool == nil {
				return false
			}
			p.detect(p.catalogFormat())
			p.beginCatalogCall(ct, off)
		case role&rNamed != 0:
			p.beginNamed(k, off)
		case role&rJSON != 0:
			if !p.detectSettled() {
				p.detectTag(p.jsonOwner(k))
			}
			p.calls.callTag, p.tags.callK = off, k
			p.mode = mCallBody
		case role&rWrapper != 0:
			p.openWrapper(k)
		case role&rInvoke != 0:
			if !p.detectSettled() {
				p.detectTag(tt.owner(k, p.cfg.format, p.m.eq()))
			}
			p.beginInvoke(off, end, tt.closer(k), mText)
		}
	case mWrapper:
		begun := p.tags.begun
		p.tags.begun = false // (any tag but a call's CallBegin and CallSep)
		switch {
		case !closing && p.wrapperOf() != nil && p.wrapperOf().key != tkNone && k == p.wrapperOf().invoke:
			p.beginKVTag(p.wrapperOf(), off, end)
		case !closing && role&rInvoke != 0:
			p.beginInvoke(off, end, tt.closer(k), mWrapper)
		case !closing && p.wrapperOf() != nil && k == p.wrapperOf().wrapEnd:
			p.mode = mText
			p.setWrapper(tkNone)
		case !closing && (tt.callBegins|tt.callSeps)&bitOf(k) != 0:
			// <｜tool_call_begin｜>function<｜tool_sep｜>NAME\n: the type
			// word between them, and the tool's name the model may repeat
			// after the separator before its invoke, are markup, not
			// stray text.
			p.junk, p.wordsEnd = true, -1
			if tt.callBegins&bitOf(k) != 0 {
				begun, p.tags.begunOff = true, off
			}
			p.tags.begun = begun
			return true
		case !closing && k == p.tags.wrapper:
			p.openerAgain(off, "<"+tagName(k)+">")
		case !closing: // another dialect's wrapper (Tags.Reopen), a call's end marker
		case k == p.tags.wrapper:
			p.mode = mText
			p.setWrapper(tkNone)
		default:
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "stray </%s> between calls", tagName(k))
		}
	case mBody:
		if p.rd.tag == nil {
			return false
		}
		return p.rd.tag.onTag(p, k, closing, off)
	case mCallBody:
		if closing { // an empty call tag
			p.mode = mText
			return true
		}
		if k == p.tags.callK {
			// The call tag written again before its body
			// (<tool_call><tool_call>{…}): the first held no call, and
			// the second is read.
			p.openerHeldNone(p.calls.callTag)
			p.calls.callTag = off
			break
		}
		if i := tt.wrapOf[p.tags.callK]; i >= 0 { // the dialect whose wrapper the call tag is
			p.detectTag(&tt.ds[i])
		}
		p.setWrapper(p.tags.callK)
		p.beginInvoke(off, end, tt.closer(k), mWrapper)
	case mEnvPost:
		p.mode = p.envelope().skipped // where the call tag was: text, or a wrapper (kvObject)
	}
	p.junk = false
	return true
}

// openWrapper enters the wrapper tag k met in text.
func (p *Parser) openWrapper(k tagKind) {
	p.detectTag(&tt.ds[tt.wrapOf[k]])
	p.mode = mWrapper
	p.setWrapper(k)
}

// jsonOwner returns the dialect whose Invoke k holds a JSON call object.
func (p *Parser) jsonOwner(k tagKind) *tagDialect {
	for _, i := range tt.owners[k] {
		if x := &tt.ds[i]; x.invoke == k && tt.role[k]&rJSON != 0 && x.key == tkNone && x.wrapper == tkNone {
			return x
		}
	}
	return tt.owner(k, p.cfg.format, p.m.eq())
}

// catalogFormat is the dialect whose tool names are tags.
func (p *Parser) catalogFormat() Format {
	for i := range tt.ds {
		if tt.ds[i].catalog {
			return tt.ds[i].d.Format
		}
	}
	return ""
}

// isWrapperCloser reports whether k closes a wrapper of calls.
func isWrapperCloser(k tagKind) bool { return k != tkGeneric && tt.wclose&bitOf(k) != 0 }

// maxTagCache bounds the tag names whose catalog lookup is remembered.
const maxTagCache = 256

// catalogTag is a tag name looked up in the catalog: the tool it calls
// (nil: not a tool's), the name as a string and its closing tag.
type catalogTag struct {
	tool         *toolcall.Tool
	name, closer string
	nameOK       bool // the name passes setName's test (Parser.nameOK)
}

// lookupTag looks a tag name up in the catalog (a Catalog dialect's tool).
// Answers are cached per name, so that ordinary markup (<div>, <b>) and
// the calls of a tool met before cost no allocation.
func (p *Parser) lookupTag(name []byte) catalogTag { return lookupTool(p, name) }

// lookupTool is lookupTag for a name as bytes or as a string, the one
// cached lookup of a tool by name: a catalog tag's, and a call's tool
// (startCall), an agent's turn calling the same few tools again and again.
func lookupTool[S string | []byte](p *Parser, name S) catalogTag {
	for i := range p.tags.recent { // the tools called last: no map lookup
		if t := &p.tags.recent[i]; t.tool != nil && t.name == string(name) {
			return *t
		}
	}
	if t, ok := p.tags.tagCache[string(name)]; ok {
		p.remember(t)
		return t
	}
	s := string(name)
	var ct catalogTag
	if t, ok := p.cfg.tools.Lookup(s); ok {
		ct = catalogTag{t, s, "</" + s + ">", p.nameOK(s)}
	}
	if len(p.tags.tagCache) < maxTagCache {
		if p.tags.tagCache == nil {
			p.tags.tagCache = map[string]catalogTag{}
		}
		p.tags.tagCache[s] = ct
	}
	p.remember(ct)
	return ct
}

// remember keeps a tool's tag among the few looked up last (an agent's
// turn calls the same few tools again and again).
func (p *Parser) remember(t catalogTag) {
	if t.tool != nil {
		p.tags.recent[p.tags.recentN%len(p.tags.recent)] = t
		p.tags.recentN++
	}
}
