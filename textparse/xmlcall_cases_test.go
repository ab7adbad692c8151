package textparse

import "strings"

// xmlCallCases are the table cases the dialects written as
// <wrapper><invoke name=…><parameter name=…>V</parameter></invoke></wrapper>
// share, in each one's tag names: wrapper, invoke and param. Values are
// coerced by the test catalog (tools), as function_calls' are.
func xmlCallCases(prefix string, f Format, wrapper, invoke, param string) []parseCase {
	p := func(name, v string) string {
		return "<" + param + ` name="` + name + `">` + v + "</" + param + ">\n"
	}
	call := func(name string, params ...string) string {
		return "<" + invoke + ` name="` + name + "\">\n" + strings.Join(params, "") + "</" + invoke + ">\n"
	}
	wrap := func(calls ...string) string {
		return "<" + wrapper + ">\n" + strings.Join(calls, "") + "</" + wrapper + ">"
	}
	paris := call("get_weather", p("city", "Paris"), p("days", "3"))
	one := wrap(paris)
	cases := []parseCase{
		{name: "one_call", in: one,
			want: `call=get_weather{"city":"Paris","days":3}`},
		{name: "text_before_after", in: "I'll check the weather.\n" + one + "\nDone.",
			want: `text="I'll check the weather.\n\nDone." call=get_weather{"city":"Paris","days":3}`},
		{name: "parallel", in: wrap(paris, call("read_file", p("path", "cmd/main.go"), p("start_line", "10"))),
			want: `call=get_weather{"city":"Paris","days":3} call=read_file{"path":"cmd/main.go","start_line":10}`},
		{name: "no_parameters", in: wrap(call("list_files")),
			want: `call=list_files{}`},
		{name: "coerced_structures", in: wrap(call("search", p("query", "007"), p("tags", `["a", "b"]`), p("filters", "{'lang': 'go'}"), p("limit", "2.5"))),
			want: `call=search{"query":"007","tags":["a","b"],"filters":{"lang":"go"},"limit":2.5}`},
		{name: "markup_and_unicode_in_value", in: wrap(call("write_to_file", p("path", "a.html"), p("content", "<div class=\"x\">北京 & café ☕</div>\nline 2"))),
			want: `call=write_to_file{"path":"a.html","content":"<div class=\"x\">北京 & café ☕</div>\nline 2"}`},
		{name: "think_then_call", in: "<think>The user wants Paris.</think>\n" + one,
			want: `text="\n" reasoning="The user wants Paris." call=get_weather{"city":"Paris","days":3}`},
		{name: "reasoning_open", open: true, in: "One lookup.</think>" + one,
			want: `reasoning="One lookup." call=get_weather{"city":"Paris","days":3}`},
		{name: "truncated_in_value", in: "Checking." + one[:strings.Index(one, "Paris")+3],
			want: `text="Checking." error=incomplete_call`},
		{name: "unknown_tool", in: wrap(call("get_wether", p("city", "Oslo"))),
			want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
		{name: "template_name", in: wrap(call("{{ tool.name }}", p("city", "Oslo"))) + "after",
			want: `text="after" error=invalid_tool_name`},
		// A value the schema's type cannot take stays a string (scoring
		// reports the wrong type, not the parser).
		{name: "wrong_type_kept", in: wrap(call("get_weather", p("city", "Oslo"), p("days", "three"))),
			want: `call=get_weather{"city":"Oslo","days":"three"}`},
		{name: "auto", in: "Sure. " + one,
			want: `text="Sure. " call=get_weather{"city":"Paris","days":3}`},
	}
	for i := range cases {
		if cases[i].format = f; cases[i].name == "auto" {
			cases[i].format = FormatAuto
		}
		cases[i].name, cases[i].tools = prefix+"/"+cases[i].name, true
	}
	return cases
}
