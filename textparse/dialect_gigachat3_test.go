package textparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	wrap := func(calls ...string) string {
		return "<|message_sep|>function call<|role_sep|>\n" + strings.Join(calls, "<|message_sep|>function call<|role_sep|>\n")
	}
	parseCases = append(parseCases, jsonBlockCases("gigachat3", FormatGigaChat3, wrap, jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		// GigaChat 3.1 opens a call with one token.
		{name: "gigachat3/v31_function_call_token", format: FormatGigaChat3,
			in:   "Уточню курс.<|function_call|>{\"name\": \"get_rate\", \"arguments\": {\"pair\": \"EUR/RUB\"}}",
			want: `text="Уточню курс." call=get_rate{"pair":"EUR/RUB"}`},
		// vLLM's test_gigachat3_tool_parser.py: the end-of-sequence token
		// after the call is markup.
		{name: "gigachat3/eos_after_call", format: FormatGigaChat3,
			in:   "Проверю.<|message_sep|>function call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Казань\"}}</s>",
			want: `text="Проверю." call=get_weather{"city":"Казань"}`},
		{name: "gigachat3/v31_eos_after_call", format: FormatGigaChat3,
			in:   "<|function_call|>{\"name\": \"list_files\", \"arguments\": {}}</s>",
			want: `call=list_files{}`},
		{name: "gigachat3/v31_call_only", format: FormatGigaChat3,
			in:   "<|function_call|>{\"name\": \"list_files\", \"arguments\": {}}",
			want: `call=list_files{}`},
		{name: "gigachat3/call_only", format: FormatGigaChat3,
			in:   "function call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Москва\"}}",
			want: `call=get_weather{"city":"Москва"}`},
		{name: "gigachat3/russian_text_then_call", format: FormatGigaChat3,
			in:   "Сейчас проверю погоду.<|message_sep|>function call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Казань\", \"days\": 2}}",
			want: `text="Сейчас проверю погоду." call=get_weather{"city":"Казань","days":2}`},
		{name: "gigachat3/prose_mentions_function_call", format: FormatGigaChat3,
			in:   "A function call is how a model uses a tool.",
			want: `text="A function call is how a model uses a tool."`},
		{name: "gigachat3/lookalikes_are_text", format: FormatGigaChat3,
			in:   "function call<|role|> function call <|role_sep|> <|message_se",
			want: `text="function call<|role|> function call <|role_sep|> <|message_se"`},
		{name: "gigachat3/auto_is_not_detected", format: FormatAuto,
			in:   "function call<|role_sep|>\n{}",
			want: `text="function call<|role_sep|>\n{}"`},
	}...)
}

func FuzzGigaChat3(f *testing.F) {
	addSeeds(f, "gigachat3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatGigaChat3, false, in, seed) })
}

// GigaChat 3 ends its text with <|message_sep|> and writes the call as a
// "function call" message.
func ExampleParser_gigaChat3() {
	msg := "Проверю.<|message_sep|>function call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Moscow\"}}"
	printCalls(toolcall.Run(mustNew(opts{Format: FormatGigaChat3}), []byte(msg), 10))
	// Output:
	// text "Проверю."
	// call call_0 get_weather {"city": "Moscow"}
}
