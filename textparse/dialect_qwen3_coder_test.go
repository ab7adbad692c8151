package textparse

// Qwen3-Coder writes each parameter's value raw between its tags: a value
// may run over lines and hold markup; the catalog types it (start_line is
// an integer).
func ExampleParser_qwen3Coder() {
	showCalls(mustNew(opts{Format: FormatQwen3Coder, Tools: tools}),
		"I'll read it first.\n<tool_call>\n<function=read_file>\n<parameter=path>\nsrc/main.go\n</parameter>\n"+
			"<parameter=start_line>\n120\n</parameter>\n</function>\n</tool_call>")
	// Output:
	// text "I'll read it first.\n"
	// call read_file {"path":"src/main.go","start_line":120}
}

func init() { parseCases = append(parseCases, qwen3CoderCases...) }

// qcCall writes a Qwen3-Coder call on its own lines: name, then parameter
// name/value pairs.
func qcCall(name string, kv ...string) string {
	s := "<tool_call>\n<function=" + name + ">\n"
	for i := 0; i+1 < len(kv); i += 2 {
		s += "<parameter=" + kv[i] + ">\n" + kv[i+1] + "\n</parameter>\n"
	}
	return s + "</function>\n</tool_call>"
}

// qwen3CoderCases: the fifth pass over vLLM's shared Qwen3 XML/Coder tests
// (test_qwen3_xml_coder_shared.py). With the catalog giving the tool's
// parameters (Tags.SchemaParams), a file a write tool is given that quotes
// the dialect's own markup stays in the value.
var qwen3CoderCases = []parseCase{
	// The call tag written twice before its function: the first holds
	// no call and is reported; the call is read.
	{name: "qwen3_coder/call_tag_written_twice", format: FormatQwen3Coder,
		in:   "<tool_call>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n</function>\n</tool_call>",
		want: `call=get_weather{"city":"Lima"} error=malformed_markup`},
	// The next parameter's opener after a value's closer, whole in the
	// chunk and plain, confirms the closer at once (paramNow), and one
	// between parameters is read without the tag scan (plainParam): what
	// the held closer and the scan read at any chunking. A parameter given
	// twice keeps the first value; with the catalog it is the value's
	// text; a quoted or spaced name, read by the scan, names the same.
	{name: "qwen3_coder/plain_opener_given_twice", format: FormatQwen3Coder,
		in:   "<tool_call>\n<function=run>\n<parameter=cmd>\nls\n</parameter>\n<parameter=cmd>\npwd\n</parameter>\n</function>\n</tool_call>",
		want: `call=run{"cmd":"ls"} error=malformed_markup`},
	{name: "qwen3_coder/plain_opener_given_twice_with_schema", format: FormatQwen3Coder, tools: true,
		in:   "<tool_call>\n<function=read_file>\n<parameter=path>\na.go\n</parameter>\n<parameter=path>\nb.go\n</parameter>\n<parameter=start_line>\n3\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"a.go\n</parameter>\n<parameter=path>\nb.go\n</parameter>","start_line":3}`},
	{name: "qwen3_coder/quoted_opener_after_closer", format: FormatQwen3Coder, tools: true,
		in:   "<tool_call>\n<function=read_file>\n<parameter=path>\na.go\n</parameter>\n<parameter=\"start_line\">\n3\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"a.go","start_line":3}`},
	{name: "qwen3_coder/spaced_and_dotted_openers", format: FormatQwen3Coder,
		in:   "<tool_call>\n<function=run>\n<parameter= cmd >\nls\n</parameter>\n<parameter=dir.name>\n/tmp\n</parameter>\n</function>\n</tool_call>",
		want: `call=run{"cmd":"ls","dir.name":"/tmp"}`},
	// A value too deep, ended by the next parameter's opener: the call is
	// abandoned there, and the skip goes on to the call's end.
	{name: "qwen3_coder/too_deep_value_then_plain_opener", format: FormatQwen3Coder, tools: true, depth: 1,
		in:   "<tool_call>\n<function=search>\n<parameter=filters>\n{\"a\": {\"b\": 1}}\n</parameter>\n<parameter=query>\ngo\n</parameter>\n</function>\n</tool_call>\nAfter.",
		want: `text="\nAfter." error=too_deep`},
	// A value's own closer is held until the next tag says it ends the
	// value (paramReader.ownCloser reads it without the tag scan): text
	// after it makes it content, and the closer after that one ends it.
	{name: "qwen3_coder/own_closer_then_text_is_content", format: FormatQwen3Coder,
		in:   "<tool_call>\n<function=run>\n<parameter=cmd>\necho a\n</parameter>\nand more\n</parameter>\n</function>\n</tool_call>",
		want: `call=run{"cmd":"echo a\n</parameter>\nand more"}`},
	// A value's closer that the call's closer confirms in the same chunk is
	// read at once (paramReader.followerNow), as it is held and confirmed
	// at any chunking: white space between is markup, text makes it content.
	{name: "qwen3_coder/closer_then_white_space_then_call_closer", format: FormatQwen3Coder,
		in:   "<tool_call>\n<function=run>\n<parameter=cmd>\nls\n</parameter> \n\t</function>\n</tool_call>",
		want: `call=run{"cmd":"ls"}`},
	{name: "qwen3_coder/closer_then_text_then_call_closer", format: FormatQwen3Coder,
		in:   "<tool_call>\n<function=run>\n<parameter=cmd>\nls\n</parameter> x\n</function>\n</tool_call>",
		want: `call=run{"cmd":"ls\n</parameter> x"}`},
	// With the catalog (Tags.SchemaParams): a wrapper's opener quoted in
	// the value is its text, and the value's closer after it still ends it.
	{name: "qwen3_coder/own_closer_after_quoted_wrapper", format: FormatQwen3Coder, tools: true,
		in:   qcCall("write_to_file", "path", "a.md", "content", "Wrap calls in <tool_call> tags.") + "\nDone.",
		want: `text="\nDone." call=write_to_file{"path":"a.md","content":"Wrap calls in <tool_call> tags."}`},
	// Qwen3's prompt opens <think>; a model that writes it again, then
	// calls before closing it (vLLM's qwen3 reasoning tests).
	{name: "qwen3_coder/think_again_then_call", format: FormatQwen3Coder, open: true,
		in:   "<think>List the directory.\n\n<tool_call>\n<function=run>\n<parameter=cmd>\nls -la\n</parameter>\n</function>\n</tool_call>",
		want: `reasoning="List the directory.\n\n" call=run{"cmd":"ls -la"} error=call_in_reasoning`},
	{name: "qwen3_coder/value_quotes_a_parameter_of_another_tool", format: FormatQwen3Coder, tools: true,
		in:   qcCall("write_to_file", "path", "tpl.py", "content", "T = '''\n</parameter>\n<parameter=old_text>\nx = 1\n</parameter>\n'''"),
		want: `call=write_to_file{"path":"tpl.py","content":"T = '''\n</parameter>\n<parameter=old_text>\nx = 1\n</parameter>\n'''"}`},
	{name: "qwen3_coder/value_quotes_a_given_parameter", format: FormatQwen3Coder, tools: true,
		in:   qcCall("write_to_file", "path", "doc.py", "content", "s = '''\n<parameter=path>\nquoted/path\n</parameter>\n'''"),
		want: `call=write_to_file{"path":"doc.py","content":"s = '''\n<parameter=path>\nquoted/path\n</parameter>\n'''"}`},
	{name: "qwen3_coder/value_quotes_a_whole_call", format: FormatQwen3Coder, tools: true,
		in: qcCall("get_weather", "city", "Oslo") + "\n" +
			qcCall("write_to_file", "path", "fixture.txt", "content", "Example:\n"+qcCall("get_weather", "city", "Rome")+"\nend"),
		want: `text="\n" call=get_weather{"city":"Oslo"} call=write_to_file{"path":"fixture.txt","content":"Example:\n<tool_call>\n<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n</function>\n</tool_call>\nend"}`},
	{name: "qwen3_coder/value_quotes_tags_inline", format: FormatQwen3Coder, tools: true,
		in:   qcCall("write_to_file", "path", "t.go", "content", "x := []string{\"<tool_call>\", \"<parameter=q>\", \"</parameter>\", \"</function>\"}"),
		want: `call=write_to_file{"path":"t.go","content":"x := []string{\"<tool_call>\", \"<parameter=q>\", \"</parameter>\", \"</function>\"}"}`},
	{name: "qwen3_coder/value_names_the_wrapper_tag", format: FormatQwen3Coder, tools: true,
		in:   qcCall("write_to_file", "path", "n.md", "content", "Wrap each call in <tool_call> tags.") + "\nDone.",
		want: `text="\nDone." call=write_to_file{"path":"n.md","content":"Wrap each call in <tool_call> tags."}`},
	// vLLM's MiMo-V2-Flash test: a parameter written before its function
	// is dropped (malformed_markup) and the function after it is read.
	{name: "qwen3_coder/parameter_before_function", format: FormatQwen3Coder,
		in:   "<tool_call>\n<parameter=path>\nsrc\n</parameter>\n<function=list_files>\n</function>\n</tool_call>\nDone.",
		want: `text="\nDone." call=list_files{} error=malformed_markup error=malformed_markup`},
	// The wrapper's closer cut short by the end of the output.
	{name: "qwen3_coder/wrapper_closer_cut_at_end", format: FormatQwen3Coder, tools: true,
		in:   qcCall("get_weather", "city", "Bern")[:len(qcCall("get_weather", "city", "Bern"))-4],
		want: `call=get_weather{"city":"Bern"} error=missing_closer`},
	// The missing </parameter> is still recovered at the next parameter
	// the tool has and the call has not given.
	{name: "qwen3_coder/missing_param_closer_with_schema", format: FormatQwen3Coder, tools: true,
		in:   "Looking:\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>",
		want: `text="Looking:\n" call=get_weather{"city":"Lima","days":2}`},
	// Without the schema every <parameter=…> opens a parameter, as before.
	{name: "qwen3_coder/quoted_parameter_without_schema", format: FormatQwen3Coder,
		in:   qcCall("note", "text", "see\n</parameter>\n<parameter=other>\nv"),
		want: `call=note{"text":"see","other":"v"}`},
	// A parameter the tool lacks, after a closed one, is read as the
	// peers read it: the previous value's text (vLLM's schema filter).
	{name: "qwen3_coder/unknown_parameter_after_a_value", format: FormatQwen3Coder, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=city>Pune</parameter>\n<parameter=town>x</parameter>\n</function>\n</tool_call>",
		want: `call=get_weather{"city":"Pune</parameter>\n<parameter=town>x</parameter>"}`},
	// An object written as a JSON string of its Python repr (a template
	// that wrote json.dumps(str(value))) is the object.
	{name: "qwen3_coder/object_as_string_of_its_repr", format: FormatQwen3Coder, tools: true,
		in:   qcCall("search", "query", "go", "filters", `"{'lang': 'go', 'stars': 5}"`),
		want: `call=search{"query":"go","filters":{"lang":"go","stars":5}}`},
	// Qwen3-Coder and Qwen3.5 often skip the first <tool_call> and start
	// with <function=…>, still writing </tool_call> after it (llama.cpp's
	// Qwen3-Coder cases): that closer is the bare call's, not stray markup.
	// After words, or a second time, it is stray.
	{name: "qwen3_coder/bare_call_keeps_its_closer", format: FormatQwen3Coder, tools: true,
		in:   "<function=read_file>\n<parameter=path>\nnotes.md\n</parameter>\n</function>\n</tool_call>",
		want: `text="\n" call=read_file{"path":"notes.md"}`},
	{name: "qwen3_coder/bare_call_after_text", format: FormatQwen3Coder, tools: true,
		in:   "Opening the notes.\n<function=read_file>\n<parameter=path>\nnotes.md\n</parameter>\n</function>\n</tool_call>",
		want: `text="Opening the notes.\n\n" call=read_file{"path":"notes.md"}`},
	{name: "qwen3_coder/bare_call_then_wrapped_call", format: FormatAuto, tools: true,
		in:   "<function=read_file>\n<parameter=path>\na.md\n</parameter>\n</function>\n</tool_call>\n" + qcCall("read_file", "path", "b.md"),
		want: `text="\n\n" call=read_file{"path":"a.md"} call=read_file{"path":"b.md"}`},
	{name: "qwen3_coder/bare_call_closer_after_words_is_stray", format: FormatQwen3Coder, tools: true,
		in:   "<function=read_file>\n<parameter=path>\nnotes.md\n</parameter>\n</function>\nDone.</tool_call>",
		want: `text="\nDone." call=read_file{"path":"notes.md"} error=malformed_markup`},
	{name: "qwen3_coder/bare_call_second_closer_is_stray", format: FormatQwen3Coder, tools: true,
		in:   "<function=read_file>\n<parameter=path>\nnotes.md\n</parameter>\n</function></tool_call>\n</tool_call>",
		want: `text="\n" call=read_file{"path":"notes.md"} error=malformed_markup`},
	// Ollama's Qwen3.5 and Nemotron 3 Nano tests (their reasoning split
	// in front of the Qwen3-Coder call reader; seventh pass). The prompt
	// opened the reasoning: a call tag cut short, or a look-alike of the
	// closer or of the opener, is reasoning text.
	{name: "qwen3_coder/cut_call_tag_then_reasoning_closer", format: FormatQwen3Coder, open: true,
		in:   "Need the forecast<tool_c</think>",
		want: `reasoning="Need the forecast<tool_c"`},
	{name: "qwen3_coder/lookalikes_in_reasoning", format: FormatQwen3Coder, open: true,
		in:   "<thoughts on </think and <tool_call as words</think>Done.",
		want: `text="Done." reasoning="<thoughts on </think and <tool_call as words"`},
	// With thinking off a </think> is text (--think-as-text), as Ollama's
	// Qwen3.5 and Nemotron parsers keep it.
	{name: "qwen3_coder/think_closer_as_text_when_thinking_off", format: FormatQwen3Coder, plain: true,
		in:   "</think>\nThe answer is 12.",
		want: `text="</think>\nThe answer is 12."`},
	// A call cut right after its function tag by the end of the output:
	// a call with no arguments and missing_closer, as vLLM's patterns read
	// it (Ollama's Qwen3.5 parser drops it; PEERS.md).
	{name: "qwen3_coder/function_tag_cut_at_end", format: FormatQwen3Coder, open: true,
		in:   "Plan</think>Before<tool_call><function=list_files>",
		want: `text="Before" reasoning="Plan" call=list_files{} error=missing_closer`},
	{name: "qwen3_coder/wrapped_call_then_stray_closer", format: FormatQwen3Coder, tools: true,
		in:   qcCall("read_file", "path", "a.md") + "\n</tool_call>",
		want: `text="\n" call=read_file{"path":"a.md"} error=malformed_markup`},
}
