package replay

import (
	"fmt"
	"strings"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/toolcall"
)

// costs renders tools one at a time per variant and counts their tokens,
// once per (catalog, variant, tool), for all workers.
//
// The cost of injecting a set of tools in a variant is the variant's
// envelope (the rendering of no tools: headers and rules) plus the sum of
// each tool's own cost (its single-tool rendering minus the envelope). That
// is additive, so per-case numbers need no tokenizer call once every tool
// has been seen, and the whole catalog is costed the same way.
type costs struct {
	encoding string
	mu       sync.Mutex
	tools    map[costKey]*toolCost
	envelope map[string]int
	catalogs map[catKey]int
}

type costKey struct {
	cat     *catalog.Catalog
	variant string
	tool    string
}

type catKey struct {
	cat     *catalog.Catalog
	variant string
}

// toolCost is one tool rendered alone in one variant.
type toolCost struct {
	tokens int
	text   string
}

func newCosts(encoding string) *costs {
	return &costs{encoding: encoding, tools: map[costKey]*toolCost{}, envelope: map[string]int{}, catalogs: map[catKey]int{}}
}

func (c *costs) count(text string) (int, error) {
	if c.encoding == "" {
		return 0, nil
	}
	return prompt.CountTokens(text, c.encoding)
}

// envelopeOf is the token cost of rendering no tools in variant.
func (c *costs) envelopeOf(variant string) (int, error) {
	c.mu.Lock()
	n, ok := c.envelope[variant]
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	text, err := prompt.Render(nil, variant, prompt.Options{})
	if err != nil {
		return 0, err
	}
	n, err = c.count(text)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.envelope[variant] = n
	c.mu.Unlock()
	return n, nil
}

// tool returns the cost and rendered text of one tool in variant.
func (c *costs) tool(cat *catalog.Catalog, variant string, t *toolcall.Tool) (*toolCost, error) {
	key := costKey{cat, variant, t.Name}
	c.mu.Lock()
	tc, ok := c.tools[key]
	c.mu.Unlock()
	if ok {
		return tc, nil
	}
	env, err := c.envelopeOf(variant)
	if err != nil {
		return nil, err
	}
	text, err := prompt.Render([]toolcall.Tool{*t}, variant, prompt.Options{})
	if err != nil {
		return nil, fmt.Errorf("rendering %s as %s: %v", t.Name, variant, err)
	}
	n, err := c.count(text)
	if err != nil {
		return nil, err
	}
	tc = &toolCost{tokens: max(0, n-env), text: text}
	c.mu.Lock()
	c.tools[key] = tc
	c.mu.Unlock()
	return tc, nil
}

// injected is the cost of injecting names in variant.
func (c *costs) injected(cat *catalog.Catalog, variant string, names []string) (int, error) {
	n, err := c.envelopeOf(variant)
	if err != nil {
		return 0, err
	}
	for _, name := range names {
		t, ok := cat.Lookup(name)
		if !ok {
			return 0, fmt.Errorf("tool %q is not in the catalog", name)
		}
		tc, err := c.tool(cat, variant, t)
		if err != nil {
			return 0, err
		}
		n += tc.tokens
	}
	return n, nil
}

// whole is the cost of injecting the whole catalog in variant.
func (c *costs) whole(cat *catalog.Catalog, variant string) (int, error) {
	key := catKey{cat, variant}
	c.mu.Lock()
	n, ok := c.catalogs[key]
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := c.injected(cat, variant, cat.Names())
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.catalogs[key] = n
	c.mu.Unlock()
	return n, nil
}

// visible reports whether the rendered text names param as a whole word.
func visible(text, param string) bool {
	for i := 0; ; {
		j := indexFrom(text, param, i)
		if j < 0 {
			return false
		}
		end := j + len(param)
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if j := strings.Index(s[from:], sub); j >= 0 {
		return from + j
	}
	return -1
}

func wordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

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

// counting describes how each variant's tokens are counted.
func counting(variants []string, encoding string) []Counting {
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
