package textparse

import (
	"strconv"
	"strings"
	"testing"
)

func init() {
	parseCases = append(parseCases, dsmlFamilyCases("deepseek_v4", FormatDeepSeekV4, "｜DSML｜", "tool_calls", "｜DSML｜ ")...)
	parseCases = append(parseCases, dsmlFamilyCases("deepseek_v41", FormatDeepSeekV41, "｜DSML｜ ", "calls", "｜DSML｜")...)
	quoted := "Use this markup:\n```\n" + dsmlFC + dsmlInvoke("f", "a", "true", "1") + dsmlFE + "\n```\n"
	parseCases = append(parseCases, parseCase{name: "deepseek_v32/fenced_quote_is_text", format: FormatDeepSeekV32,
		in: quoted, want: "text=" + strconv.Quote(quoted)},
		parseCase{name: "deepseek_v32/lone_arguments_unwrapped", format: FormatDeepSeekV32, tools: true,
			in:   dsmlFC + "\n" + dsmlInvoke("get_weather", "arguments", "false", `{"city": "Lyon", "days": 4}`) + dsmlFE,
			want: `call=get_weather{"city":"Lyon","days":4}`},
		parseCase{name: "deepseek_v32/lone_arguments_then_text", format: FormatDeepSeekV32, tools: true,
			in:   dsmlFC + "\n" + dsmlInvoke("get_weather", "arguments", "true", `{"city": "Lyon"}`) + dsmlFE + "\nDone.",
			want: `text="\nDone." call=get_weather{"city":"Lyon"}`},
		parseCase{name: "deepseek_v32/end_of_sentence_after_calls_dropped", format: FormatDeepSeekV32,
			in:   "On it." + dsmlFC + dsmlInvoke("get_weather", "location", "true", "Lima") + dsmlFE + "<｜end▁of▁sentence｜>",
			want: `text="On it." call=get_weather{"location":"Lima"}`},
		parseCase{name: "deepseek_v32/end_of_sentence_kept_under_auto", format: FormatAuto,
			in:   "Done.<｜end▁of▁sentence｜>",
			want: `text="Done.<｜end▁of▁sentence｜>"`})
	parseCases = append(parseCases, parseCase{name: "deepseek_v32/think_in_code_span_is_text", format: FormatDeepSeekV32,
		in:   "Write `<think>` to plan. " + dsmlFC + dsmlInvoke("f") + dsmlFE,
		want: `text="Write ` + "`<think>`" + ` to plan. " call=f{}`},
		parseCase{name: "deepseek_v32/think_outside_code_opens_reasoning", format: FormatDeepSeekV32,
			in:   "<think>Plan `a`.</think>Done `</think>`.",
			want: `text="Done ` + "`</think>`" + `." reasoning="Plan ` + "`a`" + `."`})
	v32Invoke := dsmlInvoke("get_weather", "city", "true", "Paris", "days", "false", "3")
	for _, c := range dsmlDamagedCases("｜DSML｜", "function_calls", dsmlFC+v32Invoke+dsmlFE, v32Invoke) {
		c.name, c.format = "deepseek_v32/"+c.name, FormatDeepSeekV32
		parseCases = append(parseCases, c)
	}
}

// esc is s as summary quotes it, without the quotes.
func esc(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// dsmlFamilyCases are DeepSeek V4 / V4.1 table cases, modelled on their
// output with the published encoding: pre is the tag prefix, block the
// name of the calls tag, other the other version's prefix (its tags are
// not this version's).
func dsmlFamilyCases(prefix string, f Format, pre, block, other string) []parseCase {
	param := func(name, str, v string) string {
		return "<" + pre + `parameter name="` + name + `" string="` + str + `">` + v + "</" + pre + "parameter>\n"
	}
	invoke := func(name string, params ...string) string {
		return "<" + pre + `invoke name="` + name + "\">\n" + strings.Join(params, "") + "</" + pre + "invoke>\n"
	}
	calls := func(invokes ...string) string {
		return "<" + pre + block + ">\n" + strings.Join(invokes, "") + "</" + pre + block + ">"
	}
	paris := calls(invoke("get_weather", param("city", "true", "Paris"), param("days", "false", "3")))
	fence := "Call it like this:\n```xml\n" + paris + "\n```\n"
	cases := []parseCase{
		{name: "one_call", in: paris,
			want: `call=get_weather{"city":"Paris","days":3}`},
		// SGLang's duplicate-parameter tests: the first value stands, the
		// repeat is reported and dropped (argRepeated); SGLang's default
		// output keeps the last, its strict output raises.
		{name: "repeated_param_keeps_first", tools: true, in: calls(invoke("get_weather", param("city", "true", "Quito"), param("days", "false", "2"), param("city", "true", "Lima"))),
			want: `call=get_weather{"city":"Quito","days":2} error=malformed_markup`},
		{name: "json_values", in: calls(invoke("search", param("query", "true", "007"), param("limit", "false", "5"), param("tags", "false", `["a", {"b": null}]`))),
			want: `call=search{"query":"007","limit":5,"tags":["a",{"b":null}]}`},
		{name: "string_true_yields_to_catalog", tools: true, in: calls(invoke("get_weather", param("days", "true", "3"), param("city", "false", "1984"))),
			want: `call=get_weather{"days":3,"city":"1984"}`},
		{name: "thinking_then_call", in: "<think>The user wants Paris.</think>Let me look.\n\n" + paris,
			want: `text="Let me look.\n\n" reasoning="The user wants Paris." call=get_weather{"city":"Paris","days":3}`},
		{name: "reasoning_open", open: true, in: "Paris, three days.</think>\n\n" + paris,
			want: `text="\n\n" reasoning="Paris, three days." call=get_weather{"city":"Paris","days":3}`},
		{name: "parallel", in: calls(invoke("get_weather", param("city", "true", "Hangzhou")), invoke("read_file", param("path", "true", "a.go"), param("start_line", "false", "10"))),
			want: `call=get_weather{"city":"Hangzhou"} call=read_file{"path":"a.go","start_line":10}`},
		{name: "no_parameters", in: calls(invoke("list_files")),
			want: `call=list_files{}`},
		{name: "markup_and_unicode_in_value", in: calls(invoke("write_to_file", param("path", "true", "a.html"), param("content", "true", "<div>北京 & ☕</div>\nline 2"))),
			want: `call=write_to_file{"path":"a.html","content":"<div>北京 & ☕</div>\nline 2"}`},
		{name: "truncated", in: "Checking.\n\n" + paris[:strings.Index(paris, "Paris")+3],
			want: `text="Checking.\n\n" error=incomplete_call`},
		{name: "unknown_tool", tools: true, in: calls(invoke("get_wether", param("city", "true", "Oslo"))),
			want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
		{name: "template_name", in: calls(invoke("$TOOL_NAME", param("city", "true", "Oslo"))) + "after",
			want: `text="after" error=invalid_tool_name`},
		// DSML quoted in a fenced code block is text; a call after the
		// fence closes is a call.
		{name: "fenced_quote_is_text", in: fence + "Now the real one.\n" + paris,
			want: `text="` + esc(fence) + `Now the real one.\n" call=get_weather{"city":"Paris","days":3}`},
		{name: "fence_left_open_keeps_quoting", in: "```\n" + paris,
			want: `text="` + esc("```\n"+paris) + `"`},
		{name: "backticks_mid_line_are_no_fence", in: "Run `ls` first. " + paris,
			want: `text="Run ` + "`ls`" + ` first. " call=get_weather{"city":"Paris","days":3}`},
		// A ~~~ fence quotes as a ``` fence does; a tilde fence is not
		// closed by backticks.
		{name: "tilde_fenced_quote_is_text", in: "Like so:\n~~~xml\n" + paris + "\n```\n~~~\n" + paris,
			want: `text="` + esc("Like so:\n~~~xml\n"+paris+"\n```\n~~~\n") + `" call=get_weather{"city":"Paris","days":3}`},
		// An inline code span quotes too, across the lines of the block it
		// holds; the span's closing backtick ends the quote.
		{name: "code_span_quote_is_text", in: "Write it as `" + paris + "` when asked.\n" + paris,
			want: `text="` + esc("Write it as `"+paris+"` when asked.\n") + `" call=get_weather{"city":"Paris","days":3}`},
		{name: "double_backtick_span_holds_a_backtick", in: "Use ``a ` b`` then " + paris,
			want: `text="Use ` + "``a ` b``" + ` then " call=get_weather{"city":"Paris","days":3}`},
		// A backtick that opens no span the paragraph closes is ended by
		// the blank line before the call.
		{name: "stray_backtick_ends_at_blank_line", in: "Press the ` key.\n\n" + paris,
			want: `text="Press the ` + "`" + ` key.\n\n" call=get_weather{"city":"Paris","days":3}`},
		{name: "other_version_tags_are_text", in: "<" + other + "invoke name=\"f\">",
			want: `text="<` + other + `invoke name=\"f\">"`},
		{name: "stray_closer", in: "Done.</" + pre + block + ">",
			want: `text="Done." error=malformed_markup`},
		// vLLM's DeepSeek parsers: the whole arguments object written as a
		// lone arguments/input parameter the tool lacks is the arguments.
		{name: "lone_arguments_unwrapped", tools: true, in: calls(invoke("get_weather", param("arguments", "false", `{"city": "Oslo", "days": 2}`))),
			want: `call=get_weather{"city":"Oslo","days":2}`},
		{name: "lone_input_string_unwrapped", tools: true, in: calls(invoke("get_weather", param("input", "true", `{"city": "Oslo"}`))),
			want: `call=get_weather{"city":"Oslo"}`},
		{name: "arguments_beside_another_param_kept", tools: true, in: calls(invoke("get_weather", param("arguments", "false", `{"city": "Oslo"}`), param("days", "false", "1"))),
			want: `call=get_weather{"arguments":{"city":"Oslo"},"days":1}`},
		{name: "arguments_of_other_keys_kept", tools: true, in: calls(invoke("get_weather", param("arguments", "false", `{"town": "Oslo"}`))),
			want: `call=get_weather{"arguments":{"town":"Oslo"}}`},
		{name: "arguments_text_kept", tools: true, in: calls(invoke("get_weather", param("input", "true", "Oslo please"))),
			want: `call=get_weather{"input":"Oslo please"}`},
		{name: "arguments_without_catalog_kept", in: calls(invoke("get_weather", param("arguments", "false", `{"city": "Oslo"}`))),
			want: `call=get_weather{"arguments":{"city":"Oslo"}}`},
		// A reasoning tag quoted in the answer's code is text, as DSML
		// there is (SGLang's V4 detector keeps such an explanation whole).
		{name: "think_in_code_span_is_text", in: "Literal `<think>` and `</think>` mark reasoning.\n" + paris,
			want: `text="Literal ` + "`<think>`" + ` and ` + "`</think>`" + ` mark reasoning.\n" call=get_weather{"city":"Paris","days":3}`},
		{name: "think_in_fence_is_text", in: "```\n<think>plan</think>\n```\n" + paris,
			want: `text="` + esc("```\n<think>plan</think>\n```\n") + `" call=get_weather{"city":"Paris","days":3}`},
		// A parameter tag without the prefix (another dialect's tag) is
		// read as the call's parameter and reported: SGLang's default mode
		// drops such a call, its strict mode gives the block back as text.
		{name: "parameter_tag_without_prefix_reported", tools: true,
			in:   calls(invoke("get_weather", `<parameter name="city" string="true">Paris</`+pre+"parameter>\n")),
			want: `call=get_weather{"city":"Paris"} error=malformed_markup`},
		{name: "auto", in: "Sure.\n\n" + paris,
			want: `text="Sure.\n\n" call=get_weather{"city":"Paris","days":3}`},
	}
	if strings.HasPrefix(prefix, "deepseek") {
		// The end-of-sentence token a server that keeps special tokens
		// leaves at the end of DeepSeek's turn is dropped, as deepseek_v3
		// drops it (GigaChat's tokenizer has no such token).
		cases = append(cases,
			parseCase{name: "end_of_sentence_after_calls_dropped", in: "Checking.\n\n" + paris + "<｜end▁of▁sentence｜>",
				want: `text="Checking.\n\n" call=get_weather{"city":"Paris","days":3}`},
			parseCase{name: "end_of_sentence_after_answer_dropped", in: "It is 18 °C in Paris.<｜end▁of▁sentence｜>",
				want: `text="It is 18 °C in Paris."`})
		cases = append(cases, dsmlDamagedCases(pre, block, paris, invoke("get_weather", param("city", "true", "Paris"), param("days", "false", "3")))...)
	}
	for i := range cases {
		if cases[i].format = f; cases[i].name == "auto" {
			cases[i].format = FormatAuto
		}
		cases[i].name = prefix + "/" + cases[i].name
	}
	return cases
}

// dsmlDamagedCases are the DeepSeek DSML dialects' cases of a damaged
// wrapper line before a call (Tags.Damaged), modelled on the outputs
// SGLang's DeepSeek-V4 detector tests (a wrapper misspelt, left without
// its '>', doubled or run into words, before a wrapped or a bare invoke):
// the line is dropped with malformed_markup when the next line opens a
// call, and is text otherwise. pre is the tag prefix, block the name of
// the calls tag, call a whole block of calls to Paris and bare its
// invoke alone, ending in a newline (text after the call). The names are without the dialect's prefix.
func dsmlDamagedCases(pre, block, call, bare string) []parseCase {
	const paris = `call=get_weather{"city":"Paris","days":3}`
	misspelt := "<" + pre + block[:len(block)-1] + ">" // the tag's name cut short
	long := "<" + pre + block + " " + strings.Repeat("x", 300) + "\n"
	return []parseCase{
		{name: "damaged_misspelt_wrapper_dropped", in: "\n\n" + misspelt + "\n\n" + call,
			want: `text="\n\n" ` + paris + ` error=malformed_markup`},
		{name: "damaged_wrapper_without_gt_before_bare_invoke", in: "Checking.\n\n<" + pre + block + "\n" + bare,
			want: `text="Checking.\n\n\n" ` + paris + ` error=malformed_markup`},
		{name: "damaged_wrapper_run_into_words", in: "Last step:\n\n<" + pre + block + "-ok Scanning the forecast.\n" + call,
			want: `text="Last step:\n\n" ` + paris + ` error=malformed_markup`},
		{name: "damaged_wrapper_doubled", in: "<" + pre + block + "<" + block + ">\n\n" + bare,
			want: `text="\n" ` + paris + ` error=malformed_markup`},
		{name: "damaged_prefix_alone_then_wrapper", in: "One moment.\n<" + pre + " ForecastPanel>\n" + call + "\nDone.",
			want: `text="One moment.\n\nDone." ` + paris + ` error=malformed_markup`},
		// Two damaged lines, then an invoke opener indented by spaces.
		{name: "damaged_lines_stacked", in: misspelt + "\n</" + pre + "invoke\n  " + bare,
			want: `text="\n" ` + paris + ` error=malformed_markup`},
		// Words on the next line: no call follows the damaged tag, which
		// stays text with them.
		{name: "damaged_then_words_is_text", in: misspelt + "\nI will check first.\n" + call,
			want: `text="` + esc(misspelt) + `\nI will check first.\n" ` + paris},
		{name: "damaged_mid_line_is_text", in: "The tag '" + misspelt + "' is wrong.\n" + call,
			want: `text="The tag '` + esc(misspelt) + `' is wrong.\n" ` + paris},
		{name: "damaged_in_fence_is_text", in: "```\n" + misspelt + "\n```\n" + call,
			want: `text="` + esc("```\n"+misspelt+"\n```\n") + `" ` + paris},
		{name: "damaged_at_end_is_text", in: "Done.\n<" + pre + block + "\n\n",
			want: `text="` + esc("Done.\n<"+pre+block+"\n\n") + `"`},
		{name: "damaged_too_long_is_text", in: long + call,
			want: `text="` + esc(long) + `" ` + paris},
		{name: "damaged_in_reasoning_is_reasoning", in: "<think>\n" + misspelt + "\n</think>" + call,
			want: `reasoning="\n` + esc(misspelt) + `\n" ` + paris},
	}
}

// The fence state is the same however the text is cut: every split of a
// fenced quote followed by a real call gives the same events.
func TestDSMLFenceChunking(t *testing.T) {
	in := []byte("x\n  ```go\n<｜DSML｜tool_calls><｜DSML｜invoke name=\"f\"></｜DSML｜invoke></｜DSML｜tool_calls>\n  ```\n<｜DSML｜tool_calls><｜DSML｜invoke name=\"g\"></｜DSML｜invoke></｜DSML｜tool_calls>")
	want := summary(runRaw(mustNew(opts{Format: FormatDeepSeekV4}), [][]byte{in}))
	if !strings.Contains(want, "call=g{}") || strings.Contains(want, "call=f") {
		t.Fatalf("whole input: %s", want)
	}
	for i := 1; i < len(in); i++ {
		for j := i; j < len(in); j++ {
			got := summary(runRaw(mustNew(opts{Format: FormatDeepSeekV4}), [][]byte{in[:i], in[i:j], in[j:]}))
			if got != want {
				t.Fatalf("split at %d, %d:\n got %s\nwant %s", i, j, got, want)
			}
		}
	}
}

func TestFenceState(t *testing.T) {
	for _, c := range []struct {
		in   string
		open bool
	}{
		{"```", true},
		{"```go\ncode\n```", false},
		{"   ```\n", true},
		{"    ```\n", false}, // four spaces: indented code, not a fence
		{"a ```\n", false},
		{"``\n`", false},
		{"x\n``", false},
		{"x\n```", true},
		{"````\n", true},
	} {
		f, g := scanFence(c.in)
		if f.open != c.open || g.open != c.open {
			t.Errorf("%q: open %v (byte by byte %v), want %v", c.in, g.open, f.open, c.open)
		}
	}
}

// scanFence scans in byte by byte (f) and whole (g).
func scanFence(in string) (f, g fenceState) {
	for i := 0; i < len(in); i++ {
		f.scan([]byte{in[i]})
	}
	g.scan([]byte(in))
	return f, g
}

// quoting follows fences and code spans the same way however the text is
// cut.
func TestFenceQuoting(t *testing.T) {
	for _, c := range []struct {
		in      string
		quoting bool
	}{
		{"", false},
		{"x `", true},
		{"x `a`", false},
		{"x `a` ``", true},
		{"x ``a`", true},
		{"x ``a` b``", false},
		{"`", true},
		{"``", true},
		{"```", true},
		{"~~~\n`a", true},
		{"~~~\n```\n", true},
		{"~~~\n~~~\n", false},
		{"```\n~~~\n", true},
		{"a ` b\nc", true},
		{"a ` b\n\n", false},
		{"a ` b\n  \n", false},
		{"```go\n`\n```\n", false},
		{"````\n```\n", false},
	} {
		f, g := scanFence(c.in)
		if f.quoting() != c.quoting || g.quoting() != c.quoting {
			t.Errorf("%q: quoting %v (byte by byte %v), want %v", c.in, g.quoting(), f.quoting(), c.quoting)
		}
	}
}

func FuzzDeepSeekV4(f *testing.F) {
	addSeeds(f, "deepseek_v4/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatDeepSeekV4, true, in, seed) })
}

func FuzzDeepSeekV41(f *testing.F) {
	addSeeds(f, "deepseek_v41/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatDeepSeekV41, true, in, seed) })
}

// DeepSeek V4 writes DSML in a tool_calls block; string="false" values
// are JSON. DSML quoted in a code fence is text.
func ExampleParser_deepSeekV4() {
	showCalls(mustNew(opts{Format: FormatDeepSeekV4}),
		"Like this:\n```\n<｜DSML｜tool_calls>…</｜DSML｜tool_calls>\n```\n"+
			"<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"get_weather\">\n"+
			"<｜DSML｜parameter name=\"city\" string=\"true\">Paris</｜DSML｜parameter>\n"+
			"<｜DSML｜parameter name=\"days\" string=\"false\">2</｜DSML｜parameter>\n"+
			"</｜DSML｜invoke>\n</｜DSML｜tool_calls>")
	// Output:
	// text "Like this:\n```\n<｜DSML｜tool_calls>…</｜DSML｜tool_calls>\n```\n"
	// call get_weather {"city":"Paris","days":2}
}

// DeepSeek V4.1 writes a space after the DSML prefix and names the block
// "calls".
func ExampleParser_deepSeekV41() {
	showCalls(mustNew(opts{Format: FormatDeepSeekV41}),
		"<｜DSML｜ calls>\n<｜DSML｜ invoke name=\"list_files\">\n</｜DSML｜ invoke>\n</｜DSML｜ calls>")
	// Output: call list_files {}
}
