package textparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	parseCases = append(parseCases, hyCases("hy_v3", FormatHYV3, "", "<tool_sep>")...)
	parseCases = append(parseCases, hyCases("hy_v4", FormatHYV4, ":opensource", "")...)
}

// hyCases are HY table cases modelled on HY v3 output (the suffix-less
// tokenizer, <tool_sep> after the name) and v4 output (a checkpoint's
// :SUFFIX on every tag, no <tool_sep>): sfx is the suffix, sep the
// separator after the name.
func hyCases(prefix string, f Format, sfx, sep string) []parseCase {
	tag := func(name string) string { return "<" + name + sfx + ">" }
	end := func(name string) string { return "</" + name + sfx + ">" }
	sep = strings.Replace(sep, ">", sfx+">", 1)
	call := func(name string, kv ...string) string {
		s := tag("tool_call") + name + sep + "\n"
		for i := 0; i+1 < len(kv); i += 2 {
			s += tag("arg_key") + kv[i] + end("arg_key") + "\n" + tag("arg_value") + kv[i+1] + end("arg_value") + "\n"
		}
		return s + end("tool_call")
	}
	calls := func(cs ...string) string {
		return tag("tool_calls") + "\n" + strings.Join(cs, "\n") + "\n" + end("tool_calls")
	}
	paris := calls(call("get_weather", "city", "Paris", "days", "3"))
	cases := []parseCase{
		{name: "one_call", in: paris,
			want: `call=get_weather{"city":"Paris","days":3}`},
		{name: "thinking_then_call", in: tag("think") + "Paris, three days." + end("think") + "\n" + paris,
			want: `text="\n" reasoning="Paris, three days." call=get_weather{"city":"Paris","days":3}`},
		{name: "reasoning_open", open: true, in: "One lookup." + end("think") + paris,
			want: `reasoning="One lookup." call=get_weather{"city":"Paris","days":3}`},
		{name: "text_before_after", in: "Let me check.\n" + paris + "\nDone.",
			want: `text="Let me check.\n\nDone." call=get_weather{"city":"Paris","days":3}`},
		{name: "parallel", in: calls(call("get_weather", "city", "Beijing"), call("read_file", "path", "a.go", "start_line", "10")),
			want: `call=get_weather{"city":"Beijing"} call=read_file{"path":"a.go","start_line":10}`},
		{name: "no_arguments", in: calls(call("list_files")),
			want: `call=list_files{}`},
		// vLLM's HY v4 tests: a key whose value never came is reported
		// (the call keeps its other arguments). A repeated key keeps its
		// first value, reported (argRepeated: no JSON object holds a key
		// twice; vLLM writes both and a JSON reader keeps the later).
		{name: "key_without_value", in: calls(tag("tool_call") + "get_weather" + sep + tag("arg_key") + "city" + end("arg_key") +
			tag("arg_key") + "days" + end("arg_key") + tag("arg_value") + "2" + end("arg_value") + tag("arg_key") + "metric" + end("arg_key") + end("tool_call")),
			want: `call=get_weather{"days":2} error=malformed_markup error=malformed_markup`},
		{name: "repeated_key", in: calls(call("get_weather", "city", "Paris", "city", "Berlin")),
			want: `call=get_weather{"city":"Paris"} error=malformed_markup`},
		{name: "inline_pairs", in: tag("tool_calls") + tag("tool_call") + "get_weather" + sep + tag("arg_key") + "city" + end("arg_key") +
			tag("arg_value") + "Rome" + end("arg_value") + end("tool_call") + end("tool_calls"),
			want: `call=get_weather{"city":"Rome"}`},
		{name: "coerced_structures", in: calls(call("search", "query", "007", "tags", `["a", "b"]`, "filters", `{"lang": "go"}`, "limit", "2.5")),
			want: `call=search{"query":"007","tags":["a","b"],"filters":{"lang":"go"},"limit":2.5}`},
		{name: "markup_in_value", in: calls(call("write_to_file", "path", "a.html", "content", "<p>北京 & ☕</p>\nline 2")),
			want: `call=write_to_file{"path":"a.html","content":"<p>北京 & ☕</p>\nline 2"}`},
		{name: "without_wrapper", in: call("get_weather", "city", "Oslo") + "after",
			want: `text="after" call=get_weather{"city":"Oslo"}`},
		{name: "truncated", in: "On it." + paris[:strings.Index(paris, "Paris")+3],
			want: `text="On it." error=incomplete_call`},
		{name: "unknown_tool", in: calls(call("get_wether", "city", "Oslo")),
			want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
		{name: "template_name", in: calls(call("{{ name }}", "city", "Oslo")) + "after",
			want: `text="after" error=invalid_tool_name`},
		{name: "json_list_is_not_hy", in: tag("tool_calls") + `[{"name": "f", "arguments": {}}]` + end("tool_calls"),
			want: `text="[{\"name\": \"f\", \"arguments\": {}}]"`}, // no call holds them: words (blockWords)
		{name: "lookalikes_are_text", in: "<tool_callsx> <tool_call_x> <tool_calls:>",
			want: `text="<tool_callsx> <tool_call_x> <tool_calls:>"`},
	}
	if sep != "" { // the template's JSON body follows <tool_sep>
		cases = append(cases,
			parseCase{name: "json_body", in: calls(tag("tool_call") + "search" + sep + `{"query": "007", "limit": 5}` + end("tool_call")),
				want: `call=search{"query":"007","limit":5}`},
			parseCase{name: "bad_json_body_then_next", in: calls(tag("tool_call")+"get_weather"+sep+`{"city": }`+end("tool_call"), call("list_files")) + "after",
				want: `text="after" call=list_files{} error=invalid_json`})
	}
	for i := range cases {
		cases[i].format, cases[i].tools = f, true
		cases[i].name = prefix + "/" + cases[i].name
	}
	// SGLang's HunyuanDetector types values by a parameters schema
	// written only as allOf/anyOf/oneOf alternatives (they were strings).
	cases = append(cases,
		parseCase{name: prefix + "/composed_schema_typed", format: f, set: hyComposedTools,
			in:   calls(call("set_alarm", "hour", "7", "repeat", "true", "days", "[1, 5]", "label", "42")),
			want: `call=set_alarm{"hour":7,"repeat":true,"days":[1,5],"label":"42"}`})
	// Auto recognises the family by its wrapper or suffixed tags (issue
	// 21); a bare <tool_call>NAME stays glm45's (the table of glm45).
	cases = append(cases,
		parseCase{name: prefix + "/auto", format: FormatAuto, tools: true, in: tag("think") + "plan" + end("think") + "Checking.\n" + paris + "\nDone.",
			want: `text="Checking.\n\nDone." reasoning="plan" call=get_weather{"city":"Paris","days":3}`},
		parseCase{name: prefix + "/auto_parallel", format: FormatAuto, tools: true, in: calls(call("get_weather", "city", "Oslo"), call("list_files")),
			want: `call=get_weather{"city":"Oslo"} call=list_files{}`})
	return cases
}

// hyComposedTools has a tool whose parameters schema is only
// composition keywords.
var hyComposedTools = mustCatalog(`[{"name": "set_alarm", "input_schema": {"allOf": [
  {"type": "object", "properties": {"hour": {"type": "integer"}, "label": {"type": "string"}}},
  {"anyOf": [{"type": "object"}]}],
 "anyOf": [{"type": "object", "properties": {"repeat": {"type": "boolean"}, "hour": {"type": "string"}}}],
 "oneOf": [{"type": "object", "properties": {"days": {"type": "array", "items": {"type": "integer"}}}}]}}]`)

// TestHYAutoDetected: auto reports hy_v3 for either version's output, at
// any chunking, and hunyuan_a13b for a JSON list in the same wrapper.
func TestHYAutoDetected(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Format
	}{
		{"<tool_calls>\n<tool_call>list_files<tool_sep>\n</tool_call>\n</tool_calls>", FormatHYV3},
		{"<tool_calls:opensource><tool_call:opensource>list_files</tool_call:opensource></tool_calls:opensource>", FormatHYV3},
		{"<think:opensource>x</think:opensource><tool_calls:opensource><tool_call:opensource>list_files</tool_call:opensource></tool_calls:opensource>", FormatHYV3},
		{`<tool_calls>[{"name": "list_files", "arguments": {}}]</tool_calls>`, FormatHunyuanA13B},
		{"<tool_call>list_files\n</tool_call>", FormatGLM45},
	} {
		for _, n := range []int{1, 3, len(c.in)} {
			p := mustNew(opts{Format: FormatAuto, Tools: tools})
			res := toolcall.Collect("", toolcall.Run(p, []byte(c.in), n))
			if got := p.Format(); got != c.want || len(res.Calls) != 1 || len(res.Errors) != 0 {
				t.Errorf("%q at %d-byte chunks: detected %s (calls %d, errors %v), want %s", c.in, n, got, len(res.Calls), res.Errors, c.want)
			}
		}
	}
}

// Any suffix, and none, is read as the same tag; a suffix too long or with
// other bytes is not one.
func TestHYSuffixFamily(t *testing.T) {
	for _, c := range []struct{ sfx, want string }{
		{"", `call=list_files{}`},
		{":opensource", `call=list_files{}`},
		{":hy-4.1_a", `call=list_files{}`},
		{":" + strings.Repeat("x", 32), `call=list_files{}`},
		{":" + strings.Repeat("x", 33), `text=`},
		{":日本", `text=`},
	} {
		in := "<tool_calls" + c.sfx + "><tool_call" + c.sfx + ">list_files</tool_call" + c.sfx + "></tool_calls" + c.sfx + ">"
		for _, n := range []int{1, 2, 5, len(in)} {
			var chunks [][]byte
			for i := 0; i < len(in); i += n {
				chunks = append(chunks, []byte(in[i:min(i+n, len(in))]))
			}
			if got := summary(runRaw(mustNew(opts{Format: FormatHYV4, Tools: tools}), chunks)); !strings.HasPrefix(got, c.want) {
				t.Errorf("suffix %q at %d-byte chunks: %s, want %s…", c.sfx, n, got, c.want)
			}
		}
	}
	// Other dialects' tags take no suffix.
	if got := summary(runRaw(mustNew(opts{Format: FormatGLM45}), [][]byte{[]byte("<tool_call:x>f</tool_call:x>")})); got != `text="<tool_call:x>f</tool_call:x>"` {
		t.Errorf("glm45 read a suffixed tag: %s", got)
	}
}

func FuzzHY(f *testing.F) {
	addSeeds(f, "hy_v")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatHYV3, true, in, seed) })
}

// HY v4 writes a checkpoint's suffix on every tag and no <tool_sep>; v3
// writes bare tags with <tool_sep> after the name. Both read the same.
func ExampleParser_hy() {
	showCalls(mustNew(opts{Format: FormatHYV4, Tools: tools}),
		"<tool_calls:opensource><tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource>"+
			"<arg_value:opensource>Paris</arg_value:opensource></tool_call:opensource></tool_calls:opensource>")
	showCalls(mustNew(opts{Format: FormatHYV3, Tools: tools}),
		"<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>\n</tool_calls>")
	// Output:
	// call get_weather {"city":"Paris"}
	// call get_weather {"days":2}
}
