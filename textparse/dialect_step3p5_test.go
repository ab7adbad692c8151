package textparse

import "testing"

func init() { parseCases = append(parseCases, step3p5Cases...) }

// step3p5Cases are modelled on what SGLang's Step-3.5 detector tests
// assert, in our own strings: Qwen3-Coder's calls, and the tags Step
// models damage read where the catalog names what they name, each repair
// reported (malformed_markup). qwen3_coder reads none of them.
var step3p5Cases = []parseCase{
	// A doubled parameter name is no plain opener: the tag scan reads and
	// repairs it, after a value's closer as before the first value; a
	// parameter the tool lacks after a closer is the value's text.
	{name: "step3p5/parameter_name_twice_after_a_value", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=read_file>\n<parameter=path>\na.go\n</parameter>\n<parameter=parameter=start_line>\n3\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"a.go","start_line":3} error=malformed_markup`},
	{name: "step3p5/parameter_name_twice_first", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=read_file>\n<parameter=parameter=path>\na.go\n</parameter>\n<parameter=start_line>\n3\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"a.go","start_line":3} error=malformed_markup`},
	// A parameter's name and '>' after a closer with no '<' before them
	// are the value's text (FuzzStep3p5 found them read as an opener when
	// the chunk showed them whole).
	{name: "step3p5/opener_without_lt_after_a_value", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n0parameter=days>\n2\n</parameter>\n</function>\n</tool_call>",
		want: `call=get_weather{"city":"Lima\n</parameter>\n0parameter=days>\n2"}`},
	{name: "step3p5/unknown_parameter_after_a_value", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n<parameter=country>\nNO\n</parameter>\n</function>\n</tool_call>",
		want: `call=get_weather{"city":"Oslo\n</parameter>\n<parameter=country>\nNO\n</parameter>"}`},
	{name: "step3p5/canonical_call", format: FormatStep3p5, tools: true,
		in:   "Checking the forecast.\n" + q3Call("get_weather", "city", "Da Nang", "days", "2"),
		want: `text="Checking the forecast.\n" call=get_weather{"city":"Da Nang","days":2}`},
	{name: "step3p5/function_without_eq_space", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function execute_command>\n<parameter=command>\ngit status --short\n</parameter>\n</function>\n</tool_call>",
		want: `call=execute_command{"command":"git status --short"} error=malformed_markup`},
	{name: "step3p5/function_without_eq_glued", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<functionexecute_command>\n<parameter=command>\ngit status --short\n</parameter>\n</function>\n</tool_call>\nRunning it.",
		want: `text="\nRunning it." call=execute_command{"command":"git status --short"} error=malformed_markup`},
	{name: "step3p5/function_gt_missing", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=read_file\n<parameter=path>\ncmd/main.go\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"cmd/main.go"} error=malformed_markup`},
	{name: "step3p5/parameter_gt_missing", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=read_file>\n<parameter=path\ncmd/main.go\n</parameter>\n<parameter=start_line>\n40\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"cmd/main.go","start_line":40} error=malformed_markup`},
	{name: "step3p5/both_gt_missing", format: FormatStep3p5, tools: true,
		in:   "<tool_call><function=get_weather\n<parameter=city\nTbilisi</parameter></function></tool_call>",
		want: `call=get_weather{"city":"Tbilisi"} error=malformed_markup error=malformed_markup`},
	{name: "step3p5/parameter_name_twice", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=parameter=city>\nTbilisi\n</parameter>\n</function>\n</tool_call>",
		want: `call=get_weather{"city":"Tbilisi"} error=malformed_markup`},
	{name: "step3p5/parameter_name_twice_gt_missing", format: FormatStep3p5, tools: true,
		in:   "<tool_call><function=get_weather><parameter=parameter=city\nTbilisi</parameter><parameter=days>3</parameter></function></tool_call>",
		want: `call=get_weather{"city":"Tbilisi","days":3} error=malformed_markup`},
	{name: "step3p5/bare_glued_function_between_text", format: FormatStep3p5, tools: true,
		in:   "Listing first.\n<functionlist_files>\n</function>\nThen I read it.",
		want: `text="Listing first.\n\nThen I read it." call=list_files{} error=malformed_markup`},
	// Repairs only what the catalog confirms: another name is read as
	// qwen3_coder reads it.
	{name: "step3p5/unknown_tool_without_eq_not_repaired", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function run_tests>\n<parameter=command>\nmake test\n</parameter>\n</function>\n</tool_call>",
		want: `error=invalid_tool_name`},
	{name: "step3p5/undeclared_parameter_gt_missing_not_repaired", format: FormatStep3p5, tools: true,
		in:   "<tool_call><function=get_weather><parameter=town\nTbilisi</parameter></function></tool_call>",
		want: `call=get_weather{} error=malformed_markup error=malformed_markup`},
	{name: "step3p5/prose_words_stay_text", format: FormatStep3p5, tools: true,
		in:   "The <functionality is there, <functions> are listed and <parameterization> is fine.",
		want: `text="The <functionality is there, <functions> are listed and <parameterization> is fine."`},
	{name: "step3p5/damaged_tag_quoted_in_value", format: FormatStep3p5, tools: true,
		in:   q3Call("execute_command", "command", "printf '<function execute_command>\\n'"),
		want: `call=execute_command{"command":"printf '<function execute_command>\\n'"}`},
	{name: "step3p5/without_catalog_nothing_repaired", format: FormatStep3p5,
		in:   "<tool_call>\n<function execute_command>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>",
		want: `error=invalid_tool_name`},
	{name: "step3p5/qwen3_coder_does_not_repair", format: FormatQwen3Coder, tools: true,
		in:   "<tool_call>\n<function execute_command>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>",
		want: `error=invalid_tool_name`},
	{name: "step3p5/cut_in_value", format: FormatStep3p5, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=city>\nTbil",
		want: `error=incomplete_call`},
	{name: "step3p5/unknown_tool", format: FormatStep3p5, tools: true,
		in:   q3Call("get_wether", "city", "Tbilisi"),
		want: `call=get_wether{"city":"Tbilisi"} error=unknown_tool`},
}

func FuzzStep3p5(f *testing.F) {
	addSeeds(f, "step3p5/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatStep3p5, true, in, seed) })
}
