package textparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, tooDeepCases...) }

// tooDeepCases keep the full event streams (offsets, messages, recovery)
// of non-object arguments as goldens, and seed the fuzz targets.
var tooDeepCases = []parseCase{
	{name: "tool_call/array_arguments_too_deep", format: FormatToolCall, depth: 3,
		in:   `<tool_call>{"name":"f","arguments":[[[[1]]]]}</tool_call>ok<tool_call>{"name":"g","arguments":{}}</tool_call>`,
		want: `text="ok" call=g{} error=too_deep`},
	{name: "tool_call/string_array_arguments_too_deep", format: FormatToolCall, depth: 3,
		in:   `<tool_call>{"name":"f","arguments":"[[[[\"a\"]]]]"}</tool_call>ok`,
		want: `text="ok" error=too_deep`},
	{name: "tool_call/array_arguments_shallow", format: FormatToolCall, depth: 3,
		in:   `<tool_call>{"name":"f","arguments":[[1]]}</tool_call>ok`,
		want: `text="ok" error=invalid_json`},
	{name: "use_tool/array_arguments_too_deep", format: FormatUseTool, depth: 3,
		in:   `<use_tool><tool_name>f</tool_name><arguments>[[[[]]]]</arguments></use_tool>ok`,
		want: `text="ok" error=too_deep`},
}

// jsonArgDialects wraps arguments A in one call of each dialect that reads
// JSON arguments, followed by text where the dialect has a closer.
var jsonArgDialects = []struct {
	format Format
	wrap   func(args string) string
}{
	{FormatToolCall, func(a string) string { return `<tool_call>{"name":"f","arguments":` + a + `}</tool_call>after` }},
	{FormatHermes, func(a string) string { return `<tool_call>{"name":"f","arguments":` + a + `}</tool_call>after` }},
	{FormatKimiK2, func(a string) string {
		return `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>` + a + `<|tool_call_end|><|tool_calls_section_end|>after`
	}},
	{FormatDeepSeekV3, func(a string) string { return dsBegin + dsV3("f", a) + dsEnd + "after" }},
	{FormatDeepSeekV31, func(a string) string { return dsBegin + dsV31("f", a) + dsEnd + "after" }},
	{FormatMistral, func(a string) string { return `[TOOL_CALLS] [{"name": "f", "arguments": ` + a + `}]` }},
	{FormatLlama3JSON, func(a string) string { return `<|python_tag|>{"name": "f", "parameters": ` + a + `}` }},
	{FormatCohere, func(a string) string {
		return `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": ` + a + `}]<|END_ACTION|>after`
	}},
	{FormatGranite, func(a string) string { return `<|tool_call|>[{"name": "f", "arguments": ` + a + `}]` }},
	{FormatXLAM, func(a string) string { return `[{"name": "f", "arguments": ` + a + `}]` }},
	{FormatInternLM, func(a string) string {
		return `<|action_start|><|plugin|>{"name": "f", "parameters": ` + a + `}<|action_end|>after`
	}},
	{FormatLongcat, func(a string) string {
		return `<longcat_tool_call>{"name": "f", "arguments": ` + a + `}</longcat_tool_call>after`
	}},
	{FormatUseTool, func(a string) string {
		return `<use_tool><tool_name>f</tool_name><arguments>` + a + `</arguments></use_tool>after`
	}},
}

// Arguments nested past the depth cap are too_deep whatever the kind of
// their top-level value (object, array, or either JSON-encoded in a
// string), on every dialect that reads JSON arguments, at any chunking;
// shallow non-object arguments stay invalid_json, and the text after the
// call's closer is kept.
func TestArgumentsTooDeepAnyKind(t *testing.T) {
	const depth = 4
	deepArr := strings.Repeat("[", 3*depth) + strings.Repeat("]", 3*depth)
	deepObj := `{"a":` + deepArr + `}`
	mixed := strings.Repeat(`[{"k":`, depth) + "1" + strings.Repeat("}]", depth)
	quoted := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
	for _, tc := range []struct {
		name, args string
		want       toolcall.Code
		str        bool // a JSON-encoded string: only envelope dialects decode it
	}{
		{"object", deepObj, toolcall.CodeTooDeep, false},
		{"array", deepArr, toolcall.CodeTooDeep, false},
		{"array_of_objects", mixed, toolcall.CodeTooDeep, false},
		{"string_array", quoted(deepArr), toolcall.CodeTooDeep, true},
		{"string_object", quoted(deepObj), toolcall.CodeTooDeep, true},
		{"shallow_array", `[1, [2]]`, toolcall.CodeInvalidJSON, false},
		{"number", `5`, toolcall.CodeInvalidJSON, false},
		{"shallow_string_array", `"[1]"`, toolcall.CodeInvalidJSON, false},
	} {
		for _, d := range jsonArgDialects {
			want := tc.want
			if tc.str && (d.format == FormatKimiK2 || d.format == FormatDeepSeekV3 || d.format == FormatDeepSeekV31 || d.format == FormatUseTool) {
				want = toolcall.CodeInvalidJSON // a raw string is not an object
			}
			in := d.wrap(tc.args)
			var first string
			for _, size := range []int{len(in), 1, 3, 7} {
				p := mustNew(opts{Format: d.format, MaxDepth: depth})
				evs := runRaw(p, chunk([]byte(in), size))
				got := summary(evs)
				r := toolcall.Collect("", evs)
				if len(r.Calls) != 0 || len(r.Errors) != 1 || r.Errors[0].Code != want {
					t.Errorf("%s/%s chunk %d: %s; want one %s error and no call", d.format, tc.name, size, got, want)
				}
				if strings.HasSuffix(in, "after") && !strings.HasSuffix(r.Text, "after") {
					t.Errorf("%s/%s chunk %d: %s; the text after the call is lost", d.format, tc.name, size, got)
				}
				if first == "" {
					first = got
				} else if got != first {
					t.Errorf("%s/%s: chunk %d gives %s, whole input %s", d.format, tc.name, size, got, first)
				}
			}
		}
	}
}

// A broken non-object argument value is scanned only up to the call's
// closer: an array whose string runs into </tool_call> still gives the
// text and calls that follow, as a broken string or object value does.
func TestNonObjectArgumentsStopAtCloser(t *testing.T) {
	in := `<tool_call>{"name":"f","arguments":["x</tool_call>Hello.` + "\n" + `<tool_call>{"name":"g","arguments":{}}</tool_call>`
	for _, size := range []int{len(in), 1, 5} {
		got := summary(runRaw(mustNew(opts{Format: FormatToolCall}), chunk([]byte(in), size)))
		if want := `text="Hello.\n" call=g{} error=invalid_json`; got != want {
			t.Errorf("chunk %d: %s, want %s", size, got, want)
		}
	}
	// Cut short at the end of the stream it is invalid_json, not incomplete.
	got := summary(runRaw(mustNew(opts{Format: FormatGranite}), [][]byte{[]byte(`<|tool_call|>[{"name": "a", "arguments": [1, 2`)}))
	if want := `error=invalid_json`; got != want {
		t.Errorf("cut short: %s, want %s", got, want)
	}
}

func chunk(b []byte, size int) [][]byte {
	var out [][]byte
	for len(b) > size {
		out = append(out, b[:size])
		b = b[size:]
	}
	return append(out, b)
}
