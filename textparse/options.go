package textparse

import "github.com/tooleval/tooleval/toolcall"

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
