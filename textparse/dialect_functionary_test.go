package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, functionaryCases...) }

// functionaryCases are modelled on Functionary v3.2 (recipient lines; the
// prompt ends with >>>) and v3.1 (<function=…>) output.
var functionaryCases = []parseCase{
	// A short answer with no recipient line and no newline is text, not
	// dropped with the stream.
	// An opener followed at once by another holds no call: reported, not
	// dropped unsaid.
	{name: "functionary_v3/opener_twice", format: FormatFunctionaryV3,
		in:   `<function=<function=get_weather>{"city": "Oslo"}</function>`,
		want: `call=get_weather{"city":"Oslo"} error=malformed_markup`},
	{name: "functionary_v3/short_answer_is_text", format: FormatFunctionaryV3,
		in:   "<think>Nothing to call.</think>All done.",
		want: `text="All done." reasoning="Nothing to call."`},
	{name: "functionary_v3/first_call_without_marker", format: FormatFunctionaryV3,
		in:   "get_weather\n{\"city\": \"Paris\"}",
		want: `call=get_weather{"city":"Paris"}`},
	{name: "functionary_v3/all_then_call", format: FormatFunctionaryV3,
		in:   "all\nLet me check the weather.>>>get_weather\n{\"city\": \"Paris\"}",
		want: `text="Let me check the weather." call=get_weather{"city":"Paris"}`},
	{name: "functionary_v3/parallel", format: FormatFunctionaryV3,
		in:   "get_weather\n{\"city\": \"Paris\"}>>>read_file\n{\"path\": \"a.go\"}",
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	// Arguments that are a string broken by a raw control byte: the
	// string is skipped to its closing quote and what follows is text,
	// however the output is chunked (found by FuzzFunctionaryV3).
	{name: "functionary_v3/broken_string_arguments_then_text", format: FormatFunctionaryV3,
		in:   "get_weather\n\"Paris\x01\" Then I will check the weather.",
		want: `text=" Then I will check the weather." error=invalid_json`},
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
		want: `call=get_weather{"city":"Paris"} error=invalid_json`},
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
	// v3.1 under auto: <function=NAME> is also qwen3_coder's tag; a '{'
	// as the body's first byte makes it Functionary's JSON arguments.
	{name: "functionary_v3/auto_v31_function_tag", format: FormatAuto,
		in:   "Checking.<function=get_weather>{\"city\": \"Rome\"}</function>",
		want: `text="Checking." call=get_weather{"city":"Rome"}`},
	{name: "functionary_v3/auto_v31_parallel_text_after", format: FormatAuto,
		in:   "<function=get_weather>{\"city\": \"Rome\"}</function><function=list_files>{}</function>\nDone.",
		want: `text="\nDone." call=get_weather{"city":"Rome"} call=list_files{}`},
	{name: "functionary_v3/auto_v31_spaces_around_json", format: FormatAuto,
		in:   "<function=get_weather>\n  {\"city\": \"Rome\", \"days\": 3}\n</function>",
		want: `call=get_weather{"city":"Rome","days":3}`},
	{name: "functionary_v3/auto_v31_markup_in_json", format: FormatAuto,
		in:   "<function=write_to_file>{\"content\": \"<parameter=x>y</parameter></function> ✓\"}</function>",
		want: `call=write_to_file{"content":"<parameter=x>y</parameter></function> ✓"}`},
	{name: "functionary_v3/auto_v31_truncated", format: FormatAuto,
		in:   "Ok.<function=get_weather>{\"city\": \"Ro",
		want: `text="Ok." error=incomplete_call`},
	{name: "functionary_v3/auto_v31_invalid_then_valid", format: FormatAuto,
		in:   "<function=a>{\"x\": oops}</function>ok<function=b>{}</function>",
		want: `text="ok" call=b{} error=invalid_json`},
	{name: "functionary_v3/auto_v31_parameter_after_json", format: FormatAuto,
		in:   "<function=a>{\"x\": 1}<parameter=y>2</parameter></function>ok",
		want: `text="ok" error=malformed_markup`},
	{name: "functionary_v3/auto_qwen3_coder_parameters_unchanged", format: FormatAuto,
		in:   "<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n</function>",
		want: `call=get_weather{"city":"Rome"}`},
	{name: "functionary_v3/auto_marker", format: FormatAuto,
		in:   "Sure.>>>get_weather\n{\"city\": \"Bern\"}",
		want: `text="Sure." call=get_weather{"city":"Bern"}`},
}

// TestFunctionaryV31AutoMatchesFixed: under auto the v3.1 form gives the
// events of the fixed format and is detected as functionary_v3, at every
// chunking (a split inside the tag or right before the '{').
func TestFunctionaryV31AutoMatchesFixed(t *testing.T) {
	for _, in := range []string{
		"Checking.<function=get_weather>{\"city\": \"Rome\"}</function>",
		"<function=get_weather>{\"city\": \"Rome\"}</function><function=list_files>{}</function>\nDone.",
		"<function=read_file>{\"path\": \"海.go\"}</function>",
	} {
		want := eventLines(toolcall.Run(mustNew(opts{Format: FormatFunctionaryV3}), []byte(in), 0))
		for chunk := 1; chunk <= len(in); chunk++ {
			p := mustNew(opts{})
			if got := eventLines(toolcall.Run(p, []byte(in), chunk)); got != want {
				t.Fatalf("%q at %d-byte chunks: auto gives\n%s\nfixed functionary_v3 gives\n%s", in, chunk, got, want)
			}
			if p.Format() != FormatFunctionaryV3 {
				t.Fatalf("%q at %d-byte chunks: detected %s", in, chunk, p.Format())
			}
		}
	}
}

func FuzzFunctionaryV3(f *testing.F) {
	addSeeds(f, "functionary_v3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatFunctionaryV3, false, in, seed) })
}

// Functionary v3.2: the prompt ends with >>>, so the answer starts with
// its first recipient; "all" is text for the user.
func ExampleParser_functionaryV3() {
	msg := "all\nChecking.>>>get_weather\n{\"city\": \"Paris\"}"
	printCalls(toolcall.Run(mustNew(opts{Format: FormatFunctionaryV3}), []byte(msg), 4))
	// Output:
	// text "Checking."
	// call call_0 get_weather {"city": "Paris"}
}
