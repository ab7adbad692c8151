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

func ExampleParseCallsOptions() {
	// What a prompting model wrote; Python's ast reads it, the strict
	// reader does not.
	src := `[fetch(url, params=params, retries=3, retries=5, verbose=false)]`
	if _, err := pyliteral.ParseCalls(src); err != nil {
		fmt.Println("strict:", err)
	}
	calls, err := pyliteral.ParseCallsOptions(src, pyliteral.Options{AST: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(calls[0].Name, string(calls[0].Arguments))
	_, err = pyliteral.ParseCallsOptions(`[integral(value="x^3", from=1, to=5)]`, pyliteral.Options{AST: true})
	fmt.Println(err)
	// Output:
	// strict: offset 7: positional argument in fetch: only keyword arguments can be matched to parameters
	// fetch {"params":"params","retries":5,"verbose":"false"}
	// offset 23: invalid syntax: "from" is a Python keyword
}
