package anyparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

type oneTool struct{}

func (oneTool) Lookup(name string) (*toolcall.Tool, bool) {
	if name != "read_file" {
		return nil, false
	}
	return &toolcall.Tool{Name: name, Params: []toolcall.Param{{Name: "line", Types: []string{"integer"}}}}, true
}

func TestNewTextFormats(t *testing.T) {
	cases := []struct {
		format, in, detected, call string
	}{
		{"use_tool", `<use_tool><tool_name>a</tool_name><arguments>{"x":1}</arguments></use_tool>`, "use_tool", `a{"x":1}`},
		{"function_calls", `<invoke name="a"><parameter name="x">1</parameter></invoke>`, "function_calls", `a{"x":"1"}`},
		{"tool_call", `<tool_call>{"name":"a","arguments":{}}</tool_call>`, "tool_call", `a{}`},
		{"qwen3_coder", "<tool_call>\n<function=a>\n</function>\n</tool_call>", "qwen3_coder", `a{}`},
		{"cline", `<read_file><line>3</line></read_file>`, "cline", `read_file{"line":3}`},
		{"auto", "<tool_call>\n<function=a>\n</function>\n</tool_call>", "qwen3_coder", `a{}`},
		{"auto", "no calls", "auto", ``},
	}
	for _, tc := range cases {
		p, err := New(opts{Format: toolcall.Format(tc.format), Tools: oneTool{}})
		if err != nil {
			t.Fatalf("%s: %v", tc.format, err)
		}
		r := toolcall.Collect(tc.format, toolcall.Run(p, []byte(tc.in), 3))
		var got string
		for _, c := range r.Calls {
			got += c.Name + string(c.Arguments)
		}
		if got != tc.call {
			t.Errorf("%s: calls %q, want %q", tc.format, got, tc.call)
		}
		if d := Detected(p, toolcall.Format(tc.format)); string(d) != tc.detected {
			t.Errorf("%s: detected %q, want %q", tc.format, d, tc.detected)
		}
	}
}

func TestOptionsReachTheParser(t *testing.T) {
	p, _ := New(opts{Format: "use_tool", MaxCallBytes: 40, MaxDepth: 2})
	r := toolcall.Collect("", toolcall.Run(p, []byte(`<use_tool><tool_name>a</tool_name><arguments>{"a":[[1]]}</arguments></use_tool>`), 0))
	if len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeTooLarge {
		t.Fatalf("errors %+v, want one too_large", r.Errors)
	}
	p, _ = New(opts{Format: "use_tool", MaxDepth: 2})
	r = toolcall.Collect("", toolcall.Run(p, []byte(`<use_tool><tool_name>a</tool_name><arguments>{"a":[[1]]}</arguments></use_tool>`), 0))
	if len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeTooDeep {
		t.Fatalf("errors %+v, want one too_deep", r.Errors)
	}
	p, _ = New(opts{Format: "use_tool", KeepCallsInReasoning: true})
	r = toolcall.Collect("", toolcall.Run(p, []byte(`<think><use_tool><tool_name>a</tool_name></use_tool></think>`), 0))
	if len(r.Calls) != 0 || len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeCallInReasoning {
		t.Fatalf("calls in reasoning not kept: %+v", r)
	}
}

func TestUnknownFormat(t *testing.T) {
	_, err := New(opts{Format: "xml"})
	if err == nil || !strings.Contains(err.Error(), "use_tool") {
		t.Fatalf("error %v should list the known formats", err)
	}
	f := Formats()
	if f[0] != "auto" || len(f) < 6 {
		t.Fatalf("Formats() = %v", f)
	}
}

// TestProviderStreamUnderTextFormat: a provider stream given to any named
// text dialect is reported once (invalid_event at 0), whole and byte by
// byte; model text is not, nor is the stream under auto (it is read).
func TestProviderStreamUnderTextFormat(t *testing.T) {
	stream := "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n"
	text := "Checking the logs now."
	n := 0
	for _, f := range textparse.Formats() {
		if f == textparse.FormatAuto {
			continue
		}
		n++
		for _, chunk := range []int{0, 1} {
			for in, want := range map[string]int{stream: 1, text: 0} {
				p, err := New(opts{Format: f})
				if err != nil {
					t.Fatal(err)
				}
				got := 0
				for _, ev := range toolcall.Run(p, []byte(in), chunk) {
					if ev.Kind == toolcall.KindError && ev.Err.Code == toolcall.CodeInvalidEvent && ev.Err.Offset == 0 {
						got++
					}
				}
				if got != want {
					t.Errorf("%s (chunks of %d) %.20q: %d reports, want %d", f, chunk, in, got, want)
				}
			}
		}
	}
	if n < 60 {
		t.Fatalf("only %d text formats", n)
	}
	r := toolcall.Collect("", toolcall.Run(mustNewAuto(t), []byte(stream), 1))
	if r.Text != "Hi" || len(r.Errors) != 0 {
		t.Fatalf("auto: %+v", r)
	}
}

func mustNewAuto(t *testing.T) toolcall.StreamParser {
	p, err := New(opts{Format: Auto})
	if err != nil {
		t.Fatal(err)
	}
	return p
}
