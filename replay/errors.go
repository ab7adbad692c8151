package replay

import (
	"fmt"
	"strings"
)

// Error is one problem in a suite file, located by file, line and field.
type Error struct {
	// File is the suite (or referenced) file as the caller named it.
	File string `json:"file"`
	// Line is the 1-based line of the case in the suite, 0 when the
	// problem is not tied to a line.
	Line int `json:"line,omitempty"`
	// Field is the case field concerned, as a path such as
	// "transcript.format" or "gold_calls[1].search.q"; "" for the whole line.
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		b.WriteString(": ")
		b.WriteString(e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// Errors is every problem found in a suite, in line order. It is the
// error LoadFile and Load return when a suite is broken.
type Errors []*Error

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
