package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, deepseekCases...) }

const (
	dsBegin = "<｜tool▁calls▁begin｜>"
	dsEnd   = "<｜tool▁calls▁end｜>"
	dsCall  = "<｜tool▁call▁begin｜>"
	dsCEnd  = "<｜tool▁call▁end｜>"
	dsSep   = "<｜tool▁sep｜>"
)

func dsV3(name, args string) string {
	return dsCall + "function" + dsSep + name + "\n```json\n" + args + "\n```" + dsCEnd
}

func dsV31(name, args string) string { return dsCall + name + dsSep + args + dsCEnd }

// deepseekCases are modelled on DeepSeek V3 / R1 and V3.1 output.
var deepseekCases = []parseCase{
	// A call written without the calls' opener (SGLang's V3.1 detector
	// reads it): the call marker is a special token; each such call is a
	// call, and a calls' closer after them is stray markup.
	{name: "deepseek_v31/call_without_block_opener", format: FormatDeepSeekV31,
		in:   "Looking up Osaka.\n" + dsV31("get_weather", `{"city": "Osaka"}`),
		want: `text="Looking up Osaka.\n" call=get_weather{"city":"Osaka"}`},
	// Calls without the calls' opener, the first missing its end marker:
	// the next call's opener ends it (malformed_markup), and both are
	// calls.
	{name: "deepseek_v31/call_without_block_opener_or_end_then_call", format: FormatDeepSeekV31,
		in:   "<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{\"city\": \"Osaka\"}<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{\"city\": \"Kobe\"}<｜tool▁call▁end｜>Sent.",
		want: `text="Sent." call=get_weather{"city":"Osaka"} call=get_weather{"city":"Kobe"} error=malformed_markup`},
	{name: "deepseek_v31/calls_without_block_opener_then_closer", format: FormatDeepSeekV31,
		in:   dsV31("get_weather", `{"city": "Osaka"}`) + dsV31("get_time", `{}`) + dsEnd + "Checking both.",
		want: `text="Checking both." call=get_weather{"city":"Osaka"} call=get_time{} error=malformed_markup`},
	{name: "deepseek_v3/call_without_block_opener", format: FormatDeepSeekV3,
		in:   "One moment. " + dsV3("get_weather", `{"city": "Kyoto"}`),
		want: `text="One moment. " call=get_weather{"city":"Kyoto"}`},
	{name: "deepseek_v31/call_without_block_opener_cut", format: FormatDeepSeekV31,
		in:   "On it." + dsCall + "get_weather" + dsSep + `{"city": "Os`,
		want: `text="On it." error=incomplete_call`},
	{name: "deepseek_v31/call_without_block_opener_cut_in_name", format: FormatDeepSeekV31,
		in:   dsCall + "get_weather" + dsCEnd + "<b>Retrying.</b>",
		want: `text="<b>Retrying.</b>" error=malformed_markup`},
	// Words where the name belongs, after the type word: text again, at
	// their own offset (the golden file records it).
	{name: "deepseek_v3/type_word_then_words_is_text", format: FormatDeepSeekV3,
		in:   "Hi " + dsBegin + dsCall + "function" + dsSep + "see below",
		want: `text="Hi see below" error=malformed_markup`},
	// "<" and a full-width character sharing its first bytes with "｜":
	// the '<' is stray, the character starts the words given back whole.
	{name: "deepseek_v31/fullwidth_after_lt_stays_whole", format: FormatDeepSeekV31,
		in:   "Hi" + dsBegin + dsCall + "<～ soon",
		want: `text="Hi～ soon" error=malformed_markup error=malformed_markup`},
	{name: "deepseek_v31/call_without_block_opener_under_auto", format: FormatAuto,
		in:   "Sure: " + dsV31("get_weather", `{"city": "Nara"}`),
		want: `text="Sure: " call=get_weather{"city":"Nara"}`},
	// A call's opener cut at the end: incomplete, as a tag dialect's call
	// tag alone; the block's opener alone is its missing closer.
	{name: "deepseek_v3/call_opener_alone_at_end", format: FormatDeepSeekV3,
		in:   "Let me look." + dsBegin + dsCall,
		want: `text="Let me look." error=incomplete_call`},
	{name: "deepseek_v31/call_opener_alone_at_end", format: FormatDeepSeekV31,
		in:   "Let me look." + dsBegin + dsCall,
		want: `text="Let me look." error=incomplete_call`},
	{name: "deepseek_v31/block_opener_alone_at_end", format: FormatDeepSeekV31,
		in:   "Let me look." + dsBegin,
		want: `text="Let me look." error=missing_closer`},
	// The tool-output markers a model may go on writing after its calls
	// are dropped, in both generations.
	{name: "deepseek_v3/tool_output_markers_dropped", format: FormatDeepSeekV3,
		in:   "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>list_files\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>",
		want: `call=list_files{}`},
	{name: "deepseek_v31/tool_output_markers_dropped", format: FormatDeepSeekV31,
		in:   "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>list_files<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>[]<｜tool▁output▁end｜><｜tool▁outputs▁end｜>Done.",
		want: `text="[]Done." call=list_files{}`},
	{name: "deepseek_v3/one_call", format: FormatDeepSeekV3,
		in:   dsBegin + dsV3("get_weather", `{"location": "Tokyo"}`) + dsEnd,
		want: `call=get_weather{"location":"Tokyo"}`},
	{name: "deepseek_v3/text_before", format: FormatDeepSeekV3,
		in:   "I'll check the weather in Tokyo." + dsBegin + dsV3("get_weather", `{"location": "Tokyo", "unit": "celsius"}`) + dsEnd,
		want: `text="I'll check the weather in Tokyo." call=get_weather{"location":"Tokyo","unit":"celsius"}`},
	{name: "deepseek_v3/parallel", format: FormatDeepSeekV3,
		in:   dsBegin + dsV3("get_weather", `{"location": "Tokyo"}`) + "\n" + dsV3("get_weather", `{"location": "Paris"}`) + dsEnd,
		want: `call=get_weather{"location":"Tokyo"} call=get_weather{"location":"Paris"}`},
	{name: "deepseek_v3/r1_reasoning", format: FormatDeepSeekV3,
		in:   "<think>\nThe user asks about Tokyo.\n</think>\n\n" + dsBegin + dsV3("get_weather", `{"location": "Tokyo"}`) + dsEnd,
		want: `text="\n\n" reasoning="\nThe user asks about Tokyo.\n" call=get_weather{"location":"Tokyo"}`},
	{name: "deepseek_v3/r1_reasoning_open", format: FormatDeepSeekV3, open: true,
		in:   "The user asks about Tokyo.\n</think>\n\n" + dsBegin + dsV3("get_weather", `{"location": "Tokyo"}`) + dsEnd,
		want: `text="\n\n" reasoning="The user asks about Tokyo.\n" call=get_weather{"location":"Tokyo"}`},
	{name: "deepseek_v3/empty_arguments", format: FormatDeepSeekV3,
		in:   dsBegin + dsV3("list_files", `{}`) + dsEnd,
		want: `call=list_files{}`},
	{name: "deepseek_v3/markers_in_values", format: FormatDeepSeekV3,
		in:   dsBegin + dsV3("write_to_file", `{"path": "a.md", "content": "`+"```"+` and `+dsCEnd+dsEnd+` 中文"}`) + dsEnd,
		want: `call=write_to_file{"path":"a.md","content":"` + "```" + ` and ` + dsCEnd + dsEnd + ` 中文"}`},
	{name: "deepseek_v3/truncated", format: FormatDeepSeekV3,
		in:   "Checking." + dsBegin + dsCall + "function" + dsSep + "get_weather\n```json\n{\"location\": \"Tok",
		want: `text="Checking." error=incomplete_call`},
	{name: "deepseek_v3/no_fence", format: FormatDeepSeekV3,
		in:   dsBegin + dsCall + "function" + dsSep + "get_weather\n{\"location\": \"Oslo\"}" + dsCEnd + dsEnd,
		want: `call=get_weather{"location":"Oslo"}`},
	{name: "deepseek_v3/invalid_then_valid", format: FormatDeepSeekV3,
		in:   dsBegin + dsV3("a", `{"x": }`) + dsV3("b", `{"y": 2}`) + dsEnd + "done",
		want: `text="done" call=b{"y":2} error=invalid_json`},
	{name: "deepseek_v3/lookalikes_are_text", format: FormatDeepSeekV3,
		in:   "<｜tool▁calls｜> <｜tool▁call｜> <｜ a",
		want: `text="<｜tool▁calls｜> <｜tool▁call｜> <｜ a"`},
	// The end-of-sentence token a server that keeps special tokens leaves
	// after the calls (the template writes it there) is dropped; under
	// auto it stays text.
	{name: "deepseek_v3/end_of_sentence_after_calls_dropped", format: FormatDeepSeekV3,
		in:   "<think>The user wants Lima's weather.</think>" + dsBegin + dsV3("get_weather", `{"location": "Lima"}`) + dsEnd + "<｜end▁of▁sentence｜>",
		want: `reasoning="The user wants Lima's weather." call=get_weather{"location":"Lima"}`},
	{name: "deepseek_v31/end_of_sentence_after_answer_dropped", format: FormatDeepSeekV31,
		in:   "It is 18 °C in Lima.<｜end▁of▁sentence｜>",
		want: `text="It is 18 °C in Lima."`},
	{name: "deepseek_v3/end_of_sentence_kept_under_auto", format: FormatAuto,
		in:   "Done.<｜end▁of▁sentence｜>",
		want: `text="Done.<｜end▁of▁sentence｜>"`},
	{name: "deepseek_v3/auto", format: FormatAuto,
		in:   "Sure." + dsBegin + dsV3("get_weather", `{"location": "Tokyo"}`) + dsEnd,
		want: `text="Sure." call=get_weather{"location":"Tokyo"}`},

	{name: "deepseek_v31/one_call", format: FormatDeepSeekV31,
		in:   dsBegin + dsV31("get_weather", `{"location": "Tokyo"}`) + dsEnd,
		want: `call=get_weather{"location":"Tokyo"}`},
	{name: "deepseek_v31/text_before_after", format: FormatDeepSeekV31,
		in:   "Let me look that up.\n\n" + dsBegin + dsV31("search", `{"query": "golang generics", "limit": 3}`) + dsEnd + "\n",
		want: `text="Let me look that up.\n\n\n" call=search{"query":"golang generics","limit":3}`},
	{name: "deepseek_v31/parallel", format: FormatDeepSeekV31,
		in:   dsBegin + dsV31("get_weather", `{"location": "Tokyo"}`) + dsV31("read_file", `{"path": "a.go"}`) + dsEnd,
		want: `call=get_weather{"location":"Tokyo"} call=read_file{"path":"a.go"}`},
	{name: "deepseek_v31/thinking", format: FormatDeepSeekV31,
		in:   "<think>Need data.</think>" + dsBegin + dsV31("get_weather", `{"location": "Rome"}`) + dsEnd,
		want: `reasoning="Need data." call=get_weather{"location":"Rome"}`},
	{name: "deepseek_v31/reasoning_open", format: FormatDeepSeekV31, open: true,
		in:   "Need data.</think>" + dsBegin + dsV31("get_weather", `{"location": "Rome"}`) + dsEnd,
		want: `reasoning="Need data." call=get_weather{"location":"Rome"}`},
	// llama.cpp's test-chat-parser.cpp (DeepSeek V3.1, thinking forced
	// open): a call written inside the reasoning, then more reasoning and
	// </think>, then a call. llama.cpp keeps the first as reasoning
	// (KeepCallsInReasoning); by default both are calls.
	{name: "deepseek_v31/call_inside_open_reasoning", format: FormatDeepSeekV31, open: true,
		in:   "Try Rome first." + dsBegin + dsV31("get_weather", `{"location": "Rome"}`) + dsEnd + "Then Oslo.</think>" + dsBegin + dsV31("get_weather", `{"location": "Oslo"}`) + dsEnd,
		want: `text="Then Oslo." reasoning="Try Rome first." call=get_weather{"location":"Rome"} call=get_weather{"location":"Oslo"} error=call_in_reasoning`},
	{name: "deepseek_v31/call_inside_open_reasoning_kept", format: FormatDeepSeekV31, open: true, keep: true,
		in:   "Try Rome first." + dsBegin + dsV31("get_weather", `{"location": "Rome"}`) + dsEnd + "Then Oslo.</think>" + dsBegin + dsV31("get_weather", `{"location": "Oslo"}`) + dsEnd,
		want: `reasoning="Try Rome first.` + dsBegin + dsV31("get_weather", `{\"location\": \"Rome\"}`) + dsEnd + `Then Oslo." call=get_weather{"location":"Oslo"} error=call_in_reasoning`},
	// The reasoning never closes: llama.cpp makes what came before the
	// call content; tooleval has streamed it as reasoning already.
	{name: "deepseek_v31/call_ends_unclosed_reasoning", format: FormatDeepSeekV31, open: true,
		in:   "Rome, then." + dsBegin + dsV31("get_weather", `{"location": "Rome"}`) + dsEnd,
		want: `reasoning="Rome, then." call=get_weather{"location":"Rome"} error=call_in_reasoning`},
	{name: "deepseek_v31/empty_arguments", format: FormatDeepSeekV31,
		in:   dsBegin + dsV31("list_files", `{}`) + dsEnd,
		want: `call=list_files{}`},
	{name: "deepseek_v31/nested_and_unicode", format: FormatDeepSeekV31,
		in:   dsBegin + dsV31("edit", `{"edits": [{"old": "a", "new": "b"}], "note": "café ☕ 日本語", "level": -1.5e2}`) + dsEnd,
		want: `call=edit{"edits":[{"old":"a","new":"b"}],"note":"café ☕ 日本語","level":-1.5e2}`},
	{name: "deepseek_v31/truncated", format: FormatDeepSeekV31,
		in:   dsBegin + dsCall + "get_weather" + dsSep + `{"location": "Tok`,
		want: `error=incomplete_call`},
	{name: "deepseek_v31/missing_call_end", format: FormatDeepSeekV31,
		in:   dsBegin + dsCall + "a" + dsSep + `{}` + dsCall + "b" + dsSep + `{}` + dsCEnd + dsEnd,
		want: `call=a{} call=b{} error=malformed_markup`},
	{name: "deepseek_v31/template_name", format: FormatDeepSeekV31,
		in:   dsBegin + dsV31("get weather!", `{}`) + dsEnd + "after",
		want: `text="after" error=invalid_tool_name`},
	// A call with an empty name is rejected alone: the name ends at the
	// call's own markers, never running into the next call (issue 21).
	{name: "deepseek_v31/empty_name_then_valid", format: FormatDeepSeekV31,
		in:   dsBegin + dsCall + dsSep + `{"a":1}` + dsCEnd + dsV31("f", `{"b":2}`) + dsEnd + "After",
		want: `text="After" call=f{"b":2} error=invalid_tool_name`},
	{name: "deepseek_v31/name_cut_by_call_end", format: FormatDeepSeekV31,
		in:   dsBegin + dsCall + "get_weather" + dsCEnd + dsV31("f", `{"b":2}`) + dsEnd + "After",
		want: `text="After" call=f{"b":2} error=malformed_markup`},
	{name: "deepseek_v31/name_cut_by_block_end", format: FormatDeepSeekV31,
		in:   dsBegin + dsCall + "get_weather" + dsEnd + "After",
		want: `text="After" error=malformed_markup`},
	{name: "deepseek_v31/lookalikes_are_text", format: FormatDeepSeekV31,
		in:   "<｜tool▁call｜> and <｜tool▁calls▁beginning｜> stay",
		want: `text="<｜tool▁call｜> and <｜tool▁calls▁beginning｜> stay"`},
	// The call tokens met in text, no block open, are stray markup.
	{name: "deepseek_v31/stray_call_tokens_dropped", format: FormatDeepSeekV31,
		in:   "Finished<｜tool▁call▁end｜>. Sent<｜tool▁sep｜> it.",
		want: `text="Finished. Sent it." error=malformed_markup error=malformed_markup`},
	// A malformed call between two valid ones drops only itself.
	{name: "deepseek_v3/broken_call_between_valid", format: FormatDeepSeekV3,
		in:   "Both.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{\"city\": \"Lima\"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>search\n```json\n{query: x}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>read_file\n```json\n{\"path\": \"a.txt\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
		want: `text="Both." call=get_weather{"city":"Lima"} call=read_file{"path":"a.txt"} error=invalid_json`},
	// Ollama's Cogito tests (the DeepSeek V3 wire shape; seventh pass).
	// With tools in the request Cogito does not think, so a </think> the
	// model writes is text (--think-as-text), before a call block too.
	{name: "deepseek_v3/think_closer_as_text_before_block", format: FormatDeepSeekV3, plain: true,
		in:   "Let me look that up.</think>" + dsBegin + dsV3("get_weather", `{"city": "Lima"}`) + dsEnd,
		want: `text="Let me look that up.</think>" call=get_weather{"city":"Lima"}`},
	// A name padded with spaces before its fence is the name.
	{name: "deepseek_v3/name_padded_with_spaces", format: FormatDeepSeekV3,
		in:   dsBegin + dsCall + "function" + dsSep + "  get_weather  \n```json\n{\"city\": \"Lima\"}\n```" + dsCEnd + dsEnd,
		want: `call=get_weather{"city":"Lima"}`},
	// A tool result the model goes on to write itself, in the template's
	// outputs block: the markers are dropped and the result stays text, as
	// Ollama's DeepSeek-V3 parser keeps it (its Cogito parser drops it).
	{name: "deepseek_v3/tool_outputs_block_body_is_text", format: FormatDeepSeekV3,
		in:   "<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{\"temp\": 18}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>",
		want: `text="{\"temp\": 18}"`},
	// The JSON's closing fence left out before the call's end: the call
	// markers delimit it, and the fence is optional (deepseek_v3/no_fence).
	// The peers' patterns need the fence; the call is kept (PEERS.md).
	{name: "deepseek_v3/closing_fence_missing", format: FormatDeepSeekV3,
		in:   dsBegin + dsCall + "function" + dsSep + "get_weather\n```json\n{\"city\": \"Oslo\"}" + dsCEnd + dsEnd + "Done.",
		want: `text="Done." call=get_weather{"city":"Oslo"}`},
	{name: "deepseek_v31/auto", format: FormatAuto,
		in:   "ok " + dsBegin + dsV31("get_weather", `{"location": "Tokyo"}`) + dsEnd,
		want: `text="ok " call=get_weather{"location":"Tokyo"}`},
}

func TestDeepSeekAutoNamesTheShape(t *testing.T) {
	for in, want := range map[string]Format{
		dsBegin + dsV3("f", "{}") + dsEnd:  FormatDeepSeekV3,
		dsBegin + dsV31("f", "{}") + dsEnd: FormatDeepSeekV31,
	} {
		p := mustNew(opts{})
		toolcall.Run(p, []byte(in), 5)
		if got := p.Format(); got != want {
			t.Errorf("%q: format %s, want %s", in, got, want)
		}
	}
}

func FuzzDeepSeekV3(f *testing.F) {
	addSeeds(f, "deepseek_v3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatDeepSeekV3, false, in, seed) })
}

func FuzzDeepSeekV31(f *testing.F) {
	addSeeds(f, "deepseek_v31/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatDeepSeekV31, false, in, seed) })
}

// A DeepSeek V3.1 call, the id generated.
func ExampleParser_deepSeekV31() {
	msg := "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{\"location\": \"Tokyo\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
	for _, ev := range toolcall.Run(mustNew(opts{Format: FormatDeepSeekV31}), []byte(msg), 7) {
		if ev.Kind == toolcall.KindCallEnd {
			fmt.Println(ev.Call.ID, ev.Call.Name, string(ev.Call.Arguments))
		}
	}
	// Output: call_0 get_weather {"location": "Tokyo"}
}
