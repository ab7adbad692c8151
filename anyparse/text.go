package anyparse

import (
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// The text protocols of package textparse.
func init() {
	for _, f := range textparse.Formats() {
		if f == textparse.FormatAuto {
			continue
		}
		register(string(f), func(o Options) toolcall.StreamParser { return newText(f, o) })
	}
}

// textParser adds DetectedFormat to an textparse.Parser.
type textParser struct{ *textparse.Parser }

// DetectedFormat is the dialect in use, "auto" until one is seen.
func (t textParser) DetectedFormat() string { return string(t.Format()) }

func newText(f textparse.Format, o Options) toolcall.StreamParser {
	return textParser{textparse.New(
		textparse.WithFormat(f),
		textparse.WithTools(o.Tools),
		textparse.WithCallsInReasoning(o.CallsInReasoning),
		textparse.WithReasoningOpen(o.ReasoningOpen),
		textparse.WithThinkAsText(o.ThinkAsText),
		textparse.WithMaxCallBytes(o.MaxCallBytes),
		textparse.WithMaxDepth(o.MaxDepth),
	)}
}
