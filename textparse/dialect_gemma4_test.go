package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, gemma4Cases...) }

// gemma4Cases are modelled on Gemma 4 output with its chat template.
var gemma4Cases = []parseCase{
	// The call's opener written twice: the first holds no call, reported; the call is read.
	{name: "gemma4/call_opener_written_twice", format: FormatGemma4,
		in:   "Checking.<|tool_call><|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>}<tool_call|>",
		want: `text="Checking." call=get_weather{"city":"Oslo"} error=malformed_markup`},
	// A key given twice keeps its first value (argRepeated); the repeat's
	// value is read and dropped, a string left open before '}' too (its
	// repair reported), and the arguments close.
	{name: "gemma4/repeated_key_keeps_first", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>,days:2,city:<|"|>Bergen, Norway<|"|>}<tool_call|>Done.`,
		want: `text="Done." call=get_weather{"city":"Oslo","days":2} error=malformed_markup`},
	{name: "gemma4/repeated_key_open_string_repaired", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>,city:<|"|>Bergen}<tool_call|>Done.`,
		want: `text="Done." call=get_weather{"city":"Oslo"} error=malformed_markup error=repaired_value`},
	{name: "gemma4/one_call", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>`,
		want: `call=get_weather{"city":"Paris","days":3}`},
	{name: "gemma4/parallel", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|><|tool_call>call:read_file{path:<|"|>a.go<|"|>,start_line:10}<tool_call|>`,
		want: `call=get_weather{"city":"Paris"} call=read_file{"path":"a.go","start_line":10}`},
	{name: "gemma4/thought_then_call", format: FormatGemma4,
		in:   "<|channel>thought\nThe user wants Paris.<channel|>Checking.<|tool_call>call:get_weather{city:<|\"|>Paris<|\"|>}<tool_call|>",
		want: `text="Checking." reasoning="The user wants Paris." call=get_weather{"city":"Paris"}`},
	{name: "gemma4/nested_structures", format: FormatGemma4,
		in:   `<|tool_call>call:edit{path:<|"|>t.txt<|"|>,edits:[{newText:<|"|>orange<|"|>,oldText:<|"|>apple<|"|>}],cfg:{deep:{x:-1.5e2,ok:false,none:null}}}<tool_call|>`,
		want: `call=edit{"path":"t.txt","edits":[{"newText":"orange","oldText":"apple"}],"cfg":{"deep":{"x":-1.5e2,"ok":false,"none":null}}}`},
	{name: "gemma4/string_with_markup", format: FormatGemma4,
		in:   "<|tool_call>call:write_to_file{path:<|\"|>a.md<|\"|>,content:<|\"|>say \"hi\", {k:v} <tool_call <| \\n\nline2 ☕<|\"|>}<tool_call|>",
		want: `call=write_to_file{"path":"a.md","content":"say \"hi\", {k:v} <tool_call <| \\n\nline2 ☕"}`},
	{name: "gemma4/keys_with_spaces", format: FormatGemma4,
		in:   `<|tool_call>call:search{filters:{Basic LLM Chain:<|"|>main<|"|>, Ollama Model : 2}}<tool_call|>`,
		want: `call=search{"filters":{"Basic LLM Chain":"main","Ollama Model":2}}`},
	{name: "gemma4/empty_arguments", format: FormatGemma4,
		in:   `<|tool_call>call:list_files{}<tool_call|>`,
		want: `call=list_files{}`},
	{name: "gemma4/text_before_after", format: FormatGemma4,
		in:   "Let me look.\n<|tool_call>call:list_files{}<tool_call|>\nOne moment.",
		want: `text="Let me look.\n\nOne moment." call=list_files{}`},
	{name: "gemma4/bare_word_and_json_string", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:Paris,unit:"celsius",tags:[<|"|>a<|"|>, 2, true]}<tool_call|>`,
		want: `call=get_weather{"city":"Paris","unit":"celsius","tags":["a",2,true]}`},
	{name: "gemma4/truncated_in_string", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Par`,
		want: `error=incomplete_call`},
	{name: "gemma4/truncated_before_close", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}`,
		want: `call=get_weather{"city":"Paris"} error=missing_closer`},
	{name: "gemma4/invalid_then_valid", format: FormatGemma4,
		in:   `<|tool_call>call:a{,y:1}<tool_call|>ok<|tool_call>call:b{y:<|"|>2<|"|>}<tool_call|>`,
		want: `text="ok" call=b{"y":"2"} error=invalid_json`},
	// vLLM's Gemma 4 argument reader (test_gemma4_tool_parser.py,
	// test_gemma4_regex_and_bare_calls.py): a key with nothing after it
	// is the empty string, a number written with its point and no
	// decimals is a number, and a ':' slipped before call: is no part of
	// the name.
	{name: "gemma4/empty_value_is_empty_string", format: FormatGemma4,
		in:   `<|tool_call>call:write_file{path:<|"|>notes/empty.txt<|"|>,content:}<tool_call|><|tool_call>call:tag{label: ,id:4}<tool_call|>`,
		want: `call=write_file{"path":"notes/empty.txt","content":""} call=tag{"label":"","id":4}`},
	{name: "gemma4/number_with_bare_point", format: FormatGemma4,
		in:   `<|tool_call>call:pan{left:108.,right:22.8,tilt:-3.,steps:[1.,2]}<tool_call|>`,
		want: `call=pan{"left":108.0,"right":22.8,"tilt":-3.0,"steps":[1.0,2]}`},
	{name: "gemma4/point_after_exponent_is_a_word", format: FormatGemma4,
		in:   `<|tool_call>call:pan{left:1e5.}<tool_call|>`,
		want: `call=pan{"left":"1e5."}`},
	{name: "gemma4/colon_before_call", format: FormatGemma4,
		in:   `<|tool_call>:call:bash{command:<|"|>go test ./...<|"|>}<tool_call|>`,
		want: `call=bash{"command":"go test ./..."}`},
	{name: "gemma4/delimited_number_stays_string", format: FormatGemma4,
		in:   `<|tool_call>call:f{zip:<|"|>02139<|"|>,n:<|"|>42<|"|>}<tool_call|>`,
		want: `call=f{"zip":"02139","n":"42"}`},
	{name: "gemma4/missing_comma_after_container", format: FormatGemma4,
		in:   `<|tool_call>call:f{a:{x:1}b:[1]c:<|"|>z<|"|>d:2}<tool_call|>`,
		want: `call=f{"a":{"x":1},"b":[1],"c":"z","d":2}`},
	{name: "gemma4/empty_list_element_is_invalid", format: FormatGemma4,
		in:   `<|tool_call>call:f{l:[1,,2]}<tool_call|>`,
		want: `error=invalid_json`},
	{name: "gemma4/lookalikes_are_text", format: FormatGemma4,
		in:   "<|tool_call <tool_call> <|tool_call|> <|channe <channel> <|channel|>",
		want: `text="<|tool_call <tool_call> <|tool_call|> <|channe <channel> <|channel|>"`},
	// The channel's label is optional: an unlabelled <|channel>…<channel|>
	// is reasoning too, and only a label right after <|channel> is one.
	{name: "gemma4/unlabelled_channel_is_reasoning", format: FormatGemma4,
		in:   "<|channel>The user wants Oslo.<channel|><|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>}<tool_call|>",
		want: `reasoning="The user wants Oslo." call=get_weather{"city":"Oslo"}`},
	{name: "gemma4/label_only_at_start", format: FormatGemma4,
		in:   "<|channel>though I thought so<channel|>ok <|channel>thought<channel|>",
		want: `text="ok " reasoning="though I thought so"`},
	{name: "gemma4/unlabelled_channel_auto", format: FormatAuto,
		in:   "<|channel>plan<channel|>Sure.<|tool_call>call:list_files{}<tool_call|>",
		want: `text="Sure." reasoning="plan" call=list_files{}`},
	// <|tool_response> after a call (the model starting the tool's
	// answer) is dropped, not text.
	{name: "gemma4/tool_response_dropped", format: FormatGemma4,
		in:   "<|tool_call>call:list_files{}<tool_call|><|tool_response>",
		want: `call=list_files{}`},
	{name: "gemma4/tool_response_pair_dropped", format: FormatGemma4,
		in:   "<|tool_call>call:list_files{}<tool_call|><|tool_response>response:list_files{files:[]}<tool_response|>",
		want: `text="response:list_files{files:[]}" call=list_files{}`},
	{name: "gemma4/too_deep", format: FormatGemma4, depth: 2,
		in:   `<|tool_call>call:search{filters:{a:{b:1}}}<tool_call|><|tool_call>call:list_files{}<tool_call|>`,
		want: `call=list_files{} error=too_deep`},
	{name: "gemma4/json_string_escapes", format: FormatGemma4,
		in:   `<|tool_call>call:grep{pattern:"func \\(p \\*Parser\\) \"x\" \u00e9",n:2}<tool_call|>`,
		want: `call=grep{"pattern":"func \\(p \\*Parser\\) \"x\" \u00e9","n":2}`},
	{name: "gemma4/json_string_bad_escape", format: FormatGemma4,
		in:   `<|tool_call>call:a{p:"x\qy"}<tool_call|>ok<|tool_call>call:b{y:1}<tool_call|>`,
		want: `text="ok" call=b{"y":1} error=invalid_json`},
	// <tool_call|> ends the call in every state of its body (issue 21).
	// A string left open right before the object's '}' and the closer
	// (or right before the closer) ends there: nothing else is open, so
	// where it ends is not in doubt (Ollama repairs it so); the repair is
	// reported.
	{name: "gemma4/closer_ends_unclosed_string", format: FormatGemma4,
		in:   `<|tool_call>call:bash{command:<|"|>ls}<tool_call|>Done.<|tool_call>call:f{a:1}<tool_call|>`,
		want: `text="Done." call=bash{"command":"ls"} call=f{"a":1} error=repaired_value`},
	{name: "gemma4/string_open_at_closer_repaired", format: FormatGemma4, tools: true,
		in:   `<|tool_call>call:get_weather{city:<|"|>Nantes<tool_call|>Looking.`,
		want: `text="Looking." call=get_weather{"city":"Nantes"} error=repaired_value`},
	{name: "gemma4/string_open_in_nested_object_not_repaired", format: FormatGemma4,
		in:   `<|tool_call>call:f{opts:{mode:<|"|>fast}<tool_call|>After.`,
		want: `text="After." error=invalid_json`},
	{name: "gemma4/brace_inside_string_is_the_strings", format: FormatGemma4,
		in:   `<|tool_call>call:f{code:<|"|>if x {y}<|"|>,n:1}<tool_call|><|tool_call>call:g{s:<|"|>}}<b<|"|>}<tool_call|>`,
		want: `call=f{"code":"if x {y}","n":1} call=g{"s":"}}<b"}`},
	{name: "gemma4/brace_at_end_of_output_is_the_strings", format: FormatGemma4,
		in:   `<|tool_call>call:f{s:<|"|>a}`,
		want: `error=incomplete_call`},
	{name: "gemma4/single_quoted_then_dangling_delimiter", format: FormatGemma4,
		in:   `<|tool_call>call:grep{glob:<|"|>*.go<|"|>,pattern:'^func \w+'<|"|>}<tool_call|>`,
		want: `call=grep{"glob":"*.go","pattern":"^func \\w+"} error=repaired_value`},
	// <turn|>, the end of the turn, written in place of <tool_call|>:
	// vLLM and llama.cpp end the call there.
	{name: "gemma4/turn_end_closes_call", format: FormatGemma4, tools: true,
		in:   `Let me check.<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>,days:2}<turn|>`,
		want: `text="Let me check." call=get_weather{"city":"Oslo","days":2}`},
	{name: "gemma4/turn_end_between_calls", format: FormatGemma4,
		in:   `<|tool_call>call:a{x:1}<tool_call|><|tool_call>call:b{y:<|"|>z<|"|>}<turn|>`,
		want: `call=a{"x":1} call=b{"y":"z"}`},
	{name: "gemma4/turn_end_ends_open_string", format: FormatGemma4,
		in:   `<|tool_call>call:bash{command:<|"|>pwd}<turn|>`,
		want: `call=bash{"command":"pwd"} error=repaired_value`},
	{name: "gemma4/turn_end_ends_a_broken_call", format: FormatGemma4,
		in:   `<|tool_call>call:f{,x:<b>}<turn|>Hello.<|tool_call>call:g{a:1}<tool_call|>`,
		want: `text="Hello." call=g{"a":1} error=invalid_json`},
	{name: "gemma4/turn_end_in_text_dropped", format: FormatGemma4,
		in:   "Paris is the capital of France.<turn|>",
		want: `text="Paris is the capital of France."`},
	// <eos> is the end of the sequence: dropped like <turn|>, in either
	// order, after the answer or after reasoning (vLLM's gemma4_utils).
	{name: "gemma4/eos_then_turn_end_dropped", format: FormatGemma4,
		in:   "Lima is in Peru.<eos><turn|>",
		want: `text="Lima is in Peru."`},
	{name: "gemma4/turn_end_then_eos_after_reasoning", format: FormatGemma4,
		in:   "<|channel>thought\nA capital question.<channel|>Lima.<turn|><eos>",
		want: `text="Lima." reasoning="A capital question."`},
	{name: "gemma4/eos_after_call", format: FormatGemma4,
		in:   `<|tool_call>call:get_weather{city:<|"|>Lima<|"|>}<tool_call|><eos>`,
		want: `call=get_weather{"city":"Lima"}`},
	{name: "gemma4/closer_ends_unquoted_value", format: FormatGemma4,
		in:   "<|tool_call>call:write{content:\nhello, world.<tool_call|>Then.",
		want: `text="Then." error=invalid_json`},
	{name: "gemma4/closer_ends_bare_value", format: FormatGemma4,
		in:   "<|tool_call>call:f{n:12<tool_call|>Then.",
		want: `text="Then." error=invalid_json`},
	{name: "gemma4/closer_ends_name", format: FormatGemma4,
		in:   "<|tool_call>call:list_files<tool_call|>Then.",
		want: `text="Then." error=invalid_json`},
	// A channel closer with no channel open, after the answer, is
	// markup; so is an empty channel after it.
	// The template writes the label on its own line: the newline after
	// it is the label's, one more is the reasoning's (Ollama, vLLM and
	// llama.cpp read "thought\n" so).
	{name: "gemma4/label_newline_dropped", format: FormatGemma4,
		in:   "<|channel>thought\n\nStep one.<channel|>Done.<|channel>thoughtNo newline.<channel|><|channel>\nUnlabelled.<channel|>",
		want: `text="Done." reasoning="\nStep one.No newline.\nUnlabelled."`},
	// A value the catalog types as a string, written without its <|"|>
	// delimiters and cut by the closer (Ollama's raw terminal string
	// repair): its bytes up to the closer, leading newlines kept.
	{name: "gemma4/bare_string_cut_by_closer_repaired", format: FormatGemma4, tools: true,
		in:   "<|tool_call>call:write_to_file{path:<|\"|>notes.md<|\"|>,content:\n\n# Notes\n\nShip <b>it</b> today.\n<tool_call|>Saved.",
		want: `text="Saved." call=write_to_file{"path":"notes.md","content":"\n\n# Notes\n\nShip <b>it</b> today.\n"} error=repaired_value`},
	// Not typed as a string, or nested, the value's type is a guess.
	{name: "gemma4/bare_value_cut_by_closer_untyped", format: FormatGemma4, tools: true,
		in:   "<|tool_call>call:read_file{start_line:ten<tool_call|>A.<|tool_call>call:write_to_file{content:{body:long text<tool_call|>B.<|tool_call>call:save{content:\nhello<tool_call|>C.",
		want: `text="A.B.C." error=invalid_json error=invalid_json error=unknown_tool error=invalid_json`},
	{name: "gemma4/stray_channel_closers", format: FormatGemma4,
		in:   "<|channel>thought\n<channel|>Rain by noon.<|channel>thought\n<channel|><channel|>",
		want: `text="Rain by noon." error=malformed_markup`},
	// A bare value in single quotes is the string inside them (Ollama's
	// Gemma 4 tests); a lone quote is a word.
	{name: "gemma4/single_quoted_bare_value", format: FormatGemma4,
		in:   `<|tool_call>call:search{query:<|"|>TODO<|"|>,code:'^func \w+',filters:{lang:'go'},tags:['x',''],note:'}<tool_call|>`,
		want: `call=search{"query":"TODO","code":"^func \\w+","filters":{"lang":"go"},"tags":["x",""],"note":"'"}`},
	// A string whose opening <|"|> the model left out is read up to its
	// closing one, reported (SGLang's Gemma 4 detector reads it so), a
	// comma inside it too: a bare string's ',' is held until a key's ':'
	// (the value ended there) or the closing delimiter (it is the
	// string's) comes.
	{name: "gemma4/string_opener_missing", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{query:storms near Recife<|"|>}<tool_call|>`,
		want: `call=web_search{"query":"storms near Recife"} error=repaired_value`},
	{name: "gemma4/string_opener_missing_nested_and_listed", format: FormatGemma4,
		in:   `<|tool_call>call:lookup{where:{city:Porto<|"|>},tags:[<|"|>wine<|"|>,river<|"|>],n:2}<tool_call|>Fetching.`,
		want: `text="Fetching." call=lookup{"where":{"city":"Porto"},"tags":["wine","river"],"n":2} error=repaired_value error=repaired_value`},
	{name: "gemma4/string_opener_missing_holding_comma", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{query:Lima, Peru<|"|>,limit:3}<tool_call|>`,
		want: `call=web_search{"query":"Lima, Peru","limit":3} error=repaired_value`},
	{name: "gemma4/string_opener_missing_holding_commas_last", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{limit:3,query:Lima, Peru, Chile<|"|>}<tool_call|>Searching.`,
		want: `text="Searching." call=web_search{"limit":3,"query":"Lima, Peru, Chile"} error=repaired_value`},
	// Without delimiters at all, words after a ',' that reach no ':' are
	// the bare string's (the key was split before: "Peru,limit"); a ','
	// followed by a key ends the value; a number's ',' is never held.
	{name: "gemma4/bare_string_holding_comma_before_key", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{query:Lima, Peru,limit:3}<tool_call|>`,
		want: `call=web_search{"query":"Lima, Peru","limit":3}`},
	{name: "gemma4/bare_string_then_key_after_comma", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{query:Lima, limit:3,page:2}<tool_call|>`,
		want: `call=web_search{"query":"Lima","limit":3,"page":2}`},
	{name: "gemma4/bare_number_comma_not_held", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{limit:3, query:<|"|>Lima<|"|>}<tool_call|>`,
		want: `call=web_search{"limit":3,"query":"Lima"}`},
	// Words after the ',' and then the arguments' '}': no key and no
	// delimiter says where the value ends; the call stays broken.
	{name: "gemma4/bare_string_comma_then_words_broken", format: FormatGemma4,
		in:   `<|tool_call>call:web_search{query:Lima, Peru}<tool_call|>Then.`,
		want: `text="Then." error=invalid_json`},
	{name: "gemma4/stray_closer_after_call", format: FormatGemma4,
		in:   `<|tool_call>call:f{a:1}<tool_call|><tool_call|>Then.`,
		want: `text="Then." call=f{"a":1} error=malformed_markup`},
	// Without its call: keyword the block holds no call, as vLLM, SGLang
	// and Ollama read it; the calls after it are read.
	{name: "gemma4/call_keyword_missing", format: FormatGemma4,
		in:   "Let me see. <|tool_call>get_weather{city:<|\"|>Oslo<|\"|>}<tool_call|>Then <|tool_call>call:get_weather{city:<|\"|>Rome<|\"|>}<tool_call|>",
		want: `text="Let me see. Then " call=get_weather{"city":"Rome"} error=malformed_markup`},
	{name: "gemma4/fuzz_chunking_seed", format: FormatGemma4,
		in:   `<|tool_call>call:00{:[0000,,0`,
		want: `error=invalid_json`},
	{name: "gemma4/auto", format: FormatAuto,
		in:   `Sure.<|tool_call>call:get_weather{city:<|"|>Nice<|"|>}<tool_call|>`,
		want: `text="Sure." call=get_weather{"city":"Nice"}`},
}

func FuzzGemma4(f *testing.F) {
	addSeeds(f, "gemma4/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatGemma4, false, in, seed) })
}

// Gemma 4 writes its own value syntax; the arguments come out as JSON.
func ExampleParser_gemma4() {
	msg := `<|tool_call>call:get_weather{city:<|"|>Paris, "FR"<|"|>,days:3,opts:{metric:true}}<tool_call|>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatGemma4}), []byte(msg), 3))
	// Output:
	// call call_0 get_weather {"city":"Paris, \"FR\"","days":3,"opts":{"metric":true}}
}

func TestIsJSONNumber(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "-1.5e2": true, "12": true, "1E+3": true, "-0": true,
		"": false, "-": false, "01": false, "1.": false, ".5": false, "1e": false, "+1": false, "0x1": false, "NaN": false} {
		if got := isJSONNumber([]byte(s)); got != want {
			t.Errorf("isJSONNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// A Gemma block that holds words and no call (no '{', no call:
// keyword) gives them to the text (blockWords); a call cut before its
// arguments, or one missing its keyword, stays the call's error.
func init() {
	parseCases = append(parseCases,
		parseCase{name: "gemma4/block_holding_only_words", format: FormatGemma4,
			in:   "Before <|tool_call> not a call <tool_call|>after",
			want: `text="Before not a call after"`},
		parseCase{name: "gemma4/block_words_then_call", format: FormatGemma4,
			in:   "<|tool_call>hmm – no<tool_call|><|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>}<tool_call|>",
			want: `text="hmm – no" call=get_weather{"city":"Oslo"}`},
		parseCase{name: "gemma4/block_call_without_arguments_stays_error", format: FormatGemma4,
			in:   "<|tool_call>call:get_weather<tool_call|>",
			want: `error=invalid_json`},
	)
}
