package textparse

import (
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// Format names a text protocol dialect.
type Format string

// The dialects a Parser understands.
const (
	FormatAuto          Format = "auto"
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

// ParseFormat checks a dialect name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats() {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, 0, 32)
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	return "", fmt.Errorf("unknown text format %q (want one of %s)", s, strings.Join(names, ", "))
}

// DefaultMaxCallBytes is the default cap on the bytes of one call.
const DefaultMaxCallBytes = 16 << 20

// DefaultMaxDepth is the default JSON nesting limit of arguments.
const DefaultMaxDepth = 128

type config struct {
	format          Format
	tools           toolcall.ToolSet
	callsInThinking bool
	reasoningOpen   bool
	thinkAsText     bool
	maxCallBytes    int
	maxDepth        int
}

// Option configures a Parser.
type Option func(*config)

// WithFormat picks the dialect (default FormatAuto). Unknown names behave
// as FormatAuto; check names with ParseFormat first.
func WithFormat(f Format) Option { return func(c *config) { c.format = f } }

// WithTools gives the parser a tool catalog. With it, XML parameter values
// are coerced by the parameter's JSON schema, calls to tools it lacks get an
// unknown_tool error, and cline tags are recognised from its tool names.
func WithTools(ts toolcall.ToolSet) Option { return func(c *config) { c.tools = ts } }

// WithCallsInReasoning makes calls inside <think>…</think> count as calls.
// By default they are part of the reasoning text.
func WithCallsInReasoning(on bool) Option { return func(c *config) { c.callsInThinking = on } }

// WithMaxCallBytes caps the bytes of one call, from its opening tag
// (default DefaultMaxCallBytes). A bigger call is abandoned with a too_large
// error.
func WithMaxCallBytes(n int) Option { return func(c *config) { c.maxCallBytes = n } }

// WithMaxDepth caps the JSON nesting of arguments (default
// DefaultMaxDepth); deeper arguments give a too_deep error.
func WithMaxDepth(n int) Option { return func(c *config) { c.maxDepth = n } }

// WithReasoningOpen starts the parser inside reasoning, for models whose
// prompt ends with <think> (Qwen3, QwQ, DeepSeek R1/V3.x, GLM-4.7, …): the
// output begins with reasoning and only the closing marker appears. The
// reasoning ends at </think> (or the dialect's own closing marker).
func WithReasoningOpen(on bool) Option { return func(c *config) { c.reasoningOpen = on } }

// WithThinkAsText makes <think> and <thinking> plain text, for instruct
// models whose output may contain the tags without meaning reasoning. It
// does not apply to a dialect's own reasoning markers ([THINK], …).
func WithThinkAsText(on bool) Option { return func(c *config) { c.thinkAsText = on } }
