package textparse

import (
	"bytes"
	"encoding/json"
	"strings"
)

// jsonBlockCases are the table cases every dialect whose calls are JSON
// objects ({"name":…,"arguments":…}) between markers shares, written in
// that dialect's wire shape by wrap, which puts a list of call objects in
// the dialect's markup. The dialect's own test file adds the cases only
// it has (its reasoning, dropped markup, auto detection).
//
// o says how the dialect's shape differs: open is the marker that ends a
// reasoning span opened by the prompt; between is the text that wrap puts
// between two calls.
func jsonBlockCases(prefix string, f Format, wrap func(calls ...string) string, o jsonBlockOpts) []parseCase {
	const (
		paris  = `{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}`
		readGo = `{"name": "read_file", "arguments": {"path": "cmd/main.go", "start_line": 10}}`
	)
	one := wrap(paris)
	cut := one[:strings.Index(one, "Paris")+3]
	content := jsonString(one + " ]}\n")
	reasonEnd := "</think>"
	if o.reasonEnd != "" {
		reasonEnd = o.reasonEnd
	}
	cases := []parseCase{
		{name: "one_call", in: one,
			want: `call=get_weather{"city":"Paris","days":3}`},
		{name: "text_before_after", in: "Let me check the weather first.\n\n" + one + "\nOne moment.",
			want: `text="Let me check the weather first.\n\n\nOne moment." call=get_weather{"city":"Paris","days":3}`},
		{name: "empty_arguments", in: wrap(`{"name": "list_files", "arguments": {}}`),
			want: `call=list_files{}`},
		{name: "nested_unicode", in: wrap(`{"name": "search", "arguments": {"query": "北京 café ☕", "filters": {"lang": ["go", "zig"], "stars": {"min": 10}}, "limit": -1.5e2}}`),
			want: `call=search{"query":"北京 café ☕","filters":{"lang":["go","zig"],"stars":{"min":10}},"limit":-1.5e2}`},
		{name: "markup_in_values", in: wrap(`{"name": "write_to_file", "arguments": {"path": "notes.md", "content": ` + content + `}}`),
			want: `call=write_to_file{"path":"notes.md","content":` + content + `}`},
		{name: "stringified_arguments", in: wrap(`{"name": "get_weather", "arguments": "{\"city\": \"Kyiv\"}"}`),
			want: `call=get_weather{"city":"Kyiv"}`},
		{name: "think_then_call", in: "<think>\nThe user wants Paris; one lookup.\n</think>\n\n" + one,
			want: `text="\n\n" reasoning="\nThe user wants Paris; one lookup.\n" call=get_weather{"city":"Paris","days":3}`},
		{name: "reasoning_open", open: true, in: "One lookup." + reasonEnd + one,
			want: `reasoning="One lookup." call=get_weather{"city":"Paris","days":3}`},
		{name: "invalid_then_valid", in: wrap(`{"name": "get_weather", "arguments": {"city": }}`) + "Retrying." + one,
			want: `text="Retrying." call=get_weather{"city":"Paris","days":3} error=invalid_json`},
		// Arguments that are no object abandon the call; the rest of its
		// JSON is skipped (in a block without a closer too), honouring
		// strings and nesting, and what follows is text.
		{name: "string_arguments_skipped", in: "Hi " + wrap(`{"name": "get_weather", "arguments": "city=Paris, days=3 ]}"}`) + " after",
			want: `text="Hi  after" error=invalid_json`},
		{name: "array_arguments_skipped", in: wrap(`{"name": "get_weather", "arguments": ["Paris", "]}", {"days": [3]}]}`) + " after",
			want: `text=" after" error=invalid_json`},
		{name: "number_arguments_skipped", in: wrap(`{"name": "get_weather", "arguments": 3, "id": "x}"}`) + " after",
			want: `text=" after" error=invalid_json`},
		{name: "broken_string_in_arguments_skipped", in: wrap(`{"name": "get_weather", "arguments": {"city": "Par`+"\n"+`is}]", "days": 3}}`) + " after",
			want: `text=" after" error=invalid_json`},
		{name: "bad_escape_in_arguments_string_skipped", in: wrap(`{"name": "get_weather", "arguments": "{\\"city\\": \\q}]"}`) + " after",
			want: `text=" after" error=invalid_json`},
		{name: "template_name", in: wrap(`{"name": "{{ tool.name }}", "arguments": {}}`) + "ok",
			want: `text="ok" error=invalid_tool_name`},
		{name: "truncated_in_value", in: "Checking." + cut,
			want: `text="Checking." error=incomplete_call`},
		{name: "catalog_unknown_tool", tools: true, in: wrap(`{"name": "get_wether", "arguments": {"city": "Oslo"}}`),
			want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	}
	if !o.single {
		// A broken call of a list is skipped to its end (strings and
		// nesting honoured) and the list's next calls are read, in a
		// block with a closer too.
		cases = append(cases, parseCase{name: "broken_call_then_sibling", in: wrap(`{"name": "read_file", "arguments": "cmd/main.go"}`, paris) + " after",
			want: `text=` + jsonString(o.between+" after") + ` call=get_weather{"city":"Paris","days":3} error=invalid_json`})
		between := ""
		if o.between != "" {
			between = "text=" + jsonString(o.between) + " "
		}
		cases = append(cases, parseCase{name: "parallel", in: wrap(paris, readGo),
			want: between + `call=get_weather{"city":"Paris","days":3} call=read_file{"path":"cmd/main.go","start_line":10}`})
	}
	for i := range cases {
		cases[i].name, cases[i].format = prefix+"/"+cases[i].name, f
	}
	return cases
}

// jsonBlockOpts are the differences between JSON block dialects that the
// shared cases follow (see jsonBlockCases).
type jsonBlockOpts struct {
	reasonEnd string // ends a reasoning span the prompt opened ("</think>")
	between   string // text wrap writes between two calls
	single    bool   // one call per message
}

// jsonString quotes s as a JSON string, '<' and '>' as they are.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// listWrap writes calls as a JSON list between open and close.
func listWrap(open, close string) func(calls ...string) string {
	return func(calls ...string) string { return open + "[" + strings.Join(calls, ", ") + "]" + close }
}
