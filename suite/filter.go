package suite

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Filter selects cases by id, tag and language. Each pattern is a glob
// (`*` any run of characters, `?` one character) on the case id, or on a
// tag with the prefix "tag:", or on the language with "lang:" ("id:" may
// prefix an id pattern). Patterns of the same kind are alternatives; kinds
// combine: `--filter 'fs-*' --filter tag:parallel` keeps the fs- cases
// tagged parallel. A nil Filter keeps every case.
type Filter struct {
	patterns []string
	ids      []*regexp.Regexp
	tags     []*regexp.Regexp
	langs    []*regexp.Regexp
}

// ParseFilter reads filter patterns (none: nil, every case).
func ParseFilter(patterns []string) (*Filter, error) {
	if len(patterns) == 0 {
		return nil, nil
	}
	f := &Filter{}
	for _, p := range patterns {
		kind, glob, ok := strings.Cut(p, ":")
		if !ok {
			kind, glob = "id", p
		}
		if glob == "" {
			return nil, fmt.Errorf("filter %q: empty pattern", p)
		}
		re := globRegexp(glob)
		switch kind {
		case "id":
			f.ids = append(f.ids, re)
		case "tag":
			f.tags = append(f.tags, re)
		case "lang":
			f.langs = append(f.langs, re)
		default:
			return nil, fmt.Errorf("filter %q: unknown kind %q (want a case id glob, id:GLOB, tag:GLOB or lang:GLOB)", p, kind)
		}
		f.patterns = append(f.patterns, p)
	}
	return f, nil
}

func globRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range glob {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// Patterns returns the patterns the filter was parsed from.
func (f *Filter) Patterns() []string {
	if f == nil {
		return nil
	}
	return f.patterns
}

// Selects reports whether the filter keeps at least one case of s (a nil
// filter keeps every case).
func (f *Filter) Selects(s *Suite) bool {
	for _, c := range s.Cases {
		if f.Match(c) {
			return true
		}
	}
	return f == nil && len(s.Cases) > 0
}

// Match reports whether the filter keeps c.
func (f *Filter) Match(c *Case) bool {
	if f == nil {
		return true
	}
	any := func(res []*regexp.Regexp, vals ...string) bool {
		if len(res) == 0 {
			return true
		}
		return slices.ContainsFunc(res, func(re *regexp.Regexp) bool {
			return slices.ContainsFunc(vals, re.MatchString)
		})
	}
	return any(f.ids, c.ID) && any(f.tags, c.Tags...) && any(f.langs, c.Lang)
}
