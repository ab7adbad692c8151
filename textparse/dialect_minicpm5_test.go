package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, miniCPM5Cases...) }

// mcCall writes a MiniCPM5 call: name, then parameter name/value pairs.
func mcCall(name string, kv ...string) string {
	s := `<function name="` + name + `">`
	for i := 0; i+1 < len(kv); i += 2 {
		s += `<param name="` + kv[i] + `">` + kv[i+1] + `</param>`
	}
	return s + "</function>"
}

// miniCPM5Cases are modelled on MiniCPM5-2B output with its chat template
// (thinking on: "<think>\n…\n</think>\n\n" before the answer).
var miniCPM5Cases = []parseCase{
	// vLLM's MiniCPM5 parser: an OpenAI-style properties wrapper around
	// the arguments (a Python literal here) is the arguments.
	{name: "minicpm5/lone_properties_unwrapped", format: FormatMiniCPM5, tools: true,
		in:   mcCall("get_weather", "properties", "{'city': 'Rome', 'days': 3}"),
		want: `call=get_weather{"city":"Rome","days":3}`},
	{name: "minicpm5/one_call", format: FormatMiniCPM5, tools: true,
		in:   mcCall("get_weather", "city", "Paris", "days", "3"),
		want: `call=get_weather{"city":"Paris","days":3}`},
	// vLLM's test_minicpm5xml_tool_parser.py: a parameter tag without a
	// name is reported (vLLM refuses the call; tooleval keeps what it read).
	{name: "minicpm5/param_without_name", format: FormatMiniCPM5, tools: true,
		in:   `<function name="get_weather"><param>Paris</param><param name="days">2</param></function>`,
		want: `call=get_weather{"":"Paris","days":2} error=malformed_markup`},
	{name: "minicpm5/cdata_value_text_around", format: FormatMiniCPM5, tools: true,
		in:   "Intro.\n" + mcCall("write_to_file", "path", "a.md", "content", "<![CDATA[# Title\n<b>x</b>]]>") + "\nOutro.",
		want: `text="Intro.\n\nOutro." call=write_to_file{"path":"a.md","content":"# Title\n<b>x</b>"}`},
	{name: "minicpm5/thinking_then_call", format: FormatMiniCPM5, tools: true,
		in:   "<think>\nThe user wants the weather in Paris.\n</think>\n\n" + mcCall("get_weather", "city", "Paris"),
		want: `text="\n\n" reasoning="\nThe user wants the weather in Paris.\n" call=get_weather{"city":"Paris"}`},
	{name: "minicpm5/reasoning_open", format: FormatMiniCPM5, tools: true, open: true,
		in:   "List them first.\n</think>\n\n" + mcCall("list_files"),
		want: `text="\n\n" reasoning="List them first.\n" call=list_files{}`},
	{name: "minicpm5/text_before_after", format: FormatMiniCPM5, tools: true,
		in:   "I'll read the file.\n" + mcCall("read_file", "path", "cmd/main.go") + "\nDone.",
		want: `text="I'll read the file.\n\nDone." call=read_file{"path":"cmd/main.go"}`},
	{name: "minicpm5/parallel", format: FormatMiniCPM5, tools: true,
		in:   mcCall("get_weather", "city", "Paris") + "\n" + mcCall("read_file", "path", "a.go", "start_line", "10"),
		want: `text="\n" call=get_weather{"city":"Paris"} call=read_file{"path":"a.go","start_line":10}`},
	{name: "minicpm5/no_parameters", format: FormatMiniCPM5, tools: true,
		in:   mcCall("list_files"),
		want: `call=list_files{}`},
	{name: "minicpm5/coerced_structures", format: FormatMiniCPM5, tools: true,
		in:   mcCall("search", "query", "007", "tags", `["a", "b"]`, "filters", "{'lang': 'go'}", "limit", "2.5"),
		want: `call=search{"query":"007","tags":["a","b"],"filters":{"lang":"go"},"limit":2.5}`},
	{name: "minicpm5/code_in_value", format: FormatMiniCPM5, tools: true,
		in:   mcCall("write_to_file", "path", "x.py", "content", "if a < b and s == \"<p>\":\n    print('日本 ☕ & co')"),
		want: `call=write_to_file{"path":"x.py","content":"if a < b and s == \"<p>\":\n    print('日本 ☕ & co')"}`},
	{name: "minicpm5/newlines_between_params", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\">\n<param name=\"city\">Oslo</param>\n<param name=\"metric\">true</param>\n</function>",
		want: `call=get_weather{"city":"Oslo","metric":true}`},
	{name: "minicpm5/truncated", format: FormatMiniCPM5, tools: true,
		in:   "Checking. " + `<function name="get_weather"><param name="city">Par`,
		want: `text="Checking. " error=incomplete_call`},
	{name: "minicpm5/unknown_tool", format: FormatMiniCPM5, tools: true,
		in:   mcCall("get_wether", "city", "Oslo"),
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "minicpm5/template_name", format: FormatMiniCPM5, tools: true,
		in:   mcCall("{{ tool.name }}", "city", "Oslo") + "after",
		want: `text="after" error=invalid_tool_name`},
	{name: "minicpm5/wrong_type_kept", format: FormatMiniCPM5, tools: true,
		in:   mcCall("get_weather", "city", "Oslo", "days", "three"),
		want: `call=get_weather{"city":"Oslo","days":"three"}`},
	{name: "minicpm5/missing_param_closer", format: FormatMiniCPM5, tools: true,
		in:   `<function name="get_weather"><param name="city">Oslo</function>after`,
		want: `text="after" call=get_weather{"city":"Oslo"}`},
	{name: "minicpm5/repeated_function_closer", format: FormatMiniCPM5, tools: true,
		in:   mcCall("get_weather", "city", "Oslo") + "</function>after",
		want: `text="after" call=get_weather{"city":"Oslo"} error=malformed_markup`},
	{name: "minicpm5/stray_function_closer", format: FormatMiniCPM5, tools: true,
		in:   "Done.</function>",
		want: `text="Done." error=malformed_markup`},
	// A server that strips the special tokens leaves name="…"> pairs
	// (llama.cpp's test-chat-peg-parser-minicpm5.cpp reads a call from
	// them; its production parser does not): without <function nothing
	// says a call began, and the text is kept as the model's.
	{name: "minicpm5/stripped_tokens_are_text", format: FormatMiniCPM5, tools: true,
		in:   ` name="get_weather"> name="city">Bari`,
		want: `text=" name=\"get_weather\"> name=\"city\">Bari"`},
	{name: "minicpm5/lookalikes_are_text", format: FormatMiniCPM5, tools: true,
		in:   "<functions> <function_call> <param name=\"x\">",
		want: `text="<functions> <function_call> <param name=\"x\">"`},
	// The tokenizer's merged spellings of the tags (vLLM reads them).
	{name: "minicpm5/collapsed_tags", format: FormatMiniCPM5, tools: true,
		in:   `<functionname="get_weather"><paramname="city">Nantes</paramname="x"></param><paramname="days">4</param></function>`,
		want: `call=get_weather{"city":"Nantes</paramname=\"x\">","days":4}`},
	{name: "minicpm5/space_marker_tags", format: FormatMiniCPM5, tools: true,
		in:   "Checking.\n<function\u0120name=\"read_file\"><param\u0120name=\"path\">docs/a.md</param><param\u0120name=\"start_line\">3</param></function>\nOk.",
		want: `text="Checking.\n\nOk." call=read_file{"path":"docs/a.md","start_line":3}`},
	{name: "minicpm5/space_marker_function_collapsed_params", format: FormatMiniCPM5, tools: true,
		in:   "<function\u0120name=\"get_weather\"><paramname=\"city\">Lille</param></function>",
		want: `call=get_weather{"city":"Lille"}`},
	{name: "minicpm5/collapsed_tags_under_auto", format: FormatAuto, tools: true,
		in:   `<functionname="search"><paramname="query">maps</param></function>`,
		want: `call=search{"query":"maps"}`},
	{name: "minicpm5/collapsed_lookalikes_are_text", format: FormatMiniCPM5,
		in:   "<functionnames> <paramname> <functionname",
		want: `text="<functionnames> <paramname> <functionname"`},
	{name: "minicpm5/auto", format: FormatAuto, tools: true,
		in:   "Sure. " + mcCall("get_weather", "city", "Paris"),
		want: `text="Sure. " call=get_weather{"city":"Paris"}`},
	{name: "minicpm5/auto_equals_spelling_is_qwen3_coder", format: FormatAuto, tools: true,
		in:   "<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>",
		want: `call=get_weather{"city":"Paris"}`},
	// A CDATA section in a value is its raw text: tags and "]]" inside
	// it are text (issue 21).
	{name: "minicpm5/cdata_value", format: FormatMiniCPM5, tools: true,
		in:   `<function name="write_to_file"><param name="path">page.html</param><param name="content"><![CDATA[<p>a</p> & </param> </function> ]] x]]></param></function>`,
		want: `call=write_to_file{"path":"page.html","content":"<p>a</p> & </param> </function> ]] x"}`},
	{name: "minicpm5/cdata_multiline_coerced", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"write_to_file\"><param name=\"content\"><![CDATA[line 1\nline 2]]]></param><param name=\"line_count\"><![CDATA[2]]></param></function>",
		want: `call=write_to_file{"content":"line 1\nline 2]","line_count":2}`},
	{name: "minicpm5/lt_bang_not_cdata", format: FormatMiniCPM5, tools: true,
		in:   `<function name="write_to_file"><param name="content"><!-- note --> <!x</param></function>`,
		want: `call=write_to_file{"content":"<!-- note --> <!x"}`},
	// A call missing its </function> ends at the next <function, with a
	// warning, instead of swallowing it (issue 21).
	{name: "minicpm5/call_closer_missing", format: FormatMiniCPM5, tools: true,
		in:   `<function name="read_file"><param name="path">a.go</param>` + "\n" + mcCall("read_file", "path", "b.go") + "\nDone.",
		want: `text="\nDone." call=read_file{"path":"a.go"} call=read_file{"path":"b.go"} error=malformed_markup`},
	{name: "minicpm5/call_closer_missing_no_params", format: FormatMiniCPM5, tools: true,
		in:   `<function name="list_files">` + mcCall("get_weather", "city", "Oslo"),
		want: `call=list_files{} call=get_weather{"city":"Oslo"} error=malformed_markup`},
	{name: "minicpm5/call_closer_missing_auto", format: FormatAuto, tools: true,
		in:   `<function name="read_file"><param name="path">a.go</param>` + mcCall("read_file", "path", "b.go"),
		want: `call=read_file{"path":"a.go"} call=read_file{"path":"b.go"} error=malformed_markup`},
	// A parameter's opener whose plain form (name=\"NAME\" of name bytes,
	// then '>') is whole in the chunk is read without the tag scan
	// (plainParam), first in a call and after a value's closer, which it
	// confirms; any other spelling goes through the scan, and both read
	// alike at any chunking.
	{name: "minicpm5/plain_param_single_quoted", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name='city'>Oslo</param><param name='days'>2</param></function>",
		want: `call=get_weather{"city":"Oslo","days":2}`},
	{name: "minicpm5/plain_param_space_before_gt", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name=\"city\" >Oslo</param>\n<param name=\"days\" >2</param></function>",
		want: `call=get_weather{"city":"Oslo","days":2}`},
	{name: "minicpm5/plain_param_self_closing", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name=\"city\"/><param name=\"days\">2</param></function>",
		want: `call=get_weather{"city":"","days":2}`},
	{name: "minicpm5/plain_param_name_dash_dot_colon", format: FormatMiniCPM5,
		in:   "<function name=\"f\"><param name=\"a-b.c:d\">1</param><param name=\"e\">2</param></function>",
		want: `call=f{"a-b.c:d":"1","e":"2"}`},
	{name: "minicpm5/plain_param_empty_name", format: FormatMiniCPM5,
		in:   "<function name=\"f\"><param name=\"\">1</param><param name=\"\">2</param></function>",
		want: `call=f{"":"1"} error=malformed_markup error=malformed_markup error=malformed_markup`},
	{name: "minicpm5/plain_param_name_with_space", format: FormatMiniCPM5,
		in:   "<function name=\"f\"><param name=\"a b\">1</param><param name=\"c d\">2</param></function>",
		want: `call=f{"a b":"1","c d":"2"}`},
	{name: "minicpm5/plain_param_text_after_closer", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name=\"city\">Oslo</param> x<param name=\"days\">2</param></function>",
		want: `call=get_weather{"city":"Oslo</param> x","days":2}`},
	{name: "minicpm5/plain_param_repeated", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name=\"city\">Oslo</param>\n<param name=\"city\">Bergen</param></function>",
		want: `call=get_weather{"city":"Oslo"} error=malformed_markup`},
	{name: "minicpm5/plain_param_unwrap_then_param", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name=\"arguments\">{'city': 'Rome'}</param><param name=\"days\">3</param></function>",
		want: `call=get_weather{"arguments":{"city":"Rome"},"days":3}`},
	{name: "minicpm5/plain_param_quote_cut_by_end", format: FormatMiniCPM5, tools: true,
		in:   "<function name=\"get_weather\"><param name=\"city\">Oslo</param><param name=\"days",
		want: `error=incomplete_call`},
}

// Under auto the spelling of the shared function tag picks the dialect.
func TestMiniCPM5AutoDetection(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Format
	}{
		{mcCall("get_weather", "city", "Paris"), FormatMiniCPM5},
		{"<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>", FormatQwen3Coder},
		{`<function=get_weather>{"city": "Paris"}</function>`, FormatFunctionaryV3},
		{"<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>", FormatQwen3Coder},
	} {
		for _, n := range []int{1, 3, len(c.in)} {
			p := mustNew(opts{Format: FormatAuto, Tools: tools})
			toolcall.Run(p, []byte(c.in), n)
			if got := p.Format(); got != c.want {
				t.Errorf("%q at %d-byte chunks: detected %s, want %s", c.in, n, got, c.want)
			}
		}
	}
}

func FuzzMiniCPM5(f *testing.F) {
	addSeeds(f, "minicpm5/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMiniCPM5, true, in, seed) })
}

// MiniCPM5 names the tool and each parameter by a name attribute; values
// are coerced by the catalog.
func ExampleParser_miniCPM5() {
	showCalls(mustNew(opts{Format: FormatMiniCPM5, Tools: tools}),
		"<think>\nOne lookup.\n</think>\n\n"+`<function name="get_weather"><param name="city">Paris</param><param name="days">2</param></function>`)
	// Output:
	// reasoning "\nOne lookup.\n"
	// text "\n\n"
	// call get_weather {"city":"Paris","days":2}
}
