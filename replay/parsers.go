package replay

import (
	"fmt"

	"github.com/tooleval/tooleval/toolcall"
)

// DefaultParser builds the parser for a transcript format with anyparse.
func DefaultParser(format string, tools toolcall.ToolSet) (toolcall.StreamParser, error) {
	return nil, fmt.Errorf("no parser for format %q yet", format)
}
