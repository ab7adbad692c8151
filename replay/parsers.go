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
	return toolcall.ParseOptions{
		Format:               toolcall.Format(t.Format),
		Tools:                tools,
		ReasoningOpen:        t.ReasoningOpen,
		ThinkAsText:          t.ThinkAsText,
		KeepCallsInReasoning: t.KeepCallsInReasoning || t.keepSuite,
	}
}
