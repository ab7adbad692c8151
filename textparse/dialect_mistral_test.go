package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, mistralCases...) }

// mistralCases are modelled on Mistral 7B v0.3 (v3 JSON list), Mistral
// Small 3.2 / Devstral (v11 name[ARGS]json) and Magistral ([THINK]) output.
var mistralCases = []parseCase{
	// [TOOL_CALLS] is followed by the call at once: cut right after it,
	// the call is incomplete (as a tag dialect's call tag alone).
	{name: "mistral/opener_alone_at_end", format: FormatMistral,
		in:   "Sure, one moment.[TOOL_CALLS]",
		want: `text="Sure, one moment." error=incomplete_call`},
	// [TOOL_CALLS] written twice (a token repeated): the first opener
	// holds no call and is reported; the second reads the call, v11 or v3.
	{name: "mistral/opener_written_twice", format: FormatMistral,
		in:   `Checking.[TOOL_CALLS][TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}`,
		want: `text="Checking." call=get_weather{"city":"Oslo"} error=malformed_markup`},
	{name: "mistral/opener_written_twice_v3_list", format: FormatMistral,
		in:   `[TOOL_CALLS] [TOOL_CALLS][{"name": "get_time", "arguments": {"zone": "UTC"}}]`,
		want: `call=get_time{"zone":"UTC"} error=malformed_markup`},
	// The next [TOOL_CALLS] cuts a name short, or comes where the
	// arguments are due: the next call is read, never swallowed.
	{name: "mistral/opener_cuts_name", format: FormatMistral,
		in:   `[TOOL_CALLS]get_wea[TOOL_CALLS]get_time[ARGS]{"zone": "CET"}`,
		want: `call=get_time{"zone":"CET"} error=malformed_markup`},
	{name: "mistral/opener_cuts_id", format: FormatMistral,
		in:   `[TOOL_CALLS]get_weather[CALL_ID]a1b2[TOOL_CALLS]get_time[ARGS]{"zone": "CET"}`,
		want: `call=get_time{"zone":"CET"} error=malformed_markup`},
	{name: "mistral/opener_where_arguments_due", format: FormatMistral,
		in:   `[TOOL_CALLS]get_time[ARGS][TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}`,
		want: `call=get_time{} call=get_weather{"city":"Oslo"} error=malformed_markup`},
	// A '[' where the arguments are due, held as the opener's start and
	// given back, is arguments that are no object.
	{name: "mistral/list_arguments_after_args_token", format: FormatMistral,
		in:   `[TOOL_CALLS]add[ARGS][2, 3]`,
		want: `error=invalid_json`},
	// The prompt opened [THINK] and the model writes it again: markup.
	{name: "mistral/think_opener_written_again", format: FormatMistral, open: true,
		in:   "[THINK]Sum them.[/THINK]The sum is 7.",
		want: `text="The sum is 7." reasoning="Sum them."`},
	{name: "mistral/think_opener_after_words_stays", format: FormatMistral, open: true,
		in:   "Tags like [THINK] open it.[/THINK]Fine.",
		want: `text="Fine." reasoning="Tags like [THINK] open it."`},
	// [ARGS] dropped by a server that detokenizes with skip_special_tokens
	// (vLLM's v11 tests read NAME{json}).
	{name: "mistral/v11_args_token_dropped", format: FormatMistral,
		in:   `Let me add.[TOOL_CALLS]add_numbers{"a": 2.5, "b": 4}[TOOL_CALLS]get_weather{"city": "Nice"}`,
		want: `text="Let me add." call=add_numbers{"a":2.5,"b":4} call=get_weather{"city":"Nice"}`},
	{name: "mistral/v11_args_token_dropped_bad_json", format: FormatMistral,
		in:   `[TOOL_CALLS]add_numbers{"a": 2.5, "b": }`,
		want: `error=invalid_json`},
	// Ollama's Mistral template closes the v3 list with [/TOOL_CALLS]:
	// markup, dropped wherever the model writes it.
	{name: "mistral/v3_list_closer_dropped", format: FormatMistral,
		in:   `I'll look both up. [TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_time", "arguments": {"zone": "CET"}}][/TOOL_CALLS]`,
		want: `text="I'll look both up. " call=get_weather{"city":"Lyon"} call=get_time{"zone":"CET"}`},
	{name: "mistral/v3_list_closer_then_text", format: FormatMistral,
		in:   `[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "go.mod"}}][/TOOL_CALLS]` + "\n" + `Reading it now.`,
		want: `text="\nReading it now." call=read_file{"path":"go.mod"}`},
	{name: "mistral/v11_closer_dropped", format: FormatMistral,
		in:   `[TOOL_CALLS]read_file[ARGS]{"path": "main.go"}[/TOOL_CALLS]`,
		want: `call=read_file{"path":"main.go"}`},
	{name: "mistral/tool_calls_closer_alone_dropped", format: FormatMistral,
		in:   `No call needed.[/TOOL_CALLS] The answer is 4.`,
		want: `text="No call needed. The answer is 4."`},
	{name: "mistral/tool_calls_closer_kept_under_auto", format: FormatAuto,
		in:   `Write [/TOOL_CALLS] to end the list.`,
		want: `text="Write [/TOOL_CALLS] to end the list."`},
	{name: "mistral/v3_list", format: FormatMistral,
		in:   `[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris", "days": 2}}]`,
		want: `call=get_weather{"city":"Paris","days":2}`},
	{name: "mistral/v3_parallel_with_ids", format: FormatMistral,
		in:   `[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "aB3dE5gH7"}, {"name": "read_file", "arguments": {"path": "a.go"}, "id": "Zx9Yw8Vu7"}]`,
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go"}`},
	{name: "mistral/v3_id_first", format: FormatMistral,
		in:   `[TOOL_CALLS][{"id": "aB3dE5gH7", "name": "get_weather", "arguments": {"city": "Oslo"}}]`,
		want: `call=get_weather{"city":"Oslo"} id=aB3dE5gH7`},
	{name: "mistral/v11_one_call", format: FormatMistral,
		in:   `[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`,
		want: `call=get_weather{"city":"Paris"}`},
	{name: "mistral/v11_text_before_parallel", format: FormatMistral,
		in:   "I'll check both.[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\"}[TOOL_CALLS]read_file[ARGS]{\"path\": \"notes.md\"}",
		want: `text="I'll check both." call=get_weather{"city":"Paris"} call=read_file{"path":"notes.md"}`},
	{name: "mistral/v11_call_id", format: FormatMistral,
		in:   `[TOOL_CALLS]get_weather[CALL_ID]k3Jd9aPq2[ARGS]{"city": "Rome"}[TOOL_CALLS]list_files[CALL_ID]m4Lx0bQr7[ARGS]{}`,
		want: `call=get_weather{"city":"Rome"} id=k3Jd9aPq2 call=list_files{} id=m4Lx0bQr7`},
	// A broken [ARGS] after an id, at the end of the output: no call; the
	// name and the id are words, given back as text at their own offsets.
	{name: "mistral/v11_id_then_words_at_end", format: FormatMistral,
		in:   `[TOOL_CALLS]get_weather[CALL_ID]k3Jd9aPq2[ARGS]{"city": "Rome"}[TOOL_CALLS]list_files[CALL_ID]m4Lx0bQr7[A  RGS]{}`,
		want: `text="list_filesm4Lx0bQr7[A  RGS]{}" call=get_weather{"city":"Rome"} id=k3Jd9aPq2 error=malformed_markup`},
	// A second [CALL_ID] is the id's bytes: words at the end are text.
	{name: "mistral/v11_second_call_id_in_words", format: FormatMistral,
		in:   `[TOOL_CALLS]get_weather[CALL_ID]k3 Jd[CALL_ID]m4`,
		want: `text="get_weatherk3 Jd[CALL_ID]m4" error=malformed_markup`},
	{name: "mistral/magistral_think", format: FormatMistral,
		in:   "[THINK]The user wants the weather; [TOOL_CALLS] comes later.[/THINK]Sure.[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Lyon\"}",
		want: `text="Sure." reasoning="The user wants the weather; [TOOL_CALLS] comes later." call=get_weather{"city":"Lyon"}`},
	{name: "mistral/text_after_call", format: FormatMistral,
		in:   "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\"}\nLet me know if you need more.",
		want: `text="\nLet me know if you need more." call=get_weather{"city":"Paris"}`},
	{name: "mistral/empty_arguments", format: FormatMistral,
		in:   `[TOOL_CALLS]list_files[ARGS]{}[TOOL_CALLS] [{"name": "list_files", "arguments": {}}]`,
		want: `call=list_files{} call=list_files{}`},
	{name: "mistral/markers_in_values", format: FormatMistral,
		in:   `[TOOL_CALLS]write_to_file[ARGS]{"path": "doc.md", "content": "use [TOOL_CALLS]f[ARGS]{} and [THINK] \"quoted\" 日本語"}`,
		want: `call=write_to_file{"path":"doc.md","content":"use [TOOL_CALLS]f[ARGS]{} and [THINK] \"quoted\" 日本語"}`},
	{name: "mistral/truncated_v11", format: FormatMistral,
		in:   `Checking.[TOOL_CALLS]get_weather[ARGS]{"city": "Par`,
		want: `text="Checking." error=incomplete_call`},
	{name: "mistral/truncated_v3", format: FormatMistral,
		in:   `[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "read_fi`,
		want: `call=get_weather{"city":"Paris"} error=incomplete_call`},
	{name: "mistral/truncated_in_name", format: FormatMistral,
		in:   `[TOOL_CALLS]get_wea`,
		want: `error=incomplete_call`},
	{name: "mistral/list_string_arguments_skipped", format: FormatMistral,
		in:   `[TOOL_CALLS][{"name": "f", "arguments": "a]}"}, {"name": "g", "arguments": {"n": 1}}] ok`,
		want: `text=" ok" call=g{"n":1} error=invalid_json`},
	{name: "mistral/v11_bad_literal_skipped", format: FormatMistral,
		in:   `[TOOL_CALLS]f[ARGS]{"a": {"b": tru}, "c": "}"} ok`,
		want: `text=" ok" error=invalid_json`},
	// vLLM's Mistral parser reads a list after stray words; tooleval
	// does too (one pass: the words were held as a name, never text) and
	// reports them.
	{name: "mistral/words_before_list", format: FormatMistral,
		in:   `Checking. [TOOL_CALLS]Sure, calling: [{"name": "get_weather", "arguments": {"city": "Nice"}}, {"name": "list_files", "arguments": {}}] Done.`,
		want: `text="Checking.  Done." call=get_weather{"city":"Nice"} call=list_files{} error=malformed_markup`},
	// [TOOL_CALLS] followed by words and no call by the end of the
	// output: the words are text (vLLM gives them back as content), the
	// stray opener reported. A bare name cut short stays a call cut short.
	{name: "mistral/words_and_no_call", format: FormatMistral,
		in:   "[TOOL_CALLS] no lookup is needed here.\nThe answer is 12.",
		want: `text="no lookup is needed here.\nThe answer is 12." error=malformed_markup`},
	// SGLang's malformed-payload and Mistral suites: a list element that
	// is no call object is reported and skipped to the next element; the
	// rest of the list was text ("1, 2]", "not valid json]").
	{name: "mistral/list_of_numbers_not_text", format: FormatMistral,
		in:   "[TOOL_CALLS] [3, 4.5, null] Nothing to call.",
		want: `text=" Nothing to call." error=invalid_json`},
	{name: "mistral/list_of_words_not_text", format: FormatMistral,
		in:   "[TOOL_CALLS][no call \"here\", {sorry}] ok",
		want: `text=" ok" error=invalid_json error=invalid_json`},
	{name: "mistral/junk_between_calls_skipped", format: FormatMistral,
		in:   `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Oslo"}}, "junk ]", [1, {"k": "]"}], {"name": "list_files", "arguments": {}}]`,
		want: `call=get_weather{"city":"Oslo"} call=list_files{} error=invalid_json`},
	// The skipped element's strings hold escaped quotes and backslashes:
	// its ',' and ']' are content (jsonscan.Nesting.Until).
	{name: "mistral/junk_string_escapes_skipped", format: FormatMistral,
		in:   `[TOOL_CALLS][{"name": "f", "arguments": {}}, "say \"], [\\", {"name": "g", "arguments": {}}] done`,
		want: `text=" done" call=f{} call=g{} error=invalid_json`},
	{name: "mistral/junk_list_cut_at_end", format: FormatMistral,
		in:   "[TOOL_CALLS] [\"cut [",
		want: `error=invalid_json`},
	{name: "mistral/name_cut_at_end", format: FormatMistral,
		in:   "Sure.[TOOL_CALLS]get_weather",
		want: `text="Sure." error=incomplete_call`},
	{name: "mistral/word_before_list_auto", format: FormatAuto,
		in:   `[TOOL_CALLS] calls [{"name": "get_weather", "arguments": {"city": "Nice"}}]`,
		want: `call=get_weather{"city":"Nice"} error=malformed_markup`},
	{name: "mistral/invalid_then_valid", format: FormatMistral,
		in:   `[TOOL_CALLS]a[ARGS]{"x": }[TOOL_CALLS]b[ARGS]{"y": 1}`,
		want: `call=b{"y":1} error=invalid_json`},
	{name: "mistral/lookalikes_are_text", format: FormatMistral,
		in:   "[TOOL_CALL] [TOOLS] [TOOL_CALLS_] [ARGS] [/THINK [ and ] stay",
		want: `text="[TOOL_CALL] [TOOLS] [TOOL_CALLS_] [ARGS] [/THINK [ and ] stay"`},
	// [/THINK] is a special token: one with no reasoning open is stray
	// markup (a prompt that opened [THINK] and an empty reasoning).
	{name: "mistral/stray_think_close_dropped", format: FormatMistral,
		in:   "[/THINK]The build is green.[/THINK]",
		want: `text="The build is green." error=malformed_markup error=malformed_markup`},
	{name: "mistral/numbers_unicode", format: FormatMistral,
		in:   `[TOOL_CALLS]search[ARGS]{"query": "café ☕ 東京", "limit": 10, "tags": [1.5e3, -0, true, null]}`,
		want: `call=search{"query":"café ☕ 東京","limit":10,"tags":[1.5e3,-0,true,null]}`},
	{name: "mistral/auto_v11", format: FormatAuto,
		in:   `Looking.[TOOL_CALLS]get_weather[ARGS]{"city": "Nice"}`,
		want: `text="Looking." call=get_weather{"city":"Nice"}`},
	{name: "mistral/auto_v3_think", format: FormatAuto,
		in:   `[THINK]need weather[/THINK][TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Nice"}}]`,
		want: `reasoning="need weather" call=get_weather{"city":"Nice"}`},
}

func FuzzMistral(f *testing.F) {
	addSeeds(f, "mistral/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMistral, false, in, seed) })
}

// A Mistral Small 3.2 answer in 8-byte chunks: two v11 calls, the second
// with the model's own call id.
func ExampleParser_mistral() {
	msg := `Checking both.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}` +
		`[TOOL_CALLS]read_file[CALL_ID]k3Jd9aPq2[ARGS]{"path": "a.go"}`
	p := mustNew(opts{Format: FormatMistral})
	for _, ev := range toolcall.Run(p, []byte(msg), 8) {
		switch ev.Kind {
		case toolcall.KindText:
			fmt.Printf("text %q\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Printf("call %s %s %s\n", ev.Call.ID, ev.Call.Name, ev.Call.Arguments)
		}
	}
	// Output:
	// text "Checking both."
	// call call_0 get_weather {"city": "Paris"}
	// call k3Jd9aPq2 read_file {"path": "a.go"}
}
