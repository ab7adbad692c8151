package textparse

import (
	"strings"
	"testing"
)

func init() {
	// One action per call, its tokens decoded with a space between them.
	wrap := func(calls ...string) string {
		var b strings.Builder
		for _, c := range calls {
			b.WriteString("<|action_start|> <|plugin|>\n" + c + "\n<|action_end|>")
		}
		return b.String()
	}
	parseCases = append(parseCases, jsonBlockCases("intern_s1", FormatInternS1, wrap, jsonBlockOpts{single: true})...)
	parseCases = append(parseCases, []parseCase{
		{name: "intern_s1/two_actions_then_answer", format: FormatInternS1,
			in:   "<|action_start|> <|plugin|>\n{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Tokyo\"}}\n<|action_end|>\n<|action_start|> <|plugin|>\n{\"name\": \"get_time\", \"parameters\": {\"timezone\": \"Asia/Tokyo\"}}\n<|action_end|>\nHere is both.",
			want: `text="\n\nHere is both." call=get_weather{"city":"Tokyo"} call=get_time{"timezone":"Asia/Tokyo"}`},
		{name: "intern_s1/tokens_without_space", format: FormatInternS1,
			in:   `<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Lyon"}}<|action_end|>`,
			want: `call=get_weather{"city":"Lyon"}`},
		{name: "intern_s1/broken_arguments_before_end", format: FormatInternS1,
			in:   `<|action_start|> <|plugin|>{"name": "get_weather", "parameters": {<|action_end|>Sorry.`,
			want: `text="Sorry." error=invalid_json`},
		{name: "intern_s1/other_channel_is_text", format: FormatInternS1,
			in:   "<|action_start|> <|interpreter|>\nprint(1)\n<|action_end|>",
			want: `text="<|action_start|> <|interpreter|>\nprint(1)\n<|action_end|>"`},
		{name: "intern_s1/reasoning_then_action", format: FormatInternS1,
			in:   "<think>Tokyo, one lookup.</think><|action_start|> <|plugin|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Tokyo\"}}<|action_end|>",
			want: `reasoning="Tokyo, one lookup." call=get_weather{"city":"Tokyo"}`},
		// InternLM's spelling is internlm's under auto; the spaced one is
		// read only when intern_s1 is named.
		{name: "intern_s1/spaced_not_auto", format: FormatAuto,
			in:   `<|action_start|> <|plugin|>{"name": "f", "parameters": {}}<|action_end|>`,
			want: `text="<|action_start|> <|plugin|>{\"name\": \"f\", \"parameters\": {}}<|action_end|>"`},
	}...)
}

func FuzzInternS1(f *testing.F) {
	addSeeds(f, "intern_s1/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatInternS1, false, in, seed) })
}
