package nativeparse

import (
	"bytes"

	"github.com/tooleval/tooleval/jsonscan"
	"github.com/valyala/fastjson"
)

// Detector tells, from the first bytes of a body, whether it is a provider
// stream or model text. Feed it chunks until it decides; it keeps the bytes
// it was fed (Held) so that the caller can hand them to the chosen parser,
// and it looks at every byte once.
//
// A body counts as a provider stream when it starts (after white space and
// a BOM) with an SSE field line ("data:", "event:", "id:", "retry:", or a
// ": comment"), with a JSON object the provider sniffer recognises (an
// Ollama NDJSON line, a chat.completion.chunk, a pretty-printed Gemini
// response), with a JSON array whose first element is such an object
// (Gemini streamGenerateContent without alt=sse), or with an API error
// object ({"error":{"message":…}}). Anything else — model text, even text
// starting with '{' or '[' — is text.
//
// The decision depends on the first SniffWindow bytes only, so it is the
// same however the body is chunked: when the first object is longer than
// the window, the keys that arrived within it decide (an Ollama line with
// a long message still shows "model", "created_at" and "message" first).
type Detector struct {
	held    []byte
	pos     int // bytes of held already looked at
	phase   detectPhase
	objAt   int // where the first object starts, in phaseObject
	sc      jsonscan.Scanner
	decided bool
	native  bool
}

type detectPhase uint8

const (
	phaseLead   detectPhase = iota // white space, a BOM, then the first byte
	phaseArray                     // after '[': white space, then '{'
	phaseObject                    // scanning the first object
)

var sseFields = [...]string{"data:", "event:", "id:", "retry:"}

// SniffWindow is how many bytes a Detector looks at, at most, before it
// decides; it never holds more than the window plus the last chunk.
const SniffWindow = 64 << 10

// Feed adds the next chunk and reports the decision once there is one
// (ok=true); after that it ignores further input.
func (d *Detector) Feed(chunk []byte) (native, ok bool) {
	if d.decided {
		return d.native, true
	}
	if len(d.held) == 0 {
		// The first chunk is looked at where it lies, and copied only when
		// it does not decide: most bodies tell at their first byte.
		d.held = chunk
		d.step()
		if !d.decided {
			d.held = append([]byte(nil), chunk...)
		}
		return d.native, d.decided
	}
	d.held = append(d.held, chunk...)
	d.step()
	return d.native, d.decided
}

// Close decides with what there is: anything still undecided is text.
func (d *Detector) Close() (native bool) {
	if !d.decided {
		d.decide(false)
	}
	return d.native
}

// Held returns every byte fed so far. When the first chunk decided, they
// are that chunk itself, valid as long as the caller keeps it (read them
// before the next Feed, as a caller handing them on to its parser does).
func (d *Detector) Held() []byte { return d.held }

func (d *Detector) decide(native bool) {
	d.decided, d.native = true, native
}

func (d *Detector) step() {
	window := d.held[:min(len(d.held), SniffWindow)]
scan:
	for !d.decided && d.pos < len(window) {
		rest := window[d.pos:]
		switch d.phase {
		case phaseLead:
			c := rest[0]
			switch {
			case isSpaceByte(c):
				d.pos++
			case c == bom[0]:
				if len(rest) < len(bom) {
					if !bytes.HasPrefix(bom, rest) {
						d.decide(false)
					}
					break scan // wait for the rest of the BOM
				}
				if !bytes.HasPrefix(rest, bom) {
					d.decide(false)
					break scan
				}
				d.pos += len(bom)
			case c == ':':
				d.decide(true) // an SSE comment line, as servers send first
			case c == '[':
				d.phase = phaseArray
				d.pos++
			case c == '{':
				d.phase, d.objAt = phaseObject, d.pos
			default:
				d.leadWord(rest)
				break scan
			}
		case phaseArray:
			switch c := rest[0]; {
			case isSpaceByte(c):
				d.pos++
			case c == '{':
				d.phase, d.objAt = phaseObject, d.pos
			default:
				d.decide(false)
			}
		case phaseObject:
			d.pos += d.sc.Feed(rest)
			switch {
			case d.sc.Err() != nil:
				d.decide(false)
			case d.sc.Done():
				d.decide(isProviderObject(d.held[d.objAt:d.pos]))
			default:
				// The object goes on in the next chunk, or past the window.
			}
		}
	}
	if !d.decided && len(d.held) >= SniffWindow {
		// The window is full and did not tell (a prefix of a BOM or of a
		// field name cut by it is text): decide on what it shows.
		native := false
		if d.phase == phaseObject {
			var part jsonscan.Partial
			part.Write(window[d.objAt:])
			if v := part.Value(); v != nil {
				native = isProviderObject(v)
			}
		}
		d.decide(native)
	}
}

// leadWord decides on a body that starts with a letter: an SSE field name,
// a prefix of one (wait), or text. A field name is at most 6 bytes, so the
// re-reads while waiting are bounded.
func (d *Detector) leadWord(rest []byte) {
	for _, f := range sseFields {
		if bytes.HasPrefix(rest, []byte(f)) {
			d.decide(true)
			return
		}
	}
	for _, f := range sseFields {
		if len(rest) < len(f) && bytes.HasPrefix([]byte(f), rest) {
			return // could still become a field name
		}
	}
	d.decide(false)
}

// isProviderObject reports whether obj is a wire event of a known provider
// or an API error body.
func isProviderObject(obj []byte) bool {
	var p fastjson.Parser
	v, err := p.ParseBytes(obj)
	if err != nil {
		return false
	}
	if sniff(v, nil) != "" {
		return true
	}
	// An API error body ({"error":{"message":…}}), as providers and
	// gateways send instead of a stream.
	e := v.Get("error")
	return e != nil && e.Type() == fastjson.TypeObject && e.Get("message") != nil
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// Detect is Detector for a whole head at once: ok=false while it cannot
// tell yet (unless final, when what is undecided is text).
func Detect(head []byte, final bool) (native, ok bool) {
	var d Detector
	if native, ok = d.Feed(head); ok || !final {
		return native, ok
	}
	return d.Close(), true
}
