package prompt

import (
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// Payload returns what the model or the provider receives for tools in
// variant, the text token counts should measure: for text variants the
// prompt text (Render's output); for native variants the compact JSON
// tools array of the request (the provider's shape, no indentation), not
// the indented form Render shows people.
func Payload(tools []toolcall.Tool, variant string, opts Options) (string, error) {
	base, provider, _ := strings.Cut(variant, ":")
	if base != VariantNative || opts.Protocol != "" {
		return Render(tools, variant, opts)
	}
	if provider == "" {
		provider = opts.Provider
	}
	if provider == "" {
		provider = ProviderOpenAIChat
	}
	b, err := NativeCompact(tools, provider)
	return string(b), err
}
