package anyparse

import (
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// autoParser holds the first bytes back until a nativeparse.Detector can
// tell a provider stream (SSE fields, NDJSON or JSON-array provider
// objects) from model text, then hands them, and everything after, to the
// chosen parser. The detector looks at each held byte once, and the held
// bytes are fed to the chosen parser once.
type autoParser struct {
	opts toolcall.ParseOptions // checked by New; Format is Auto
	p    toolcall.StreamParser
	det  nativeparse.Detector
	rec  toolcall.Recorder
}

func (a *autoParser) Feed(chunk []byte) []toolcall.Event {
	if a.p != nil {
		return a.p.Feed(chunk)
	}
	// The detector decides on its first nativeparse.SniffWindow bytes
	// at the latest, so the choice does not depend on the chunking.
	native, ok := a.det.Feed(chunk)
	if !ok {
		return nil
	}
	a.start(native)
	return a.p.Feed(a.det.Held())
}

func (a *autoParser) Close() []toolcall.Event {
	if a.p != nil {
		return a.p.Close()
	}
	a.start(a.det.Close())
	a.rec.Reset()
	a.rec.Add(a.p.Feed(a.det.Held()))
	a.rec.Add(a.p.Close())
	return a.rec.Events()
}

func (a *autoParser) start(native bool) {
	var err error
	if native {
		a.p, err = newNative(a.opts)
	} else {
		a.p, err = newText(a.opts)
	}
	if err != nil {
		// New checked the caps, and both families read "auto".
		panic("anyparse: " + err.Error())
	}
}

// DetectedFormat is the format the chosen parser detected, "auto" before.
func (a *autoParser) DetectedFormat() toolcall.Format {
	if a.p == nil {
		return Auto
	}
	return Detected(a.p, Auto)
}
