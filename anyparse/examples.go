package anyparse

import (
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// WriteExample renders c in format f as a model or provider would write
// it, with the writer of the package that owns f (auto: as hermes text).
// Every format Formats lists has one; the contract tests build a suite case
// per format from them.
func WriteExample(f toolcall.Format, c toolcall.ExampleCall) (string, error) {
	if _, ok := nativeparse.ParseFormat(string(f)); ok && f != Auto {
		return nativeparse.WriteExample(f, c)
	}
	if _, err := textparse.ParseFormat(string(f)); err != nil {
		return "", &toolcall.UnknownFormatError{Format: f, Known: Formats()}
	}
	return textparse.WriteExample(f, c)
}
