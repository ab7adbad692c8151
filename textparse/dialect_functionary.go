package textparse

import "github.com/tooleval/tooleval/toolcall"

// Functionary v3 (MeetKai), in its two generations.
//
//	v3.2:  >>>all\nText for the user.>>>get_weather\n{"city": "Paris"}
//	v3.1:  <function=get_weather>{"city": "Paris"}</function>
//
// In v3.2 every part starts with >>> and a recipient: "all" is text, any
// other name a call whose JSON arguments follow the newline. The chat
// template ends the prompt with >>>, so the answer's first recipient has
// none: it is read at the start of the answer (fixed --format only, like
// the other anchored forms). The v3.1 form shares <function=NAME> with
// qwen3_coder: under auto the body decides (invokeJSON), a '{' after the
// tag is JSON arguments, a <parameter=…> tag qwen3_coder's.
const FormatFunctionaryV3 Format = "functionary_v3"

func init() {
	invokeHooks = append(invokeHooks, (*Parser).invokeJSON)
	fn := Body{Read: ReadFunctionary}
	register(&Dialect{
		Format: FormatFunctionaryV3,
		Wire:   `>>>NAME\n{json} (>>>all\n is text; the first >>> may be in the prompt) or <function=NAME>{json}</function>`,
		Blocks: []Block{
			{Anchored: true, Body: fn},
			{Open: ">>>", Body: fn},
			{Open: "<function=", CallEnd: "</function>", Body: Body{Read: ReadNameJSON, NameEnd: ">"}},
		},
	})
}

// ReadFunctionary reads a recipient line, NAME\n{json} or all\n text.
const ReadFunctionary Reader = 1 << 4

func init() { registerReader(ReadFunctionary, "functionary", func() bodyReader { return fnReader{} }) }

// fnReader reads a Functionary recipient line; the name collects in the
// parser's shared name buffer, so it holds no state of its own.
type fnReader struct{}

// starts: a recipient name (at the start of the answer, an identifier).
func (fnReader) starts(c byte, anchored bool) bool {
	return !anchored || isPyIdentStart(c)
}

// end: an unfinished recipient line at the end of the stream is text (a
// short answer such as "Done." with no recipient), never dropped.
func (fnReader) end(p *Parser) {
	if len(p.calls.name) > 0 {
		p.emitText(p.own(p.calls.name), p.calls.nameOff)
		p.calls.name = p.calls.name[:0]
	}
}

// begin starts a Functionary recipient line at b[i].
func (fnReader) begin(p *Parser, b []byte, i int) int {
	p.calls.name, p.calls.nameOff = p.calls.name[:0], p.off+i
	return i
}

// read reads the recipient up to its newline: "all" opens text, a name a
// call whose JSON arguments follow (read like a block's NAME then JSON).
func (fnReader) read(p *Parser, b []byte, i int) int {
	j := i
	for j < len(b) && b[j] != '\n' && (isPyNameByte(b[j]) || b[j] == ' ' || b[j] == '\r') && len(p.calls.name)+(j-i) < 256 {
		j++
	}
	p.calls.name = append(p.calls.name, b[i:j]...)
	if j == len(b) {
		return j
	}
	if b[j] != '\n' {
		// Not a recipient line: what was read is text.
		p.mode = mText
		p.emitText(p.own(p.calls.name), p.calls.nameOff)
		return j
	}
	name := trimSpace(p.calls.name)
	if string(name) == "all" {
		p.mode = mText
		return j + 1
	}
	p.beginCall(ckBlock, p.mk.callStart, "", mText)
	p.calls.cur.after = mText
	p.args.fenced = false
	p.setName(p.calls.names.Intern(name), p.calls.nameOff)
	if p.calls.cur.discard {
		p.errorf(p.calls.nameOff, toolcall.CodeMalformedMarkup, -1, "functionary recipient %q is not a tool name", name)
	}
	p.mode = mBlockArgs
	return j + 1
}

// invokeJSON (an invoke hook) reads the body of a <function=NAME> call under auto: when its
// first byte (after spaces) is '{', the arguments are that JSON object, as
// Functionary v3.1 writes them, and </function> ends the call; the message
// is detected as functionary_v3 when this is its first call outside a
// <tool_call>. It reports false to leave the bytes to the invoke state.
func (p *Parser) invokeJSON(b []byte, i int) (int, bool) {
	c := &p.calls.cur
	if p.cfg.format != FormatAuto || p.junk || c.kind != ckInvoke || c.closer != "</function>" || c.nparams > 0 || c.jsonBody {
		return i, false
	}
	j, brace := jsonBodyAt(b, i)
	if !brace {
		return j, j == len(b)
	}
	if p.detected == FormatQwen3Coder && p.tags.wrapper == tkNone && p.calls.next <= 1 {
		p.setDetected(FormatFunctionaryV3)
	}
	p.beginJSONBody(j)
	return j, true
}
