package anyparse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Options configure every parser New builds. Zero values mean the parsers'
// defaults.
type Options struct {
	// Tools is the catalog: coercion of XML values, unknown_tool errors,
	// cline tag names.
	Tools toolcall.ToolSet
	// CallsInReasoning makes calls inside <think> count as calls.
	CallsInReasoning bool
	// ReasoningOpen starts text parsers inside reasoning (the prompt
	// ended with <think>; only </think> appears in the output).
	ReasoningOpen bool
	// ThinkAsText makes <think> and <thinking> plain text.
	ThinkAsText bool
	// MaxCallBytes caps one call's bytes (0: 16 MiB).
	MaxCallBytes int
	// MaxDepth caps JSON nesting of arguments (0: the parser's default).
	MaxDepth int
	// MaxRecordBytes caps one line, SSE event or JSON value of a provider
	// stream (0: nativeparse.DefaultMaxRecordBytes).
	MaxRecordBytes int
}

// constructor builds a parser of one registered format.
type constructor func(Options) toolcall.StreamParser

// registry maps format names to constructors; each parser family adds its
// formats from an init function in its own file (text.go, …).
var registry = map[string]constructor{}

func register(name string, c constructor) {
	if _, dup := registry[name]; dup {
		panic("anyparse: format registered twice: " + name)
	}
	registry[name] = c
}

// Auto is the name of the format that detects the protocol from the stream.
const Auto = "auto"

// Formats lists the format names New accepts, "auto" first, then sorted.
func Formats() []string {
	out := make([]string, 0, len(registry)+1)
	for name := range registry {
		out = append(out, name)
	}
	sort.Strings(out)
	return append([]string{Auto}, out...)
}

// New returns a parser for format. An unknown name is an error that lists
// the known ones.
func New(format string, opts Options) (toolcall.StreamParser, error) {
	if format == Auto {
		return newAuto(opts), nil
	}
	c, ok := registry[format]
	if !ok {
		return nil, fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats(), ", "))
	}
	return c(opts), nil
}

// Configure applies the reasoning options of o (ReasoningOpen,
// ThinkAsText) to a parser New built, before its first Feed. Provider
// streams mark reasoning themselves and ignore them; a parser New did not
// build is an error.
func Configure(p toolcall.StreamParser, o Options) error {
	switch q := p.(type) {
	case *autoParser:
		if q.p != nil {
			return fmt.Errorf("anyparse: Configure after Feed")
		}
		q.opts.ReasoningOpen, q.opts.ThinkAsText = o.ReasoningOpen, o.ThinkAsText
	case textParser:
		q.Apply(textparse.WithReasoningOpen(o.ReasoningOpen), textparse.WithThinkAsText(o.ThinkAsText))
	case nativeParser:
	default:
		return fmt.Errorf("anyparse: cannot configure a %T", p)
	}
	return nil
}

// Detected returns the format p has recognised in its stream so far (for
// "auto" parsers, once the first call or block has been seen), or requested
// when p cannot tell.
func Detected(p toolcall.StreamParser, requested string) string {
	if d, ok := p.(interface{ DetectedFormat() string }); ok {
		if f := d.DetectedFormat(); f != "" {
			return f
		}
	}
	return requested
}
