package textparse

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, kimiK3Cases...) }

// k3Call writes one K3 call of string arguments (key, value pairs).
func k3Call(tool, index string, kv ...string) string {
	s := `<|open|>call tool="` + tool + `" index="` + index + `"<|sep|>`
	for i := 0; i+1 < len(kv); i += 2 {
		s += `<|open|>argument key="` + kv[i] + `" type="string"<|sep|>` + kv[i+1] + `<|close|>argument<|sep|>`
	}
	return s + "<|close|>call<|sep|>"
}

// kimiK3Cases are modelled on Kimi K3 output as its encoder writes it: a
// response channel, then the tools channel, the arguments typed.
var kimiK3Cases = []parseCase{
	// The call cap counts from the call's tag in one chunk too: the
	// reader returns to Feed once the call begins (read whole, the call
	// was kept whole past the cap; FuzzEveryFormatLarge).
	{name: "kimi_k3/call_over_cap", format: FormatKimiK3, max: 80,
		in:   "Looking.<|open|>tools<|sep|>" + k3Call("get_weather", "0", "city", "Paris Paris Paris Paris Paris Paris Paris Paris Paris Paris") + "<|close|>tools<|sep|>after",
		want: `text="Looking.after" error=too_large`},
	// A tag's header past its 1 KiB cap is reported at the byte that
	// passes it, whatever the chunking, and its bytes after the cap are
	// read as what they are there (stray text); the next call is read
	// (the report was at the start of the chunk's piece of the header,
	// and bytes after it were dropped whole and reported chunked).
	{name: "kimi_k3/tag_header_over_cap", format: FormatKimiK3,
		in:   "Looking.<|open|>tools<|sep|><|open|>call" + strings.Repeat(" x", 520) + "<|sep|>" + k3Call("get_weather", "0", "city", "Paris") + "<|close|>tools<|sep|>after",
		want: `text="Looking.after" call=get_weather{"city":"Paris"} error=malformed_markup error=malformed_markup error=malformed_markup`},
	// The section's opener alone at the end: each call has its own
	// opener, so no call began; the section's closer is missing (as a
	// wrapper tag alone).
	{name: "kimi_k3/section_opener_alone_at_end", format: FormatKimiK3,
		in:   "Looking.<|open|>tools<|sep|>\n",
		want: `text="Looking." error=missing_closer`},
	// K3's prompt opens the think channel; a model that writes its opener
	// again starts with it: markup (vLLM's and SGLang's reading).
	{name: "kimi_k3/think_opener_written_again", format: FormatKimiK3, open: true,
		in:   "<|open|>think<|sep|>Two steps.<|close|>think<|sep|><|open|>response<|sep|>Step one.<|close|>response<|sep|>",
		want: `text="Step one." reasoning="Two steps."`},
	// SGLang's K3 detector: an output cut inside a special token sequence
	// (max_tokens) leaves no markup in the text; a lone '<' is text.
	{name: "kimi_k3/cut_inside_channel_marker", format: FormatKimiK3,
		in:   "Handing it to the docs agent.<|close|>resp",
		want: `text="Handing it to the docs agent." error=malformed_markup`},
	{name: "kimi_k3/cut_after_open_token", format: FormatKimiK3,
		in:   "Done<|open|>",
		want: `text="Done" error=malformed_markup`},
	{name: "kimi_k3/cut_at_token_start", format: FormatKimiK3,
		in:   "Answer: 4<|",
		want: `text="Answer: 4" error=malformed_markup`},
	{name: "kimi_k3/lone_angle_bracket_at_end_is_text", format: FormatKimiK3,
		in:   "Is 2 < 3? Yes, 2 <",
		want: `text="Is 2 < 3? Yes, 2 <"`},
	{name: "kimi_k3/cut_marker_under_auto_is_text", format: FormatAuto,
		in:   "Done<|open|>too",
		want: `text="Done<|open|>too"`},
	// The prompt opens the think channel; given without
	// ReasoningOpen, its bare closer is markup, not answer text.
	{name: "kimi_k3/think_closer_without_open", format: FormatKimiK3,
		in:   "<|close|>think<|sep|><|open|>response<|sep|>Done.<|close|>response<|sep|><|close|>message<|sep|>",
		want: `text="Done." error=malformed_markup`},
	{name: "kimi_k3/reasoning_open_then_call", format: FormatKimiK3, open: true, tools: true,
		in: "I should look first<|close|>think<|sep|><|open|>response<|sep|>Looking.<|close|>response<|sep|><|open|>tools<|sep|>" +
			"<|open|>call tool=\"read_file\" index=\"1\"<|sep|><|open|>argument key=\"start_line\" type=\"number\"<|sep|>7<|close|>argument<|sep|>" +
			"<|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>",
		want: `text="Looking." reasoning="I should look first" call=read_file{"start_line":7}`},
	// SGLang's K3 reasoning parser, its prompt having opened the think
	// channel: the opener written again is dropped, and the response
	// channel's opener ends the reasoning (an answer without thoughts).
	{name: "kimi_k3/think_opener_again_dropped", format: FormatKimiK3, open: true,
		in:   "<|open|>think<|sep|>Two files to read.<|close|>think<|sep|><|open|>response<|sep|>Reading both.<|close|>response<|sep|><|close|>message<|sep|>",
		want: `text="Reading both." reasoning="Two files to read."`},
	{name: "kimi_k3/empty_think_again_dropped", format: FormatKimiK3, open: true,
		in:   "<|open|>think<|sep|><|close|>think<|sep|><|open|>response<|sep|>Yes.<|close|>response<|sep|>",
		want: `text="Yes."`},
	{name: "kimi_k3/response_opener_ends_reasoning", format: FormatKimiK3, open: true,
		in:   "<|open|>response<|sep|>Nothing to think about: 12.<|close|>response<|sep|><|close|>message<|sep|>",
		want: `text="Nothing to think about: 12."`},
	{name: "kimi_k3/response_opener_ends_think_channel", format: FormatKimiK3,
		in:   "<|open|>think<|sep|>short<|open|>response<|sep|>Long answer.",
		want: `text="Long answer." reasoning="short"`},
	// The think closer written without its <|sep|> right before the
	// response opener is the closer (SGLang's K3 detector recovers it),
	// reported; elsewhere "<|close|>think" without it is reasoning text.
	{name: "kimi_k3/think_closer_without_sep_before_response", format: FormatKimiK3, open: true,
		in:   "Check the sum.<|close|>think<|open|>response<|sep|>It is 7.<|close|>response<|sep|>",
		want: `text="It is 7." reasoning="Check the sum." error=malformed_markup`},
	{name: "kimi_k3/think_closer_without_sep_in_think_channel", format: FormatKimiK3,
		in:   "<|open|>think<|sep|>short<|close|>think<|open|>response<|sep|>Done.",
		want: `text="Done." reasoning="short" error=malformed_markup`},
	{name: "kimi_k3/think_closer_without_sep_elsewhere_is_reasoning", format: FormatKimiK3, open: true,
		in:   "a<|close|>thinker b<|close|>think<|sep|>Done.",
		want: `text="Done." reasoning="a<|close|>thinker b"`},
	{name: "kimi_k3/one_call", format: FormatKimiK3,
		in:   "<|open|>tools<|sep|>" + k3Call("get_weather", "0", "city", "Paris") + "<|close|>tools<|sep|>",
		want: `call=get_weather{"city":"Paris"}`},
	{name: "kimi_k3/response_then_tools", format: FormatKimiK3,
		in: "<|open|>response<|sep|>Let me check the weather in both cities.<|close|>response<|sep|>\n<|open|>tools<|sep|>\n" +
			`<|open|>call tool="get_weather" index="0"<|sep|>` + "\n" +
			`<|open|>argument key="city" type="string"<|sep|>Tokyo<|close|>argument<|sep|>` + "\n" +
			`<|open|>argument key="days" type="number"<|sep|>3<|close|>argument<|sep|>` + "\n" +
			`<|open|>argument key="metric" type="boolean"<|sep|>true<|close|>argument<|sep|>` + "\n" +
			"<|close|>call<|sep|>\n" + k3Call("get_weather", "1", "city", "Osaka") + "\n<|close|>tools<|sep|><|close|>message<|sep|>",
		want: `text="Let me check the weather in both cities.\n" call=get_weather{"city":"Tokyo","days":3,"metric":true} call=get_weather{"city":"Osaka"}`},
	{name: "kimi_k3/think_channel", format: FormatKimiK3,
		in:   "<|open|>think<|sep|>The user wants Paris; one call will do.<|close|>think<|sep|><|open|>tools<|sep|>" + k3Call("get_weather", "0", "city", "Paris") + "<|close|>tools<|sep|>",
		want: `reasoning="The user wants Paris; one call will do." call=get_weather{"city":"Paris"}`},
	{name: "kimi_k3/think_prefilled", format: FormatKimiK3, open: true,
		in:   "Plan: read the file first.<|close|>think<|sep|><|open|>response<|sep|>Reading it.<|close|>response<|sep|><|open|>tools<|sep|>" + k3Call("read_file", "0", "path", "main.go") + "<|close|>tools<|sep|>",
		want: `text="Reading it." reasoning="Plan: read the file first." call=read_file{"path":"main.go"}`},
	{name: "kimi_k3/typed_values", format: FormatKimiK3,
		in: "<|open|>tools<|sep|><|open|>call tool=\"search\" index=\"0\"<|sep|>" +
			`<|open|>argument key="query" type="string"<|sep|>007 true null<|close|>argument<|sep|>` +
			`<|open|>argument key="filters" type="object"<|sep|>{"lang": "go", "min_stars": 10}<|close|>argument<|sep|>` +
			`<|open|>argument key="tags" type="array"<|sep|>["a", 2, null]<|close|>argument<|sep|>` +
			`<|open|>argument key="limit" type="number"<|sep|>2.5<|close|>argument<|sep|>` +
			`<|open|>argument key="cursor" type="null"<|sep|>null<|close|>argument<|sep|>` +
			"<|close|>call<|sep|><|close|>tools<|sep|>",
		want: `call=search{"query":"007 true null","filters":{"lang":"go","min_stars":10},"tags":["a",2,null],"limit":2.5,"cursor":null}`},
	// String values are raw: quotes, newlines, markup and a lone '<' or
	// '<|' are the value's text.
	{name: "kimi_k3/raw_string_value", format: FormatKimiK3,
		in: "<|open|>tools<|sep|><|open|>call tool=\"write_to_file\" index=\"0\"<|sep|>" +
			`<|open|>argument key="path" type="string"<|sep|>cmd/main.go<|close|>argument<|sep|>` +
			"<|open|>argument key=\"content\" type=\"string\"<|sep|>package main\n\nfunc main() {\n\tif a < b || x <|y {\n\t\tprintln(\"<tool>\\n\")\n\t}\n}\n<|close|>argument<|sep|>" +
			"<|close|>call<|sep|><|close|>tools<|sep|>",
		want: `call=write_to_file{"path":"cmd/main.go","content":"package main\n\nfunc main() {\n\tif a < b || x <|y {\n\t\tprintln(\"<tool>\\n\")\n\t}\n}\n"}`},
	{name: "kimi_k3/json_body", format: FormatKimiK3,
		in:   `<|open|>tools<|sep|><|open|>call tool="edit" index="0"<|sep|><|open|>json type="object"<|sep|>{"path": "a.go", "edits": [{"old": "x", "new": "y"}]}<|close|>json<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
		want: `call=edit{"path":"a.go","edits":[{"old":"x","new":"y"}]}`},
	{name: "kimi_k3/escaped_attributes", format: FormatKimiK3, tools: true,
		in:   `<|open|>tools<|sep|><|open|>call tool="Web Search" index="0"<|sep|><|open|>argument key="say &quot;hi&quot; &amp; go" type="string"<|sep|>x<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
		want: `call=Web Search{"say \"hi\" & go":"x"}`},
	{name: "kimi_k3/no_arguments", format: FormatKimiK3,
		in:   `Listing.<|open|>tools<|sep|><|open|>call tool="list_files" index="0"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
		want: `text="Listing." call=list_files{}`},
	// A type the catalog knows, and values that are not JSON: the
	// catalog's schema, else the tag's type, coerces them.
	{name: "kimi_k3/coerced_by_catalog_and_type", format: FormatKimiK3, tools: true,
		in: "<|open|>tools<|sep|><|open|>call tool=\"get_weather\" index=\"0\"<|sep|>" +
			`<|open|>argument key="city"<|sep|>Lyon<|close|>argument<|sep|>` +
			`<|open|>argument key="days"<|sep|>4<|close|>argument<|sep|>` +
			`<|open|>argument key="metric" type="boolean"<|sep|>True<|close|>argument<|sep|>` +
			"<|close|>call<|sep|><|close|>tools<|sep|>",
		want: `call=get_weather{"city":"Lyon","days":4,"metric":true}`},
	{name: "kimi_k3/truncated_in_value", format: FormatKimiK3,
		in:   `On it.<|open|>tools<|sep|><|open|>call tool="get_weather" index="0"<|sep|><|open|>argument key="city" type="string"<|sep|>Par`,
		want: `text="On it." error=incomplete_call`},
	{name: "kimi_k3/truncated_before_call_closer", format: FormatKimiK3,
		in:   `<|open|>tools<|sep|><|open|>call tool="get_weather" index="0"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|>`,
		want: `call=get_weather{"city":"Paris"} error=missing_closer`},
	{name: "kimi_k3/truncated_before_tools_closer", format: FormatKimiK3,
		in:   "<|open|>tools<|sep|>" + k3Call("get_weather", "0", "city", "Paris"),
		want: `call=get_weather{"city":"Paris"} error=missing_closer`},
	// A call or an argument missing its closer never swallows the next.
	{name: "kimi_k3/argument_closer_missing", format: FormatKimiK3,
		in: `<|open|>tools<|sep|><|open|>call tool="get_weather" index="0"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris` +
			`<|open|>argument key="days" type="number"<|sep|>2<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
		want: `call=get_weather{"city":"Paris","days":2} error=malformed_markup`},
	{name: "kimi_k3/call_closer_missing", format: FormatKimiK3,
		in: `<|open|>tools<|sep|><|open|>call tool="a" index="0"<|sep|><|open|>argument key="x" type="string"<|sep|>1<|close|>argument<|sep|>` +
			k3Call("b", "1", "y", "2") + "<|close|>tools<|sep|>",
		want: `call=a{"x":"1"} call=b{"y":"2"} error=malformed_markup`},
	{name: "kimi_k3/sep_missing_after_closers", format: FormatKimiK3,
		in:   `<|open|>tools<|sep|><|open|>call tool="get_weather"<|sep|><|open|>argument key="city"<|sep|>Paris<|close|>argument<|close|>call<|close|>tools<|sep|>Done`,
		want: `text="Done" call=get_weather{"city":"Paris"} error=malformed_markup error=malformed_markup`},
	{name: "kimi_k3/no_tool_name_then_valid", format: FormatKimiK3,
		in:   `<|open|>tools<|sep|><|open|>call index="0"<|sep|><|open|>argument key="x" type="string"<|sep|>1<|close|>argument<|sep|><|close|>call<|sep|>` + k3Call("f", "1", "y", "2") + "<|close|>tools<|sep|>",
		want: `call=f{"y":"2"} error=invalid_tool_name`},
	{name: "kimi_k3/invalid_json_body_then_valid", format: FormatKimiK3,
		in:   `<|open|>tools<|sep|><|open|>call tool="a" index="0"<|sep|><|open|>json<|sep|>{"x": }<|close|>json<|sep|><|close|>call<|sep|>` + k3Call("b", "1", "y", "2") + "<|close|>tools<|sep|>after",
		want: `text="after" call=b{"y":"2"} error=invalid_json`},
	{name: "kimi_k3/too_deep_then_valid", format: FormatKimiK3, depth: 2,
		in:   `<|open|>tools<|sep|><|open|>call tool="search" index="0"<|sep|><|open|>argument key="filters" type="object"<|sep|>{"a":{"b":{"c":1}}}<|close|>argument<|sep|><|close|>call<|sep|>` + k3Call("list_files", "1") + "<|close|>tools<|sep|>",
		want: `call=list_files{} error=too_deep`},
	{name: "kimi_k3/lookalikes_are_text", format: FormatKimiK3,
		in:   "a <|open|>toolbox<|sep|> b <|open c <|close|>tools d <|sep e",
		want: `text="a <|open|>toolbox<|sep|> b <|open c <|close|>tools d <|sep e"`},
	{name: "kimi_k3/call_in_reasoning", format: FormatKimiK3,
		in:   "<|open|>think<|sep|>I will call it now <|open|>tools<|sep|>" + k3Call("get_weather", "0", "city", "Rome") + "<|close|>tools<|sep|>",
		want: `reasoning="I will call it now " call=get_weather{"city":"Rome"} error=call_in_reasoning`},
	// K3's markup is special tokens: a call tag or an argument tag cut
	// by the end of the output is no prose, in the answer or in the
	// reasoning (SGLang's K3 detector strips both); the call cut inside
	// its tag is that call's incomplete_call.
	{name: "kimi_k3/argument_tag_cut_at_end", format: FormatKimiK3,
		in:   "Weighing the options<|open|>argu",
		want: `text="Weighing the options" error=malformed_markup`},
	{name: "kimi_k3/argument_tag_cut_at_end_in_reasoning", format: FormatKimiK3, open: true,
		in:   "Weighing the options<|open|>argu",
		want: `reasoning="Weighing the options" error=malformed_markup`},
	{name: "kimi_k3/call_tag_cut_at_end", format: FormatKimiK3,
		in:   `Weighing <|open|>call tool="rea`,
		want: `text="Weighing " error=incomplete_call`},
	{name: "kimi_k3/call_tag_cut_at_end_in_reasoning", format: FormatKimiK3, open: true,
		in:   `Weighing <|open|>call tool="rea`,
		want: `reasoning="Weighing " error=call_in_reasoning error=incomplete_call`},
	{name: "kimi_k3/call_tag_cut_in_channel", format: FormatKimiK3,
		in:   `Sure.<|open|>tools<|sep|><|open|>call tool="rea`,
		want: `text="Sure." error=incomplete_call`},
	{name: "kimi_k3/call_then_tag_cut_in_channel", format: FormatKimiK3,
		in:   "Sure.<|open|>tools<|sep|>" + k3Call("read_file", "0", "path", "a.go") + `<|open|>call tool="wri`,
		want: `text="Sure." call=read_file{"path":"a.go"} error=incomplete_call`},
	// A call written without its tools channel is a call, as kimi_k2
	// reads one without its section; the text goes on after it.
	{name: "kimi_k3/call_without_channel", format: FormatKimiK3,
		in:   "Reading it. " + k3Call("read_file", "0", "path", "a.go") + " Then I edit.",
		want: `text="Reading it.  Then I edit." call=read_file{"path":"a.go"}`},
	{name: "kimi_k3/calls_without_channel", format: FormatKimiK3,
		in:   k3Call("read_file", "0", "path", "a.go") + "\n" + k3Call("read_file", "1", "path", "b.go"),
		want: `text="\n" call=read_file{"path":"a.go"} call=read_file{"path":"b.go"}`},
	{name: "kimi_k3/call_without_channel_closer_missing", format: FormatKimiK3,
		in:   `Reading. <|open|>call tool="read_file" index="0"<|sep|><|open|>argument key="path" type="string"<|sep|>a.go<|close|>argument<|sep|>`,
		want: `text="Reading. " call=read_file{"path":"a.go"} error=missing_closer`},
	{name: "kimi_k3/call_without_channel_under_auto", format: FormatAuto,
		in:   "Reading it. " + k3Call("read_file", "0", "path", "a.go"),
		want: `text="Reading it. " call=read_file{"path":"a.go"}`},
	{name: "kimi_k3/calls_without_channel_first_unclosed", format: FormatKimiK3,
		in:   `<|open|>call tool="read_file" index="0"<|sep|><|open|>call tool="list_files" index="1"<|sep|><|close|>call<|sep|> done`,
		want: `text=" done" call=read_file{} call=list_files{} error=malformed_markup`},
	{name: "kimi_k3/call_without_channel_no_name_skipped", format: FormatKimiK3,
		in:   `Hm <|open|>call index="0"<|sep|><|open|>argument key="a" type="string"<|sep|>x<|close|>argument<|sep|><|close|>call<|sep|> done`,
		want: `text="Hm  done" error=invalid_tool_name`},
	{name: "kimi_k3/call_tag_after_newline", format: FormatKimiK3,
		in:   "Reading.\n<|open|>call\ntool=\"read_file\" index=\"0\"<|sep|><|close|>call<|sep|>",
		want: `text="Reading.\n" call=read_file{}`},
	{name: "kimi_k3/call_without_channel_in_reasoning", format: FormatKimiK3, open: true,
		in:   "I read it first. " + k3Call("read_file", "0", "path", "a.go"),
		want: `reasoning="I read it first. " call=read_file{"path":"a.go"} error=call_in_reasoning`},
	// <|open|>call with no attributes after it, or run into a word, is
	// the token and the tag's name in prose: dropped, the words kept
	// (SGLang's reading); in reasoning it stays reasoning.
	{name: "kimi_k3/call_token_in_prose_dropped", format: FormatKimiK3,
		in:   "calls open with <|open|>call, then attributes",
		want: `text="calls open with , then attributes" error=malformed_markup`},
	{name: "kimi_k3/call_token_run_into_word_dropped", format: FormatKimiK3,
		in:   "a <|open|>callback b",
		want: `text="a back b" error=malformed_markup`},
	{name: "kimi_k3/call_token_in_reasoning_stays", format: FormatKimiK3, open: true,
		in:   "the tag <|open|>call, then<|close|>think<|sep|>ok",
		want: `text="ok" reasoning="the tag <|open|>call, then"`},
	// The channel's inner tags outside it are stray markup: dropped and
	// reported, a value between them kept as text.
	{name: "kimi_k3/stray_tags_in_text_dropped", format: FormatKimiK3,
		in:   `Done <|open|>argument key="a" type="string"<|sep|>x<|close|>argument<|sep|> and <|close|>call<|sep|><|close|>tools<|sep|>.`,
		want: `text="Done x and ." error=malformed_markup error=malformed_markup error=malformed_markup error=malformed_markup`},
	{name: "kimi_k3/stray_tag_opener_then_word", format: FormatKimiK3,
		in:   "the <|open|>json, tag",
		want: `text="the , tag" error=malformed_markup`},
	{name: "kimi_k3/stray_tag_header_cut_at_end", format: FormatKimiK3,
		in:   `Done <|open|>argument key="pa`,
		want: `text="Done " error=malformed_markup`},
	{name: "kimi_k3/call_kept_in_reasoning_keeps_its_tags", format: FormatKimiK3, open: true, keep: true,
		in:   "I read it. " + k3Call("read_file", "0", "path", "a.go") + "<|close|>think<|sep|>ok",
		want: `text="ok" reasoning=` + strconv.Quote("I read it. "+k3Call("read_file", "0", "path", "a.go")) + ` error=call_in_reasoning`},
	{name: "kimi_k3/stray_tag_in_reasoning_dropped", format: FormatKimiK3, open: true,
		in:   "Plan<|close|>call<|sep|> more<|close|>think<|sep|>ok",
		want: `text="ok" reasoning="Plan more" error=malformed_markup`},
	{name: "kimi_k3/auto", format: FormatAuto,
		in:   "Sure.<|open|>tools<|sep|>" + k3Call("get_weather", "0", "city", "Nice") + "<|close|>tools<|sep|>",
		want: `text="Sure." call=get_weather{"city":"Nice"}`},
}

func FuzzKimiK3(f *testing.F) {
	addSeeds(f, "kimi_k3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatKimiK3, true, in, seed) })
}

// Kimi K3 types each argument; the call comes out as one JSON object.
func ExampleParser_kimiK3() {
	msg := `<|open|>response<|sep|>Checking.<|close|>response<|sep|><|open|>tools<|sep|>` +
		`<|open|>call tool="get_weather" index="0"<|sep|>` +
		`<|open|>argument key="city" type="string"<|sep|>Paris, "FR"<|close|>argument<|sep|>` +
		`<|open|>argument key="days" type="number"<|sep|>3<|close|>argument<|sep|>` +
		`<|close|>call<|sep|><|close|>tools<|sep|>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatKimiK3}), []byte(msg), 5))
	// Output:
	// text "Checking."
	// call call_0 get_weather {"city":"Paris, \"FR\"","days":3}
}

// Words in the tools channel between calls are text (blockWords).
func init() {
	parseCases = append(parseCases,
		parseCase{name: "kimi_k3/words_between_calls_in_channel", format: FormatKimiK3,
			in:   "<|open|>tools<|sep|>first this, " + k3Call("get_weather", "0", "city", "Paris") + "\n then – that" + k3Call("get_weather", "1", "city", "Rome") + "<|close|>tools<|sep|>",
			want: `text="first this, then – that" call=get_weather{"city":"Paris"} call=get_weather{"city":"Rome"}`},
	)
}
