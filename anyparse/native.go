package anyparse

import (
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// The provider streams of package nativeparse.
func init() {
	for _, f := range nativeparse.Formats() {
		if f == nativeparse.Auto {
			continue
		}
		register(string(f), func(o Options) toolcall.StreamParser { return newNative(f, o) })
	}
}

// nativeParser adds DetectedFormat to a nativeparse.Parser.
type nativeParser struct{ *nativeparse.Parser }

// DetectedFormat is the provider in use, "auto" until one is seen.
func (n nativeParser) DetectedFormat() string { return string(n.Format()) }

func newNative(f nativeparse.Format, o Options) toolcall.StreamParser {
	var opts []nativeparse.Option
	if o.MaxCallBytes > 0 {
		opts = append(opts, nativeparse.WithMaxCallBytes(o.MaxCallBytes))
	}
	if o.MaxDepth > 0 {
		opts = append(opts, nativeparse.WithMaxDepth(o.MaxDepth))
	}
	if o.MaxRecordBytes > 0 {
		opts = append(opts, nativeparse.WithMaxRecordBytes(o.MaxRecordBytes))
	}
	return nativeParser{nativeparse.New(f, opts...)}
}
