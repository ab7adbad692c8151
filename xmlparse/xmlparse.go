package xmlparse

import (
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Parser is an incremental text-protocol parser: Feed it chunks, read the
// events it returns, Close it at the end of the stream.
type Parser = textparse.Parser

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
	FormatERNIE45       = textparse.FormatERNIE45
	FormatQwen3Coder    = textparse.FormatQwen3Coder
	FormatCline         = textparse.FormatCline
	FormatGLM45         = textparse.FormatGLM45
	FormatMiniMaxM2     = textparse.FormatMiniMaxM2
	FormatSeedOSS       = textparse.FormatSeedOSS
	FormatDeepSeekV32   = textparse.FormatDeepSeekV32
	FormatStep3         = textparse.FormatStep3
	FormatMuseGlimmer   = textparse.FormatMuseGlimmer
	FormatDots          = textparse.FormatDots
	FormatMiniCPM5      = textparse.FormatMiniCPM5
	FormatLaguna        = textparse.FormatLaguna
	FormatGLM53Flash    = textparse.FormatGLM53Flash
	FormatLing3         = textparse.FormatLing3
	FormatDeepSeekV4    = textparse.FormatDeepSeekV4
	FormatDeepSeekV41   = textparse.FormatDeepSeekV41
	FormatHYV3          = textparse.FormatHYV3
	FormatHYV4          = textparse.FormatHYV4
	FormatGigaChat35    = textparse.FormatGigaChat35
	FormatIQuestCoder   = textparse.FormatIQuestCoder
	FormatBerryLM       = textparse.FormatBerryLM
	FormatStep3p5       = textparse.FormatStep3p5
	FormatIQuestCoderV2 = textparse.FormatIQuestCoderV2
	FormatIQuestQ1      = textparse.FormatIQuestQ1
	FormatK2Horizon     = textparse.FormatK2Horizon
	// HyperCLOVA X SEED Think: GLM's key/value tags, values written as JSON.
	FormatHyperCLOVAXSeedThink = textparse.FormatHyperCLOVAXSeedThink
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

// New returns a Parser configured by o, the options every parser takes
// (toolcall.ParseOptions; the zero value detects the dialect). An unknown
// o.Format is an error.
func New(o toolcall.ParseOptions) (*Parser, error) { return textparse.New(o) }

// Formats lists every dialect name the parser reads, auto first.
func Formats() []Format { return textparse.Formats() }

// ParseFormat checks a dialect name.
func ParseFormat(s string) (Format, error) { return textparse.ParseFormat(s) }
