package anyparse

import (
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// The text protocols of package textparse.
func init() {
	for _, f := range textparse.Formats() {
		if f != textparse.FormatAuto {
			register(f, newText)
		}
	}
}

// textParser adds DetectedFormat to a textparse.Parser, and reports a
// provider stream given to a named text dialect: read as text it would
// give its raw events as the answer and no call, a mistake easy to make
// (a recorded SSE body under a dialect's name) and silent otherwise.
type textParser struct {
	*textparse.Parser
	det   nativeparse.Detector
	watch bool // det has not decided yet
	fed   int  // bytes fed to det
}

// DetectedFormat is the dialect in use, "auto" until one is seen.
func (t *textParser) DetectedFormat() toolcall.Format { return t.Format() }

// Feed parses chunk as text, and watches the first bytes for a provider
// stream (nativeparse.Detector).
func (t *textParser) Feed(chunk []byte) []toolcall.Event {
	evs := t.Parser.Feed(chunk)
	if t.watch {
		// The detector decides on the first SniffWindow bytes: it is fed
		// no more (a whole transcript in one chunk is not copied).
		head := chunk[:min(len(chunk), nativeparse.SniffWindow-t.fed)]
		t.fed += len(head)
		if native, ok := t.det.Feed(head); ok {
			evs = t.decided(evs, native)
		} else if t.fed >= nativeparse.SniffWindow {
			evs = t.decided(evs, t.det.Close())
		}
	}
	return evs
}

// Close ends the text, and the watch with it.
func (t *textParser) Close() []toolcall.Event {
	evs := t.Parser.Close()
	if t.watch {
		evs = t.decided(evs, t.det.Close())
	}
	return evs
}

// decided appends the report of a provider stream, when the watch found one.
func (t *textParser) decided(evs []toolcall.Event, native bool) []toolcall.Event {
	t.watch = false
	if !native {
		return evs
	}
	return append(evs, toolcall.ErrorEvent(0, toolcall.CodeInvalidEvent, -1,
		"the output is a provider stream (SSE or JSON events), not %s text: name the provider's format, or auto", t.Format()))
}

func newText(o toolcall.ParseOptions) (toolcall.StreamParser, error) {
	p, err := textparse.New(o)
	if err != nil {
		return nil, err
	}
	t := &textParser{Parser: p}
	t.watch = o.Format != Auto
	return t, nil
}
