package anyparse

import (
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// The provider streams of package nativeparse.
func init() {
	for _, f := range nativeparse.Formats() {
		if f != nativeparse.Auto {
			register(f, newNative)
		}
	}
}

// nativeParser adds DetectedFormat to a nativeparse.Parser.
type nativeParser struct{ *nativeparse.Parser }

// DetectedFormat is the provider in use, "auto" until one is seen.
func (n nativeParser) DetectedFormat() toolcall.Format { return n.Format() }

func newNative(o toolcall.ParseOptions) (toolcall.StreamParser, error) {
	p, err := nativeparse.New(o)
	if err != nil {
		return nil, err
	}
	return nativeParser{p}, nil
}
