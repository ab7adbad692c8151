package replay

import (
	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/toolcall"
)

// DefaultParser builds the parser for a transcript format with anyparse:
// the text protocols given the case's catalog, the provider streams, and
// "auto" across both families.
func DefaultParser(format string, tools toolcall.ToolSet) (toolcall.StreamParser, error) {
	return anyparse.New(format, anyparse.Options{Tools: tools})
}
