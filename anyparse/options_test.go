package anyparse

import (
	"errors"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// opts shortens the parser options in tests.
type opts = toolcall.ParseOptions

// TestOptionsAtNew: the reasoning options reach text parsers (directly and
// through auto) from New, with no later configuration step; provider
// streams ignore them.
func TestOptionsAtNew(t *testing.T) {
	for _, tc := range []struct {
		o               opts
		reasoning, text string
	}{
		{opts{ReasoningOpen: true}, "plan", "<b>x</b>done"},
		{opts{Format: "tool_call", ReasoningOpen: true}, "plan", "<b>x</b>done"},
		{opts{Format: "kimi_k2", ReasoningOpen: true}, "plan", "<b>x</b>done"},
		{opts{Format: "tool_call"}, "", "plan<b>x</b>done"}, // a stray </think> is markup
	} {
		p, err := New(tc.o)
		if err != nil {
			t.Fatal(err)
		}
		r := toolcall.Collect("", toolcall.Run(p, []byte("plan</think><b>x</b>done"), 3))
		if r.Reasoning != tc.reasoning || r.Text != tc.text {
			t.Errorf("%+v: reasoning %q text %q, want %q %q", tc.o, r.Reasoning, r.Text, tc.reasoning, tc.text)
		}
	}
	in := []byte("<think>a</think>b")
	for _, o := range []opts{{ThinkAsText: true}, {Format: "hermes", ThinkAsText: true}} {
		p, _ := New(o)
		if r := toolcall.Collect("", toolcall.Run(p, in, 2)); r.Text != string(in) || r.Reasoning != "" {
			t.Errorf("%+v: think_as_text gave text %q reasoning %q", o, r.Text, r.Reasoning)
		}
	}
}

// TestZeroMeansDefault: a zero cap is the default in every family (a zero
// MaxCallBytes once made every provider-stream call too_large).
func TestZeroMeansDefault(t *testing.T) {
	ins := map[toolcall.Format]string{
		"hermes":      `<tool_call>{"name":"f","arguments":{"a":1}}</tool_call>`,
		"ollama":      `{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"a":1}}}]},"done":true}` + "\n",
		"openai-chat": "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\",\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"a\\\":1}\"}}]}}]}\n\ndata: [DONE]\n\n",
	}
	for f, in := range ins {
		for _, o := range []opts{{Format: f}, {Format: f, MaxCallBytes: 0, MaxDepth: 0, MaxRecordBytes: 0}, {}} {
			p, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			r := toolcall.Collect("", toolcall.Run(p, []byte(in), 5))
			if len(r.Calls) != 1 || len(r.Errors) != 0 {
				t.Errorf("%s %+v: calls %v errors %v", f, o, r.Calls, r.Errors)
			}
		}
	}
}

// TestBadOptions: an unknown format, text or provider, and a negative cap
// are errors from New, not a silent fallback.
func TestBadOptions(t *testing.T) {
	for _, o := range []opts{{Format: "no_such_dialect"}, {Format: "xml"}, {Format: "Hermes"}} {
		_, err := New(o)
		var ue *toolcall.UnknownFormatError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "hermes") || !strings.Contains(err.Error(), "openai-chat") {
			t.Errorf("%q: error %v should list every known format", o.Format, err)
		}
	}
	for _, o := range []opts{{MaxCallBytes: -1}, {Format: "hermes", MaxDepth: -1}, {Format: "ollama", MaxRecordBytes: -5}} {
		if _, err := New(o); err == nil || !strings.Contains(err.Error(), "want ≥ 0") {
			t.Errorf("%+v: error %v", o, err)
		}
	}
}
