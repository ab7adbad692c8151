package suite

import (
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// Errors is every problem found in a suite, in line order, each located by
// file, line and field. It is the error LoadFile and Load return when a
// suite is broken.
type Errors []*toolcall.FileError

func (es Errors) Error() string {
	if len(es) == 1 {
		return es[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems in the suite:", len(es))
	for _, e := range es {
		b.WriteString("\n  ")
		b.WriteString(e.Error())
	}
	return b.String()
}

// maxErrors caps how many problems one load reports.
const maxErrors = 200

// pointerToField turns a JSON pointer ("/gold_calls/0/search") into a
// field path ("gold_calls[0].search").
func pointerToField(ptr []string) string {
	var b strings.Builder
	for _, tok := range ptr {
		if isIndex(tok) {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
