package textparse

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// rawArgsCases: the invalid_json error of a call whose JSON arguments are
// broken carries their raw text (Error.Partial), for the JSON repair that
// replay simulates. raw is the text wanted, "" for none; the error must be
// invalid_json in every case.
var rawArgsCases = []struct {
	name   string
	format Format
	in     string
	raw    string
}{
	// A JSON call object in a tag (tool_call / hermes): the text runs to the
	// tag's closer, less the object's own closing brackets.
	{"tool_call/single_quotes_trailing_comma", FormatToolCall,
		"<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": 'Paris', \"days\": 3,}}\n</tool_call>\nDone.",
		`{"city": 'Paris', "days": 3,}`},
	{"tool_call/raw_newline_in_string", FormatToolCall,
		"<tool_call>\n{\"name\": \"note\", \"arguments\": {\"text\": \"line one\nline two\"}}\n</tool_call>",
		"{\"text\": \"line one\nline two\"}"},
	{"tool_call/object_not_closed", FormatToolCall,
		"<tool_call>\n{\"name\": \"convert_currency\", \"arguments\": {\"amount\": 500, \"from\": \"EUR\"}\n</tool_call>",
		`{"amount": 500, "from": "EUR"`},
	{"tool_call/nested_function_object", FormatToolCall,
		"<tool_call>{\"function\": {\"name\": \"get_weather\", \"arguments\": {\"city\": 'Paris'}}}</tool_call>",
		`{"city": 'Paris'}`},
	{"tool_call/list_of_calls", FormatToolCall,
		"<tool_call>[{\"name\": \"get_weather\", \"arguments\": {\"city\": 'Paris'}}]</tool_call>",
		`{"city": 'Paris'}`},
	{"tool_call/arguments_string_cut_short", FormatToolCall,
		"<tool_call>{\"name\": \"get_weather\", \"arguments\": \"{\\\"city\\\": \\\"Paris\\\"\"}</tool_call>",
		`{"city": "Paris"`},
	{"tool_call/no_closer_in_stream", FormatToolCall,
		"<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": 'Paris'}}\n",
		`{"city": 'Paris'}`},
	{"hermes/trailing_comma", FormatHermes,
		"<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\",}}\n</tool_call>",
		`{"city": "Paris",}`},
	// JSON in an <arguments> tag: the text runs to the tag's closer; a code
	// fence around it is not part of it.
	{"use_tool/single_quotes", FormatUseTool,
		"<use_tool>\n<tool_name>get_weather</tool_name>\n<arguments>{'city': 'Paris'}</arguments>\n</use_tool>",
		`{'city': 'Paris'}`},
	{"use_tool/fenced_trailing_comma", FormatUseTool,
		"<use_tool>\n<tool_name>get_weather</tool_name>\n<arguments>\n```json\n{\"city\": \"Paris\",}\n```\n</arguments>\n</use_tool>",
		`{"city": "Paris",}`},
	// Block dialects whose call has an end token.
	{"deepseek_v3/fenced_single_quotes", FormatDeepSeekV3,
		"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{\"city\": 'Paris'}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
		`{"city": 'Paris'}`},
	{"deepseek_v31/trailing_comma", FormatDeepSeekV31,
		"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{\"city\": \"Paris\",}<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
		`{"city": "Paris",}`},
	{"functionary_v3/function_tag", FormatFunctionaryV3,
		"<function=get_weather>{\"city\": 'Paris'}</function>",
		`{"city": 'Paris'}`},
	{"apriel/list_in_tag", FormatApriel,
		"<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\",}}]</tool_calls>",
		`{"city": "Paris",}`},
	// In a list of calls the text ends with the arguments, and the
	// list's next calls are read.
	{"nemotron_nano_v2/list_then_sibling", FormatNemotronNanoV2,
		"<TOOLCALL>[{\"name\": \"get_weather\", \"arguments\": {\"city\": 'Paris', \"days\": [1, 2]} }, {\"name\": \"list_files\", \"arguments\": {}}]</TOOLCALL>",
		`{"city": 'Paris', "days": [1, 2]}`},
	// Calls with no closer: what follows the error is read again, so the
	// text ends at the error.
	{"mistral/trailing_comma", FormatMistral,
		"[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\",}",
		`{"city": "Paris",`},
	{"mistral/list_trailing_comma", FormatMistral,
		"[TOOL_CALLS][{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\",}}]",
		`{"city": "Paris",`},
	{"llama3_json/bad_literal", FormatLlama3JSON,
		"{\"name\": \"get_weather\", \"parameters\": {\"metric\": tru}}",
		`{"metric": tru`},

	// No text: the arguments are not an object, sit in a JSON-encoded
	// string (what follows is still encoded), never began, or are not JSON.
	{"tool_call/arguments_not_object", FormatToolCall,
		"<tool_call>{\"name\": \"get_weather\", \"arguments\": [\"Paris\"]}</tool_call>", ""},
	{"tool_call/broken_inside_arguments_string", FormatToolCall,
		"<tool_call>{\"name\": \"get_weather\", \"arguments\": \"{\\\"city\\\": 'Paris'}\"}</tool_call>", ""},
	{"tool_call/broken_before_arguments", FormatToolCall,
		"<tool_call>{\"name\": \"get_weather\" \"arguments\": {\"city\": \"Paris\"}}</tool_call>", ""},
	{"use_tool/not_json", FormatUseTool,
		"<use_tool><tool_name>get_weather</tool_name><arguments>city=Paris</arguments></use_tool>", ""},
	{"pythonic/positional_argument", FormatPythonic,
		"[get_weather('Paris')]", ""},
}

func TestInvalidJSONKeepsRawArguments(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, tc := range rawArgsCases {
		t.Run(tc.name, func(t *testing.T) {
			o := opts{Format: tc.format}
			checkAnyChunking(t, r, o, []byte(tc.in)) // the held error comes out the same at any chunking
			var errs []toolcall.Error
			for _, ev := range toolcall.Run(mustNew(o), []byte(tc.in), 0) {
				if ev.Kind == toolcall.KindError {
					errs = append(errs, ev.Err)
				}
			}
			if len(errs) != 1 || errs[0].Code != toolcall.CodeInvalidJSON {
				t.Fatalf("want one invalid_json error, got %+v", errs)
			}
			if errs[0].Partial != tc.raw {
				t.Errorf("raw arguments %q, want %q", errs[0].Partial, tc.raw)
			}
		})
	}
}

// TestInvalidJSONRawArgumentsCapped: the text kept while skipping to the
// closer stops at the call byte cap; the error then carries none rather
// than a cut text the JSON repair would close into something else.
func TestInvalidJSONRawArgumentsCapped(t *testing.T) {
	long := strings.Repeat("x", 200)
	for _, tc := range []struct {
		cap int
		raw string
	}{
		{1 << 10, `{"a": '` + long + `'}`},
		{128, ""},
	} {
		in := []byte("<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": '" + long + "'}}</tool_call>after")
		for _, chunks := range [][][]byte{{in}, splitEvery(in, 5)} {
			r := toolcall.Collect("", toolcall.RunChunks(mustNew(opts{Format: FormatToolCall, MaxCallBytes: tc.cap}), chunks))
			if len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeInvalidJSON || r.Errors[0].Partial != tc.raw {
				t.Errorf("cap %d, %d chunks: errors %+v, want invalid_json with text %q", tc.cap, len(chunks), r.Errors, tc.raw)
			}
			if r.Text != "after" {
				t.Errorf("cap %d: text %q, want the text after the call", tc.cap, r.Text)
			}
		}
	}
}
