package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, olmo3Cases...) }

// olmo3Cases are modelled on OLMo 3 Instruct / Think output.
var olmo3Cases = []parseCase{
	// Strings and numbers ended at once by ',' and ')' (pyliteral).
	{name: "olmo3/strings_and_number_at_closers", format: FormatOlmo3,
		in:   "<function_calls>\nf(a='x', b=\"y\")\ng(c=12)\n</function_calls>",
		want: `call=f{"a":"x","b":"y"} call=g{"c":12}`},
	{name: "olmo3/one_call", format: FormatOlmo3,
		in:   "<function_calls>\nget_weather(city=\"Paris\")\n</function_calls>",
		want: `call=get_weather{"city":"Paris"}`},
	{name: "olmo3/lines", format: FormatOlmo3,
		in:   "<function_calls>\nget_weather(city='Paris', days=2)\nread_file(path='a.go', start_line=1, end_line=None)\n</function_calls>",
		want: `call=get_weather{"city":"Paris","days":2} call=read_file{"path":"a.go","start_line":1,"end_line":null}`},
	{name: "olmo3/text_before_after", format: FormatOlmo3,
		in:   "I'll look it up.\n<function_calls>\nget_weather(city=\"Oslo\")\n</function_calls>\nWaiting.",
		want: `text="I'll look it up.\n\nWaiting." call=get_weather{"city":"Oslo"}`},
	{name: "olmo3/think", format: FormatOlmo3,
		in:   "<think>The user wants Oslo.</think><function_calls>\nget_weather(city=\"Oslo\")\n</function_calls>",
		want: `reasoning="The user wants Oslo." call=get_weather{"city":"Oslo"}`},
	{name: "olmo3/json_literals", format: FormatOlmo3,
		in:   "<function_calls>\nedit(path='x', cfg={\"a\": true, \"b\": null}, limit=null)\n</function_calls>",
		want: `call=edit{"path":"x","cfg":{"a":true,"b":null},"limit":null}`},
	{name: "olmo3/empty_arguments", format: FormatOlmo3,
		in:   "<function_calls>\nlist_files()\n</function_calls>",
		want: `call=list_files{}`},
	{name: "olmo3/markup_in_values", format: FormatOlmo3,
		in:   "<function_calls>\nwrite_to_file(path='a.html', content=\"</function_calls>\\n<invoke name='x'>\\nf(a=1) ✓\")\n</function_calls>",
		want: `call=write_to_file{"path":"a.html","content":"</function_calls>\n<invoke name='x'>\nf(a=1) ✓"}`},
	{name: "olmo3/multiline_value", format: FormatOlmo3,
		in:   "<function_calls>\nwrite_to_file(\n    path='a.py',\n    content='''x = 1\nprint(x)\n''',\n)\n</function_calls>",
		want: `call=write_to_file{"path":"a.py","content":"x = 1\nprint(x)\n"}`},
	{name: "olmo3/truncated", format: FormatOlmo3,
		in:   "<function_calls>\nget_weather(city=\"Par",
		want: `error=incomplete_call`},
	{name: "olmo3/invalid_then_valid_block", format: FormatOlmo3,
		in:   "<function_calls>\nget_weather(\"Paris\")\n</function_calls>\nRetrying.\n<function_calls>\nget_weather(city=\"Paris\")\n</function_calls>",
		want: `text="\nRetrying.\n" call=get_weather{"city":"Paris"} error=invalid_json`},
	// vLLM's test_olmo3_tool_parser.py: one broken call does not drop
	// the calls on the lines after it.
	{name: "olmo3/broken_call_then_next_line", format: FormatOlmo3,
		in:   "<function_calls>calc(x=1e999)\nfoo(x=1])\nget_weather(city='Lima')\nlist_files()\n</function_calls>Done.",
		want: `text="Done." call=get_weather{"city":"Lima"} call=list_files{} error=invalid_json error=invalid_json`},
	// A bytes literal has no JSON form: the call is invalid_json (vLLM
	// rejects it too), the next line's call is read.
	{name: "olmo3/bytes_literal_rejected", format: FormatOlmo3,
		in:   "<function_calls>upload(data=b'z')\nlist_files()\n</function_calls>",
		want: `call=list_files{} error=invalid_json`},
	{name: "olmo3/lookalikes_are_text", format: FormatOlmo3,
		in:   "<function_call> get_weather(city='x') </function_calls_> <function",
		want: `text="<function_call> get_weather(city='x') </function_calls_> <function"`},
	{name: "olmo3/unicode", format: FormatOlmo3,
		in:   "<function_calls>\nsearch(query='北京 café', limit=5)\n</function_calls>",
		want: `call=search{"query":"北京 café","limit":5}`},
	{name: "olmo3/auto_python_body", format: FormatAuto, tools: true,
		in:   "Checking.\n<function_calls>\nget_weather(city=\"Paris\")\nlist_files()\n</function_calls>",
		want: `text="Checking.\n" call=get_weather{"city":"Paris"} call=list_files{}`},
	{name: "olmo3/auto_xml_body_stays_function_calls", format: FormatAuto, tools: true,
		in:   "<function_calls>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Paris</parameter>\n</invoke>\n</function_calls>",
		want: `call=get_weather{"city":"Paris"}`},
	{name: "olmo3/auto_second_block", format: FormatAuto,
		in:   "<function_calls>\nlist_files()\n</function_calls> then <function_calls>\nget_weather(city='Rome')\n</function_calls>",
		want: `text=" then " call=list_files{} call=get_weather{"city":"Rome"}`},
	// Python in function_calls' wrapper is no call of that dialect:
	// words no call holds, text (blockWords).
	{name: "olmo3/fixed_function_calls_gives_python_as_text", format: FormatFunctionCalls, tools: true,
		in:   "<function_calls>\nget_weather(city=\"Paris\")\n</function_calls>",
		want: `text="get_weather(city=\"Paris\")\n"`},
}

func FuzzOlmo3(f *testing.F) {
	addSeeds(f, "olmo3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatOlmo3, false, in, seed) })
}

// OLMo 3 writes one Python call per line; under auto the body tells it
// from the XML function_calls dialect.
func ExampleParser_olmo3() {
	msg := "<function_calls>\nget_weather(city=\"Paris\")\nlist_files()\n</function_calls>"
	p := mustNew(opts{}) // auto
	printCalls(toolcall.Run(p, []byte(msg), 5))
	fmt.Println(p.Format())
	// Output:
	// call call_0 get_weather {"city":"Paris"}
	// call call_1 list_files {}
	// olmo3
}

func init() {
	parseCases = append(parseCases, parseCase{name: "olmo3/auto_stray_digit_then_letters", format: FormatAuto,
		in:   "0<function_calls>0A0</function_calls>ok",
		want: `text="00A0ok"`})
}
