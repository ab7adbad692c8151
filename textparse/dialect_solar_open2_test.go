package textparse

import (
	"strings"
	"testing"
)

// Solar Open2 cases, modelled on the behaviours vLLM's solar_open2 tool
// and reasoning parsers read (PEERS.md), in our own strings.
func init() {
	const (
		start = "<|tool_call:start|>"
		end   = "<|tool_call:end|>"
		open  = "<|tool_arg:start|>"
		val   = "<|tool_arg:value|>"
		aend  = "<|tool_arg:end|>"
	)
	// call writes a call as the chat template does: the name's line, one
	// line per argument, the end token.
	call := func(name string, kv ...string) string {
		s := start + name + "\n"
		for i := 0; i+1 < len(kv); i += 2 {
			s += open + kv[i] + val + kv[i+1] + aend + "\n"
		}
		return s + end
	}
	busan := call("get_weather", "city", "Busan")
	parseCases = append(parseCases, []parseCase{
		// vLLM's tool parser runs without a reasoning parser and keeps the
		// think markup in the content: reasoning parsing off (ThinkAsText).
		{name: "solar_open2/think_as_text_keeps_think_markup", format: FormatSolarOpen2, plain: true,
			in:   "<|think:start|>Busan, one lookup.<|think:end|>" + busan,
			want: `text="<|think:start|>Busan, one lookup.<|think:end|>" call=get_weather{"city":"Busan"}`},
		{name: "solar_open2/one_call", format: FormatSolarOpen2,
			in:   busan,
			want: `call=get_weather{"city":"Busan"}`},
		{name: "solar_open2/text_before_after", format: FormatSolarOpen2,
			in:   "Checking the forecast first.\n" + busan + "\nIt looks sunny in Busan.",
			want: `text="Checking the forecast first.\n\nIt looks sunny in Busan." call=get_weather{"city":"Busan"}`},
		{name: "solar_open2/two_calls_on_lines", format: FormatSolarOpen2,
			in:   "Both cities.\n" + busan + "\n" + call("get_weather", "city", "Daegu") + "\n",
			want: `text="Both cities.\n\n\n" call=get_weather{"city":"Busan"} call=get_weather{"city":"Daegu"}`},
		{name: "solar_open2/back_to_back", format: FormatSolarOpen2,
			in:   call("read_file", "path", "go.mod") + call("read_file", "path", "go.sum"),
			want: `call=read_file{"path":"go.mod"} call=read_file{"path":"go.sum"}`},
		{name: "solar_open2/typed_by_catalog", format: FormatSolarOpen2, tools: true,
			in: call("search", "query", "규칙 엔진", "filters", `{"lang": "ko", "since": 2024}`, "tags", `["rules", "go"]`, "limit", "7.5") +
				call("get_weather", "city", "Incheon", "days", "4", "metric", "False"),
			want: `call=search{"query":"규칙 엔진","filters":{"lang":"ko","since":2024},"tags":["rules","go"],"limit":7.5} call=get_weather{"city":"Incheon","days":4,"metric":false}`},
		// Without a schema every value is the model's text.
		{name: "solar_open2/untyped_values_are_strings", format: FormatSolarOpen2,
			in:   call("search", "query", "7", "filters", `{"lang": "ko"}`),
			want: `call=search{"query":"7","filters":"{\"lang\": \"ko\"}"}`},
		{name: "solar_open2/schema_string_keeps_text", format: FormatSolarOpen2, tools: true,
			in:   call("edit", "path", "null", "limit", "null", "note", "None", "target", "007", "level", "three"),
			want: `call=edit{"path":"null","limit":null,"note":null,"target":"007","level":"three"}`},
		{name: "solar_open2/no_arguments", format: FormatSolarOpen2,
			in:   "One moment.\n" + start + "list_files\n" + end,
			want: `text="One moment.\n" call=list_files{}`},
		{name: "solar_open2/markup_and_unicode_in_value", format: FormatSolarOpen2,
			in: call("write_to_file", "path", "notes/서울.md", "content",
				"# 날씨 ☀️\n<b>\"hot\"</b> & C:\\temp\\\nwhat does <|tool_call: mean? <|tool_arX\n\tend\n"),
			want: `call=write_to_file{"path":"notes/서울.md","content":"# 날씨 ☀️\n<b>\"hot\"</b> & C:\\temp\\\nwhat does <|tool_call: mean? <|tool_arX\n\tend\n"}`},
		{name: "solar_open2/empty_value", format: FormatSolarOpen2,
			in:   call("search", "query", "", "code", "x<y"),
			want: `call=search{"query":"","code":"x<y"}`},
		// vLLM keeps a repeated key's first value, as a stream must.
		{name: "solar_open2/repeated_key_keeps_first", format: FormatSolarOpen2,
			in:   call("search", "query", "first", "query", "second"),
			want: `call=search{"query":"first"} error=malformed_markup`},
		// The markers are special tokens: a missing one is recovered at
		// the next, and no call swallows the next.
		{name: "solar_open2/value_end_missing_next_arg", format: FormatSolarOpen2,
			in:   start + "read_file\n" + open + "path" + val + "main.go" + open + "start_line" + val + "12" + aend + "\n" + end,
			want: `call=read_file{"path":"main.go","start_line":"12"} error=malformed_markup`},
		{name: "solar_open2/value_end_missing_call_end", format: FormatSolarOpen2,
			in:   start + "broken\n" + open + "a" + val + "oops" + end + busan,
			want: `call=broken{"a":"oops"} call=get_weather{"city":"Busan"} error=malformed_markup`},
		{name: "solar_open2/call_end_missing_next_call", format: FormatSolarOpen2,
			in:   start + "search\n" + open + "query" + val + "tide tables" + aend + "\n" + busan,
			want: `call=search{"query":"tide tables"} call=get_weather{"city":"Busan"} error=malformed_markup`},
		{name: "solar_open2/both_ends_missing_next_call", format: FormatSolarOpen2,
			in:   start + "search\n" + open + "query" + val + "tide tables" + busan,
			want: `call=search{"query":"tide tables"} call=get_weather{"city":"Busan"} error=malformed_markup error=malformed_markup`},
		// A name cut by a call marker before its newline names no call.
		{name: "solar_open2/name_cut_by_next_call", format: FormatSolarOpen2,
			in:   "Hmm. " + start + "get_wea" + busan,
			want: `text="Hmm. " call=get_weather{"city":"Busan"} error=malformed_markup`},
		{name: "solar_open2/name_cut_by_call_end", format: FormatSolarOpen2,
			in:   start + "oops" + end + busan,
			want: `call=get_weather{"city":"Busan"} error=malformed_markup`},
		{name: "solar_open2/empty_name", format: FormatSolarOpen2,
			in:   start + "\n" + open + "city" + val + "Busan" + aend + "\n" + end + "Anything else?",
			want: `text="Anything else?" error=invalid_tool_name`},
		{name: "solar_open2/key_cut_by_call_end", format: FormatSolarOpen2,
			in:   start + "list_files\n" + open + "pa" + end + busan,
			want: `call=list_files{} call=get_weather{"city":"Busan"} error=malformed_markup`},
		{name: "solar_open2/key_cut_by_next_key", format: FormatSolarOpen2,
			in:   start + "get_weather\n" + open + "ci" + open + "city" + val + "Ulsan" + aend + "\n" + end,
			want: `call=get_weather{"city":"Ulsan"} error=malformed_markup`},
		{name: "solar_open2/stray_text_between_args", format: FormatSolarOpen2,
			in:   start + "get_weather\n" + open + "city" + val + "Jeju" + aend + " and then " + end,
			want: `call=get_weather{"city":"Jeju"} error=malformed_markup`},
		{name: "solar_open2/truncated_in_value", format: FormatSolarOpen2,
			in:   "Writing the file.\n" + start + "write_to_file\n" + open + "path" + val + "a.py" + aend + "\n" + open + "content" + val + "line 1\nline 2\nli",
			want: `text="Writing the file.\n" error=incomplete_call`},
		{name: "solar_open2/truncated_in_name", format: FormatSolarOpen2,
			in:   "Let me look. " + start + "get_wea",
			want: `text="Let me look. " error=incomplete_call`},
		// A call whose values are all closed is a call when only its end
		// token is missing (a stop string the server strips).
		{name: "solar_open2/call_end_missing_at_end", format: FormatSolarOpen2, tools: true,
			in:   start + "get_weather\n" + open + "city" + val + "Suwon" + aend + "\n" + open + "days" + val + "5" + aend + "\n",
			want: `call=get_weather{"city":"Suwon","days":5} error=missing_closer`},
		{name: "solar_open2/cut_inside_call_end", format: FormatSolarOpen2,
			in:   start + "get_weather\n" + open + "city" + val + "Suwon" + aend + "\n<|tool_ca",
			want: `call=get_weather{"city":"Suwon"} error=missing_closer`},
		{name: "solar_open2/reasoning_then_call", format: FormatSolarOpen2,
			in:   "<|think:start|>The user asked about Busan; one lookup.<|think:end|>Sure, checking." + busan,
			want: `text="Sure, checking." reasoning="The user asked about Busan; one lookup." call=get_weather{"city":"Busan"}`},
		{name: "solar_open2/reasoning_open", format: FormatSolarOpen2, open: true,
			in:   "Busan, then summarise.<|think:end|>\n" + busan,
			want: `text="\n" reasoning="Busan, then summarise." call=get_weather{"city":"Busan"}`},
		{name: "solar_open2/call_in_open_reasoning", format: FormatSolarOpen2, open: true,
			in:   "I need the weather.\n" + busan + "<|think:end|>Done.",
			want: `text="Done." reasoning="I need the weather.\n" call=get_weather{"city":"Busan"} error=call_in_reasoning`},
		// Calls inside the think block: the reasoning goes on after each
		// call's end token, up to <|think:end|>.
		{name: "solar_open2/calls_interleaved_in_reasoning", format: FormatSolarOpen2, open: true,
			in:   "First the weather.\n" + busan + "\nThen the time there.\n" + call("get_time", "tz", "Asia/Seoul") + "\n<|think:end|>Both are on the way.",
			want: `text="Both are on the way." reasoning="First the weather.\n\nThen the time there.\n\n" call=get_weather{"city":"Busan"} call=get_time{"tz":"Asia/Seoul"} error=call_in_reasoning error=call_in_reasoning`},
		{name: "solar_open2/broken_call_in_reasoning_resumes", format: FormatSolarOpen2, open: true,
			in:   "Try it.\n" + start + "oops" + end + "\nNo, the weather.\n" + busan + "<|think:end|>Here it is.",
			want: `text="Here it is." reasoning="Try it.\n\nNo, the weather.\n" call=get_weather{"city":"Busan"} error=call_in_reasoning error=malformed_markup error=call_in_reasoning`},
		{name: "solar_open2/call_token_mentioned_in_reasoning", format: FormatSolarOpen2, open: true,
			in:   "Should I write " + start + " now? Not yet.\n<|think:end|>Here is the answer.",
			want: `text="Here is the answer." reasoning="Should I write <|tool_call:start|> now? Not yet.\n"`},
		{name: "solar_open2/think_closed_by_prompt", format: FormatSolarOpen2,
			in:   "Hello, world!",
			want: `text="Hello, world!"`},
		{name: "solar_open2/reasoning_cut_short", format: FormatSolarOpen2, open: true,
			in:   "Still weighing the two routes",
			want: `reasoning="Still weighing the two routes"`},
		{name: "solar_open2/catalog_unknown_tool", format: FormatSolarOpen2, tools: true,
			in:   call("translate", "text", "안녕하세요", "count", "2"),
			want: `call=translate{"text":"안녕하세요","count":"2"} error=unknown_tool`},
		{name: "solar_open2/lookalike_markup_is_text", format: FormatSolarOpen2,
			in:   "<|thinking about it|> here is the plan. " + busan,
			want: `text="<|thinking about it|> here is the plan. " call=get_weather{"city":"Busan"}`},
		{name: "solar_open2/cut_marker_at_end", format: FormatSolarOpen2,
			in:   "see <|to",
			want: `text="see " error=malformed_markup`},
		// The call's end token outside a call is the text's, as vLLM
		// leaves it in the content.
		{name: "solar_open2/stray_call_end_is_text", format: FormatSolarOpen2,
			in:   "All set." + end,
			want: `text="All set.<|tool_call:end|>"`},
		{name: "solar_open2/too_deep", format: FormatSolarOpen2, tools: true, depth: 2,
			in:   call("search", "filters", `{"a": {"b": {"c": 1}}}`) + "After.",
			want: `text="After." error=too_deep`},
		{name: "solar_open2/too_large", format: FormatSolarOpen2, max: 150,
			in:   call("write_to_file", "content", strings.Repeat("x", 200)) + busan,
			want: `call=get_weather{"city":"Busan"} error=too_large`},
	}...)
}

func FuzzSolarOpen2(f *testing.F) {
	addSeeds(f, "solar_open2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatSolarOpen2, true, in, seed) })
}
