package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// The XML-ish dialects of newer open models, modelled on their output.
func init() {
	parseCases = append(parseCases, glm45Cases...)
	parseCases = append(parseCases, minimaxCases...)
	parseCases = append(parseCases, seedCases...)
	parseCases = append(parseCases, dsmlCases...)
}

var glm45Cases = []parseCase{
	{name: "glm45/one_call", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>",
		want: `call=get_weather{"city":"Beijing","days":3}`},
	{name: "glm45/text_before_after", format: FormatGLM45, tools: true,
		in:   "I'll check the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\nDone.",
		want: `text="I'll check the weather.\n\nDone." call=get_weather{"city":"Paris"}`},
	{name: "glm45/parallel", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\n<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>a.go</arg_value>\n</tool_call>",
		want: `text="\n" call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	{name: "glm45/thinking", format: FormatGLM45, tools: true,
		in:   "<think>The user wants the weather.</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>",
		want: `text="\n" reasoning="The user wants the weather." call=get_weather{"city":"Oslo"}`},
	{name: "glm45/reasoning_open", format: FormatGLM45, tools: true, open: true,
		in:   "plan</think><tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value></tool_call>",
		want: `reasoning="plan" call=get_weather{"city":"Oslo"}`},
	{name: "glm45/glm47_no_newlines", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Rome</arg_value><arg_key>metric</arg_key><arg_value>true</arg_value></tool_call>",
		want: `call=get_weather{"city":"Rome","metric":true}`},
	{name: "glm45/no_arguments", format: FormatGLM45, tools: true,
		in:   "<tool_call>list_files\n</tool_call>",
		want: `call=list_files{}`},
	{name: "glm45/coerced_structures", format: FormatGLM45, tools: true,
		in:   "<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>007</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>[\"a\", \"b\"]</arg_value>\n<arg_key>filters</arg_key>\n<arg_value>{'lang': 'go'}</arg_value>\n</tool_call>",
		want: `call=search{"query":"007","tags":["a","b"],"filters":{"lang":"go"}}`},
	{name: "glm45/markup_in_value", format: FormatGLM45, tools: true,
		in:   "<tool_call>write_to_file\n<arg_key>path</arg_key>\n<arg_value>a.html</arg_value>\n<arg_key>content</arg_key>\n<arg_value><div></arg_value> <b>日本</b></div></arg_value>\n</tool_call>",
		want: `call=write_to_file{"path":"a.html","content":"<div></arg_value> <b>日本</b></div>"}`},
	{name: "glm45/truncated", format: FormatGLM45, tools: true,
		in:   "Sure.<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Par",
		want: `text="Sure." error=incomplete_call`},
	{name: "glm45/value_without_key", format: FormatGLM45, tools: true,
		in:   "<tool_call>get_weather\n<arg_value>Paris</arg_value>\n</tool_call>",
		want: `call=get_weather{"value":"Paris"} error=malformed_markup`},
	{name: "glm45/json_body_still_read", format: FormatGLM45,
		in:   `<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>`,
		want: `call=f{"a":1}`},
	{name: "glm45/auto", format: FormatAuto, tools: true,
		in:   "ok <tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>",
		want: `text="ok " call=get_weather{"city":"Paris"}`},
}

var minimaxCases = []parseCase{
	{name: "minimax_m2/one_call", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Paris</parameter>\n<parameter name=\"days\">2</parameter>\n</invoke>\n</minimax:tool_call>",
		want: `call=get_weather{"city":"Paris","days":2}`},
	{name: "minimax_m2/text_and_thinking", format: FormatMiniMaxM2, tools: true,
		in:   "<think>\nNeed the forecast.\n</think>\n\nLet me check.\n<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Oslo</parameter>\n</invoke>\n</minimax:tool_call>",
		want: `text="\n\nLet me check.\n" reasoning="\nNeed the forecast.\n" call=get_weather{"city":"Oslo"}`},
	{name: "minimax_m2/parallel", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Paris</parameter>\n</invoke>\n<invoke name=\"read_file\">\n<parameter name=\"path\">a.go</parameter>\n</invoke>\n</minimax:tool_call>",
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	{name: "minimax_m2/no_parameters", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call>\n<invoke name=\"list_files\">\n</invoke>\n</minimax:tool_call>",
		want: `call=list_files{}`},
	{name: "minimax_m2/coercion", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call><invoke name=\"search\"><parameter name=\"query\">true</parameter><parameter name=\"limit\">2.5</parameter><parameter name=\"tags\">[\"x\"]</parameter></invoke></minimax:tool_call>",
		want: `call=search{"query":"true","limit":2.5,"tags":["x"]}`},
	{name: "minimax_m2/markup_in_value", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call><invoke name=\"write_to_file\"><parameter name=\"path\">a.xml</parameter><parameter name=\"content\"><a></invoke></a></parameter></invoke></minimax:tool_call>",
		want: `call=write_to_file{"path":"a.xml","content":"<a></invoke></a>"}`},
	{name: "minimax_m2/truncated", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Pa",
		want: `error=incomplete_call`},
	{name: "minimax_m2/missing_invoke_closer", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call><invoke name=\"get_weather\"><parameter name=\"city\">Paris</parameter></minimax:tool_call>after",
		want: `text="after" call=get_weather{"city":"Paris"}`},
	{name: "minimax_m2/unknown_tool", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call><invoke name=\"fly\"><parameter name=\"to\">moon</parameter></invoke></minimax:tool_call>",
		want: `call=fly{"to":"moon"} error=unknown_tool`},
	{name: "minimax_m2/text_after", format: FormatMiniMaxM2, tools: true,
		in:   "<minimax:tool_call><invoke name=\"list_files\"></invoke></minimax:tool_call>\nI listed the files.",
		want: `text="\nI listed the files." call=list_files{}`},
	{name: "minimax_m2/lookalikes_are_text", format: FormatMiniMaxM2,
		in:   "<minimax:tool> and <minimax:tool_calls> stay",
		want: `text="<minimax:tool> and <minimax:tool_calls> stay"`},
	// A code edit: the value keeps its inner newlines and indentation; the
	// newlines around it are the template's layout (as for every value).
	{name: "minimax_m2/multiline_code_value", format: FormatMiniMaxM2, tools: true,
		in:   "I'll write it.\n<minimax:tool_call>\n<invoke name=\"write_to_file\">\n<parameter name=\"path\">src/add.py</parameter>\n<parameter name=\"content\">def add(a, b):\n    return a + b\n</parameter>\n</invoke>\n</minimax:tool_call>",
		want: `text="I'll write it.\n" call=write_to_file{"path":"src/add.py","content":"def add(a, b):\n    return a + b"}`},
	{name: "minimax_m2/auto", format: FormatAuto, tools: true,
		in:   "Sure.<minimax:tool_call><invoke name=\"get_weather\"><parameter name=\"city\">Paris</parameter></invoke></minimax:tool_call>",
		want: `text="Sure." call=get_weather{"city":"Paris"}`},
}

var seedCases = []parseCase{
	// Seed-OSS's prompt opens <seed:think>; written again, it is markup.
	{name: "seed_oss/think_opener_written_again", format: FormatSeedOSS, open: true,
		in:   "<seed:think>Budget spent.</seed:think>Here it is.",
		want: `text="Here it is." reasoning="Budget spent."`},
	{name: "seed_oss/one_call", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n<parameter=days>2</parameter>\n</function>\n</seed:tool_call>",
		want: `call=get_weather{"city":"Paris","days":2}`},
	// Seed-OSS keeps a flush value's trailing newline (a file's last
	// newline in a code edit); a value written on its own lines, a
	// newline right after the opening tag, has both newlines as markup
	// (llama.cpp's Seed-OSS parser tests read both so).
	{name: "seed_oss/keeps_trailing_newline", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call>\n<function=write_to_file>\n<parameter=path>a.txt</parameter>\n<parameter=content>line 1\nline 2\n</parameter>\n</function>\n</seed:tool_call>",
		want: `call=write_to_file{"path":"a.txt","content":"line 1\nline 2\n"}`},
	{name: "seed_oss/value_on_its_own_lines", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call>\n<function=write_to_file>\n<parameter=path>\nb.txt\n</parameter>\n<parameter=content>\nline 1\nline 2\n</parameter>\n<parameter=line_count>\n2\n</parameter>\n</function>\n</seed:tool_call>",
		want: `call=write_to_file{"path":"b.txt","content":"line 1\nline 2","line_count":2}`},
	{name: "seed_oss/keeps_trailing_newline_coerced", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call><function=get_weather><parameter=city>Oslo\n</parameter><parameter=days>3\n</parameter></function></seed:tool_call>",
		want: `call=get_weather{"city":"Oslo\n","days":3}`},
	{name: "seed_oss/bare_function_keeps_newline", format: FormatSeedOSS, tools: true,
		in:   "<function=read_file><parameter=path>a.go\n</parameter></function>",
		want: `call=read_file{"path":"a.go\n"}`},
	// qwen3_coder writes a newline around each value: both are markup.
	{name: "qwen3_coder/drops_trailing_newline", format: FormatQwen3Coder, tools: true,
		in:   "<tool_call>\n<function=read_file>\n<parameter=path>\na.go\n</parameter>\n</function>\n</tool_call>",
		want: `call=read_file{"path":"a.go"}`},
	{name: "seed_oss/thinking", format: FormatSeedOSS, tools: true,
		in:   "<seed:think>I should call the weather tool.<seed:cot_budget_reflect>I have used 30 tokens.</seed:cot_budget_reflect></seed:think>\n<seed:tool_call>\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n</function>\n</seed:tool_call>",
		want: `text="\n" reasoning="I should call the weather tool.<seed:cot_budget_reflect>I have used 30 tokens.</seed:cot_budget_reflect>" call=get_weather{"city":"Oslo"}`},
	{name: "seed_oss/reasoning_open", format: FormatSeedOSS, tools: true, open: true,
		in:   "plan</seed:think>ok<seed:tool_call><function=list_files></function></seed:tool_call>",
		want: `text="ok" reasoning="plan" call=list_files{}`},
	{name: "seed_oss/parallel", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n<function=read_file>\n<parameter=path>a.go</parameter>\n</function>\n</seed:tool_call>",
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	{name: "seed_oss/text_before_after", format: FormatSeedOSS, tools: true,
		in:   "Checking.\n<seed:tool_call>\n<function=list_files>\n</function>\n</seed:tool_call>\nDone.",
		want: `text="Checking.\n\nDone." call=list_files{}`},
	{name: "seed_oss/code_in_value", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call>\n<function=write_to_file>\n<parameter=path>x.py</parameter>\n<parameter=content>if a < b and s == \"</function>\":\n    pass\n</parameter>\n</function>\n</seed:tool_call>",
		want: `call=write_to_file{"path":"x.py","content":"if a < b and s == \"</function>\":\n    pass\n"}`},
	{name: "seed_oss/truncated", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call>\n<function=get_weather>\n<parameter=city>\nPar",
		want: `error=incomplete_call`},
	{name: "seed_oss/no_parameters", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call><function=list_files></function></seed:tool_call>",
		want: `call=list_files{}`},
	{name: "seed_oss/coercion", format: FormatSeedOSS, tools: true,
		in:   "<seed:tool_call><function=edit><parameter=limit>null</parameter><parameter=level>7</parameter><parameter=note>None</parameter></function></seed:tool_call>",
		want: `call=edit{"limit":null,"level":7,"note":null}`},
	{name: "seed_oss/plain_think_is_reasoning_too", format: FormatSeedOSS, tools: true,
		in:   "<think>x</think>y",
		want: `text="y" reasoning="x"`},
	{name: "seed_oss/lookalikes_are_text", format: FormatSeedOSS,
		in:   "<seed:tool> <seed:thinking> stay",
		want: `text="<seed:tool> <seed:thinking> stay"`},
	{name: "seed_oss/auto", format: FormatAuto, tools: true,
		in:   "<seed:think>hm</seed:think>Go.<seed:tool_call><function=get_weather><parameter=city>Rome</parameter></function></seed:tool_call>",
		want: `text="Go." reasoning="hm" call=get_weather{"city":"Rome"}`},
}

const (
	dsmlFC = "<｜DSML｜function_calls>"
	dsmlFE = "</｜DSML｜function_calls>"
)

func dsmlInvoke(name string, params ...string) string {
	s := "<｜DSML｜invoke name=\"" + name + "\">\n"
	for i := 0; i+2 < len(params)+1; i += 3 {
		s += "<｜DSML｜parameter name=\"" + params[i] + "\" string=\"" + params[i+1] + "\">" + params[i+2] + "</｜DSML｜parameter>\n"
	}
	return s + "</｜DSML｜invoke>\n"
}

var dsmlCases = []parseCase{
	{name: "deepseek_v32/one_call", format: FormatDeepSeekV32,
		in:   dsmlFC + "\n" + dsmlInvoke("get_weather", "location", "true", "杭州", "date", "true", "2024-01-16") + dsmlFE,
		want: `call=get_weather{"location":"杭州","date":"2024-01-16"}`},
	{name: "deepseek_v32/json_values", format: FormatDeepSeekV32,
		in:   dsmlFC + dsmlInvoke("search", "query", "true", "007", "limit", "false", "5", "tags", "false", `["a", {"b": null}]`) + dsmlFE,
		want: `call=search{"query":"007","limit":5,"tags":["a",{"b":null}]}`},
	// Where the catalog types a parameter, the schema decides over the
	// string attribute, as vLLM's DeepSeek-V3.2 type fixer reads it.
	{name: "deepseek_v32/string_true_yields_to_catalog", format: FormatDeepSeekV32, tools: true,
		in:   dsmlFC + dsmlInvoke("get_weather", "days", "true", "3") + dsmlFE,
		want: `call=get_weather{"days":3}`},
	// An invoke holding a JSON object of arguments (SGLang's V3.2 tests).
	{name: "deepseek_v32/invoke_json_body", format: FormatDeepSeekV32, tools: true,
		in:   "Looking both up.\n\n" + dsmlFC + "\n<｜DSML｜invoke name=\"get_weather\">\n  {\n    \"city\": \"Porto\", \"days\": 2\n  }\n</｜DSML｜invoke>\n<｜DSML｜invoke name=\"list_files\">\n\n</｜DSML｜invoke>\n" + dsmlFE,
		want: `text="Looking both up.\n\n" call=get_weather{"city":"Porto","days":2} call=list_files{}`},
	{name: "deepseek_v32/invoke_json_body_then_junk", format: FormatDeepSeekV32,
		in:   dsmlFC + "<｜DSML｜invoke name=\"f\">{\"a\": [1]} and more</｜DSML｜invoke>" + dsmlFE + "after",
		want: `text="after" call=f{"a":[1]} error=malformed_markup`},
	{name: "deepseek_v32/invoke_json_body_cut", format: FormatDeepSeekV32,
		in:   dsmlFC + "<｜DSML｜invoke name=\"f\">{\"a\": [1",
		want: `error=incomplete_call`},
	{name: "deepseek_v32/string_false_number_for_string_param", format: FormatDeepSeekV32, tools: true,
		in:   dsmlFC + dsmlInvoke("read_file", "path", "false", "2024", "end_line", "true", "null") + dsmlFE,
		want: `call=read_file{"path":"2024","end_line":null}`},
	{name: "deepseek_v32/string_true_object_by_schema", format: FormatDeepSeekV32, tools: true,
		in:   dsmlFC + dsmlInvoke("search", "filters", "true", `{"lang": "go"}`, "query", "false", `"quoted"`) + dsmlFE,
		want: `call=search{"filters":{"lang":"go"},"query":"quoted"}`},
	{name: "deepseek_v32/string_false_invalid_json_coerced", format: FormatDeepSeekV32, tools: true,
		in:   dsmlFC + dsmlInvoke("get_weather", "days", "false", "three") + dsmlFE,
		want: `call=get_weather{"days":"three"}`},
	{name: "deepseek_v32/text_and_thinking", format: FormatDeepSeekV32,
		in:   "<think>Check Hangzhou.</think>Let me look.\n\n" + dsmlFC + dsmlInvoke("get_weather", "location", "true", "Hangzhou") + dsmlFE,
		want: `text="Let me look.\n\n" reasoning="Check Hangzhou." call=get_weather{"location":"Hangzhou"}`},
	{name: "deepseek_v32/parallel", format: FormatDeepSeekV32,
		in:   dsmlFC + "\n" + dsmlInvoke("get_weather", "location", "true", "A") + dsmlInvoke("get_weather", "location", "true", "B") + dsmlFE,
		want: `call=get_weather{"location":"A"} call=get_weather{"location":"B"}`},
	{name: "deepseek_v32/no_parameters", format: FormatDeepSeekV32,
		in:   dsmlFC + "<｜DSML｜invoke name=\"list_files\">\n</｜DSML｜invoke>\n" + dsmlFE,
		want: `call=list_files{}`},
	{name: "deepseek_v32/markup_in_value", format: FormatDeepSeekV32,
		in:   dsmlFC + dsmlInvoke("write_to_file", "path", "true", "a.md", "content", "true", "<p>x</p> & </｜DSML｜invoke> text") + dsmlFE,
		want: `call=write_to_file{"path":"a.md","content":"<p>x</p> & </｜DSML｜invoke> text"}`},
	{name: "deepseek_v32/truncated", format: FormatDeepSeekV32,
		in:   dsmlFC + "<｜DSML｜invoke name=\"get_weather\">\n<｜DSML｜parameter name=\"location\" string=\"true\">Hang",
		want: `error=incomplete_call`},
	{name: "deepseek_v32/reasoning_open", format: FormatDeepSeekV32, open: true,
		in:   "think first</think>" + dsmlFC + dsmlInvoke("list_files") + dsmlFE,
		want: `reasoning="think first" call=list_files{}`},
	{name: "deepseek_v32/lookalikes_are_text", format: FormatDeepSeekV32,
		in:   "<｜DSML｜function> <｜DSML｜ x <｜end▁of▁sentence x",
		want: `text="<｜DSML｜function> <｜DSML｜ x <｜end▁of▁sentence x"`},
	{name: "deepseek_v32/auto", format: FormatAuto,
		in:   "ok " + dsmlFC + dsmlInvoke("get_weather", "location", "true", "Paris") + dsmlFE,
		want: `text="ok " call=get_weather{"location":"Paris"}`},
}

func TestXMLDialectsDetected(t *testing.T) {
	for in, want := range map[string]Format{
		"<tool_call>f\n<arg_key>a</arg_key>":     FormatGLM45,
		"<minimax:tool_call><invoke name=\"f\">": FormatMiniMaxM2,
		"<seed:tool_call><function=f>":           FormatSeedOSS,
		dsmlFC + "<｜DSML｜invoke name=\"f\">":     FormatDeepSeekV32,
		"<function_calls><invoke name=\"f\">":    FormatFunctionCalls,
		"<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"f\">": FormatStep3,
	} {
		p := mustNew(opts{})
		toolcall.Run(p, []byte(in), 3)
		if got := p.Format(); got != want {
			t.Errorf("%q: format %s, want %s", in, got, want)
		}
	}
}

func FuzzGLM45(f *testing.F) {
	addSeeds(f, "glm45/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatGLM45, true, in, seed) })
}

func FuzzMiniMaxM2(f *testing.F) {
	addSeeds(f, "minimax_m2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMiniMaxM2, true, in, seed) })
}

func FuzzSeedOSS(f *testing.F) {
	addSeeds(f, "seed_oss/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatSeedOSS, true, in, seed) })
}

func FuzzDeepSeekV32(f *testing.F) {
	addSeeds(f, "deepseek_v32/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatDeepSeekV32, false, in, seed) })
}

// A GLM-4.5 call: values coerced by the catalog's schema.
func ExampleParser_glm45() {
	msg := "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>"
	p := mustNew(opts{Format: FormatGLM45, Tools: tools})
	for _, ev := range toolcall.Run(p, []byte(msg), 10) {
		if ev.Kind == toolcall.KindCallEnd {
			fmt.Println(ev.Call.Name, string(ev.Call.Arguments))
		}
	}
	// Output: get_weather {"city":"Beijing","days":3}
}
