package xmlparse_test

import (
	"testing"

	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
	"github.com/tooleval/tooleval/xmlparse"
)

// TestSameParserAsTextparse: every dialect xmlparse names parses a call the
// way textparse does, chunk by chunk.
func TestSameParserAsTextparse(t *testing.T) {
	inputs := map[xmlparse.Format]string{
		xmlparse.FormatUseTool:       `a<use_tool><tool_name>f</tool_name><arguments>{"x":1}</arguments></use_tool>b`,
		xmlparse.FormatFunctionCalls: `a<function_calls><invoke name="f"><parameter name="x">1</parameter></invoke></function_calls>b`,
		xmlparse.FormatToolCall:      `a<tool_call>{"name":"f","arguments":{"x":1}}</tool_call>b`,
		xmlparse.FormatQwen3Coder:    "a<tool_call>\n<function=f>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>b",
		xmlparse.FormatAuto:          `a<tool_call>{"name":"f","arguments":{"x":1}}</tool_call>b`,
	}
	for f, in := range inputs {
		xp, err := xmlparse.New(toolcall.ParseOptions{Format: f})
		if err != nil {
			t.Fatal(err)
		}
		tp, _ := textparse.New(toolcall.ParseOptions{Format: f})
		got, want := collect(xp, in), collect(tp, in)
		if got != want || got == "" {
			t.Errorf("%s: xmlparse %q, textparse %q", f, got, want)
		}
		if _, err := xmlparse.ParseFormat(string(f)); err != nil {
			t.Errorf("ParseFormat(%s): %v", f, err)
		}
	}
}

func collect(p *xmlparse.Parser, in string) string {
	var s string
	feed := func(evs []toolcall.Event) {
		for _, ev := range evs {
			switch ev.Kind {
			case toolcall.KindText:
				s += "text:" + string(ev.Data) + ";"
			case toolcall.KindCallEnd:
				s += "call:" + ev.Call.Name + string(ev.Call.Arguments) + ";"
			case toolcall.KindError:
				s += "error:" + ev.Err.Error() + ";"
			}
		}
	}
	for i := 0; i < len(in); i += 3 {
		feed(p.Feed([]byte(in[i:min(i+3, len(in))])))
	}
	feed(p.Close())
	return s
}

// An unknown dialect is an error, as in textparse.
func TestUnknownFormat(t *testing.T) {
	if _, err := xmlparse.New(toolcall.ParseOptions{Format: "xml"}); err == nil {
		t.Fatal(`format "xml" was accepted`)
	}
}
