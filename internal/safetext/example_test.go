package safetext_test

import (
	"fmt"

	"github.com/tooleval/tooleval/internal/safetext"
)

func ExampleTerminal() {
	fmt.Println(safetext.Terminal("case-1\x1b]0;pwned\x07"))
	// Output: case-1\x1b]0;pwned\a
}

func ExampleMarkdown() {
	fmt.Println(safetext.Markdown("x\r## heading | [link](javascript:x)"))
	// Output: x\r## heading \| \[link\](javascript:x)
}
