package anyparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/tooleval/tooleval/xmlparse"
)

// The text protocols of package xmlparse.
func init() {
	for _, f := range xmlparse.Formats() {
		if f == xmlparse.FormatAuto {
			continue
		}
		register(string(f), func(o Options) toolcall.StreamParser { return newText(f, o) })
	}
}

// textParser adds DetectedFormat to an xmlparse.Parser.
type textParser struct{ *xmlparse.Parser }

// DetectedFormat is the dialect in use, "auto" until one is seen.
func (t textParser) DetectedFormat() string { return string(t.Format()) }

func newText(f xmlparse.Format, o Options) toolcall.StreamParser {
	return textParser{xmlparse.New(
		xmlparse.WithFormat(f),
		xmlparse.WithTools(o.Tools),
		xmlparse.WithCallsInReasoning(o.CallsInReasoning),
		xmlparse.WithMaxCallBytes(o.MaxCallBytes),
		xmlparse.WithMaxDepth(o.MaxDepth),
	)}
}
