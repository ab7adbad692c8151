package textparse

import (
	"strings"
	"testing"
)

// GLM-5.3-Flash cases, modelled on the behaviours SGLang's glm53_flash
// detector tests read (PEERS.md, eighth pass), in our own strings.
func init() {
	const (
		tc    = glm53Open // "<!" U+200B "["
		end   = "<!\u200b[/tool_call\u200b]"
		key   = "<!\u200b[arg_key\u200b]"
		value = "<!\u200b[arg_val\u200b]"
	)
	// tag writes a key/value call as the stacks decode its tokens: the
	// name's line, a line per key and per value, the closer.
	tag := func(name string, kv ...string) string {
		s := tc + name + "\n"
		for i := 0; i+1 < len(kv); i += 2 {
			s += key + kv[i] + "\n" + value + kv[i+1] + "\n"
		}
		return s + end
	}
	paris := `<![get_weather>{"city": "Paris"}`
	parseCases = append(parseCases, []parseCase{
		// The JSON form: no closer, the call ends with its object.
		{name: "glm53_flash/json_call_after_text", format: FormatGLM53Flash,
			in:   "好的，我查一下杭州的天气。" + `<![get_weather>{"city": "杭州"}`,
			want: `text="好的，我查一下杭州的天气。" call=get_weather{"city":"杭州"}`},
		{name: "glm53_flash/display_name_prefix", format: FormatGLM53Flash, tools: true,
			in:   `<![Weather/get_weather>{"city": "Lyon", "days": 2}`,
			want: `call=get_weather{"city":"Lyon","days":2}`},
		{name: "glm53_flash/display_name_one_word", format: FormatGLM53Flash,
			in:   `<![Files/read_file>{"path": "go.mod"}`,
			want: `call=read_file{"path":"go.mod"}`},
		{name: "glm53_flash/json_calls_back_to_back", format: FormatGLM53Flash,
			in:   paris + `<![get_weather>{"city": "Nice"}`,
			want: `call=get_weather{"city":"Paris"} call=get_weather{"city":"Nice"}`},
		{name: "glm53_flash/text_between_and_after", format: FormatGLM53Flash,
			in:   "First Paris.\n" + paris + "\nThen the file.\n" + `<![read_file>{"path": "notes.md"}` + "\nBoth requested.",
			want: `text="First Paris.\n\nThen the file.\n\nBoth requested." call=get_weather{"city":"Paris"} call=read_file{"path":"notes.md"}`},
		{name: "glm53_flash/json_nested_unicode_markup", format: FormatGLM53Flash,
			in:   `<![search>{"query": "天气 <b>\"热\"</b> & <![x>", "filters": {"lang": ["zh", "fr"], "since": 2025}, "limit": 2.5}`,
			want: `call=search{"query":"天气 <b>\"热\"</b> & <![x>","filters":{"lang":["zh","fr"],"since":2025},"limit":2.5}`},
		{name: "glm53_flash/json_empty_arguments", format: FormatGLM53Flash,
			in:   "Listing.<![list_files>{}",
			want: `text="Listing." call=list_files{}`},
		{name: "glm53_flash/plain_text_only", format: FormatGLM53Flash,
			in:   "今天天气不错，不需要调用工具。",
			want: `text="今天天气不错，不需要调用工具。"`},
		// A tool not in the request is kept and reported; the call
		// beside it is read (SGLang's test asks for the known one).
		{name: "glm53_flash/unknown_tool_beside_known", format: FormatGLM53Flash, tools: true,
			in:   `<![lookup_city>{"q": "Nice"}` + paris,
			want: `call=lookup_city{"q":"Nice"} call=get_weather{"city":"Paris"} error=unknown_tool`},
		{name: "glm53_flash/json_invalid_then_valid", format: FormatGLM53Flash,
			in:   `<![get_weather>{"city": Paris}` + `<![get_weather>{"city": "Nice"} done`,
			want: `text=" done" call=get_weather{"city":"Nice"} error=invalid_json`},
		// Arguments written for the one array parameter alone are its
		// value: a list, or one record of it (SGLang's schema repair).
		{name: "glm53_flash/list_is_the_array_param", format: FormatGLM53Flash, tools: true,
			in:   `<![todo_write>[{"content": "测试", "status": "pending"}, {"content": "ship", "status": "done"}]Planned.`,
			want: `text="Planned." call=todo_write{"todos":[{"content":"测试","status":"pending"},{"content":"ship","status":"done"}]} error=repaired_value`},
		{name: "glm53_flash/record_is_one_element", format: FormatGLM53Flash, tools: true,
			in:   `<![todo_write>{"content": "write the tests", "status": "in_progress"}`,
			want: `call=todo_write{"todos":[{"content":"write the tests","status":"in_progress"}]} error=repaired_value`},
		{name: "glm53_flash/wrapped_list_kept", format: FormatGLM53Flash, tools: true,
			in:   `<![todo_write>{"todos": [{"content": "a", "status": "pending"}]}` + `<![read_file>{"path": "b.go"}`,
			want: `call=todo_write{"todos":[{"content":"a","status":"pending"}]} call=read_file{"path":"b.go"}`},
		{name: "glm53_flash/record_with_other_key_kept", format: FormatGLM53Flash, tools: true,
			in:   `<![todo_write>{"content": "a", "priority": 1}`,
			want: `call=todo_write{"content":"a","priority":1}`},
		{name: "glm53_flash/record_cut_short", format: FormatGLM53Flash, tools: true,
			in:   `<![todo_write>{"content": "write the te`,
			want: `error=incomplete_call`},
		// Without a schema that names an array parameter, a list is no
		// arguments object.
		{name: "glm53_flash/json_list_without_schema", format: FormatGLM53Flash,
			in:   `<![read_file>["a.go", "b.go"]Next.`,
			want: `text="Next." error=invalid_json`},
		{name: "glm53_flash/json_truncated", format: FormatGLM53Flash,
			in:   "Reading.<![read_file>{\"path\": \"src/ma",
			want: `text="Reading." error=incomplete_call`},
		// <![ opens a call only before a tool name: CDATA and spaced
		// words are prose.
		{name: "glm53_flash/cdata_is_text", format: FormatGLM53Flash,
			in:   "Wrap it as <![CDATA[a < b]]> in the XML. " + paris,
			want: `text="Wrap it as <![CDATA[a < b]]> in the XML. " call=get_weather{"city":"Paris"}`},
		{name: "glm53_flash/spaced_words_are_text", format: FormatGLM53Flash,
			in:   "An odd token <![ not a call > here.",
			want: `text="An odd token <![ not a call > here."`},
		{name: "glm53_flash/reasoning_then_call", format: FormatGLM53Flash,
			in:   "<think>The user wants Paris; one lookup.</think>Checking." + paris,
			want: `text="Checking." reasoning="The user wants Paris; one lookup." call=get_weather{"city":"Paris"}`},
		{name: "glm53_flash/call_in_open_reasoning", format: FormatGLM53Flash, open: true,
			in:   "Paris first." + paris + "</think>Done.",
			want: `text="Done." reasoning="Paris first." call=get_weather{"city":"Paris"} error=call_in_reasoning`},
		// Inside reasoning too, <![ opens a call only before a tool
		// name and its '>': CDATA stays reasoning, as it stays text.
		{name: "glm53_flash/cdata_in_open_reasoning_is_reasoning", format: FormatGLM53Flash, open: true,
			in:   "Quote it as <![CDATA[x < 1]]> first.</think>Quoted.",
			want: `text="Quoted." reasoning="Quote it as <![CDATA[x < 1]]> first."`},
		{name: "glm53_flash/cdata_in_think_is_reasoning", format: FormatGLM53Flash,
			in:   "<think>An XML value: <![CDATA[<b>]]>.</think>" + paris,
			want: `reasoning="An XML value: <![CDATA[<b>]]>." call=get_weather{"city":"Paris"}`},
		{name: "glm53_flash/display_call_in_open_reasoning", format: FormatGLM53Flash, open: true,
			in:   "Lyon then." + `<![Weather/get_weather>{"city": "Lyon"}` + " ok</think>Done.",
			want: `text=" okDone." reasoning="Lyon then." call=get_weather{"city":"Lyon"} error=call_in_reasoning`},
		{name: "glm53_flash/name_cut_in_reasoning_is_reasoning", format: FormatGLM53Flash, open: true,
			in:   "Maybe <![get_weath",
			want: `reasoning="Maybe <![get_weath"`},
		{name: "glm53_flash/name_then_closer_in_reasoning", format: FormatGLM53Flash, open: true,
			in:   "Maybe <![get</think>No call.",
			want: `text="No call." reasoning="Maybe <![get"`},

		// The key/value form, its tokens decoded with zero-width spaces.
		{name: "glm53_flash/tag_one_call", format: FormatGLM53Flash,
			in:   tag("get_weather", "city", "北京"),
			want: `call=get_weather{"city":"北京"}`},
		{name: "glm53_flash/tag_two_calls_text_around", format: FormatGLM53Flash,
			in:   "Looking.\n" + tag("read_file", "path", "src/**/*.py") + tag("search", "query", "def main") + "\nFound them.",
			want: `text="Looking.\n\nFound them." call=read_file{"path":"src/**/*.py"} call=search{"query":"def main"}`},
		{name: "glm53_flash/tag_typed_by_catalog", format: FormatGLM53Flash, tools: true,
			in:   tag("get_weather", "city", "Lille", "days", "3", "metric", "true"),
			want: `call=get_weather{"city":"Lille","days":3,"metric":true}`},
		// A typed value nesting past the depth cap abandons the call at
		// the marker that ends it, here the call opener's prefix of a
		// key's token: the rest of the token and of the call is skipped
		// to the call's closer, read whole or held across chunks.
		{name: "glm53_flash/tag_too_deep_at_marker_prefix", format: FormatGLM53Flash, tools: true, depth: 3,
			in:   tc + "get_weather\n" + key + "days\n" + value + "3\n<" + strings.Repeat(`{"k": `, 5) + "!\u200b[arg_key\u200b]metric\n" + value + "true\n" + end + "After.",
			want: `text="After." error=too_deep`},
		{name: "glm53_flash/tag_untyped_are_strings", format: FormatGLM53Flash,
			in:   tag("get_weather", "city", "Lille", "days", "3"),
			want: `call=get_weather{"city":"Lille","days":"3"}`},
		// The white space around a value is the template's; inside it,
		// lines and markup that is no token are the value's.
		{name: "glm53_flash/tag_value_lines_and_markup", format: FormatGLM53Flash,
			in:   tag("write_to_file", "path", "  a.html ", "content", "<!-- top -->\n<p>x<!y</p>\n\tend"),
			want: `call=write_to_file{"path":"a.html","content":"<!-- top -->\n<p>x<!y</p>\n\tend"}`},
		{name: "glm53_flash/tag_no_arguments", format: FormatGLM53Flash,
			in:   tc + "list_files\n" + end + "Listed.",
			want: `text="Listed." call=list_files{}`},
		{name: "glm53_flash/tag_then_json", format: FormatGLM53Flash,
			in:   tag("read_file", "path", "a.go") + paris,
			want: `call=read_file{"path":"a.go"} call=get_weather{"city":"Paris"}`},
		// The call's closer is a stop string a server may strip: a call
		// whose last value's line ended is whole.
		{name: "glm53_flash/tag_closer_missing_at_end", format: FormatGLM53Flash,
			in:   tc + "get_weather\n" + key + "city\n" + value + "Lille\n",
			want: `call=get_weather{"city":"Lille"} error=missing_closer`},
		{name: "glm53_flash/tag_closer_cut_short", format: FormatGLM53Flash,
			in:   tc + "get_weather\n" + key + "city\n" + value + "Lille\n<!\u200b[/tool",
			want: `call=get_weather{"city":"Lille"} error=missing_closer`},
		{name: "glm53_flash/tag_cut_in_value", format: FormatGLM53Flash,
			in:   "Writing.\n" + tc + "write_to_file\n" + key + "content\n" + value + "line 1\nli",
			want: `text="Writing.\n" error=incomplete_call`},
		{name: "glm53_flash/tag_closer_missing_next_call", format: FormatGLM53Flash,
			in:   tc + "search\n" + key + "query\n" + value + "tides\n" + tag("get_weather", "city", "Brest"),
			want: `call=search{"query":"tides"} call=get_weather{"city":"Brest"} error=malformed_markup`},
		{name: "glm53_flash/tag_key_given_twice", format: FormatGLM53Flash,
			in:   tag("search", "query", "first", "query", "second"),
			want: `call=search{"query":"first"} error=malformed_markup`},
		{name: "glm53_flash/tag_catalog_unknown_tool", format: FormatGLM53Flash, tools: true,
			in:   tag("translate", "text", "你好", "to", "fr"),
			want: `call=translate{"text":"你好","to":"fr"} error=unknown_tool`},
		// GLM-4.5's spelling of the same tokens is read too.
		{name: "glm53_flash/glm45_tags_two_calls", format: FormatGLM53Flash,
			in:   "Searching.<tool_call>read_file<arg_key>path</arg_key><arg_value>src/*.py</arg_value></tool_call><tool_call>search<arg_key>query</arg_key><arg_value>def main</arg_value><arg_key>limit</arg_key><arg_value>5</arg_value></tool_call>",
			want: `text="Searching." call=read_file{"path":"src/*.py"} call=search{"query":"def main","limit":5}`},
		{name: "glm53_flash/tag_too_large", format: FormatGLM53Flash, max: 150,
			in:   tag("write_to_file", "content", strings.Repeat("x", 200)) + paris,
			want: `call=get_weather{"city":"Paris"} error=too_large`},
	}...)
}

func FuzzGLM53Flash(f *testing.F) {
	addSeeds(f, "glm53_flash/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatGLM53Flash, true, in, seed) })
}
