package replay

import (
	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/toolcall"
)

// DefaultParser builds the parser for a transcript with anyparse: the text
// protocols, the provider streams, and "auto" across both families, with
// every option of the transcript given at once.
func DefaultParser(o toolcall.ParseOptions) (toolcall.StreamParser, error) { return anyparse.New(o) }

// ParseOptions are the options a transcript's parser is built with: its
// format, the case's catalog (tool names and schema-driven coercion) and
// its reasoning settings; the caps are the parsers' defaults.
func (t *Transcript) ParseOptions(tools toolcall.ToolSet) toolcall.ParseOptions {
	o := toolcall.ParseOptions{
		Format:        toolcall.Format(t.Format),
		Tools:         tools,
		ReasoningOpen: t.ReasoningOpen,
		ThinkAsText:   t.ThinkAsText,
	}
	if t.dialect != nil { // a nil *Dialect in the interface would not be nil
		o.Dialect = t.dialect
	}
	return o
}

// FormatName is the format the transcript is read in: its dialect file's
// dialect, or Format.
func (t *Transcript) FormatName() string {
	if t.dialect != nil {
		return string(t.dialect.Format)
	}
	return t.Format
}
