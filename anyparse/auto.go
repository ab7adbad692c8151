package anyparse

import (
	"github.com/tooleval/tooleval/toolcall"
	"github.com/tooleval/tooleval/xmlparse"
)

// newAuto builds the "auto" parser. For now it is the text-protocol
// detector of xmlparse (the dialect of the first opening tag).
//
// Cross-family detection goes here: a parser that sniffs the first bytes
// (SSE "data:" / NDJSON lines of a provider stream versus model text) and
// then delegates to the native or the text parser.
func newAuto(o Options) toolcall.StreamParser {
	return newText(xmlparse.FormatAuto, o)
}
