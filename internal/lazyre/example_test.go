package lazyre_test

import (
	"fmt"

	"github.com/tooleval/tooleval/internal/lazyre"
)

// Declared at package level, the expression is compiled by the first call,
// not when the program starts.
var version = lazyre.New(`^v(\d+)\.(\d+)$`)

func ExampleNew() {
	m := version().FindStringSubmatch("v1.26")
	fmt.Println(m[1], m[2])
	// Output: 1 26
}
