package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// Selection says which tools of a catalog a prompt exposes and under which
// names, the way agent products filter their tool lists. Filters apply in
// this order: enabledForPrompt, Disabled, Mode, Exclude, Include; then
// names are rewritten (MCP naming, Aliases, sanitising) and duplicates of
// a final name are dropped, first one kept. Tool names in the lists match
// either a tool's name in the source or its final name.
type Selection struct {
	// Mode picks the tool groups allowed (see Modes). Empty allows all.
	Mode string `json:"mode,omitempty"`
	// Modes maps a mode to the groups it allows. Nil means DefaultModes.
	Modes map[string][]string `json:"modes,omitempty"`
	// Disabled tools are never exposed.
	Disabled []string `json:"disabled,omitempty"`
	// Exclude and Include are a model's own adjustments: Exclude removes
	// tools, Include brings back tools the mode filtered out (not disabled
	// ones).
	Exclude []string `json:"exclude,omitempty"`
	Include []string `json:"include,omitempty"`
	// Aliases rename tools: source name → name the model sees.
	Aliases map[string]string `json:"aliases,omitempty"`
	// MCPNames names every tool that has a Server "mcp__SERVER__TOOL"
	// (see MCPName).
	MCPNames bool `json:"mcp_names,omitempty"`
	// SanitizeNames rewrites names that break ^[a-zA-Z0-9_-]{1,64}$ (see
	// SanitizeName); without it such names are kept and reported.
	SanitizeNames bool `json:"sanitize_names,omitempty"`
}

// The tool groups of DefaultModes. A tool's group is its Group, or GroupMCP
// when it has a Server and no Group. A tool with no group is in every mode.
//
// GroupMCPRead is the part of GroupMCP whose MCP annotations say
// readOnlyHint: true: a mode allowing GroupMCPRead but not GroupMCP keeps
// those MCP tools and drops the others, including tools without
// annotations (the MCP default for readOnlyHint is false: a tool may
// write).
const (
	GroupRead    = "read"
	GroupEdit    = "edit"
	GroupCommand = "command"
	GroupBrowser = "browser"
	GroupMCP     = "mcp"
	GroupMCPRead = "mcp-read"
)

// DefaultModes are the modes coding agents commonly ship: code and debug
// allow every group, architect reads, edits (plans, docs) and uses MCP
// tools, ask is read-only: it reads and keeps only the MCP tools annotated
// readOnlyHint: true.
var DefaultModes = map[string][]string{
	"code":      {GroupRead, GroupEdit, GroupCommand, GroupBrowser, GroupMCP},
	"debug":     {GroupRead, GroupEdit, GroupCommand, GroupBrowser, GroupMCP},
	"architect": {GroupRead, GroupEdit, GroupBrowser, GroupMCP},
	"ask":       {GroupRead, GroupBrowser, GroupMCPRead},
}

// GroupOf returns the tool group used for mode filtering.
func GroupOf(t *toolcall.Tool) string {
	if t.Group != "" {
		return t.Group
	}
	if t.Server != "" {
		return GroupMCP
	}
	return ""
}

// allowedIn reports whether a mode allowing the groups in allowed keeps t
// (see GroupMCPRead).
func allowedIn(allowed map[string]bool, t *toolcall.Tool) bool {
	g := GroupOf(t)
	if g == "" || allowed[g] {
		return true
	}
	return g == GroupMCP && allowed[GroupMCPRead] && t.Annotations.ReadOnly != nil && *t.Annotations.ReadOnly
}

// MCPName is the name an MCP tool gets when MCPNames is set:
// "mcp__" + server + "__" + tool, each part sanitised, the whole held to 64
// bytes (see SanitizeName). Double underscores separate the parts, so a
// server name should not contain "__".
func MCPName(server, tool string) string {
	return SanitizeName("mcp__" + sanitizeChars(server) + "__" + sanitizeChars(tool))
}

// SanitizeName makes name fit ^[a-zA-Z0-9_-]{1,64}$: every other byte
// sequence becomes "_" (a dot, a space, a CJK character), and a name
// longer than 64 bytes keeps its first 55 bytes plus "_" and 8 hex digits
// of its SHA-256, so distinct long names stay distinct. An empty name
// becomes "_".
func SanitizeName(name string) string {
	s := sanitizeChars(name)
	if s == "" {
		return "_"
	}
	if len(s) > 64 {
		sum := sha256.Sum256([]byte(name))
		s = s[:55] + "_" + hex.EncodeToString(sum[:4])
	}
	return s
}

func sanitizeChars(name string) string {
	var b strings.Builder
	prevBad := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		if nameByte(c) {
			b.WriteByte(c)
			prevBad = false
			continue
		}
		if c >= 0x80 && c < 0xC0 {
			continue // continuation byte of a character already replaced
		}
		if !prevBad {
			b.WriteByte('_')
		}
		prevBad = c >= 0x80
	}
	return b.String()
}

// Select returns the catalog a prompt exposes under s. Issues of the
// result are the catalog's load issues plus what selection found: names
// in the lists that match no tool (unknown_selection), rewritten names
// (sanitized_name), names that still break the provider rule
// (invalid_name), and tools dropped because another has the same final
// name (duplicate_tool when they are the same tool of the same server,
// name_collision otherwise). An unknown mode is an error.
func (c *Catalog) Select(s Selection) (*Catalog, error) {
	modes := s.Modes
	if modes == nil {
		modes = DefaultModes
	}
	var allowed map[string]bool
	if s.Mode != "" {
		groups, ok := modes[s.Mode]
		if !ok {
			names := make([]string, 0, len(modes))
			for m := range modes {
				names = append(names, m)
			}
			sort.Strings(names)
			return nil, fmt.Errorf("catalog: unknown mode %q (want one of %s)", s.Mode, strings.Join(names, ", "))
		}
		allowed = map[string]bool{}
		for _, g := range groups {
			allowed[g] = true
		}
	}
	var issues []Issue
	for _, is := range c.issues {
		if is.Code != "duplicate_tool" && is.Code != "name_collision" && is.Code != "invalid_name" {
			issues = append(issues, is)
		}
	}
	used := map[string]bool{}
	set := func(list []string) map[string]bool {
		m := make(map[string]bool, len(list))
		for _, n := range list {
			m[n] = true
		}
		return m
	}
	disabled, exclude, include := set(s.Disabled), set(s.Exclude), set(s.Include)
	in := func(m map[string]bool, e *entry, final string) bool {
		hit := m[e.tool.Name] || m[final] || e.tool.OriginalName != "" && m[e.tool.OriginalName]
		if hit {
			if m[e.tool.Name] {
				used[e.tool.Name] = true
			}
			if m[final] {
				used[final] = true
			}
			if e.tool.OriginalName != "" && m[e.tool.OriginalName] {
				used[e.tool.OriginalName] = true
			}
		}
		return hit
	}

	var tools []toolcall.Tool
	var metas []toolMeta
	byName := map[string]int{}
	for i := range c.all {
		e := &c.all[i]
		t := e.tool
		src := t.Name
		if t.OriginalName != "" {
			src = t.OriginalName
		}
		final := t.Name
		if s.MCPNames && t.Server != "" {
			final = MCPName(t.Server, t.Name)
		}
		if a, ok := s.Aliases[t.Name]; ok {
			used[t.Name] = true
			final = a
		} else if a, ok := s.Aliases[final]; ok {
			used[final] = true
			final = a
		}
		if !e.meta.enabled || in(disabled, e, final) {
			continue
		}
		keep := allowed == nil || allowedIn(allowed, &t)
		if in(exclude, e, final) {
			keep = false
		}
		if in(include, e, final) {
			keep = true
		}
		if !keep {
			continue
		}
		if !validName(final) && s.SanitizeNames {
			clean := SanitizeName(final)
			issues = append(issues, Issue{File: e.meta.file, Line: e.meta.line, Tool: src, Code: "sanitized_name",
				Message: fmt.Sprintf("name %q breaks ^[a-zA-Z0-9_-]{1,64}$; renamed %q", final, clean)})
			final = clean
		}
		if j, dup := byName[final]; dup {
			prev := &tools[j]
			code, msg := "name_collision", fmt.Sprintf("final name %q is already taken by %s; this tool is dropped", final, describeTool(prev))
			prevSrc := prev.Name
			if prev.OriginalName != "" {
				prevSrc = prev.OriginalName
			}
			if prev.Server == t.Server && prevSrc == src {
				code, msg = "duplicate_tool", fmt.Sprintf("%q is defined again; the first definition is kept", final)
			}
			issues = append(issues, Issue{File: e.meta.file, Line: e.meta.line, Tool: src, Code: code, Message: msg})
			continue
		}
		if final != t.Name {
			t.OriginalName = src
			t.Name = final
		}
		byName[final] = len(tools)
		tools = append(tools, t)
		metas = append(metas, e.meta)
	}
	for _, list := range [][]string{s.Disabled, s.Exclude, s.Include, keys(s.Aliases)} {
		for _, n := range list {
			if !used[n] && c.knows(n) {
				used[n] = true // matched a tool that another filter removed first
			}
			if !used[n] {
				used[n] = true
				issues = append(issues, Issue{Tool: n, Code: "unknown_selection", Message: "the selection names a tool the catalog does not have"})
			}
		}
	}
	out, err := newCatalog(tools, metas)
	if err != nil {
		return nil, err
	}
	out.issues = append(issues, out.issues...)
	return out, nil
}

// knows reports whether any loaded definition has this source or MCP name.
func (c *Catalog) knows(name string) bool {
	for i := range c.all {
		t := &c.all[i].tool
		if t.Name == name || t.OriginalName == name || t.Server != "" && MCPName(t.Server, t.Name) == name {
			return true
		}
	}
	return false
}

func describeTool(t *toolcall.Tool) string {
	src := t.Name
	if t.OriginalName != "" {
		src = t.OriginalName
	}
	if t.Server != "" {
		return fmt.Sprintf("tool %q of server %q", src, t.Server)
	}
	return fmt.Sprintf("tool %q", src)
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
