package prompt

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// The variant names Render accepts. The native variant takes a provider
// suffix ("native:anthropic"); plain "native" is native:openai-chat.
const (
	VariantNames     = "names"
	VariantDetailed  = "detailed"
	VariantXML       = "xml"
	VariantRetrieved = "retrieved"
	VariantJSON      = "json"
	VariantNative    = "native"
)

// The providers of the native variant.
const (
	ProviderOpenAIChat      = "openai-chat"
	ProviderOpenAIResponses = "openai-responses"
	ProviderAnthropic       = "anthropic"
	ProviderGemini          = "gemini"
)

// DefaultBudget is the per-tool character budget of the retrieved variant.
const DefaultBudget = 600

// Options tune a rendering. The zero value is ready to use.
type Options struct {
	// Protocol, when set, appends the calling-protocol section for that text
	// protocol (see Protocols) after the tools. Not allowed with native.
	Protocol string
	// Provider picks the native payload when the variant is plain
	// "native"; a suffix in the variant ("native:gemini") wins.
	Provider string
	// Budget is the retrieved variant's per-tool character budget
	// (DefaultBudget when 0, no limit when negative).
	Budget int
	// SearchTool, when set, names the re-retrieval tool the model may call
	// (with its SearchParam, default "query"); the retrieved variant's
	// rules then tell the model to search with it rather than guess.
	SearchTool, SearchParam string
}

// Variants lists the variant names, native ones with their provider.
func Variants() []string {
	return []string{
		VariantNames, VariantDetailed, VariantXML, VariantRetrieved, VariantJSON,
		VariantNative + ":" + ProviderOpenAIChat,
		VariantNative + ":" + ProviderOpenAIResponses,
		VariantNative + ":" + ProviderAnthropic,
		VariantNative + ":" + ProviderGemini,
	}
}

// TextVariants lists the variants that are prompt text (all but native).
func TextVariants() []string {
	return []string{VariantNames, VariantDetailed, VariantXML, VariantRetrieved, VariantJSON}
}

// Providers lists the native providers.
func Providers() []string {
	return []string{ProviderOpenAIChat, ProviderOpenAIResponses, ProviderAnthropic, ProviderGemini}
}

// Render renders tools, in the given order, as variant. Tools need Name,
// Description and Parameters; Params are used when present and derived
// from Parameters otherwise. The output ends with a newline.
func Render(tools []toolcall.Tool, variant string, opts Options) (string, error) {
	var b strings.Builder
	if err := RenderTo(&b, tools, variant, opts); err != nil {
		return "", err
	}
	return b.String(), nil
}

// RenderTo is Render writing into b.
func RenderTo(b *strings.Builder, tools []toolcall.Tool, variant string, opts Options) error {
	base, provider, _ := strings.Cut(variant, ":")
	if base != VariantNative && provider != "" {
		return fmt.Errorf("prompt: variant %q takes no suffix", variant)
	}
	if opts.Protocol != "" {
		if base == VariantNative {
			return fmt.Errorf("prompt: the native variant goes in the request, not the prompt; it takes no protocol section")
		}
		if _, ok := protocols[opts.Protocol]; !ok {
			return fmt.Errorf("prompt: unknown protocol %q (want one of %s)", opts.Protocol, strings.Join(Protocols(), ", "))
		}
	}
	switch base {
	case VariantNames:
		renderNames(b, tools)
	case VariantDetailed:
		renderDetailed(b, tools)
	case VariantXML:
		renderXML(b, tools)
	case VariantRetrieved:
		budget := opts.Budget
		if budget == 0 {
			budget = DefaultBudget
		}
		renderRetrieved(b, tools, budget, opts.SearchTool, opts.SearchParam)
	case VariantJSON:
		if err := renderJSON(b, tools); err != nil {
			return err
		}
	case VariantNative:
		if provider == "" {
			provider = opts.Provider
		}
		if provider == "" {
			provider = ProviderOpenAIChat
		}
		payload, err := Native(tools, provider)
		if err != nil {
			return err
		}
		b.Write(payload)
	default:
		vs := Variants()
		sort.Strings(vs)
		return fmt.Errorf("prompt: unknown variant %q (want one of %s)", variant, strings.Join(vs, ", "))
	}
	if opts.Protocol != "" {
		b.WriteString("\n")
		b.WriteString(protocols[opts.Protocol])
	}
	return nil
}
