package xmlparse

import "github.com/tooleval/tooleval/textparse"

// Parser is an incremental text-protocol parser: Feed it chunks, read the
// events it returns, Close it at the end of the stream.
type Parser = textparse.Parser

// Option configures a Parser.
type Option = textparse.Option

// Format names a text protocol dialect.
type Format = textparse.Format

// The XML-style dialects (Protocols lists them); textparse.Formats lists
// every dialect.
const (
	FormatAuto          = textparse.FormatAuto
	FormatUseTool       = textparse.FormatUseTool
	FormatFunctionCalls = textparse.FormatFunctionCalls
	FormatToolCall      = textparse.FormatToolCall
	FormatHermes        = textparse.FormatHermes
	FormatQwen3Coder    = textparse.FormatQwen3Coder
	FormatCline         = textparse.FormatCline
	FormatGLM45         = textparse.FormatGLM45
	FormatMiniMaxM2     = textparse.FormatMiniMaxM2
	FormatSeedOSS       = textparse.FormatSeedOSS
	FormatDeepSeekV32   = textparse.FormatDeepSeekV32
	FormatStep3         = textparse.FormatStep3
)

// Protocols lists the XML-style dialects of the registry (calls written as
// tags), sorted.
func Protocols() []Format {
	var out []Format
	for _, d := range textparse.Dialects() {
		if d.Tags {
			out = append(out, d.Format)
		}
	}
	return out
}

// Caps, as in textparse.
const (
	DefaultMaxCallBytes = textparse.DefaultMaxCallBytes
	DefaultMaxDepth     = textparse.DefaultMaxDepth
)

// New returns a Parser (auto-detecting the dialect unless WithFormat says).
func New(opts ...Option) *Parser { return textparse.New(opts...) }

// Formats lists every dialect name the parser reads, auto first.
func Formats() []Format { return textparse.Formats() }

// ParseFormat checks a dialect name.
func ParseFormat(s string) (Format, error) { return textparse.ParseFormat(s) }

// The options; see textparse for each one's documentation.
var (
	WithFormat           = textparse.WithFormat
	WithTools            = textparse.WithTools
	WithCallsInReasoning = textparse.WithCallsInReasoning
	WithMaxCallBytes     = textparse.WithMaxCallBytes
	WithMaxDepth         = textparse.WithMaxDepth
	WithReasoningOpen    = textparse.WithReasoningOpen
	WithThinkAsText      = textparse.WithThinkAsText
)
