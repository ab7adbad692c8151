package jsonscan_test

import (
	"fmt"

	"github.com/tooleval/tooleval/jsonscan"
)

// Streaming a JSON argument that arrives in pieces: only settled bytes are
// passed on, and the value's end is found even with markup after it.
func ExampleScanner() {
	var s jsonscan.Scanner
	emitted := 0
	for _, chunk := range []string{`{"path":"a.go","line":1`, `2}</arguments>`} {
		s.Feed([]byte(chunk))
		settled := s.Offset() - s.Pending()
		fmt.Printf("settled %d bytes, done=%v\n", settled-emitted, s.Done())
		emitted = settled
	}
	// Output:
	// settled 22 bytes, done=false
	// settled 3 bytes, done=true
}

func ExampleValidate() {
	fmt.Println(jsonscan.Validate([]byte(`{"path": "a.go"}`), 0))
	fmt.Println(jsonscan.Validate([]byte(`{"a": [[[1]]]}`), 3))
	fmt.Println(jsonscan.Validate([]byte(`{"a": tru}`), 0))
	// Output:
	// <nil>
	// offset 8: nesting deeper than 3 near "{\"a\": [[[1]]]}"
	// offset 9: invalid literal, expected "true" near "{\"a\": tru}"
}
