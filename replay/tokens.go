package replay

import (
	"crypto/sha256"
	"fmt"
	"iter"
	"strings"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// costs counts the tokens of real renderings: the payload (prompt.Payload)
// of exactly the tools injected, in their order, so a case's numbers are
// what the model receives, and the whole catalog costs what `tooleval
// catalog` reports. Each distinct tool list is rendered once per variant
// and each distinct text counted once (cached by its SHA-256), for all
// workers.
type costs struct {
	encoding string
	mu       sync.Mutex
	byList   map[listKey]int
	byText   map[[sha256.Size]byte]int
	tools    map[toolKey]string
}

type listKey struct {
	cat     *catalog.Catalog
	variant string
	names   string // tool names joined by NUL
	search  string // the search tool and its query parameter, if any
}

type toolKey struct {
	cat     *catalog.Catalog
	variant string
	tool    string
}

func newCosts(encoding string) *costs {
	return &costs{encoding: encoding, byList: map[listKey]int{}, byText: map[[sha256.Size]byte]int{}, tools: map[toolKey]string{}}
}

// count is the token count of text: the sum of the counts of its
// segments (see segments), each distinct segment counted once.
func (c *costs) count(text string) (int, error) {
	if c.encoding == "" {
		return 0, nil
	}
	total := 0
	for seg := range segments(text) {
		sum := sha256.Sum256([]byte(seg))
		c.mu.Lock()
		n, ok := c.byText[sum]
		c.mu.Unlock()
		if !ok {
			var err error
			if n, err = prompt.CountTokens(seg, c.encoding); err != nil {
				return 0, err
			}
			c.mu.Lock()
			c.byText[sum] = n
			c.mu.Unlock()
		}
		total += n
	}
	return total, nil
}

// segments cuts text where no BPE token can cross: right after a newline
// that is followed by a printable ASCII character other than '/'. In the
// o200k_base and cl100k_base pre-tokenizers a pre-token holding a newline
// is either all whitespace or punctuation followed by newlines (and, in
// o200k, slashes), so none spans such a point, and the count of the text
// is the sum of the counts of its segments (TestSegmentsCountExactly).
// Renderings of different tool sets share most of their lines, so each
// line is tokenized once.
func segments(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := 0
		for i := 1; i < len(text); i++ {
			if text[i-1] == '\n' && text[i] > ' ' && text[i] < 0x7f && text[i] != '/' {
				if !yield(text[start:i]) {
					return
				}
				start = i
			}
		}
		if start < len(text) {
			yield(text[start:])
		}
	}
}

// tokens is the cost of injecting names, in that order, in variant.
func (c *costs) tokens(cat *catalog.Catalog, variant string, names []string) (int, error) {
	return c.tokensWith(cat, variant, names, nil)
}

// tokensWith is tokens with a trajectory's search tool: it is rendered
// after the injected tools, and the retrieved variant's rules name it.
func (c *costs) tokensWith(cat *catalog.Catalog, variant string, names []string, search *suite.SearchTool) (int, error) {
	if c.encoding == "" {
		return 0, nil
	}
	key := listKey{cat: cat, variant: variant, names: strings.Join(names, "\x00")}
	var opts prompt.Options
	if search != nil {
		key.search = search.Name + "\x00" + search.QueryParam + "\x00" + search.Search()
		opts.SearchTool, opts.SearchParam = search.Name, search.QueryParam
	}
	c.mu.Lock()
	n, ok := c.byList[key]
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	tools := make([]toolcall.Tool, len(names))
	for i, name := range names {
		t, ok := cat.Lookup(name)
		if !ok {
			return 0, fmt.Errorf("tool %q is not in the catalog", name)
		}
		tools[i] = *t
	}
	if search != nil {
		tools = append(tools, search.Tool())
	}
	text, err := prompt.Payload(tools, variant, opts)
	if err != nil {
		return 0, fmt.Errorf("rendering as %s: %v", variant, err)
	}
	if n, err = c.count(text); err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.byList[key] = n
	c.mu.Unlock()
	return n, nil
}

// whole is the cost of injecting the whole catalog in variant.
func (c *costs) whole(cat *catalog.Catalog, variant string) (int, error) {
	return c.tokens(cat, variant, cat.Names())
}

// toolText is one tool rendered alone in variant (to see which parameter
// names a prompt shows).
func (c *costs) toolText(cat *catalog.Catalog, variant string, t *toolcall.Tool) (string, error) {
	key := toolKey{cat, variant, t.Name}
	c.mu.Lock()
	text, ok := c.tools[key]
	c.mu.Unlock()
	if ok {
		return text, nil
	}
	text, err := prompt.Render([]toolcall.Tool{*t}, variant, prompt.Options{})
	if err != nil {
		return "", fmt.Errorf("rendering %s as %s: %v", t.Name, variant, err)
	}
	c.mu.Lock()
	c.tools[key] = text
	c.mu.Unlock()
	return text, nil
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
