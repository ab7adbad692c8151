package textparse

import (
	"strings"
	"testing"
)

func init() {
	// One call is written as an object, several as a list.
	wrap := func(calls ...string) string {
		if len(calls) == 1 {
			return "<tools>\n" + calls[0] + "\n</tools>"
		}
		return "<tools>\n[\n    " + strings.Join(calls, ",\n    ") + "\n]\n</tools>"
	}
	parseCases = append(parseCases, jsonBlockCases("qwen25_coder", FormatQwen25Coder, wrap, jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "qwen25_coder/one_object_per_tag", format: FormatQwen25Coder,
			in:   "<tools>\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n</tools>\n<tools>\n{\"name\": \"grep\", \"arguments\": {\"pattern\": \"TODO\"}}\n</tools>",
			want: `text="\n" call=read_file{"path":"main.go"} call=grep{"pattern":"TODO"}`},
		{name: "qwen25_coder/flush_tags_text_after", format: FormatQwen25Coder,
			in:   `Looking it up.<tools>{"name": "search_docs", "arguments": {"query": "context.WithTimeout"}}</tools> Then I will summarise.`,
			want: `text="Looking it up. Then I will summarise." call=search_docs{"query":"context.WithTimeout"}`},
		{name: "qwen25_coder/parameters_key", format: FormatQwen25Coder,
			in:   `<tools>{"name": "get_weather", "parameters": {"city": "Lagos"}}</tools>`,
			want: `call=get_weather{"city":"Lagos"}`},
		{name: "qwen25_coder/empty_tag", format: FormatQwen25Coder,
			in:   "Nothing to call.<tools></tools>",
			want: `text="Nothing to call."`},
		{name: "qwen25_coder/not_json", format: FormatQwen25Coder,
			in:   "<tools>look up the weather</tools> ok",
			want: `text=" ok" error=invalid_json`},
		{name: "qwen25_coder/broken_object_before_closer", format: FormatQwen25Coder,
			in:   "<tools>\n{\"name\": \"get_weather\", \"arguments\": {city: Lagos\n</tools>\nSorry.",
			want: `text="\nSorry." error=invalid_json`},
		// The broken object is skipped to its own end; words after it in
		// the tag start no call and are reported, not dropped unsaid.
		{name: "qwen25_coder/broken_object_then_words", format: FormatQwen25Coder,
			in:   "<tools>{\"name\": \"get_weather\", \"arguments\": {\"days\": tree}} and more</tools>Sorry.",
			want: `text="Sorry." error=invalid_json error=invalid_json`},
		{name: "qwen25_coder/lookalikes_are_text", format: FormatQwen25Coder,
			in:   "the <tool> and <toolset> tags, </tools> too",
			want: `text="the <tool> and <toolset> tags, </tools> too"`},
		// <tools> lists tool definitions in Hermes-style prompts; auto
		// does not read it.
		{name: "qwen25_coder/not_detected_under_auto", format: FormatAuto,
			in:   `<tools>{"name": "get_weather", "arguments": {}}</tools>`,
			want: `text="<tools>{\"name\": \"get_weather\", \"arguments\": {}}</tools>"`},
	}...)
}

func FuzzQwen25Coder(f *testing.F) {
	addSeeds(f, "qwen25_coder/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatQwen25Coder, false, in, seed) })
}
