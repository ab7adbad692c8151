package textparse

import "testing"

func init() {
	parseCases = append(parseCases, xmlCallCases("muse_glimmer", FormatMuseGlimmer, "atem:function_calls", "atem:invoke", "atem:parameter")...)
	parseCases = append(parseCases, []parseCase{
		{name: "muse_glimmer/no_newlines", format: FormatMuseGlimmer, tools: true,
			in:   `<atem:function_calls><atem:invoke name="get_weather"><atem:parameter name="city">Rome</atem:parameter><atem:parameter name="metric">true</atem:parameter></atem:invoke></atem:function_calls>`,
			want: `call=get_weather{"city":"Rome","metric":true}`},
		{name: "muse_glimmer/plain_invoke_is_not_its_call", format: FormatMuseGlimmer, tools: true,
			in:   `<invoke name="get_weather"><parameter name="city">Rome</parameter></invoke>`,
			want: `text="<invoke name=\"get_weather\"><parameter name=\"city\">Rome</parameter></invoke>"`},
		// The channels: the prompt ends with <|start|>assistant, so the
		// output starts with the rest of a header (" to=self<|message|>").
		{name: "muse_glimmer/reasoning_then_answer", format: FormatMuseGlimmer,
			in:   " to=self<|message|>12 times 12 is 144. Give the number.<|eom|><|start|>assistant to=user<|message|>It is **144**.<|eot|>",
			want: `text="It is **144**." reasoning="12 times 12 is 144. Give the number."`},
		{name: "muse_glimmer/reasoning_then_call", format: FormatMuseGlimmer, tools: true,
			in: " to=self<|message|>The user wants the forecast; call the tool.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>\n" +
				"<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Lyon</atem:parameter>\n<atem:parameter name=\"days\">3</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>",
			want: `reasoning="The user wants the forecast; call the tool." call=get_weather{"city":"Lyon","days":3}`},
		{name: "muse_glimmer/answer_only", format: FormatMuseGlimmer,
			in:   " to=user<|message|>Good morning! How can I help?<|eot|>",
			want: `text="Good morning! How can I help?"`},
		{name: "muse_glimmer/call_without_reasoning", format: FormatMuseGlimmer, tools: true,
			in:   ` to=read_file<|message|><atem:function_calls><atem:invoke name="read_file"><atem:parameter name="path">go.mod</atem:parameter></atem:invoke></atem:function_calls>`,
			want: `call=read_file{"path":"go.mod"}`},
		{name: "muse_glimmer/reasoning_left_open_before_tool_header", format: FormatMuseGlimmer, tools: true,
			// The model leaves the self channel without <|eom|>: the next
			// header ends it.
			in:   ` to=self<|message|>No arguments needed. to=list_files<|message|><atem:function_calls><atem:invoke name="list_files"></atem:invoke></atem:function_calls><|eot|>`,
			want: `reasoning="No arguments needed." call=list_files{}`},
		{name: "muse_glimmer/reasoning_cut_at_end", format: FormatMuseGlimmer,
			in:   " to=self<|message|>Still weighing the options",
			want: `reasoning="Still weighing the options"`},
		{name: "muse_glimmer/several_reasoning_channels", format: FormatMuseGlimmer,
			in:   " to=self<|message|>First idea.<|eom|><|start|>assistant to=self<|message|>Second idea.<|eom|><|start|>assistant to=user<|message|>Done.",
			want: `text="Done." reasoning="First idea.Second idea."`},
		{name: "muse_glimmer/prose_to_is_text", format: FormatMuseGlimmer,
			in:   "Set x to=5, or pass to=y<b> as the flag; to=\nalone and at the end to=",
			want: `text="Set x to=5, or pass to=y<b> as the flag; to=\nalone and at the end to="`},
		{name: "muse_glimmer/prose_to_in_reasoning_stays_reasoning", format: FormatMuseGlimmer,
			in:   " to=self<|message|>Use a=1 to=2 mapping.<|eom|><|start|>assistant to=user<|message|>Use the mapping.",
			want: `text="Use the mapping." reasoning="Use a=1 to=2 mapping."`},
		{name: "muse_glimmer/header_cut_at_end_is_text", format: FormatMuseGlimmer,
			in:   "Answer: to=self<|mess",
			want: `text="Answer: to=self<|mess"`},
		{name: "muse_glimmer/call_quoted_in_reasoning_is_reasoning", format: FormatMuseGlimmer, tools: true,
			// A channel is a message; ATEM echoed in the self channel is
			// the model's thinking, as vLLM's parser reads it.
			in:   ` to=self<|message|>Format: <atem:function_calls><atem:invoke name="get_weather"></atem:invoke></atem:function_calls><|eom|><|start|>assistant to=user<|message|>Ok.`,
			want: `text="Ok." reasoning="Format: <atem:function_calls><atem:invoke name=\"get_weather\"></atem:invoke></atem:function_calls>"`},
		{name: "muse_glimmer/header_without_recipient_is_text", format: FormatMuseGlimmer,
			in:   "<|start|>assistant<|message|>Plain reply.<|end_of_text|>",
			want: `text="Plain reply."`},
		{name: "muse_glimmer/message_without_recipient", format: FormatMuseGlimmer, tools: true,
			// The model left the recipient out: the ATEM block is the call.
			in:   ` to=self<|message|>check the file<|eom|><|start|>assistant<|message|><atem:function_calls><atem:invoke name="read_file"><atem:parameter name="path">a.txt</atem:parameter></atem:invoke></atem:function_calls><|eom|>`,
			want: `reasoning="check the file" call=read_file{"path":"a.txt"}`},
		{name: "muse_glimmer/bare_message_token_then_call", format: FormatMuseGlimmer, tools: true,
			in:   `<|message|><atem:function_calls><atem:invoke name="list_files"></atem:invoke></atem:function_calls><|start|>assistant to=user<|message|>Listed.<|eot|>`,
			want: `text="Listed." call=list_files{}`},
		{name: "muse_glimmer/literal_start_token_in_answer", format: FormatMuseGlimmer,
			in:   " to=user<|message|>Write `<|start|>` to open a message.<|eot|>",
			want: "text=\"Write `<|start|>` to open a message.\""},
		{name: "muse_glimmer/literal_start_token_in_reasoning", format: FormatMuseGlimmer,
			in:   " to=self<|message|>The token <|start|> opens one.<|eom|>",
			want: `reasoning="The token <|start|> opens one."`},
		{name: "muse_glimmer/value_holds_control_token_text", format: FormatMuseGlimmer, tools: true,
			in:   ` to=search<|message|><atem:function_calls><atem:invoke name="search"><atem:parameter name="query">a <|eot|> then <|start|>assistant to=user<|message|> b</atem:parameter></atem:invoke></atem:function_calls><|eot|>`,
			want: `call=search{"query":"a <|eot|> then <|start|>assistant to=user<|message|> b"}`},
		// A value is written flush against its tags: its last newline is
		// the value's (a file's final newline), as SGLang's and Ollama's
		// Glimmer parsers keep it; a value written on its own lines (a
		// newline right after the opening tag) has both newlines as markup.
		{name: "muse_glimmer/value_keeps_trailing_newline", format: FormatMuseGlimmer, tools: true,
			in: " to=write_to_file<|message|><atem:function_calls>\n<atem:invoke name=\"write_to_file\">\n" +
				"<atem:parameter name=\"path\">notes.txt</atem:parameter>\n<atem:parameter name=\"content\">- milk\n- \"oat\" bread\n</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>",
			want: `call=write_to_file{"path":"notes.txt","content":"- milk\n- \"oat\" bread\n"}`},
		{name: "muse_glimmer/value_on_its_own_lines", format: FormatMuseGlimmer, tools: true,
			in:   " to=write_to_file<|message|><atem:function_calls><atem:invoke name=\"write_to_file\"><atem:parameter name=\"path\">a.md</atem:parameter><atem:parameter name=\"content\">\n# Title\n</atem:parameter></atem:invoke></atem:function_calls>",
			want: `call=write_to_file{"path":"a.md","content":"# Title"}`},
		{name: "muse_glimmer/value_keeps_spaces", format: FormatMuseGlimmer, tools: true,
			in:   " to=write_to_file<|message|><atem:function_calls><atem:invoke name=\"write_to_file\"><atem:parameter name=\"path\">b.txt</atem:parameter><atem:parameter name=\"content\">  two  spaces \n\n</atem:parameter></atem:invoke></atem:function_calls>",
			want: `call=write_to_file{"path":"b.txt","content":"  two  spaces \n\n"}`},
		// The template offers tools as NS.*: read_file.read_file names
		// read_file (Ollama resolves it so); a namespace no tool has
		// stays the name written.
		{name: "muse_glimmer/tool_named_through_its_namespace", format: FormatMuseGlimmer, tools: true,
			in:   ` to=read_file.read_file<|message|><atem:function_calls><atem:invoke name="read_file.read_file"><atem:parameter name="path">a.go</atem:parameter></atem:invoke></atem:function_calls>`,
			want: `call=read_file{"path":"a.go"}`},
		{name: "muse_glimmer/unknown_namespace_kept", format: FormatMuseGlimmer, tools: true,
			in:   ` to=functions.read_file<|message|><atem:function_calls><atem:invoke name="functions.read_file"></atem:invoke></atem:function_calls>`,
			want: `call=functions.read_file{} error=unknown_tool`},
		{name: "muse_glimmer/headers_not_read_under_auto", format: FormatAuto,
			in:   " to=self<|message|>hmm<|eom|>",
			want: `text=" to=self<|message|>hmm<|eom|>"`},
		{name: "muse_glimmer/lookalikes_are_text", format: FormatMuseGlimmer,
			in:   "<atem:function_call> <atem:invoker> </atem:function_calls_x>",
			want: `text="<atem:function_call> <atem:invoker> </atem:function_calls_x>"`},
		// Where a message starts, the header may come without the space
		// of " to" (vLLM's Glimmer parser reads both); elsewhere "to=" is
		// text.
		{name: "muse_glimmer/header_without_space_at_start", format: FormatMuseGlimmer,
			in:   "to=self<|message|>Weigh both.<|eom|>to=user<|message|>Both work.<|eot|>",
			want: `text="Both work." reasoning="Weigh both."`},
		{name: "muse_glimmer/header_without_space_after_eot", format: FormatMuseGlimmer,
			in:   "to=self<|message|>one<|eom|>to=user<|message|>Part A.<|eot|>to=self<|message|>two<|eom|>",
			want: `text="Part A." reasoning="onetwo"`},
		{name: "muse_glimmer/header_without_space_reasoning_cut", format: FormatMuseGlimmer,
			in:   "to=self<|message|>still weighing",
			want: `reasoning="still weighing"`},
		{name: "muse_glimmer/header_without_space_answer_only", format: FormatMuseGlimmer,
			in:   "to=user<|message|>Just the answer.<|eot|>",
			want: `text="Just the answer."`},
		{name: "muse_glimmer/header_without_space_tool_message", format: FormatMuseGlimmer, tools: true,
			in:   "to=self<|message|>Use the tool.<|eom|>to=get_weather<|message|><atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Oslo</atem:parameter></atem:invoke></atem:function_calls><|eom|>",
			want: `reasoning="Use the tool." call=get_weather{"city":"Oslo"}`},
		{name: "muse_glimmer/bare_to_in_prose_is_text", format: FormatMuseGlimmer,
			in:   "Set x to=5 here.<|eot|>to=x y",
			want: `text="Set x to=5 here.to=x y"`},
		{name: "muse_glimmer/bare_to_at_start_without_message_is_text", format: FormatMuseGlimmer,
			in:   "to=5 is prose",
			want: `text="to=5 is prose"`},
	}...)
}

func FuzzMuseGlimmer(f *testing.F) {
	addSeeds(f, "muse_glimmer/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMuseGlimmer, true, in, seed) })
}

// Muse Glimmer writes function_calls' tags in the atem namespace; values
// are coerced by the catalog.
func ExampleParser_museGlimmer() {
	showCalls(mustNew(opts{Format: FormatMuseGlimmer, Tools: tools}),
		"<atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Paris</atem:parameter>\n"+
			"<atem:parameter name=\"days\">2</atem:parameter>\n</atem:invoke>\n</atem:function_calls>")
	// Output: call get_weather {"city":"Paris","days":2}
}
