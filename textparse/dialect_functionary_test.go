package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, functionaryCases...) }

// functionaryCases are modelled on Functionary v3.2 (recipient lines; the
// prompt ends with >>>) and v3.1 (<function=…>) output.
var functionaryCases = []parseCase{
	{name: "functionary_v3/first_call_without_marker", format: FormatFunctionaryV3,
		in:   "get_weather\n{\"city\": \"Paris\"}",
		want: `call=get_weather{"city":"Paris"}`},
	{name: "functionary_v3/all_then_call", format: FormatFunctionaryV3,
		in:   "all\nLet me check the weather.>>>get_weather\n{\"city\": \"Paris\"}",
		want: `text="Let me check the weather." call=get_weather{"city":"Paris"}`},
	{name: "functionary_v3/parallel", format: FormatFunctionaryV3,
		in:   "get_weather\n{\"city\": \"Paris\"}>>>read_file\n{\"path\": \"a.go\"}",
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	{name: "functionary_v3/text_only", format: FormatFunctionaryV3,
		in:   "all\nThe capital of France is Paris.",
		want: `text="The capital of France is Paris."`},
	{name: "functionary_v3/with_marker_prefix", format: FormatFunctionaryV3,
		in:   ">>>all\nSure.\n>>>list_files\n{}",
		want: `text="Sure.\n" call=list_files{}`},
	{name: "functionary_v3/empty_arguments", format: FormatFunctionaryV3,
		in:   "list_files\n{}",
		want: `call=list_files{}`},
	{name: "functionary_v3/markup_in_values", format: FormatFunctionaryV3,
		in:   "write_to_file\n{\"content\": \">>>all\\n<function=x>{}</function> ✓\"}",
		want: `call=write_to_file{"content":">>>all\n<function=x>{}</function> ✓"}`},
	{name: "functionary_v3/truncated", format: FormatFunctionaryV3,
		in:   "all\nOk.>>>get_weather\n{\"city\": \"Pa",
		want: `text="Ok." error=incomplete_call`},
	{name: "functionary_v3/invalid_then_valid", format: FormatFunctionaryV3,
		in:   "get_weather\n{\"city\": Paris}>>>get_weather\n{\"city\": \"Paris\"}",
		want: `text="Paris}" call=get_weather{"city":"Paris"} error=invalid_json`},
	{name: "functionary_v3/plain_prose_is_text", format: FormatFunctionaryV3,
		in:   "The answer is 42. a >> b",
		want: `text="The answer is 42. a >> b"`},
	{name: "functionary_v3/v31_function_tag", format: FormatFunctionaryV3,
		in:   "Checking.<function=get_weather>{\"city\": \"Rome\"}</function>",
		want: `text="Checking." call=get_weather{"city":"Rome"}`},
	{name: "functionary_v3/v31_parallel_text_after", format: FormatFunctionaryV3,
		in:   "<function=get_weather>{\"city\": \"Rome\"}</function><function=list_files>{}</function>\nDone.",
		want: `text="\nDone." call=get_weather{"city":"Rome"} call=list_files{}`},
	{name: "functionary_v3/think_then_call", format: FormatFunctionaryV3,
		in:   "<think>weather</think>get_weather\n{\"city\": \"Kyiv\"}",
		want: `reasoning="weather" call=get_weather{"city":"Kyiv"}`},
	{name: "functionary_v3/auto_marker", format: FormatAuto,
		in:   "Sure.>>>get_weather\n{\"city\": \"Bern\"}",
		want: `text="Sure." call=get_weather{"city":"Bern"}`},
}

func FuzzFunctionaryV3(f *testing.F) {
	addSeeds(f, "functionary_v3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatFunctionaryV3, false, in, seed) })
}

// Functionary v3.2: the prompt ends with >>>, so the answer starts with
// its first recipient; "all" is text for the user.
func ExampleParser_functionaryV3() {
	msg := "all\nChecking.>>>get_weather\n{\"city\": \"Paris\"}"
	printCalls(toolcall.Run(New(WithFormat(FormatFunctionaryV3)), []byte(msg), 4))
	// Output:
	// text "Checking."
	// call call_0 get_weather {"city": "Paris"}
}
