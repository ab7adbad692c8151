package textparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() {
	parseCases = append(parseCases, jsonBlockCases("jamba", FormatJamba, listWrap("<tool_calls>", "</tool_calls>"), jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		// The block's opener written again after its list, its closer left
		// out: reported, and the next list is the same block's.
		{name: "jamba/block_opener_again_between_lists", format: FormatJamba,
			in:   "<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]\n<tool_calls>[{\"name\": \"get_time\", \"arguments\": {\"zone\": \"CET\"}}]</tool_calls>",
			want: `call=get_weather{"city":"Oslo"} call=get_time{"zone":"CET"} error=malformed_markup`},
		{name: "jamba/pretty_printed_list", format: FormatJamba,
			in:   "I'll fetch both.\n<tool_calls>[\n    {\"name\": \"read_file\", \"arguments\": {\"path\": \"a.go\"}},\n    {\"name\": \"read_file\", \"arguments\": {\"path\": \"b.go\"}}\n]</tool_calls>",
			want: `text="I'll fetch both.\n" call=read_file{"path":"a.go"} call=read_file{"path":"b.go"}`},
		{name: "jamba/empty_list", format: FormatJamba,
			in:   "<tool_calls>[]</tool_calls>Nothing to call.",
			want: `text="Nothing to call."`},
		// A skipped element cut by the block's closer inside its nesting:
		// the closer ends the list (jsonscan.Nesting.Until stops at '<' at
		// any depth), and the text after it is text.
		{name: "jamba/junk_element_cut_by_closer", format: FormatJamba,
			in:   `<tool_calls>[{"name": "f", "arguments": {}}, [1, {"a": [2 </tool_calls>After`,
			want: `text="After" call=f{} error=invalid_json`},
		// Call objects one after another, the first broken: it is
		// skipped to its own end and the next is read (a block holding
		// calls one after another reads on, as a list does).
		{name: "jamba/broken_object_then_next_object", format: FormatJamba,
			in:   `<tool_calls>{"name": "read_file", "arguments": "a.go"} {"name": "read_file", "arguments": {"path": "b.go"}}</tool_calls>Read.`,
			want: `text="Read." call=read_file{"path":"b.go"} error=invalid_json`},
		{name: "jamba/object_not_list", format: FormatJamba,
			in:   `<tool_calls>{"name": "list_files", "arguments": {}}</tool_calls>`,
			want: `call=list_files{}`},
	}...)
}

func FuzzJamba(f *testing.F) {
	addSeeds(f, "jamba/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatJamba, false, in, seed) })
}

// Jamba writes its calls as a JSON list in <tool_calls>.
func ExampleParser_jamba() {
	msg := `Checking.<tool_calls>[{"name": "read_file", "arguments": {"path": "go.mod"}}]</tool_calls>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatJamba}), []byte(msg), 0))
	// Output:
	// text "Checking."
	// call call_0 read_file {"path": "go.mod"}
}
