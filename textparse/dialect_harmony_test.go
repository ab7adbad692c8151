package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, harmonyCases...) }

const (
	hAnalysis = "<|channel|>analysis<|message|>"
	hAsst     = "<|start|>assistant"
)

func hCall(name, args string) string {
	return hAsst + "<|channel|>commentary to=functions." + name + " <|constrain|>json<|message|>" + args + "<|call|>"
}

// harmonyCases are modelled on gpt-oss-20b/120b output as vLLM and Ollama
// receive it.
var harmonyCases = []parseCase{
	// SGLang's harmony parser: a special token cut short by the end of
	// the output is held back, never text; a lone '<' stays text.
	{name: "harmony/cut_token_at_end_dropped", format: FormatHarmony,
		in:   "<|channel|>final<|message|>All set <|ret",
		want: `text="All set " error=malformed_markup`},
	{name: "harmony/lone_angle_at_end_is_text", format: FormatHarmony,
		in:   "<|channel|>final<|message|>x <",
		want: `text="x <"`},
	// gpt-oss served with its special tokens stripped (SGLang's harmony
	// TextStrategy): the channels' names are left bare, read only at the
	// output's start and only when harmony is named.
	{name: "harmony/stripped_analysis_then_final", format: FormatHarmony,
		in:   "analysisThe user wants a sum. 3+4=7.assistantfinalIt is 7.",
		want: `text="It is 7." reasoning="The user wants a sum. 3+4=7."`},
	{name: "harmony/stripped_commentary_then_final", format: FormatHarmony,
		in:   "commentary Checking the docs first. assistantfinal Found it.",
		want: `text=" Checking the docs first.  Found it."`},
	{name: "harmony/stripped_final_only", format: FormatHarmony,
		in:   "assistantfinal Short answer.",
		want: `text=" Short answer."`},
	{name: "harmony/stripped_analysis_cut", format: FormatHarmony,
		in:   "  analysis Still weighing it",
		want: `text="  " reasoning=" Still weighing it"`},
	{name: "harmony/analysis_word_after_text_is_text", format: FormatHarmony,
		in:   "Our analysis shows growth. assistantfinal",
		want: `text="Our analysis shows growth. "`},
	{name: "harmony/stripped_form_not_read_under_auto", format: FormatAuto,
		in:   "analysis of costs assistantfinal done",
		want: `text="analysis of costs assistantfinal done"`},
	{name: "harmony/lead_word_after_given_back_bytes_is_text", format: FormatHarmony,
		in:   "<|commentary on it",
		want: `text="<|commentary on it"`},
	{name: "harmony/word_cut_at_end_is_text", format: FormatHarmony,
		in:   "<|channel|>final<|message|>It works as",
		want: `text="It works as"`},
	// A bare "commentary" left between a call's <|call|> and the next
	// header (the next message's channel name, its tokens stripped) is
	// dropped, as SGLang's harmony parser filters it.
	{name: "harmony/commentary_filler_after_call_dropped", format: FormatHarmony,
		in: "<|channel|>commentary to=functions.lookup<|message|>{\"id\":1}<|call|>commentary" +
			"<|channel|>commentary to=functions.lookup<|message|>{\"id\":2}<|call|>commentary" +
			"<|start|>assistant<|channel|>final<|message|>Both found.<|return|>",
		want: `text="Both found." call=lookup{"id":1} call=lookup{"id":2}`},
	{name: "harmony/reasoning_then_call", format: FormatHarmony,
		in:   hAnalysis + "User asks for weather in Tokyo. Call get_weather.<|end|>" + hCall("get_weather", `{"location":"Tokyo"}`),
		want: `reasoning="User asks for weather in Tokyo. Call get_weather." call=get_weather{"location":"Tokyo"}`},
	{name: "harmony/final_answer", format: FormatHarmony,
		in:   hAnalysis + "Simple question.<|end|>" + hAsst + "<|channel|>final<|message|>Paris is the capital of France.<|return|>",
		want: `text="Paris is the capital of France." reasoning="Simple question."`},
	{name: "harmony/no_start_header", format: FormatHarmony,
		in:   "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"location\":\"Oslo\"}<|call|>",
		want: `call=get_weather{"location":"Oslo"}`},
	{name: "harmony/recipient_before_channel", format: FormatHarmony,
		in:   "<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{\"location\":\"Rome\"}<|call|>",
		want: `call=get_weather{"location":"Rome"}`},
	// The prompt ended with <|start|>assistant: the output starts with
	// the rest of the header, the recipient first (llama.cpp's gpt-oss
	// tests). Only when harmony is named: prose may hold "to=functions.".
	// <|start|> with the role left out: the header starts at <|channel|>
	// (SGLang's harmony detector tests write it so).
	{name: "harmony/start_without_role", format: FormatHarmony,
		in:   "<|start|><|channel|>analysis<|message|>Check the totals.<|end|><|start|><|channel|>final<|message|>They add up.<|return|>",
		want: `text="They add up." reasoning="Check the totals."`},
	// llama.cpp's test-chat-parser.cpp: the analysis message is not ended
	// by <|end|> before the next header, and the final one not at all.
	{name: "harmony/analysis_unended_then_final", format: FormatHarmony,
		in:   "<|channel|>analysis<|message|>Which city?<|start|>assistant<|channel|>final<|message|>Which city do you mean?",
		want: `text="Which city do you mean?" reasoning="Which city?"`},
	{name: "harmony/start_without_role_call", format: FormatHarmony,
		in:   "<|start|><|channel|>commentary to=functions.sum_rows <|constrain|>json<|message|>{\"sheet\": \"Q3\"}<|call|>",
		want: `call=sum_rows{"sheet":"Q3"}`},
	{name: "harmony/output_starts_with_recipient", format: FormatHarmony,
		in:   " to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{\"location\":\"Lima\"}<|call|>",
		want: `text=" " call=get_weather{"location":"Lima"}`},
	{name: "harmony/recipient_first_analysis_channel", format: FormatHarmony,
		in:   " to=functions.read_file<|channel|>analysis<|message|>{\"path\":\"go.sum\"}",
		want: `text=" " call=read_file{"path":"go.sum"} error=missing_closer`},
	{name: "harmony/recipient_in_reasoning_is_reasoning", format: FormatHarmony,
		in:   hAnalysis + "Send it to=functions.read_file later.<|end|>" + hAsst + "<|channel|>final<|message|>ok",
		want: `text="ok" reasoning="Send it to=functions.read_file later."`},
	{name: "harmony/recipient_not_read_under_auto", format: FormatAuto,
		in:   "Use to=functions.x<|message|>{} in the header.",
		want: `text="Use to=functions.x<|message|>{} in the header."`},
	{name: "harmony/preamble_is_text", format: FormatHarmony,
		in:   hAsst + "<|channel|>commentary<|message|>Let me check both cities.<|end|>" + hCall("get_weather", `{"location":"A"}`),
		want: `text="Let me check both cities." call=get_weather{"location":"A"}`},
	{name: "harmony/parallel", format: FormatHarmony,
		in:   hAnalysis + "two calls<|end|>" + hCall("get_weather", `{"location":"A"}`) + hCall("read_file", `{"path":"a.go"}`),
		want: `reasoning="two calls" call=get_weather{"location":"A"} call=read_file{"path":"a.go"}`},
	{name: "harmony/empty_arguments", format: FormatHarmony,
		in:   hCall("list_files", `{}`),
		want: `call=list_files{}`},
	{name: "harmony/markers_in_values", format: FormatHarmony,
		in:   hCall("write_to_file", `{"path":"a.md","content":"<|call|> and <|end|> 日本"}`),
		want: `call=write_to_file{"path":"a.md","content":"<|call|> and <|end|> 日本"}`},
	{name: "harmony/truncated_call", format: FormatHarmony,
		in:   hAnalysis + "x<|end|>" + hAsst + "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"location\":\"Tok",
		want: `reasoning="x" error=incomplete_call`},
	{name: "harmony/reasoning_without_end", format: FormatHarmony,
		in:   hAnalysis + "thinking" + hAsst + "<|channel|>final<|message|>Done.",
		want: `text="Done." reasoning="thinking"`},
	{name: "harmony/invalid_json_then_final", format: FormatHarmony,
		in:   hCall("a", `{"x":}`) + hAsst + "<|channel|>final<|message|>ok<|return|>",
		want: `text="ok" error=invalid_json`},
	{name: "harmony/builtin_recipient_is_text", format: FormatHarmony,
		in:   hAsst + "<|channel|>analysis to=python code<|message|>print(1)<|call|>",
		want: `reasoning="print(1)"`},
	{name: "harmony/reasoning_open", format: FormatHarmony, open: true,
		in:   "already thinking<|end|>" + hCall("f", `{}`),
		want: `reasoning="already thinking" call=f{}`},
	{name: "harmony/auto", format: FormatAuto,
		in:   hAnalysis + "plan<|end|>" + hCall("get_weather", `{"location":"Tokyo"}`),
		want: `reasoning="plan" call=get_weather{"location":"Tokyo"}`},
}

func FuzzHarmony(f *testing.F) {
	addSeeds(f, "harmony/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatHarmony, false, in, seed) })
}

// gpt-oss reasoning, then a call.
func ExampleParser_harmony() {
	msg := "<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"location\":\"Tokyo\"}<|call|>"
	for _, ev := range toolcall.Run(mustNew(opts{Format: FormatHarmony}), []byte(msg), 9) {
		switch ev.Kind {
		case toolcall.KindReasoning:
			fmt.Printf("reasoning %q\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Println("call", ev.Call.Name, string(ev.Call.Arguments))
		}
	}
	// Output:
	// reasoning "Need the weather."
	// call get_weather {"location":"Tokyo"}
}
