package toolcall

import (
	"fmt"
	"strings"
)

// FileError is a problem in an input file, located as closely as the
// reader knows: the file, the line (and column), the record's id, and the
// field or JSON path. It is what every loader reports (suites, catalogs,
// leaderboard data) and prints as
//
//	file[:line[:column]][: id "ID"][: field]: message
type FileError struct {
	// File is the file as the caller named it.
	File string `json:"file"`
	// Line is 1-based; 0 when the problem is not tied to a line.
	Line int `json:"line,omitempty"`
	// Column is 1-based, shown only with a Line; 0 when unknown.
	Column int `json:"column,omitempty"`
	// ID is the id of the record the line holds, when the format has one.
	ID string `json:"id,omitempty"`
	// Field is the field concerned, as a path ("transcript.format",
	// "gold_calls[1].search.q") or a JSON path ("$[3].function"); "" for
	// the whole line or file.
	Field string `json:"field,omitempty"`
	// Message says what is wrong; when it is empty, Err does.
	Message string `json:"message"`
	// Err is the underlying error, if any (errors.Is and As see it).
	Err error `json:"-"`
}

func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	if e.ID != "" {
		fmt.Fprintf(&b, ": id %q", e.ID)
	}
	if e.Field != "" {
		b.WriteString(": ")
		b.WriteString(e.Field)
	}
	b.WriteString(": ")
	if e.Message == "" && e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString(e.Message)
	}
	return b.String()
}

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }
