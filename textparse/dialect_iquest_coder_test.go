package textparse

import (
	"strings"
	"testing"
)

func init() { parseCases = append(parseCases, iquestCases...) }

// iqCall writes an IQuest Coder V2 call: the name right after the call
// token, then key/value pairs flush against their tags.
func iqCall(name string, kv ...string) string {
	return kvTokenCall("iquestcoder_tool_call", name, kv...)
}

// kvTokenCall writes a call in tag token: the tool name right after it,
// then GLM-style key/value pairs flush against their tags.
func kvTokenCall(token, name string, kv ...string) string {
	var b strings.Builder
	b.WriteString("<" + token + ">" + name)
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString("<arg_key>" + kv[i] + "</arg_key><arg_value>" + kv[i+1] + "</arg_value>")
	}
	b.WriteString("</" + token + ">")
	return b.String()
}

// q3Call writes a first-generation IQuest Coder call (Qwen3-Coder's
// shape), each value on its own line.
func q3Call(name string, kv ...string) string {
	var b strings.Builder
	b.WriteString("<tool_call>\n<function=" + name + ">\n")
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString("<parameter=" + kv[i] + ">\n" + kv[i+1] + "\n</parameter>\n")
	}
	b.WriteString("</function>\n</tool_call>")
	return b.String()
}

// iquestCases are modelled on what vLLM's iquest_coder and iquest_coder_v2
// parser tests assert, in our own strings.
var iquestCases = []parseCase{
	// The first generation: qwen3_coder's calls under IQuest's name. The
	// template's newline between calls is text next to a call (vLLM drops
	// such whitespace-only content).
	{name: "iquest_coder/parallel_calls", format: FormatIQuestCoder, tools: true,
		in:   q3Call("get_weather", "city", "Austin", "days", "2") + "\n" + q3Call("read_file", "path", "go.mod"),
		want: `text="\n" call=get_weather{"city":"Austin","days":2} call=read_file{"path":"go.mod"}`},
	{name: "iquest_coder/text_before_call", format: FormatIQuestCoder, tools: true,
		in:   "Let me read the module file." + q3Call("read_file", "path", "go.mod", "start_line", "1"),
		want: `text="Let me read the module file." call=read_file{"path":"go.mod","start_line":1}`},
	{name: "iquest_coder/typed_values", format: FormatIQuestCoder, tools: true,
		in:   q3Call("search", "query", "8080", "limit", "0.5", "tags", `["net", "http"]`, "filters", `{"lang": "go", "min_stars": 10}`),
		want: `call=search{"query":"8080","limit":0.5,"tags":["net","http"],"filters":{"lang":"go","min_stars":10}}`},
	{name: "iquest_coder/same_tool_three_times", format: FormatIQuestCoder, tools: true,
		in:   q3Call("get_weather", "city", "Reno") + "\n" + q3Call("get_weather", "city", "Boise") + "\n" + q3Call("get_weather", "city", "Fargo"),
		want: `text="\n\n" call=get_weather{"city":"Reno"} call=get_weather{"city":"Boise"} call=get_weather{"city":"Fargo"}`},
	{name: "iquest_coder/cut_in_value", format: FormatIQuestCoder, tools: true,
		in:   "<tool_call>\n<function=get_weather>\n<parameter=city>\nAus",
		want: `error=incomplete_call`},

	// IQuest Coder V2: its own call token around GLM-style pairs.
	{name: "iquest_coder_v2/one_call", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("get_weather", "city", "Austin", "days", "3", "metric", "false"),
		want: `call=get_weather{"city":"Austin","days":3,"metric":false}`},
	{name: "iquest_coder_v2/string_keeps_digits", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("search", "query", "00731", "code", "true"),
		want: `call=search{"query":"00731","code":"true"}`},
	{name: "iquest_coder_v2/no_arguments", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("list_files"),
		want: `call=list_files{}`},
	{name: "iquest_coder_v2/text_before_after", format: FormatIQuestCoderV2, tools: true,
		in:   "I'll check the forecast.\n" + iqCall("get_weather", "city", "Austin") + "\nBack shortly.",
		want: `text="I'll check the forecast.\n\nBack shortly." call=get_weather{"city":"Austin"}`},
	{name: "iquest_coder_v2/parallel", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("get_weather", "city", "Austin") + iqCall("read_file", "path", "main.go", "end_line", "null"),
		want: `call=get_weather{"city":"Austin"} call=read_file{"path":"main.go","end_line":null}`},
	{name: "iquest_coder_v2/newlines_around_pairs", format: FormatIQuestCoderV2, tools: true,
		in:   "<iquestcoder_tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Austin</arg_value>\n</iquestcoder_tool_call>",
		want: `call=get_weather{"city":"Austin"}`},
	// Values written flush against their tags: a file's indentation and
	// its last newline are the value's.
	{name: "iquest_coder_v2/string_keeps_layout", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("write_to_file", "path", "lib.py", "content", "    def f(x):\n        return x < 2 and \"ok\"\n"),
		want: `call=write_to_file{"path":"lib.py","content":"    def f(x):\n        return x < 2 and \"ok\"\n"}`},
	{name: "iquest_coder_v2/markup_and_unicode_in_value", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("write_to_file", "path", "index.html", "content", "<h1>東京 — café ☕</h1>"),
		want: `call=write_to_file{"path":"index.html","content":"<h1>東京 — café ☕</h1>"}`},
	// Without a catalog a value is JSON where it reads whole as JSON.
	{name: "iquest_coder_v2/untyped_values", format: FormatIQuestCoderV2,
		in:   iqCall("configure", "retries", "4", "hosts", `["a", "b"]`, "opts", `{"tls": true}`, "label", "night run"),
		want: `call=configure{"retries":4,"hosts":["a","b"],"opts":{"tls":true},"label":"night run"}`},
	{name: "iquest_coder_v2/nested_object_typed", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("search", "filters", `{"path": {"glob": "*.go", "skip": ["vendor"]}}`),
		want: `call=search{"filters":{"path":{"glob":"*.go","skip":["vendor"]}}}`},
	{name: "iquest_coder_v2/broken_object_typed", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("search", "filters", `{"lang": "go",`),
		want: `call=search{"filters":"{\"lang\": \"go\","}`},
	{name: "iquest_coder_v2/truncated", format: FormatIQuestCoderV2, tools: true,
		in:   "Checking." + "<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>Aus",
		want: `text="Checking." error=incomplete_call`},
	{name: "iquest_coder_v2/closer_missing_at_end", format: FormatIQuestCoderV2, tools: true,
		in:   "<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>Austin</arg_value>",
		want: `call=get_weather{"city":"Austin"} error=missing_closer`},
	{name: "iquest_coder_v2/opener_only_at_end", format: FormatIQuestCoderV2, tools: true,
		in:   "Checking.<iquestcoder_tool_call>",
		want: `text="Checking." error=incomplete_call`},
	{name: "iquest_coder_v2/unknown_tool", format: FormatIQuestCoderV2, tools: true,
		in:   iqCall("get_wether", "city", "Oslo"),
		want: `call=get_wether{"city":"Oslo"} error=unknown_tool`},
	{name: "iquest_coder_v2/think_then_call", format: FormatIQuestCoderV2, tools: true,
		in:   "<think>One city, one lookup.</think>" + iqCall("get_weather", "city", "Austin"),
		want: `reasoning="One city, one lookup." call=get_weather{"city":"Austin"}`},
	{name: "iquest_coder_v2/stray_closer", format: FormatIQuestCoderV2, tools: true,
		in:   "Done.</iquestcoder_tool_call>",
		want: `text="Done." error=malformed_markup`},
	{name: "iquest_coder_v2/auto", format: FormatAuto, tools: true,
		in:   "On it. " + iqCall("get_weather", "city", "Lima"),
		want: `text="On it. " call=get_weather{"city":"Lima"}`},
}

func FuzzIQuestCoderV2(f *testing.F) {
	addSeeds(f, "iquest_coder")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatIQuestCoderV2, true, in, seed) })
}
