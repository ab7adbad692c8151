package anyparse

import (
	"slices"

	"github.com/tooleval/tooleval/toolcall"
)

// constructor builds a parser of one registered format from options
// whose caps are already checked.
type constructor func(toolcall.ParseOptions) (toolcall.StreamParser, error)

// registry maps format names to constructors; each parser family adds its
// formats from an init function in its own file (text.go, native.go).
var registry = map[toolcall.Format]constructor{}

func register(name toolcall.Format, c constructor) {
	if _, dup := registry[name]; dup {
		panic("anyparse: format registered twice: " + string(name))
	}
	registry[name] = c
}

// Auto is the name of the format that detects the protocol from the stream.
const Auto = toolcall.FormatAuto

// Formats lists the format names New accepts, "auto" first, then sorted.
func Formats() []toolcall.Format {
	out := make([]toolcall.Format, 0, len(registry)+1)
	for name := range registry {
		out = append(out, name)
	}
	slices.Sort(out)
	return append([]toolcall.Format{Auto}, out...)
}

// New returns a parser for o.Format built with every option of o (see
// toolcall.ParseOptions; the zero value is "auto" with the default caps).
// An unknown format is an error that lists the known ones; so is a
// negative cap. With o.Dialect set, the text is read in that dialect.
func New(o toolcall.ParseOptions) (toolcall.StreamParser, error) {
	o, err := o.WithDefaults()
	if err != nil {
		return nil, err
	}
	if o.Dialect != nil { // a user-described text dialect (textparse.LoadDialect)
		return newText(o)
	}
	if o.Format == Auto {
		return &autoParser{opts: o}, nil
	}
	c, ok := registry[o.Format]
	if !ok {
		return nil, &toolcall.UnknownFormatError{Format: o.Format, Known: Formats()}
	}
	return c(o)
}

// Detected returns the format p has recognised in its stream so far (for
// "auto" parsers, once the first call or block has been seen), or requested
// when p cannot tell.
func Detected(p toolcall.StreamParser, requested toolcall.Format) toolcall.Format {
	if d, ok := p.(interface{ DetectedFormat() toolcall.Format }); ok {
		if f := d.DetectedFormat(); f != "" {
			return f
		}
	}
	return requested
}
