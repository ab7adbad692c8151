package bfcl

import (
	"errors"
	"strings"
	"testing"
)

// TestTranscribeResult pins how each stored result shape decodes, as the
// leaderboard's decode_ast does for the model's mode.
func TestTranscribeResult(t *testing.T) {
	cases := []struct {
		name, result string
		mode         Mode
		lang         string
		text         string
		calls        int
		err          string // substring; "undecoded" means errUndecoded (no call)
	}{
		{name: "FC arguments as JSON string", result: `[{"get_weather": "{\"city\": \"Paris\"}"}]`, mode: ModeFC,
			text: "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\":\"Paris\"}}\n</tool_call>", calls: 1},
		{name: "FC arguments as object", result: `[{"f": {"a": 1}}, {"g": {}}]`, mode: ModeFC,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\":1}}\n</tool_call>\n<tool_call>\n{\"name\": \"g\", \"arguments\": {}}\n</tool_call>", calls: 2},
		{name: "FC empty list", result: `[]`, mode: ModeFC, text: "", calls: 0},
		{name: "FC text is no call", result: `"[clean(df='test')]"`, mode: ModeFC, err: "undecoded"},
		{name: "FC empty string is no call", result: `""`, mode: ModeFC, err: "undecoded"},
		{name: "FC [{}] is no call", result: `[{}]`, mode: ModeFC, err: "undecoded"},
		{name: "FC broken JSON is no call", result: `[{"f": "{\"a\": 1"}, {"g": "{}"}]`, mode: ModeFC, err: "undecoded"},
		{name: "FC arguments not an object", result: `[{"f": "[1]"}]`, mode: ModeFC, err: "undecoded"},
		{name: "FC empty arguments string", result: `[{"f": ""}]`, mode: ModeFC, err: "undecoded"},
		{name: "FC first key names the function", result: `[{"name": "f", "arguments": "{}"}]`, mode: ModeFC, err: "undecoded"},
		{name: "FC multi-turn nested list", result: `[[{"f": "{}"}]]`, mode: ModeFC, err: "multi-turn"},
		{name: "prompting python", result: `"[f(a='x', b=[1, 2])]"`, mode: ModePrompting,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\":\"x\",\"b\":[1,2]}}\n</tool_call>", calls: 1},
		{name: "prompting unbracketed", result: `"f(a=1), g(b=2)"`, mode: ModePrompting, calls: 2,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\":1}}\n</tool_call>\n<tool_call>\n{\"name\": \"g\", \"arguments\": {\"b\":2}}\n</tool_call>"},
		{name: "prompting backticks stripped", result: "\"`[f(a=1)]`\"", mode: ModePrompting, calls: 1,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\":1}}\n</tool_call>"},
		{name: "prompting python fence does not decode", result: "\"```python\\n[f(a=1)]\\n```\"", mode: ModePrompting, err: "undecoded"},
		{name: "prompting bare names and positional", result: `"[f(x, params=params, flag=false)]"`, mode: ModePrompting, calls: 1,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"params\":\"params\",\"flag\":\"false\"}}\n</tool_call>"},
		{name: "prompting from= is a syntax error", result: `"[integral(value=\"x^3\", from=1, to=5)]"`, mode: ModePrompting, err: "undecoded"},
		{name: "prompting empty list", result: `"[]"`, mode: ModePrompting, text: "", calls: 0},
		{name: "prompting prose", result: `"The weather is nice."`, mode: ModePrompting, err: "undecoded"},
		{name: "prompting a list result", result: `[{"f": "{}"}]`, mode: ModePrompting, err: "undecoded"},
		{name: "java prompting source values", result: `"[Foo.bar(name=\"abc\", ids=new ArrayList<>(Arrays.asList(1, 2)), ok=true)]"`,
			mode: ModePrompting, lang: "java", calls: 1,
			text: "<tool_call>\n{\"name\": \"Foo.bar\", \"arguments\": {\"name\":\"abc\",\"ids\":\"new ArrayList<>(Arrays.asList(1, 2))\",\"ok\":\"true\"}}\n</tool_call>"},
		{name: "javascript prompting", result: `"[f(list=['a', 'b'], n=5)]"`, mode: ModePrompting, lang: "javascript", calls: 1,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"list\":\"['a', 'b']\",\"n\":\"5\"}}\n</tool_call>"},
		{name: "java prompting: first call only, map body dropped, positional identifier", mode: ModePrompting, lang: "java", calls: 1,
			result: `"[A.b(m=new HashMap<String, String>() {{ put(\"k\", \"v\"); }}, ctx, 5, c='x'), C.d(n=1)]"`,
			text:   "<tool_call>\n{\"name\": \"A.b\", \"arguments\": {\"m\":\"new HashMap<String, String>()\",\"(positional)\":\"ctx\",\"c\":\"x\"}}\n</tool_call>"},
		{name: "java prompting: a name twice", result: `"[A.b(x=1, x=2)]"`, mode: ModePrompting, lang: "java", err: "undecoded"},
		{name: "java prompting: array creation kept", result: `"[A.b(a=new int[]{1, 2})]"`, mode: ModePrompting, lang: "java", calls: 1,
			text: "<tool_call>\n{\"name\": \"A.b\", \"arguments\": {\"a\":\"new int[]{1, 2}\"}}\n</tool_call>"},
		{name: "javascript prompting: positional true", result: `"[f(true, n=5)]"`, mode: ModePrompting, lang: "javascript", calls: 1,
			text: "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"(positional)\":\"true\",\"n\":\"5\"}}\n</tool_call>"},
		{name: "missing", result: ``, mode: ModeFC, err: "undecoded"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, n, err := TranscribeResult([]byte(tc.result), tc.mode, tc.lang)
			switch {
			case tc.err == "undecoded":
				if !errors.Is(err, errUndecoded) {
					t.Fatalf("err = %v, want errUndecoded", err)
				}
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if tr.Text == nil {
				t.Fatal("transcript has no text")
			}
			if tr.Format != "tool_call" || *tr.Text != tc.text || n != tc.calls {
				t.Errorf("got %q %q %d\nwant %q %d", tr.Format, *tr.Text, n, tc.text, tc.calls)
			}
		})
	}
}

func TestGuessMode(t *testing.T) {
	for _, tc := range []struct {
		model        string
		lists, texts int
		want         Mode
	}{
		{"gpt-4o-2024-11-20-FC", 7, 3, ModeFC},
		{"Qwen_Qwen2.5-7B-Instruct-FC", 0, 10, ModeFCText},
		{"claude-3-5-sonnet-20241022-FC", 0, 0, ModeFC},
		{"meta-llama_Llama-3.1-8B-Instruct", 1, 9, ModePrompting},
		{"some-model", 9, 1, ModeFC},
		{"FCOS-model", 0, 3, ModePrompting},
	} {
		if got, _ := guessMode(tc.model, tc.lists, tc.texts); got != tc.want {
			t.Errorf("guessMode(%s) = %s, want %s", tc.model, got, tc.want)
		}
	}
}

// A function-calling model served locally stores its raw text; it is kept
// verbatim for tooleval's parsers.
func TestFCTextMode(t *testing.T) {
	if m, _ := guessMode("Qwen_Qwen2.5-7B-Instruct-FC", 1, 9); m != ModeFCText {
		t.Fatalf("mode %s", m)
	}
	tr, n, err := TranscribeResult([]byte(`"<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>"`), ModeFCText, "")
	if !errors.Is(err, errRawText) || n != 0 || tr.Text == nil {
		t.Fatalf("%+v %d %v", tr, n, err)
	}
	if _, n, err := TranscribeResult([]byte(`[{"f": "{}"}]`), ModeFCText, ""); err != nil || n != 1 {
		t.Fatalf("a list result of an fc-text model: %d %v", n, err)
	}
}

// A prompting model's tuples stay marked where the leaderboard's checker
// fails them (a list parameter, list elements) and become lists as the
// whole value of a tuple parameter, which it converts.
func TestPromptingTuples(t *testing.T) {
	types := map[string]map[string]string{"f": {"pt": "tuple<integer>", "pts": "array<tuple>"}}
	calls, err := decodeResult([]byte(`"[f(pt=(1, 2), pts=[(0, 0), (4, 3)], other=(5,))]"`), ModePrompting, "python", types)
	if err != nil || len(calls) != 1 {
		t.Fatalf("%v %v", calls, err)
	}
	want := `{"pt":[1,2],"pts":[{"__tuple__":[0,0]},{"__tuple__":[4,3]}],"other":{"__tuple__":[5]}}`
	if string(calls[0].args) != want {
		t.Errorf("got  %s\nwant %s", calls[0].args, want)
	}
	// Without types (multi-turn, TranscribeResult) tuples are lists.
	calls, _ = decodeResult([]byte(`"[f(pt=(1, 2))]"`), ModePrompting, "python", nil)
	if string(calls[0].args) != `{"pt":[1,2]}` {
		t.Errorf("without types: %s", calls[0].args)
	}
}
