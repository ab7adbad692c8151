package replay

import (
	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/toolcall"
)

// DefaultParser builds the parser for a transcript with anyparse: the text
// protocols, the provider streams, and "auto" across both families, with
// every option of the transcript given at once.
func DefaultParser(o toolcall.ParseOptions) (toolcall.StreamParser, error) { return anyparse.New(o) }
