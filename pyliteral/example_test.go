package pyliteral_test

import (
	"fmt"
	"log"

	"github.com/tooleval/tooleval/pyliteral"
)

func ExampleParseCalls() {
	calls, err := pyliteral.ParseCalls(`[get_tide_times(station='Port Isaac', days=(1, 2)), now()]`)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range calls {
		fmt.Println(c.Name, string(c.Arguments))
	}
	// Output:
	// get_tide_times {"station":"Port Isaac","days":[1,2]}
	// now {}
}
