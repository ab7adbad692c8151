package jsonschema

import (
	"strconv"
	"strings"
)

// Error is one violation: where in the instance, which keyword failed and
// why. Validate returns every violation it finds, flat, in the order of
// the instance (properties by name, items by index); only anyOf and oneOf
// nest, each alternative's own violations kept apart.
type Error struct {
	// Path is the instance location, as JSON pointer tokens: member
	// names and decimal array indexes ([] for the value itself).
	Path []string
	// Keyword is the failed keyword: type, required, additionalProperties,
	// enum, const, pattern, minLength, anyOf, oneOf, not, false (a false
	// schema), …
	Keyword string
	// Message says what is wrong in words, without the location.
	Message string

	// Missing lists the absent members for required and
	// dependentRequired.
	Missing []string
	// Extra lists the members additionalProperties rejected, by name.
	Extra []string
	// Want and Got are the allowed types and the instance's type for
	// type.
	Want []string
	Got  string
	// Value is the rejected value for enum and const.
	Value any
	// Alternatives holds, for anyOf and for a oneOf that matched none,
	// the violations of each alternative in schema order. A oneOf that
	// matched more than one has none; Matched names them.
	Alternatives [][]*Error
	Matched      []int
}

// Error writes the violation with its location: "/a/0: message".
func (e *Error) Error() string {
	return Pointer(e.Path) + ": " + e.Message
}

// Pointer writes path tokens as a JSON pointer ("" for the root).
func Pointer(path []string) string {
	var b strings.Builder
	for _, t := range path {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// Index reports whether a path token is an array index.
func Index(tok string) bool {
	n, err := strconv.Atoi(tok)
	return err == nil && n >= 0 && strconv.Itoa(n) == tok
}

// Leaves returns the violations with anyOf and oneOf replaced by their
// alternatives' violations, recursively: every concrete thing wrong.
func Leaves(errs []*Error) []*Error {
	var out []*Error
	for _, e := range errs {
		if len(e.Alternatives) == 0 {
			out = append(out, e)
			continue
		}
		for _, alt := range e.Alternatives {
			out = append(out, Leaves(alt)...)
		}
	}
	return out
}
