package report

import (
	"strings"

	"github.com/tooleval/tooleval/prompt"
)

// Counting says how one variant's tokens were counted.
type Counting struct {
	Variant string `json:"variant"`
	// Counted is what was counted: the prompt text, or the compact JSON
	// tools array a provider receives.
	Counted  string `json:"counted"`
	Encoding string `json:"encoding"`
	// Exact is true when the count is what the provider bills for that
	// text: OpenAI models whose tokenizer is Encoding, for prompt text.
	Exact bool   `json:"exact"`
	Note  string `json:"note,omitempty"`
}

// CountingFor describes how each variant's tokens are counted.
func CountingFor(variants []string, encoding string) []Counting {
	if encoding == prompt.EncodingNone {
		return nil
	}
	out := make([]Counting, len(variants))
	for i, v := range variants {
		c := Counting{Variant: v, Encoding: encoding}
		base, provider, _ := strings.Cut(v, ":")
		if base != prompt.VariantNative {
			c.Counted = "prompt text"
			c.Exact = true
			c.Note = "exact for OpenAI models using " + encoding + "; an approximation for other providers' tokenizers"
			out[i] = c
			continue
		}
		if provider == "" {
			provider = prompt.ProviderOpenAIChat
		}
		c.Counted = "compact JSON tools array, " + provider + " shape"
		switch provider {
		case prompt.ProviderOpenAIChat, prompt.ProviderOpenAIResponses:
			c.Note = "approximation: OpenAI rewrites the tools array into its own prompt format before tokenizing"
		case prompt.ProviderAnthropic:
			c.Note = "approximation: Anthropic's tokenizer is not public and a tool-use system prompt is added"
		case prompt.ProviderGemini:
			c.Note = "approximation: Gemini counts with its own SentencePiece tokenizer"
		}
		out[i] = c
	}
	return out
}
