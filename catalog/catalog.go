package catalog

import (
	"fmt"
	"sort"
	"sync"

	"github.com/tooleval/tooleval/toolcall"
)

// Catalog is an ordered set of tools with unique names. It implements
// toolcall.ToolSet, so parsers can look tools up in it, and it validates
// calls against the tools' schemas (see Check).
//
// A Catalog is safe for concurrent use once built.
type Catalog struct {
	tools  []toolcall.Tool
	meta   []toolMeta
	byName map[string]int
	issues []Issue
	// all holds every definition loaded, before duplicates were dropped, so
	// that Select can rename (MCP naming, aliases) before de-duplicating.
	all []entry

	// schemas caches compiled JSON Schemas per tool index.
	mu      sync.Mutex
	schemas map[int]*compiled
}

// New builds a catalog from tools, in the given order. Each tool's Params
// are filled from its Parameters schema when empty, and a missing
// Parameters becomes the empty object schema. Two tools with the same name
// are an error; use Select to drop or rename duplicates first.
func New(tools []toolcall.Tool) (*Catalog, error) {
	metas := make([]toolMeta, len(tools))
	for i := range metas {
		metas[i].enabled = true
	}
	return newCatalog(tools, metas)
}

// toolMeta is what the catalog knows about a tool beyond toolcall.Tool.
type toolMeta struct {
	file    string
	line    int
	format  string
	enabled bool // enabledForPrompt
	// unresolved says the tool's schema had a reference to a definition
	// it lacks or to another document, dropped by NormalizeSchema: what
	// it accepts is not known (see ToolFor).
	unresolved bool
}

func newCatalog(tools []toolcall.Tool, metas []toolMeta) (*Catalog, error) {
	c := &Catalog{
		tools:  make([]toolcall.Tool, len(tools)),
		meta:   metas,
		byName: make(map[string]int, len(tools)),
	}
	copy(c.tools, tools)
	for i := range c.tools {
		t := &c.tools[i]
		if t.Name == "" {
			return nil, fmt.Errorf("catalog: tool %d has no name", i)
		}
		if j, dup := c.byName[t.Name]; dup {
			return nil, fmt.Errorf("catalog: tool %d: duplicate name %q (first at tool %d)", i, t.Name, j)
		}
		c.byName[t.Name] = i
		if len(t.Parameters) == 0 {
			t.Parameters = []byte(`{"type":"object","properties":{}}`)
		}
		if len(t.Params) == 0 {
			ps, err := ParamsOf(t.Parameters)
			if err != nil {
				return nil, fmt.Errorf("catalog: tool %q: %w", t.Name, err)
			}
			t.Params = ps
		}
		if t.Variants == nil {
			t.Discriminator, t.Variants = variantsOf(t.Parameters, t.Params)
		}
		for j := range t.Params {
			if prm := &t.Params[j]; prm.ItemKeys == nil {
				prm.ItemKeys = itemKeys(prm)
			}
			fillTypeBits(&t.Params[j])
		}
		for j := range t.Variants {
			for k := range t.Variants[j].Params {
				fillTypeBits(&t.Variants[j].Params[k])
			}
		}
		if !validName(t.Name) {
			c.issues = append(c.issues, Issue{File: metas[i].file, Line: metas[i].line, Tool: t.Name, Code: "invalid_name",
				Message: "name does not match ^[a-zA-Z0-9_-]{1,64}$ (OpenAI and Anthropic reject it); select with sanitize_names to fix"})
		}
	}
	if c.all == nil {
		c.all = make([]entry, len(c.tools))
		for i := range c.tools {
			c.all[i] = entry{tool: c.tools[i], meta: metas[i]}
		}
	}
	return c, nil
}

// Lookup returns the tool called name.
func (c *Catalog) Lookup(name string) (*toolcall.Tool, bool) {
	i, ok := c.byName[name]
	if !ok {
		return nil, false
	}
	return &c.tools[i], true
}

// Tools returns the tools in catalog order (the order they were loaded or
// passed to New). The slice is shared: do not modify it.
func (c *Catalog) Tools() []toolcall.Tool { return c.tools }

// Len returns the number of tools.
func (c *Catalog) Len() int { return len(c.tools) }

// Issues returns the problems found while loading and selecting that did
// not stop the catalog from being built, in the order found.
func (c *Catalog) Issues() []Issue { return c.issues }

// Formats lists the source formats the tools were loaded from, sorted
// (FormatOpenAIChat, FormatMCP, …).
func (c *Catalog) Formats() []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range c.meta {
		if m.format != "" && !seen[m.format] {
			seen[m.format] = true
			out = append(out, m.format)
		}
	}
	sort.Strings(out)
	return out
}

// Names returns the tool names in catalog order.
func (c *Catalog) Names() []string {
	out := make([]string, len(c.tools))
	for i := range c.tools {
		out[i] = c.tools[i].Name
	}
	return out
}

var _ toolcall.ToolSet = (*Catalog)(nil)
