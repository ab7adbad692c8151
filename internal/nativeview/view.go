package nativeview

import (
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// PartKind says what a Part is.
type PartKind string

// The kinds of Part.
const (
	Text      PartKind = "text"
	Reasoning PartKind = "reasoning"
	Call      PartKind = "call"
	Problem   PartKind = "error"
)

// Part is one piece of what the model produced: a run of text or
// reasoning (consecutive deltas joined), one complete call, or a problem
// the parser reported.
type Part struct {
	Kind PartKind
	// Text is the text or reasoning, or the problem's message.
	Text string
	// Call is the complete call of a Call part.
	Call toolcall.Call
	// Offset is the byte offset in the stream where the part's first wire
	// event begins.
	Offset int
}

// IsNative reports whether format names a provider stream.
func IsNative(format string) bool {
	f, ok := nativeparse.ParseFormat(format)
	return ok && f != nativeparse.Auto
}

// Parts reads a whole provider stream of the given format (or "auto") and
// returns its parts in order. A format that is not a provider stream is an
// error.
func Parts(format string, data []byte) ([]Part, error) {
	p, err := nativeparse.New(toolcall.ParseOptions{Format: toolcall.Format(format)})
	if err != nil {
		return nil, err
	}
	var out []Part
	var run []byte // the text of the last part while it is a text or reasoning run
	flush := func() {
		if n := len(out); n > 0 && (out[n-1].Kind == Text || out[n-1].Kind == Reasoning) && run != nil {
			out[n-1].Text = string(run)
		}
		run = nil
	}
	starts := map[int]int{} // call index → offset of its call_start
	add := func(evs []toolcall.Event) {
		for _, e := range evs {
			switch e.Kind {
			case toolcall.KindText, toolcall.KindReasoning:
				k := Text
				if e.Kind == toolcall.KindReasoning {
					k = Reasoning
				}
				if n := len(out); n == 0 || out[n-1].Kind != k {
					flush()
					out = append(out, Part{Kind: k, Offset: e.Offset})
				}
				run = append(run, e.Data...)
			case toolcall.KindCallStart:
				starts[e.Index] = e.Offset
			case toolcall.KindCallEnd:
				flush()
				off, ok := starts[e.Index]
				if !ok {
					off = e.Offset
				}
				out = append(out, Part{Kind: Call, Call: e.Call.Clone(), Offset: off})
			case toolcall.KindError:
				flush()
				out = append(out, Part{Kind: Problem, Text: e.Err.Error(), Offset: e.Offset})
			}
		}
	}
	add(p.Feed(data))
	add(p.Close())
	flush()
	return out, nil
}
