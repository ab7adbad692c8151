package nativeparse

import (
	"bytes"
	"fmt"

	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/toolcall"
	"github.com/valyala/fastjson"
)

// Format names a provider's streaming wire format: the name type every
// parser shares.
type Format = toolcall.Format

// The formats a Parser understands.
const (
	OpenAIChat      Format = "openai-chat"
	OpenAIResponses Format = "openai-responses"
	Anthropic       Format = "anthropic"
	Gemini          Format = "gemini"
	Ollama          Format = "ollama"
	// Bedrock is Amazon Bedrock's ConverseStream, as JSON events.
	Bedrock Format = "bedrock"
	// Auto sniffs the provider from the first wire event that tells.
	Auto = toolcall.FormatAuto
)

// Formats lists every format name, Auto last.
func Formats() []Format {
	return []Format{OpenAIChat, OpenAIResponses, Anthropic, Gemini, Ollama, Bedrock, Auto}
}

// ParseFormat returns the Format called name.
func ParseFormat(name string) (Format, bool) {
	for _, f := range Formats() {
		if string(f) == name {
			return f, true
		}
	}
	return "", false
}

type config struct {
	maxCallBytes   int
	maxDepth       int
	maxRecordBytes int
}

// envelopeDepth is the nesting a wire event may add around the arguments
// it carries (Gemini: candidates[0].content.parts[0].functionCall.args).
const envelopeDepth = 16

// MaxDepthLimit is the largest arguments depth cap a Parser applies
// (toolcall.ParseOptions.MaxDepth is lowered to it): wire events are
// decoded by fastjson, which stops at fastjson.MaxDepth. A wire event may
// nest envelopeDepth deeper than the cap; a deeper event is reported as
// too_deep and skipped.
const MaxDepthLimit = fastjson.MaxDepth - envelopeDepth

// Parser is a provider-stream parser. It implements toolcall.StreamParser.
// It is not safe for concurrent use.
type Parser struct {
	format   Format // as asked
	provider Format // resolved provider; "" while Auto has not decided
	// told: the first event that tells a provider was read (Auto: the
	// one that decided; a named format: checked against it, mismatch).
	told bool
	cfg  config

	fr      Framer
	jp      fastjson.Parser
	nest    jsonscan.Nesting // measures a wire event's nesting before it is decoded
	wire    jsonscan.Scanner // validates deep or failing wire events
	argScan jsonscan.Scanner // describes invalid arguments
	out     []toolcall.Event
	arena   []byte // owns the Data of text and reasoning events until the next Feed
	ended   bool   // Close was called
	// closing: Close is draining the framer; a record that is not JSON
	// is then the body cut off inside a wire event.
	closing bool

	tmp   []byte         // scratch for marshalling whole arguments
	names toolcall.Names // tool names seen

	calls     []*call // started calls by output index
	open      []*call // calls not yet finished, in the order they were opened (and done ones not yet swept: forget)
	staleOpen int     // done calls still in open
	nextIndex int

	rec Record // the wire event being handled

	chat      chatState
	anthropic anthropicState
	responses responsesState
	// bedrockOpen holds the tool uses a Bedrock stream opened, by content
	// block index (bedrockCall).
	bedrockOpen map[int]*call
	think       thinkSplit
}

// New returns a Parser configured by o (see toolcall.ParseOptions: the
// caps apply, the text-only options are ignored; the zero value sniffs the
// provider). An o.Format that is not a provider stream, or a negative cap,
// is an error.
func New(o toolcall.ParseOptions) (*Parser, error) {
	o, err := o.WithDefaults()
	if err != nil {
		return nil, err
	}
	format, ok := ParseFormat(string(o.Format))
	if !ok {
		return nil, &toolcall.UnknownFormatError{Format: o.Format, Kind: "provider", Known: Formats()}
	}
	p := &Parser{format: format}
	p.cfg = config{maxCallBytes: o.MaxCallBytes, maxDepth: min(o.MaxDepth, MaxDepthLimit), maxRecordBytes: o.MaxRecordBytes}
	p.wire.SetMaxDepth(p.cfg.maxDepth + envelopeDepth)
	p.argScan.SetMaxDepth(p.cfg.maxDepth)
	if format != Auto {
		p.provider = format
	}
	if o.ThinkAsText {
		p.think.state = thinkOff
	}
	p.fr.SetMaxRecordBytes(p.cfg.maxRecordBytes)
	p.fr.Reset(FramingAuto)
	return p, nil
}

// Format returns the provider format in use: the one given to New, or for
// Auto the one sniffed so far ("auto" while undecided).
func (p *Parser) Format() Format {
	if p.provider == "" {
		return Auto
	}
	return p.provider
}

// Feed consumes the next chunk of the response body and returns the events
// it completed. The slice and the events' Data are valid until the next
// Feed or Close.
func (p *Parser) Feed(chunk []byte) []toolcall.Event {
	p.out = p.out[:0]
	p.arena = p.arena[:0]
	p.fr.Feed(chunk)
	p.drain()
	return p.out
}

// Close ends the body: a last unterminated event is handled, and calls
// still in flight are reported as incomplete_call errors.
func (p *Parser) Close() []toolcall.Event {
	p.out = p.out[:0]
	p.arena = p.arena[:0]
	if p.ended {
		return p.out
	}
	p.fr.Close()
	p.closing = true
	p.drain()
	p.endThink()
	p.ended = true
	end := p.fr.Offset()
	for _, c := range append([]*call(nil), p.open...) { // (incomplete removes c from p.open)
		p.incomplete(c, end, "the stream ended before the call's end signal")
	}
	p.open, p.staleOpen = p.open[:0], 0
	return p.out
}

func (p *Parser) drain() {
	for {
		rec, ok := p.fr.Next()
		if !ok {
			return
		}
		p.record(rec)
	}
}

var doneMarker = []byte("[DONE]")

// mismatch checks the first event that tells a provider against the format
// named: another provider's stream would give nothing at all, so it is
// reported once (invalid_event) and read as the format named.
func (p *Parser) mismatch(v *fastjson.Value) {
	got := sniff(v, p.rec.Event)
	if got == "" {
		return
	}
	p.told = true
	if got != p.provider {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "this event is %s's, not %s's: name --format %s (or auto)", got, p.provider, got)
	}
}

// record handles one wire event.
func (p *Parser) record(rec Record) {
	p.rec = rec
	if rec.TooLarge {
		p.errorf(rec.Offset, toolcall.CodeTooLarge, -1, "wire event longer than %d bytes: skipped", p.fr.recordCap())
		return
	}
	data := trimSpace(rec.Data)
	if len(data) == 0 {
		return
	}
	if bytes.Equal(data, doneMarker) {
		if p.provider == OpenAIChat {
			p.chatDone()
		}
		return
	}
	v, ok := p.decode(data)
	if !ok {
		return
	}
	if p.provider != "" && !p.told {
		p.mismatch(v)
	}
	if p.provider == "" {
		p.told = true
		p.provider = sniff(v, rec.Event)
		if p.provider == "" {
			if isKeepAlive(v, rec.Event) {
				return
			}
			if string(v.GetStringBytes("type")) == "error" && v.Get("error") == nil {
				// A Responses error event ({"type":"error","code":…,
				// "message":…}) before any event that tells the provider.
				p.providerError(v)
				return
			}
			if !p.genericError(v) {
				p.errorf(rec.Offset, toolcall.CodeInvalidEvent, -1, "cannot tell the provider from this event")
			}
			return
		}
	}
	switch p.provider {
	case OpenAIChat:
		p.chatEvent(v)
	case OpenAIResponses:
		p.responsesEvent(v)
	case Anthropic:
		p.anthropicEvent(v)
	case Gemini:
		p.geminiEvent(v)
	case Ollama:
		p.ollamaEvent(v)
	case Bedrock:
		p.bedrockEvent(v)
	}
}

var openBrace, openBracket = []byte("{"), []byte("[")

// validateAbove is the nesting from which a wire event is validated by
// the scanner before fastjson reads it: fastjson builds one error message
// per level on failure, which costs the square of the depth. Provider
// events nest about 6 deep, plus the arguments they carry.
const validateAbove = 16

// decode parses one wire event's data, reporting why it cannot (too_deep,
// invalid_event, or the events of servers that forgot the blank line
// between events, via splitData). The cost is linear in len(data): the
// nesting is measured first with a cheap pass, deep events are validated
// by the scanner, and a failing event is described by the scanner (offset
// and a bounded excerpt), never by fastjson's long message.
func (p *Parser) decode(data []byte) (*fastjson.Value, bool) {
	var err error
	// Counting brackets is a vectorised pass; only an event with more than
	// validateAbove of them can nest deeper, and only such events pay for
	// the nesting pass (and, when deep, for validation).
	if bytes.Count(data, openBrace)+bytes.Count(data, openBracket) > validateAbove {
		wireCap := p.cfg.maxDepth + envelopeDepth
		p.nest.Reset()
		if at := p.nest.Feed(data, wireCap); at >= 0 {
			p.errorf(p.rec.Offset, toolcall.CodeTooDeep, -1, "wire event nests deeper than %d (byte %d of its data)", wireCap, at)
			return nil, false
		}
		if p.nest.Max() > validateAbove {
			err = p.wire.Validate(data)
		}
	}
	var v *fastjson.Value
	if err == nil {
		if v, err = p.jp.ParseBytes(data); err == nil {
			return v, true
		}
		if err = p.wire.Validate(data); err == nil {
			p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "wire event is not JSON the decoder reads (%d bytes)", len(data))
			return nil, false
		}
	}
	if bytes.IndexByte(data, '\n') >= 0 && p.splitData(data) {
		return nil, false
	}
	se := err.(*jsonscan.SyntaxError)
	if p.closing {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "the body ended inside a wire event (%d bytes): %s", len(data), se.Msg)
	} else {
		p.errorf(p.rec.Offset, toolcall.CodeInvalidEvent, -1, "wire event is not JSON: byte %d of its data: %s", se.Offset, se.Msg)
	}
	return nil, false
}

// splitData handles an SSE event whose data lines are each a whole JSON
// value though the event as a whole is not: servers that forget the blank
// line between events ("data: {…}\ndata: {…}\n"). It returns false, doing
// nothing, unless every line is JSON.
func (p *Parser) splitData(data []byte) bool {
	for rest := data; len(rest) > 0; {
		line, tail, _ := bytes.Cut(rest, []byte{'\n'})
		rest = tail
		if line = trimSpace(line); len(line) > 0 && !bytes.Equal(line, doneMarker) && p.wire.Validate(line) != nil {
			return false
		}
	}
	for rest := data; len(rest) > 0; {
		line, tail, _ := bytes.Cut(rest, []byte{'\n'})
		rest = tail
		rec := p.rec
		rec.Data = line
		p.record(rec)
	}
	return true
}

// genericError reports {"error": …} bodies that every provider may send
// (gateways, HTTP errors); it returns false when v is not one.
func (p *Parser) genericError(v *fastjson.Value) bool {
	e := v.Get("error")
	if e == nil || e.Type() == fastjson.TypeNull {
		return false
	}
	p.providerError(e)
	return true
}

// maxProviderMessage bounds the provider message an error event quotes.
const maxProviderMessage = 4096

// providerError reports an error object (or string) as provider_error.
func (p *Parser) providerError(e *fastjson.Value) {
	var msg []byte
	switch e.Type() {
	case fastjson.TypeString:
		msg = e.GetStringBytes()
	case fastjson.TypeObject:
		typ := e.GetStringBytes("type")
		if len(typ) == 0 || string(typ) == "error" {
			typ = e.GetStringBytes("status")
		}
		if len(typ) == 0 {
			typ = e.GetStringBytes("code")
		}
		m := e.GetStringBytes("message")
		switch {
		case len(typ) > 0 && len(m) > 0:
			msg = append(append(append(msg, typ...), ": "...), m...)
		case len(m) > 0:
			msg = m
		default:
			msg = e.MarshalTo(nil)
		}
	default:
		msg = e.MarshalTo(nil)
	}
	if len(msg) > maxProviderMessage {
		msg = append(msg[:maxProviderMessage:maxProviderMessage], fmt.Sprintf("… (%d bytes)", len(msg))...)
	}
	p.errorf(p.rec.Offset, toolcall.CodeProviderError, -1, "%s", msg)
}

func (p *Parser) errorf(off int, code toolcall.Code, index int, format string, args ...any) {
	p.out = append(p.out, toolcall.ErrorEvent(off, code, index, format, args...))
}

// emitText emits a text or reasoning delta, copying s into the arena.
func (p *Parser) emitText(kind toolcall.Kind, s []byte) {
	if len(s) == 0 {
		return
	}
	start := len(p.arena)
	p.arena = append(p.arena, s...)
	p.out = append(p.out, toolcall.Event{Kind: kind, Offset: p.rec.Offset, Data: p.arena[start:len(p.arena):len(p.arena)], Index: -1})
}

// stringOf returns v's string bytes, or nil when v is not a string.
func stringOf(v *fastjson.Value) []byte {
	if v == nil || v.Type() != fastjson.TypeString {
		return nil
	}
	b, _ := v.StringBytes()
	return b
}
