package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, functionGemmaCases...) }

const (
	fgOpen  = "<start_function_call>"
	fgClose = "<end_function_call>"
)

// functionGemmaCases are modelled on FunctionGemma's output with its chat
// template (developer turn declaring the functions).
var functionGemmaCases = []parseCase{
	{name: "functiongemma/one_call", format: FormatFunctionGemma,
		in:   fgOpen + `call:get_weather{city:<escape>Paris<escape>,days:3}` + fgClose,
		want: `call=get_weather{"city":"Paris","days":3}`},
	{name: "functiongemma/text_before_after", format: FormatFunctionGemma,
		in:   "Sure, checking.\n" + fgOpen + `call:list_files{}` + fgClose + "\nDone.",
		want: `text="Sure, checking.\n\nDone." call=list_files{}`},
	{name: "functiongemma/parallel", format: FormatFunctionGemma,
		in:   fgOpen + `call:get_weather{city:<escape>Paris<escape>}` + fgClose + fgOpen + `call:read_file{path:<escape>a.go<escape>,start_line:10}` + fgClose,
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go","start_line":10}`},
	// vLLM's test_functiongemma_tool_parser.py: a delimited value that
	// reads whole as a number, true, false or null is that value (unless
	// the catalog types the parameter as a string), and a ',' left out
	// between arguments is read as there.
	{name: "functiongemma/delimited_literals", format: FormatFunctionGemma,
		in:   fgOpen + `call:set_alarm{count:<escape>42<escape>,enabled:<escape>true<escape>,snooze:<escape>null<escape>,ratio:<escape>-2.5e1<escape>,label:<escape>Hello World<escape>,code:<escape>12ab<escape>,big:<escape>1234567890123456789012345678901234<escape>}` + fgClose,
		want: `call=set_alarm{"count":42,"enabled":true,"snooze":null,"ratio":-2.5e1,"label":"Hello World","code":"12ab","big":"1234567890123456789012345678901234"}`},
	{name: "functiongemma/delimited_number_for_string_param", format: FormatFunctionGemma, tools: true,
		in:   fgOpen + `call:read_file{path:<escape>2024<escape>,start_line:<escape>10<escape>}` + fgClose,
		want: `call=read_file{"path":"2024","start_line":10}`},
	{name: "functiongemma/missing_commas", format: FormatFunctionGemma,
		in:   fgOpen + `call:search{query:<escape>python<escape>limit:<escape>10<escape>sort:<escape>relevance<escape>}` + fgClose,
		want: `call=search{"query":"python","limit":10,"sort":"relevance"}`},
	{name: "functiongemma/nested_structures", format: FormatFunctionGemma,
		in:   fgOpen + `call:search{query:<escape>go<escape>,filters:{lang:[<escape>go<escape>,<escape>zig<escape>],stars:{min:10}},limit:-1.5e2}` + fgClose,
		want: `call=search{"query":"go","filters":{"lang":["go","zig"],"stars":{"min":10}},"limit":-1.5e2}`},
	{name: "functiongemma/string_with_markup", format: FormatFunctionGemma,
		in:   fgOpen + "call:write_to_file{path:<escape>a.md<escape>,content:<escape>say \"hi\", {k:v} <end_function <esc <|\"|>\nline2 ☕<escape>}" + fgClose,
		want: `call=write_to_file{"path":"a.md","content":"say \"hi\", {k:v} <end_function <esc <|\"|>\nline2 ☕"}`},
	{name: "functiongemma/booleans_and_null", format: FormatFunctionGemma,
		in:   fgOpen + `call:get_weather{city:<escape>Oslo<escape>,metric:true,days:null}` + fgClose,
		want: `call=get_weather{"city":"Oslo","metric":true,"days":null}`},
	{name: "functiongemma/bare_word_value", format: FormatFunctionGemma,
		in:   fgOpen + `call:get_weather{city:London,unit:celsius}` + fgClose,
		want: `call=get_weather{"city":"London","unit":"celsius"}`},
	{name: "functiongemma/truncated_in_string", format: FormatFunctionGemma,
		in:   "One moment." + fgOpen + `call:get_weather{city:<escape>Par`,
		want: `text="One moment." error=incomplete_call`},
	{name: "functiongemma/closer_ends_unclosed_string", format: FormatFunctionGemma,
		in:   fgOpen + `call:bash{command:<escape>ls}` + fgClose + "Then." + fgOpen + `call:list_files{}` + fgClose,
		want: `text="Then." call=bash{"command":"ls"} call=list_files{} error=repaired_value`},
	{name: "functiongemma/invalid_then_valid", format: FormatFunctionGemma,
		in:   fgOpen + `call:a{,y:1}` + fgClose + "ok" + fgOpen + `call:b{y:<escape>2<escape>}` + fgClose,
		want: `text="ok" call=b{"y":2} error=invalid_json`},
	{name: "functiongemma/stray_close", format: FormatFunctionGemma,
		in:   "Nothing to do." + fgClose,
		want: `text="Nothing to do." error=malformed_markup`},
	{name: "functiongemma/template_name", format: FormatFunctionGemma,
		in:   fgOpen + `call:{{ fn.name }}{a:1}` + fgClose + "after",
		want: `text="after" error=invalid_tool_name error=invalid_json`},
	{name: "functiongemma/catalog_unknown_tool", format: FormatFunctionGemma, tools: true,
		in:   fgOpen + `call:get_wether{city:<escape>Oslo<escape>}` + fgClose,
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "functiongemma/call_keyword_missing", format: FormatFunctionGemma,
		in:   fgOpen + `get_weather{city:<escape>Oslo<escape>}` + fgClose + "ok",
		want: `text="ok" error=malformed_markup`},
	{name: "functiongemma/lookalikes_are_text", format: FormatFunctionGemma,
		in:   "<start_function> <end_function_calls <escape> <start_function_cal",
		want: `text="<start_function> <end_function_calls <escape> <start_function_cal"`},
	{name: "functiongemma/auto", format: FormatAuto,
		in:   "Sure." + fgOpen + `call:get_weather{city:<escape>Nice<escape>}` + fgClose,
		want: `text="Sure." call=get_weather{"city":"Nice"}`},
}

func FuzzFunctionGemma(f *testing.F) {
	addSeeds(f, "functiongemma/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatFunctionGemma, false, in, seed) })
}

// FunctionGemma writes Gemma's call syntax with <escape> around strings.
func ExampleParser_functionGemma() {
	msg := `<start_function_call>call:get_weather{city:<escape>Paris, "FR"<escape>,days:3}<end_function_call>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatFunctionGemma}), []byte(msg), 5))
	// Output:
	// call call_0 get_weather {"city":"Paris, \"FR\"","days":3}
}
