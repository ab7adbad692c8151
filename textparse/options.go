package textparse

import (
	"github.com/tooleval/tooleval/toolcall"
)

// Format names a text protocol dialect: the name type every parser shares.
type Format = toolcall.Format

// The dialects a Parser understands.
const (
	FormatAuto                 = toolcall.FormatAuto
	FormatUseTool       Format = "use_tool"
	FormatFunctionCalls Format = "function_calls"
	FormatToolCall      Format = "tool_call"
	FormatQwen3Coder    Format = "qwen3_coder"
	FormatCline         Format = "cline"
	// FormatHermes is another name of FormatToolCall (the Hermes-style
	// <tool_call>{json}</tool_call> most open models use).
	FormatHermes Format = "hermes"
	// The XML-ish dialects of newer open models.
	FormatMiniMaxM2   Format = "minimax_m2"
	FormatSeedOSS     Format = "seed_oss"
	FormatGLM45       Format = "glm45"
	FormatDeepSeekV32 Format = "deepseek_v32"
	FormatStep3       Format = "step3"
)

// Formats lists the dialect names: auto, the XML-ish dialects, then the
// marker dialects (dialect_*.go) sorted.
func Formats() []Format {
	return append([]Format{FormatAuto, FormatUseTool, FormatFunctionCalls, FormatToolCall, FormatHermes, FormatQwen3Coder, FormatCline,
		FormatGLM45, FormatMiniMaxM2, FormatSeedOSS, FormatDeepSeekV32, FormatStep3}, markerFormats()...)
}

// legacyWire is the wire shape of the XML-ish dialects (see Wire).
var legacyWire = map[Format]string{
	FormatAuto:          "the dialect of the first marker or opening tag met",
	FormatUseTool:       "<use_tool><tool_name>NAME</tool_name><arguments>{json}</arguments></use_tool>",
	FormatFunctionCalls: `<function_calls><invoke name="NAME"><parameter name="P">V</parameter></invoke></function_calls>`,
	FormatToolCall:      `<tool_call>{"name":NAME,"arguments":{json}}</tool_call> (or a JSON list of calls)`,
	FormatHermes:        "the same as tool_call",
	FormatQwen3Coder:    "<tool_call><function=NAME><parameter=P>V</parameter></function></tool_call>",
	FormatCline:         "<TOOL><PARAM>V</PARAM></TOOL> (tool and parameter names from the catalog)",
	FormatGLM45:         "<tool_call>NAME\\n<arg_key>P</arg_key>\\n<arg_value>V</arg_value>…</tool_call>",
	FormatMiniMaxM2:     `<minimax:tool_call><invoke name="NAME"><parameter name="P">V</parameter></invoke></minimax:tool_call>`,
	FormatSeedOSS:       "<seed:tool_call><function=NAME><parameter=P>V</parameter></function></seed:tool_call>, <seed:think>…</seed:think>",
	FormatStep3:         `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="NAME"><steptml:parameter name="P">V</steptml:parameter></steptml:invoke><｜tool_call_end｜>…<｜tool_calls_end｜>`,
	FormatDeepSeekV32:   `<｜DSML｜function_calls><｜DSML｜invoke name="NAME"><｜DSML｜parameter name="P" string="true|false">V</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>`,
}

// ParseFormat checks a dialect name; an unknown one is a
// *toolcall.UnknownFormatError.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats() {
		if string(f) == s {
			return f, nil
		}
	}
	return "", &toolcall.UnknownFormatError{Format: Format(s), Kind: "text", Known: Formats()}
}

type config struct {
	format          Format
	tools           toolcall.ToolSet
	callsInThinking bool
	reasoningOpen   bool
	thinkAsText     bool
	maxCallBytes    int
	maxDepth        int
}

// New returns a Parser configured by o (see toolcall.ParseOptions; the zero
// value reads every dialect with the default caps). An unknown o.Format or
// a negative cap is an error.
func New(o toolcall.ParseOptions) (*Parser, error) {
	o, err := o.WithDefaults()
	if err != nil {
		return nil, err
	}
	f, err := ParseFormat(string(o.Format))
	if err != nil {
		return nil, err
	}
	return newParser(config{
		format:          f,
		tools:           o.Tools,
		callsInThinking: o.CallsInReasoning,
		reasoningOpen:   o.ReasoningOpen,
		thinkAsText:     o.ThinkAsText,
		maxCallBytes:    o.MaxCallBytes,
		maxDepth:        o.MaxDepth,
	}), nil
}
