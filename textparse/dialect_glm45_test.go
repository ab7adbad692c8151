package textparse

func init() { parseCases = append(parseCases, glmPeerCases...) }

// glmPeerCases model what the serving stacks' GLM-4.5/4.7 parser tests
// assert (vLLM's test_glm4_moe_tool_parser and test_glm47_moe_tool_parser,
// SGLang's Glm4MoeDetector tests), in our own strings: a value whose type
// no schema gives is read as JSON or a Python literal (GLM's template
// writes every value that is not a string with tojson), a string
// parameter keeps its text and its surrounding spaces, a key left open
// ends at the value's opener, and an opening tag with nothing after it
// is reported.
var glmPeerCases = []parseCase{
	// The call tag written twice before the name: the first holds no
	// call and is reported; the call is read.
	{name: "glm45/call_tag_written_twice", format: FormatGLM45,
		in:   "<tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>Lima</arg_value></tool_call>",
		want: `call=get_weather{"city":"Lima"} error=malformed_markup`},
	// A value's own closer written twice: the first is the value's text,
	// the second, confirmed by the call's closer, ends it.
	{name: "glm45/own_closer_twice_first_is_content", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd</arg_key><arg_value>a</arg_value> </arg_value></tool_call>",
		want: `call=run{"cmd":"a</arg_value> "}`},
	// A value's closer that the next key or the call's closer confirms in
	// the same chunk is read at once (paramReader.followerNow), as it is
	// held and confirmed at any chunking: white space between (a literal
	// \n too) is markup, other text makes the closer content, and a value
	// too deep is abandoned at its closer.
	{name: "glm45/closer_then_white_space_then_key", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd</arg_key><arg_value>ls</arg_value> \n\t<arg_key>dir</arg_key><arg_value>/tmp</arg_value>\n</tool_call>",
		want: `call=run{"cmd":"ls","dir":"/tmp"}`},
	{name: "glm45/closer_then_escaped_newline_then_key", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd</arg_key><arg_value>ls</arg_value>\\n<arg_key>dir</arg_key><arg_value>/tmp</arg_value>\\n</tool_call>",
		want: `call=run{"cmd":"ls","dir":"/tmp"}`},
	{name: "glm45/closer_then_text_then_key", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd</arg_key><arg_value>ls</arg_value> x<arg_key>dir</arg_key><arg_value>/tmp</arg_value></tool_call>",
		want: `call=run{"cmd":"ls</arg_value> x","dir":"/tmp"} error=malformed_markup`},
	{name: "glm45/value_too_deep_at_call_closer", format: FormatGLM45, tools: true, depth: 2,
		in:   "<tool_call>search<arg_key>tags</arg_key><arg_value>[[[1]]]</arg_value></tool_call>ok<tool_call>search<arg_key>tags</arg_key><arg_value>[[[1]]]</arg_value><arg_key>query</arg_key><arg_value>q</arg_value></tool_call>",
		want: `text="ok" error=too_deep error=too_deep`},
	// Ollama's glm46_test.go: the output stopped inside the call's closer
	// (a stop string cut short) still gives the call, with missing_closer.
	{name: "glm45/closer_cut_at_end", format: FormatGLM45, tools: true,
		in:   "<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>go.mod</arg_value>\n</tool_",
		want: `call=read_file{"path":"go.mod"} error=missing_closer`},
	// Ollama's glm46_test.go: a value whose <arg_value> the model left out
	// is read as its key's value, reported.
	{name: "glm45/value_opener_missing", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\nQuito</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>",
		want: `call=get_weather{"city":"Quito","days":2} error=malformed_markup`},
	{name: "glm45/value_opener_missing_last", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Quito</arg_value>\n<arg_key>days</arg_key>\n5</arg_value>\n</tool_call>Done.",
		want: `text="Done." call=get_weather{"city":"Quito","days":5} error=malformed_markup`},
	// SGLang's GLM-4.7 detector: a number written as a JSON string is the
	// number.
	{name: "glm45/quoted_number_for_number_param", format: FormatGLM45, tools: true,
		in:   "<tool_call>search<arg_key>query</arg_key><arg_value>tea</arg_value><arg_key>limit</arg_key><arg_value>\"12\"</arg_value></tool_call>",
		want: `call=search{"query":"tea","limit":12}`},
	// SGLang's GLM-4.7 schema tests: an enum of a string and a number
	// decides the reading, 7 is the string member "7", 8 the number.
	{name: "glm45/enum_string_member_stays_string", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "pick", "input_schema": {"type": "object", "properties": {"level": {"enum": ["7", 8]}, "next": {"enum": ["7", 8]}}}}]`),
		in:   "<tool_call>pick<arg_key>level</arg_key><arg_value>7</arg_value><arg_key>next</arg_key><arg_value>8</arg_value></tool_call>",
		want: `call=pick{"level":"7","next":8}`},
	// A root union whose branches type value as a string and as an
	// integer: 7 is read as the integer (integer before string).
	{name: "glm45/root_union_value_takes_both_types", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "tally", "input_schema": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}}, {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}}]}}]`),
		in:   "<tool_call>tally<arg_key>kind</arg_key><arg_value>count</arg_value><arg_key>value</arg_key><arg_value>7</arg_value></tool_call>",
		want: `call=tally{"kind":"count","value":7}`},
	// SGLang's GLM-4.7 schema tests, value before kind: the value waits,
	// unwritten, for the discriminator; kind text keeps 7 a string, kind
	// count makes it the integer, and in two calls each decides its own.
	{name: "glm45/root_union_value_waits_for_discriminator", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "tally", "input_schema": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}}, {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}}]}}]`),
		in:   "<tool_call>tally\n<arg_key>value</arg_key>\n<arg_value>7</arg_value>\n<arg_key>kind</arg_key>\n<arg_value>text</arg_value>\n</tool_call>",
		want: `call=tally{"kind":"text","value":"7"}`},
	{name: "glm45/root_union_values_wait_in_each_call", format: FormatGLM45,
		set: mustCatalog(`[{"name": "tally", "input_schema": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}}, {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}}]}}]`),
		in: "<tool_call>tally<arg_key>value</arg_key><arg_value>42</arg_value><arg_key>kind</arg_key><arg_value>count</arg_value></tool_call>\nand\n" +
			"<tool_call>tally<arg_key>value</arg_key><arg_value>42</arg_value><arg_key>kind</arg_key><arg_value>text</arg_value></tool_call>",
		want: `text="\nand\n" call=tally{"kind":"count","value":42} call=tally{"kind":"text","value":"42"}`},
	// No kind at all: at the call's end the value is typed by the union
	// (integer before string).
	{name: "glm45/root_union_value_without_discriminator", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "tally", "input_schema": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}}, {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}}]}}]`),
		in:   "<tool_call>tally<arg_key>value</arg_key><arg_value>7</arg_value></tool_call>",
		want: `call=tally{"value":7}`},
	// A held value given again: the first stands (argRepeated), typed
	// when kind comes.
	{name: "glm45/root_union_held_value_repeated_keeps_first", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "tally", "input_schema": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}}, {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}}]}}]`),
		in:   "<tool_call>tally<arg_key>value</arg_key><arg_value>7</arg_value><arg_key>value</arg_key><arg_value>8</arg_value><arg_key>kind</arg_key><arg_value>text</arg_value></tool_call>",
		want: `call=tally{"kind":"text","value":"7"} error=malformed_markup`},
	// Cut before the discriminator: the held value was never written,
	// and the call is reported cut.
	{name: "glm45/root_union_value_held_when_cut", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "tally", "input_schema": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}}, {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}}]}}]`),
		in:   "<tool_call>tally<arg_key>value</arg_key><arg_value>7</arg_value><arg_key>kind</arg_key><arg_value>te",
		want: `error=incomplete_call`},
	// A number written as a quoted string escaped once more (the value
	// of a JSON-encoded arguments object) is the number, as SGLang's
	// GLM-4.7 detector reads it; a string parameter keeps what was written.
	{name: "glm45/escaped_quoted_number_for_number", format: FormatGLM45,
		set:  mustCatalog(`[{"name": "resize", "input_schema": {"type": "object", "properties": {"width": {"type": "integer"}, "scale": {"type": "number", "enum": [1, 2]}, "label": {"type": "string"}}}}]`),
		in:   `<tool_call>resize<arg_key>width</arg_key><arg_value>\"640\"</arg_value><arg_key>scale</arg_key><arg_value>\"2\"</arg_value><arg_key>label</arg_key><arg_value>\"640\"</arg_value></tool_call>`,
		want: `call=resize{"width":640,"scale":2,"label":"\\\"640\\\""}`},
	// A value cut inside its closer is still cut inside the value.
	{name: "glm45/value_closer_cut_at_end", format: FormatGLM45, tools: true,
		in:   "<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>go.mod</arg_",
		want: `error=incomplete_call`},
	// Prose that ends with the start of a closer is text.
	{name: "glm45/closer_start_in_text_at_end", format: FormatGLM45,
		in:   "Close it with </tool_",
		want: `text="Close it with </tool_"`},
	{name: "glm45/untyped_values_without_catalog", format: FormatGLM45,
		in:   "<tool_call>set_timer\n<arg_key>label</arg_key>\n<arg_value>tea</arg_value>\n<arg_key>minutes</arg_key>\n<arg_value>4</arg_value>\n<arg_key>volume</arg_key>\n<arg_value>0.75</arg_value>\n<arg_key>repeat</arg_key>\n<arg_value>false</arg_value>\n<arg_key>note</arg_key>\n<arg_value>null</arg_value>\n</tool_call>",
		want: `call=set_timer{"label":"tea","minutes":4,"volume":0.75,"repeat":false,"note":null}`},
	{name: "glm45/untyped_structures_json_and_python", format: FormatGLM45,
		in:   "<tool_call>plot<arg_key>points</arg_key><arg_value>[[0, 1], [2, 3.5]]</arg_value><arg_key>style</arg_key><arg_value>{'dashed': True, 'color': None}</arg_value><arg_key>title</arg_key><arg_value>[draft] sales</arg_value></tool_call>",
		want: `call=plot{"points":[[0,1],[2,3.5]],"style":{"dashed":true,"color":null},"title":"[draft] sales"}`},
	{name: "glm45/unknown_tool_values_decoded", format: FormatGLM45, tools: true,
		in:   "<tool_call>resize_image\n<arg_key>width</arg_key>\n<arg_value>640</arg_value>\n<arg_key>keep_ratio</arg_key>\n<arg_value>true</arg_value>\n</tool_call>",
		want: `call=resize_image{"width":640,"keep_ratio":true} error=unknown_tool`},
	{name: "glm45/string_param_keeps_digits_and_spaces", format: FormatGLM45, tools: true,
		in:   "<tool_call>write_to_file\n<arg_key>path</arg_key>\n<arg_value>2024</arg_value>\n<arg_key>content</arg_key>\n<arg_value>    return x  </arg_value>\n<arg_key>line_count</arg_key>\n<arg_value>1</arg_value>\n</tool_call>",
		want: `call=write_to_file{"path":"2024","content":"    return x  ","line_count":1}`},
	{name: "glm45/param_missing_from_schema_decoded", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Lima</arg_value>\n<arg_key>hourly</arg_key>\n<arg_value>true</arg_value>\n</tool_call>",
		want: `call=get_weather{"city":"Lima","hourly":true}`},
	{name: "glm45/text_between_calls_kept", format: FormatGLM45, tools: true,
		in:   "Checking two cities.\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Kyoto</arg_value>\n</tool_call>\n\nAnd the second one:\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Osaka</arg_value>\n</tool_call>",
		want: `text="Checking two cities.\n\n\n\nAnd the second one:\n\n" call=get_weather{"city":"Kyoto"} call=get_weather{"city":"Osaka"}`},
	{name: "glm45/unicode_values", format: FormatGLM45,
		in:   "<tool_call>send_message\n<arg_key>text</arg_key>\n<arg_value>早上好 👋</arg_value>\n</tool_call>",
		want: `call=send_message{"text":"早上好 👋"}`},
	{name: "glm45/key_left_open", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Quito</arg_value>\n<arg_key>days\n<arg_value>2</arg_value>\n</tool_call>",
		want: `call=get_weather{"city":"Quito","days":2} error=malformed_markup`},
	{name: "glm45/key_left_open_at_closer", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Quito</arg_value>\n<arg_key>days\n</tool_call>then",
		want: `text="then" call=get_weather{"city":"Quito"} error=malformed_markup`},
	// GLM-4.6 sometimes writes the template's newlines escaped, a literal
	// \n between the tags (SGLang's and vLLM's GLM parsers read it as the
	// newline); inside a value it is the value's text.
	{name: "glm45/escaped_newlines_between_tags", format: FormatGLM45, tools: true,
		in:   `<tool_call>edit\n<arg_key>path</arg_key>\n<arg_value>notes\new.txt</arg_value>\n<arg_key>edits</arg_key>\n<arg_value>[{\"line\": 3, \"text\": \"a\\nb\"}]</arg_value>\n</tool_call>Done.`,
		want: `text="Done." call=edit{"path":"notes\\new.txt","edits":[{"line":3,"text":"a\nb"}]}`},
	// SGLang's GLM tests' raw-string variant: a list escaped once more,
	// holding a Windows path's doubled backslashes, after literal \n
	// escapes: the list, the path with single backslashes.
	{name: "glm45/escaped_list_holding_backslashes", format: FormatGLM45, tools: true,
		in:   `<tool_call>edit\n<arg_key>path</arg_key>\n<arg_value>notes.txt</arg_value>\n<arg_key>edits</arg_key>\n<arg_value>[{\"line\": 1, \"text\": \"see C:\\\\Users\\\\a.txt\"}]</arg_value></tool_call>`,
		want: `call=edit{"path":"notes.txt","edits":[{"line":1,"text":"see C:\\Users\\a.txt"}]}`},
	{name: "glm45/escaped_newline_after_name_only", format: FormatGLM45, tools: true,
		in:   `<tool_call>get_weather\n\n<arg_key>city</arg_key><arg_value>Quito</arg_value></tool_call>`,
		want: `call=get_weather{"city":"Quito"}`},
	// A backslash between the tags that starts no \n is text there, as
	// any other byte: a value without its opener, reported.
	{name: "glm45/backslash_between_tags", format: FormatGLM45, tools: true,
		in:   `<tool_call>get_weather<arg_key>city</arg_key>\Quito</arg_value></tool_call>`,
		want: `call=get_weather{"city":"\\Quito"} error=malformed_markup`},
	{name: "glm45/backslash_after_value", format: FormatGLM45, tools: true,
		in:   `<tool_call>get_weather<arg_key>city</arg_key><arg_value>Quito</arg_value>\<arg_key>days</arg_key><arg_value>2</arg_value></tool_call>`,
		want: `call=get_weather{"city":"Quito</arg_value>\\","days":2} error=malformed_markup`},
	// A value whose </arg_value> is left out is ended by the next key or
	// the call's closer, and reported; a key whose value the end of the
	// output cuts off leaves the call incomplete (it was a call without
	// that key, nothing said).
	{name: "glm45/value_closer_missing_reported", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Quito\n<arg_key>days</arg_key>\n<arg_value>2\n</tool_call>",
		want: `call=get_weather{"city":"Quito\n","days":2} error=malformed_markup error=malformed_markup`},
	{name: "glm45/key_cut_at_end", format: FormatGLM45, tools: true,
		in:   "Checking.<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Quito</arg_value>\n<arg_key>days</arg_key>",
		want: `text="Checking." error=incomplete_call`},
	{name: "glm45/opening_tag_only_at_end", format: FormatGLM45,
		in:   "One moment.<tool_call>  \n",
		want: `text="One moment." error=incomplete_call`},
	{name: "glm45/closer_stripped_as_stop_string", format: FormatGLM45,
		in:   "<tool_call>get_time\n<arg_key>zone</arg_key>\n<arg_value>UTC</arg_value>\n",
		want: `call=get_time{"zone":"UTC"} error=missing_closer`},
	{name: "glm45/empty_call", format: FormatGLM45,
		in:   "<tool_call></tool_call>ok",
		want: `text="ok"`},
	{name: "glm45/array_value_escaped_once_more", format: FormatGLM45, tools: true,
		in:   "<tool_call>search\n<arg_key>tags</arg_key>\n<arg_value>[{\\\"name\\\": \\\"urgent\\\", \\\"dir\\\": \\\"D:\\\\\\\\logs\\\"}]</arg_value>\n</tool_call>",
		want: `call=search{"tags":[{"name":"urgent","dir":"D:\\logs"}]}`},
	// The tags a key/value call reads next, whole in the chunk, are read at
	// once (paramReader.kvTagNow) as the tag scan reads them at any chunking:
	// a key's closer, a value's opener, the next key, the call's closer; a
	// held backslash, a key left open or the JSON arguments read alike.
	{name: "glm45/now_backslash_before_value_opener", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd</arg_key>\\<arg_value>ls</arg_value></tool_call>",
		want: `call=run{"cmd":"\\","value":"ls"} error=malformed_markup error=malformed_markup error=malformed_markup`},
	{name: "glm45/now_value_opener_without_key", format: FormatGLM45,
		in:   "<tool_call>run<arg_value>ls</arg_value></tool_call>",
		want: `call=run{"value":"ls"} error=malformed_markup`},
	{name: "glm45/now_key_left_open_at_value_opener", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd<arg_value>ls</arg_value></tool_call>",
		want: `call=run{"cmd":"ls"} error=malformed_markup`},
	{name: "glm45/now_key_left_open_at_call_closer", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>cmd</tool_call>",
		want: `call=run{} error=malformed_markup`},
	{name: "glm45/now_key_without_value_at_call_closer", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>a</arg_key></tool_call>",
		want: `call=run{} error=malformed_markup`},
	{name: "glm45/now_key_without_value_at_next_key", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>a</arg_key><arg_key>b</arg_key><arg_value>1</arg_value></tool_call>",
		want: `call=run{"b":1} error=malformed_markup`},
	{name: "glm45/now_key_after_json_arguments", format: FormatGLM45,
		in:   "<tool_call>run\n{\"a\": 1}<arg_key>b</arg_key></tool_call>ok",
		want: `text="ok" error=malformed_markup`},
	// Text right after a key's closer read at once is the value whose
	// opener is missing, even where it spells the call's closer without
	// its '<' (FuzzGLM45).
	{name: "glm45/now_key_closer_then_closer_without_lt", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>a</arg_key>0/tool_call>",
		want: `error=malformed_markup error=incomplete_call`},
	{name: "glm45/now_key_closer_spaced", format: FormatGLM45,
		in:   "<tool_call>run<arg_key>a</arg_key >\n<arg_value>1</arg_value></tool_call>",
		want: `call=run{"a":1}`},
}
