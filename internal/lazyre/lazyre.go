package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr the first time it is called
// and returns the same *regexp.Regexp on every call. It is safe for
// concurrent use. Like regexp.MustCompile it panics if expr does not
// compile; the tests of the package that declares it catch that.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
