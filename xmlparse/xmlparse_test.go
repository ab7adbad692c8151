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
		xmlparse.FormatUseTool:              `a<use_tool><tool_name>f</tool_name><arguments>{"x":1}</arguments></use_tool>b`,
		xmlparse.FormatFunctionCalls:        `a<function_calls><invoke name="f"><parameter name="x">1</parameter></invoke></function_calls>b`,
		xmlparse.FormatToolCall:             `a<tool_call>{"name":"f","arguments":{"x":1}}</tool_call>b`,
		xmlparse.FormatQwen3Coder:           "a<tool_call>\n<function=f>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>b",
		xmlparse.FormatHermes:               `a<tool_call>{"name":"f","arguments":{"x":1}}</tool_call>b`,
		xmlparse.FormatERNIE45:              `a<tool_call>{"name":"f","arguments":{"x":1}}</tool_call>b`,
		xmlparse.FormatGLM45:                "a<tool_call>f\n<arg_key>x</arg_key>\n<arg_value>1</arg_value>\n</tool_call>b",
		xmlparse.FormatMiniMaxM2:            `a<minimax:tool_call><invoke name="f"><parameter name="x">1</parameter></invoke></minimax:tool_call>b`,
		xmlparse.FormatSeedOSS:              "a<seed:tool_call><function=f><parameter=x>1</parameter></function></seed:tool_call>b",
		xmlparse.FormatDeepSeekV32:          `a<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="x" string="false">1</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>b`,
		xmlparse.FormatStep3:                `a<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="f"><steptml:parameter name="x">1</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>b`,
		xmlparse.FormatMuseGlimmer:          `a<atem:function_calls><atem:invoke name="f"><atem:parameter name="x">1</atem:parameter></atem:invoke></atem:function_calls>b`,
		xmlparse.FormatDots:                 `a<dots_function_call><invoke name="f"><parameter name="x">1</parameter></invoke></dots_function_call>b`,
		xmlparse.FormatMiniCPM5:             `a<function name="f"><param name="x">1</param></function>b`,
		xmlparse.FormatLaguna:               "a<tool_call>f<arg_key>x</arg_key><arg_value>1</arg_value></tool_call>b",
		xmlparse.FormatGLM53Flash:           "a<tool_call>f<arg_key>x</arg_key><arg_value>1</arg_value></tool_call>b",
		xmlparse.FormatLing3:                "a<tool_call>f\n<arg_key>x</arg_key>\n<arg_value>1</arg_value>\n</tool_call><|role_end|>b",
		xmlparse.FormatDeepSeekV4:           `a<｜DSML｜tool_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="x" string="false">1</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>b`,
		xmlparse.FormatDeepSeekV41:          `a<｜DSML｜ calls><｜DSML｜ invoke name="f"><｜DSML｜ parameter name="x" string="false">1</｜DSML｜ parameter></｜DSML｜ invoke></｜DSML｜ calls>b`,
		xmlparse.FormatHYV3:                 "a<tool_calls><tool_call>f<tool_sep><arg_key>x</arg_key><arg_value>1</arg_value></tool_call></tool_calls>b",
		xmlparse.FormatHYV4:                 "a<tool_calls:s><tool_call:s>f<arg_key:s>x</arg_key:s><arg_value:s>1</arg_value:s></tool_call:s></tool_calls:s>b",
		xmlparse.FormatGigaChat35:           `a<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="x" string="false">1</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>b`,
		xmlparse.FormatIQuestCoder:          "a<tool_call>\n<function=f>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>b",
		xmlparse.FormatBerryLM:              "a<tool_call>\n<function=f>\n<parameter=x>1</parameter>\n</function>\n</tool_call>b",
		xmlparse.FormatStep3p5:              "a<tool_call>\n<function=f>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>b",
		xmlparse.FormatIQuestCoderV2:        "a<iquestcoder_tool_call>f<arg_key>x</arg_key><arg_value>1</arg_value></iquestcoder_tool_call>b",
		xmlparse.FormatIQuestQ1:             "a<iquest_tool_call>f<arg_key>x</arg_key><arg_value>1</arg_value></iquest_tool_call>b",
		xmlparse.FormatHyperCLOVAXSeedThink: "a<tool_call>f\n<arg_key>x</arg_key>\n<arg_value>\"1\"</arg_value>\n</tool_call>b",
		xmlparse.FormatK2Horizon:            "a<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>x</ifm|arg_key><ifm|arg_type>int</ifm|arg_type><ifm|arg_value>1</ifm|arg_value></ifm|tool_call></ifm|tool_calls>b",
		xmlparse.FormatAuto:                 `a<tool_call>{"name":"f","arguments":{"x":1}}</tool_call>b`,
	}
	// Every XML-style dialect of the registry is named here (cline needs
	// a catalog: TestClineNeedsCatalog).
	for _, f := range xmlparse.Protocols() {
		if _, ok := inputs[f]; !ok && f != xmlparse.FormatCline {
			t.Errorf("xmlparse names no input for protocol %s", f)
		}
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

// TestProtocolsAreTheTagDialects: Protocols is the registry's XML-style
// dialects, each one a format textparse knows.
func TestProtocolsAreTheTagDialects(t *testing.T) {
	ps := xmlparse.Protocols()
	if len(ps) < 11 {
		t.Fatalf("Protocols() = %v", ps)
	}
	for _, f := range ps {
		if in, ok := textparse.Lookup(f); !ok || !in.Tags {
			t.Errorf("%s: not an XML-style dialect of the registry", f)
		}
	}
	for _, f := range []xmlparse.Format{xmlparse.FormatUseTool, xmlparse.FormatCline, xmlparse.FormatStep3} {
		found := false
		for _, g := range ps {
			found = found || g == f
		}
		if !found {
			t.Errorf("Protocols() lacks %s", f)
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
