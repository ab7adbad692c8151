package toolcall

import (
	"fmt"
	"strings"
)

// Format names a wire format a parser reads: a text dialect of package
// textparse ("hermes", "kimi_k2", …) or a provider stream of package
// nativeparse ("openai-chat", …). anyparse.Formats lists every one.
type Format string

// FormatAuto is the format that detects the protocol from the stream; it is
// what the zero Format means.
const FormatAuto Format = "auto"

// The default caps of ParseOptions.
const (
	// DefaultMaxCallBytes caps the bytes of one call.
	DefaultMaxCallBytes = 16 << 20
	// DefaultMaxDepth caps the JSON nesting of a call's arguments.
	DefaultMaxDepth = 128
	// DefaultMaxRecordBytes caps one line, SSE event or JSON value of a
	// provider stream: room for a call at DefaultMaxCallBytes, escaped as
	// a JSON string, plus its envelope.
	DefaultMaxRecordBytes = 32 << 20
)

// ParseOptions configure a stream parser: textparse.New, nativeparse.New,
// xmlparse.New and anyparse.New all take them, and the zero value means the
// default of every field. A parser is built with all of its options at once;
// none can be changed after New.
type ParseOptions struct {
	// Format is the protocol to read ("" or FormatAuto: detect it from the
	// stream). A name the parser does not know is an error from New.
	Format Format
	// Tools is the catalog (text dialects): XML parameter values are
	// coerced by the parameter's JSON schema, calls to tools it lacks get
	// an unknown_tool error, and cline tags are recognised from its tool
	// names. Nil: no catalog.
	Tools ToolSet
	// KeepCallsInReasoning keeps a call written inside reasoning as
	// reasoning text, for strict evaluation (text dialects). By default a
	// call in the dialect's own call markup met inside reasoning ends the
	// reasoning and is a call, as llama.cpp and Ollama read it (a model
	// whose prompt opened reasoning often calls before closing it). Either
	// way the parser reports a call_in_reasoning error there.
	KeepCallsInReasoning bool
	// ReasoningOpen starts a text parser inside reasoning, for models whose
	// prompt ends with <think> (Qwen3, QwQ, DeepSeek R1/V3.x, GLM-4.7, …):
	// the output begins with reasoning and only the closing marker (</think>
	// or the dialect's own) appears. Provider streams mark reasoning
	// themselves and ignore it.
	ReasoningOpen bool
	// ThinkAsText turns reasoning parsing off in text dialects, as a server
	// that runs no reasoning parser serves the output: every reasoning
	// span is plain text byte for byte, <think> and <thinking> and the
	// dialect's own markers ([THINK]…[/THINK], a think channel) alike (a
	// reasoning channel's header stays markup, its message text), and
	// ReasoningOpen is ignored. For instruct models whose output may hold
	// the tags without meaning reasoning, and to read as the stacks' tool
	// parsers read without a reasoning parser.
	// Provider streams (OpenAI Chat Completions, Ollama) read a <think>
	// span that opens the content as reasoning unless it is set.
	ThinkAsText bool
	// MaxCallBytes caps the bytes of one call (0: DefaultMaxCallBytes); a
	// bigger call is abandoned with a too_large error. Text dialects count
	// from the call's opening marker, provider streams its arguments.
	MaxCallBytes int
	// MaxDepth caps the JSON nesting of a call's arguments (0:
	// DefaultMaxDepth); deeper arguments give a too_deep error. Provider
	// streams accept at most nativeparse.MaxDepthLimit and lower a bigger
	// cap to it.
	MaxDepth int
	// Dialect, when set, is a text dialect described by the user
	// (textparse.LoadDialect reads one from a dialect file): the text is
	// read in it, and Format must be "" or its name. Nil: Format decides.
	Dialect TextDialect
	// MaxRecordBytes caps one line, one SSE event's data and one JSON value
	// of a provider stream (0: DefaultMaxRecordBytes); a longer one is
	// reported as too_large and skipped. Text dialects ignore it.
	MaxRecordBytes int
}

// TextDialect is a user-described text dialect (a *textparse.Dialect):
// ParseOptions.Dialect.
type TextDialect interface {
	// DialectFormat is the dialect's name.
	DialectFormat() Format
}

// WithDefaults returns o with every zero field set to its default. A
// negative cap is an error naming the field. It does not check Format: each
// parser knows its own names.
func (o ParseOptions) WithDefaults() (ParseOptions, error) {
	for _, c := range []struct {
		name string
		v    *int
		def  int
	}{
		{"MaxCallBytes", &o.MaxCallBytes, DefaultMaxCallBytes},
		{"MaxDepth", &o.MaxDepth, DefaultMaxDepth},
		{"MaxRecordBytes", &o.MaxRecordBytes, DefaultMaxRecordBytes},
	} {
		switch {
		case *c.v < 0:
			return o, fmt.Errorf("parse options: %s is %d, want ≥ 0 (0: the default %d)", c.name, *c.v, c.def)
		case *c.v == 0:
			*c.v = c.def
		}
	}
	if o.Format == "" {
		o.Format = FormatAuto
	}
	return o, nil
}

// UnknownFormatError is the error of New for a format the parser does not
// read; Known lists the ones it does.
type UnknownFormatError struct {
	Format Format
	Kind   string // "text", "provider" or "" (any): what the parser reads
	Known  []Format
}

func (e *UnknownFormatError) Error() string {
	names := make([]string, len(e.Known))
	for i, f := range e.Known {
		names[i] = string(f)
	}
	kind := "format"
	if e.Kind != "" {
		kind = e.Kind + " format"
	}
	return fmt.Sprintf("unknown %s %q (want one of %s)", kind, e.Format, strings.Join(names, ", "))
}
