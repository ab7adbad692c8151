package anyparse

import (
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

// textParser adds DetectedFormat to a textparse.Parser.
type textParser struct{ *textparse.Parser }

// DetectedFormat is the dialect in use, "auto" until one is seen.
func (t textParser) DetectedFormat() toolcall.Format { return t.Format() }

func newText(o toolcall.ParseOptions) (toolcall.StreamParser, error) {
	p, err := textparse.New(o)
	if err != nil {
		return nil, err
	}
	return textParser{p}, nil
}
