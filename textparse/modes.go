package textparse

import "github.com/tooleval/tooleval/toolcall"

// This file decides which tags each state acts on and what they do.

// tagSet returns the tags the current state acts on.
func (p *Parser) tagSet() tagSet {
	var s tagSet
	switch p.mode {
	case mText:
		switch {
		case p.reason:
			s.close = bit(p.thinkK)
		case !p.cfg.thinkAsText:
			s.open = bit(tkThink, tkThinking)
			s.close = bit(tkThink, tkThinking)
		}
		if p.dialects&dSeed != 0 && !p.reason { // seed_oss's own reasoning tag
			s.open |= bit(tkSeedThink)
			s.close |= bit(tkSeedThink)
		}
		if p.reason && !p.cfg.callsInThinking {
			break
		}
		d := p.dialects
		if d&dUseTool != 0 {
			s.open |= bit(tkUseTool)
			s.close |= bit(tkUseTool, tkToolName, tkArguments)
		}
		if d&dFunctionCalls != 0 {
			s.open |= bit(tkFunctionCalls, tkInvoke)
			s.close |= bit(tkFunctionCalls, tkInvoke, tkParameter)
		}
		if d&dToolCall != 0 {
			s.open |= bit(tkToolCall)
			s.close |= bit(tkToolCall)
		}
		if d&dQwen != 0 {
			s.open |= bit(tkToolCall, tkFunction)
			s.close |= bit(tkToolCall, tkFunction, tkParameter)
		}
		if d&dCline != 0 {
			s.genericOpen = true
		}
		if d&dMinimax != 0 {
			s.open |= bit(tkMinimaxToolCall, tkInvoke)
			s.close |= bit(tkMinimaxToolCall, tkInvoke, tkParameter)
		}
		if d&dSeed != 0 {
			s.open |= bit(tkSeedToolCall, tkFunction)
			s.close |= bit(tkSeedToolCall, tkFunction, tkParameter)
		}
		if d&dGLM != 0 {
			s.open |= bit(tkToolCall)
			s.close |= bit(tkToolCall)
		}
		if d&dStep != 0 {
			s.open |= bit(tkStepCallsBegin)
		}
		if d&dDSML != 0 {
			s.open |= bit(tkDSMLFunctionCalls, tkDSMLInvoke)
			s.close |= bit(tkDSMLFunctionCalls, tkDSMLInvoke, tkDSMLParameter)
		}
		if p.reason {
			s.close &= bit(p.thinkK) // no stray-closer handling inside reasoning
		}
	case mWrapper:
		s.open = withDSML(bit(tkInvoke, tkFunction, tkFunctionCalls)) | stepMarkup
		s.close = withDSML(bit(tkFunctionCalls, tkToolCall, tkInvoke, tkFunction, tkParameter) | wrapperClosers)
	case mInvoke:
		switch p.cur.kind {
		case ckCline:
			s.genericOpen, s.genericClose = true, true
		case ckGLM:
			s.open = bit(tkArgKey, tkArgValue)
			s.close = bit(tkToolCall, tkArgKey, tkArgValue)
		default:
			s.open = withDSML(bit(tkParameter))
			s.close = withDSML(bit(tkInvoke, tkFunction, tkParameter, tkFunctionCalls, tkToolCall) | wrapperClosers)
			if p.wrapper == wrapStep {
				s.open |= bit(tkStepCallEnd, tkStepCallsEnd)
			}
		}
	case mArgKey:
		s.close = bit(tkArgKey, tkToolCall)
	case mValue:
		switch p.cur.kind {
		case ckCline:
			s.genericOpen, s.genericClose = true, true
		case ckGLM:
			s.open = bit(tkArgKey)
			s.close = bit(tkArgValue, tkToolCall)
		default:
			s.open = withDSML(bit(tkParameter))
			s.close = withDSML(bit(tkParameter, tkInvoke, tkFunction, tkFunctionCalls, tkToolCall) | wrapperClosers)
			if p.val.pendCall {
				s.open |= withDSML(bit(tkInvoke, tkFunction))
			}
			if p.wrapper == wrapStep {
				s.open |= bit(tkStepCallEnd, tkStepCallsEnd)
			}
		}
	case mUseTool:
		s.open = bit(tkToolName, tkArguments)
		s.close = bit(tkUseTool, tkToolName, tkArguments)
	case mToolName:
		s.open = bit(tkArguments)
		s.close = bit(tkToolName, tkUseTool)
	case mArgsPre, mArgsPost:
		s.close = bit(tkArguments, tkUseTool)
	case mCallBody:
		s.open = bit(tkFunction, tkInvoke)
		s.close = bit(tkToolCall)
	case mEnvPost:
		s.close = bit(tkToolCall)
	}
	return s
}

// detect records the dialect of the first opening tag; in auto mode it also
// narrows the tags recognised from then on to that dialect's.
func (p *Parser) detect(f Format) {
	if p.detected != "" {
		if p.detected == FormatToolCall && (f == FormatQwen3Coder || f == FormatGLM45) {
			p.detected = f
		}
		return
	}
	p.detected = f
	if p.cfg.format != FormatAuto {
		return
	}
	if markerDialect(f) != nil { // a marker dialect: only its markers from now on
		p.dialects, p.comp = 0, compiledFor(f)
		return
	}
	p.comp = nil
	if d, ok := xmlDialects[f]; ok {
		if d&tagToolCall != 0 {
			d = tagToolCall // <tool_call>: the body decides among them
		}
		p.dialects = d
	}
}

// onTag acts on the complete tag in p.tag. It reports false when the tag is
// content after all.
func (p *Parser) onTag() bool {
	t := &p.tag
	k, closing, off := t.kind, t.closing, t.off
	end := off + t.n
	if t.bad && (p.mode == mText || p.mode == mWrapper) {
		return false // a cut-short closer outside a call is just text
	}
	switch p.mode {
	case mText:
		p.fresh = false
		switch {
		case !closing && (k == tkThink || k == tkThinking || k == tkSeedThink):
			p.reason, p.thinkK = true, k
		case closing && p.reason && k == p.thinkK:
			p.reason, p.fresh = false, true
		case closing:
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "stray </%s> outside a call", tagNames[k])
		case k == tkUseTool:
			p.detect(FormatUseTool)
			p.beginCall(ckUseTool, off, "</use_tool>", mText)
			p.mode = mUseTool
		case k == tkFunctionCalls:
			p.detect(p.invokeFormat())
			p.mode, p.wrapper = mWrapper, wrapFunctionCalls
		case k == tkInvoke:
			p.detect(p.invokeFormat())
			p.beginInvoke(off, end, "</invoke>", mText)
		case k == tkMinimaxToolCall:
			p.detect(FormatMiniMaxM2)
			p.mode, p.wrapper = mWrapper, wrapMinimax
		case k == tkSeedToolCall:
			p.detect(FormatSeedOSS)
			p.mode, p.wrapper = mWrapper, wrapSeed
		case k == tkStepCallsBegin:
			p.detect(FormatStep3)
			p.mode, p.wrapper = mWrapper, wrapStep
		case k == tkFunction:
			p.detect(FormatQwen3Coder)
			p.beginInvoke(off, end, "</function>", mText)
		case k == tkToolCall:
			p.detect(FormatToolCall)
			p.callTag = off
			p.mode = mCallBody
		case k == tkGeneric:
			tool, ok := p.lookupTag(t.name())
			if !ok {
				return false
			}
			name := string(t.name())
			p.detect(FormatCline)
			p.beginCall(ckCline, off, "</"+name+">", mText)
			p.cur.tool = tool
			p.mode = mInvoke
			p.setName(name, off)
		}
	case mWrapper:
		switch {
		case !closing && k == tkInvoke:
			p.beginInvoke(off, end, "</invoke>", mWrapper)
		case !closing && k == tkFunction:
			p.beginInvoke(off, end, "</function>", mWrapper)
		case !closing && k == tkStepCallsEnd && p.wrapper == wrapStep:
			p.mode, p.wrapper = mText, wrapNone
		case !closing && (k == tkStepCallBegin || k == tkStepSep):
			// <｜tool_call_begin｜>function<｜tool_sep｜>: the type word
			// between them is markup, not stray text.
			p.junk = k == tkStepCallBegin
			return true
		case !closing: // a repeated <function_calls>, <｜tool_call_end｜>
		case k == tkFunctionCalls && p.wrapper == wrapFunctionCalls, k == tkToolCall && p.wrapper == wrapToolCall,
			k == tkMinimaxToolCall && p.wrapper == wrapMinimax, k == tkSeedToolCall && p.wrapper == wrapSeed:
			p.mode, p.wrapper = mText, wrapNone
		default:
			p.errorf(off, toolcall.CodeMalformedMarkup, -1, "stray </%s> between calls", tagNames[k])
		}
	case mInvoke:
		if p.cur.kind == ckGLM {
			return p.glmTag(k, closing, off)
		}
		return p.invokeTag(k, closing, off)
	case mArgKey:
		return p.glmTag(k, closing, off)
	case mValue:
		return p.valueTag(k, closing, off)
	case mUseTool:
		switch {
		case !closing && k == tkToolName:
			p.mode, p.name, p.nameOff = mToolName, p.name[:0], end
		case !closing && k == tkArguments:
			p.openArguments(off)
		case closing && k == tkUseTool:
			p.endCall(off)
		default:
			p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "stray </%s> inside <use_tool>", tagNames[k])
		}
	case mToolName:
		p.setName(p.names.Intern(trimSpace(p.name)), p.nameOff)
		p.mode = mUseTool
		switch {
		case !closing && k == tkArguments:
			p.openArguments(off)
		case closing && k == tkUseTool:
			p.endCall(off)
		}
	case mArgsPre, mArgsPost:
		p.mode = mUseTool
		if k == tkUseTool {
			p.endCall(off)
		}
	case mCallBody:
		if closing { // an empty <tool_call></tool_call>
			p.mode = mText
			return true
		}
		p.detect(FormatQwen3Coder)
		p.wrapper = wrapToolCall
		if k == tkInvoke {
			p.beginInvoke(off, end, "</invoke>", mWrapper)
		} else {
			p.beginInvoke(off, end, "</function>", mWrapper)
		}
	case mEnvPost:
		p.mode = mText
	}
	p.junk = false
	return true
}

// stepMarkup are step3's tag-shaped special tokens between its calls.
var stepMarkup = bit(tkStepCallBegin, tkStepSep, tkStepCallEnd, tkStepCallsEnd)

// wrapperClosers are the closing tags of the wrappers around invoke and
// function calls.
var wrapperClosers = bit(tkFunctionCalls, tkToolCall, tkMinimaxToolCall, tkSeedToolCall)

// isWrapperCloser reports whether k closes a wrapper of calls.
func isWrapperCloser(k tagKind) bool { return wrapperClosers&(1<<k) != 0 }

// invokeFormat is the dialect of an <invoke> or <function_calls> tag: its
// ｜DSML｜ twin is DeepSeek V3.2's, the plain one function_calls (or
// minimax_m2's when that is the format asked for).
func (p *Parser) invokeFormat() Format {
	switch {
	case p.tag.dsml:
		return FormatDeepSeekV32
	case p.cfg.format == FormatMiniMaxM2:
		return FormatMiniMaxM2
	}
	return FormatFunctionCalls
}

// invokeTag handles a tag between the parameters of a call.
func (p *Parser) invokeTag(k tagKind, closing bool, off int) bool {
	t := &p.tag
	if p.cur.kind == ckCline {
		name := string(t.name())
		switch {
		case !closing:
			p.valueOpen(t.name(), off)
			if t.self {
				p.valueClose(off)
			}
		case name == p.cur.name:
			p.endInvoke(off)
		case p.cur.tool != nil && p.cur.tool.Param(name) != nil:
			p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "stray </%s> between parameters", name)
		default:
			return false
		}
		p.junk = false
		return true
	}
	switch {
	case !closing && (k == tkStepCallEnd || k == tkStepCallsEnd): // step3: the invoke's closer is missing
		p.endInvoke(off)
		return p.onTag()
	case !closing && p.cur.jsonBody:
		p.abandon(off, toolcall.CodeMalformedMarkup, "<%s> after the JSON arguments of %s", tagNames[k], p.cur.name)
		return true
	case !closing: // <parameter …>
		p.valueOpen(t.attrBytes(), off)
		if t.self {
			p.valueClose(off)
		}
	case k == tkInvoke || k == tkFunction:
		p.endInvoke(off)
	case k == tkParameter:
		p.errorf(off, toolcall.CodeMalformedMarkup, p.cur.errIndex(), "stray </parameter> between parameters")
	default: // </function_calls> or </tool_call>: the call's closer is missing
		p.endInvoke(off)
		return p.onTag()
	}
	p.junk = false
	return true
}

// openArguments starts the <arguments> of a <use_tool>; a second one
// abandons the call.
func (p *Parser) openArguments(off int) {
	if p.cur.argsGiven {
		p.abandon(off, toolcall.CodeMalformedMarkup, "a second <arguments> in one <use_tool>")
		return
	}
	p.cur.argsGiven, p.fenced = true, false
	p.mode = mArgsPre
}

// maxTagCache bounds the tag names whose catalog lookup is remembered.
const maxTagCache = 256

// lookupTag looks a tag name up in the catalog (a cline tool). Answers are
// cached per name, so that ordinary markup (<div>, <b>) costs no
// allocation after its first occurrence.
func (p *Parser) lookupTag(name []byte) (*toolcall.Tool, bool) {
	if t, ok := p.tagCache[string(name)]; ok {
		return t, t != nil
	}
	s := string(name)
	t, ok := p.cfg.tools.Lookup(s)
	if !ok {
		t = nil
	}
	if len(p.tagCache) < maxTagCache {
		if p.tagCache == nil {
			p.tagCache = map[string]*toolcall.Tool{}
		}
		p.tagCache[s] = t
	}
	return t, t != nil
}
