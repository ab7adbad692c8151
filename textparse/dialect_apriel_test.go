package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	parseCases = append(parseCases, jsonBlockCases("apriel", FormatApriel, listWrap("<tool_calls>", "</tool_calls>"), jsonBlockOpts{reasonEnd: "[BEGIN FINAL RESPONSE]"})...)
	parseCases = append(parseCases, []parseCase{
		{name: "apriel/v16_reasoning_steps", format: FormatApriel,
			in: "Here are my reasoning steps:\nThe user wants the weather in Oslo.\n[BEGIN FINAL RESPONSE]\n" +
				"<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]</tool_calls>\n[END FINAL RESPONSE]",
			want: `text="\n\n" reasoning="\nThe user wants the weather in Oslo.\n" call=get_weather{"city":"Oslo"}`},
		{name: "apriel/v16_text_answer", format: FormatApriel,
			in:   "Here are my reasoning steps:\nSimple.\n[BEGIN FINAL RESPONSE]\nOslo is in Norway.\n[END FINAL RESPONSE]",
			want: `text="\nOslo is in Norway.\n" reasoning="\nSimple.\n"`},
		{name: "apriel/v15_thinking", format: FormatApriel,
			in:   "<thinking>Need the file.</thinking><tool_calls>[{\"name\": \"read_file\", \"arguments\": {\"path\": \"a.go\"}}]</tool_calls>",
			want: `reasoning="Need the file." call=read_file{"path":"a.go"}`},
		{name: "apriel/lookalikes_are_text", format: FormatApriel,
			in:   "[BEGIN FINAL] Here are my steps: <tool_calls_x>",
			want: `text="[BEGIN FINAL] Here are my steps: <tool_calls_x>"`},
	}...)
}

func FuzzApriel(f *testing.F) {
	addSeeds(f, "apriel/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatApriel, false, in, seed) })
}

// Apriel 1.6 writes its reasoning steps, then the final response.
func ExampleParser_apriel() {
	msg := "Here are my reasoning steps:\nLook up Oslo.\n[BEGIN FINAL RESPONSE]\n" +
		`<tool_calls>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]</tool_calls>` + "\n[END FINAL RESPONSE]"
	printCalls(toolcall.Run(mustNew(opts{Format: FormatApriel}), []byte(msg), 5))
	// Output:
	// reasoning "\nLook up Oslo.\n"
	// text "\n"
	// call call_0 get_weather {"city": "Oslo"}
	// text "\n"
}
