package retrieval

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tooleval/tooleval/toolcall"
)

// The caps of a regex tool search: the longest pattern taken, the
// default number of tools returned and the most a caller may ask for.
const (
	MaxRegexPatternBytes = 200
	DefaultRegexMatches  = 5
	MaxRegexMatches      = 50
)

// Where a regex search found a tool, best first; a Hit's Score is one of
// these.
const (
	RegexWholeName   = 4 // the pattern matches the whole name
	RegexName        = 3 // part of the name
	RegexDescription = 2 // the description
	RegexParam       = 1 // a parameter's name
)

// RegexIndex searches a catalog with a regular expression a model writes,
// as a tool search tool's regex variant does: RE2 syntax, matched against
// each tool's name, description and parameter names (nested ones by
// their path). Matching is case-insensitive unless the pattern says
// otherwise ((?-i) turns case folding off). It is safe for concurrent
// searches.
type RegexIndex struct {
	tools []regexDoc
}

type regexDoc struct {
	name, description string
	params            []string
}

// NewRegex indexes tools for regex search.
func NewRegex(tools []toolcall.Tool) *RegexIndex {
	ix := &RegexIndex{tools: make([]regexDoc, len(tools))}
	for i := range tools {
		t := &tools[i]
		d := regexDoc{name: t.Name, description: t.Description}
		for _, p := range t.Params {
			d.params = append(d.params, p.Name)
		}
		ix.tools[i] = d
	}
	return ix
}

// CompileToolPattern compiles a model's search pattern: at most
// MaxRegexPatternBytes of valid UTF-8, RE2 syntax, case-insensitive
// unless the pattern turns it off. The error says what is wrong in words
// a model can act on.
func CompileToolPattern(pattern string) (*regexp.Regexp, error) {
	if strings.TrimSpace(pattern) == "" {
		return nil, fmt.Errorf("empty pattern")
	}
	if len(pattern) > MaxRegexPatternBytes {
		return nil, fmt.Errorf("pattern of %d bytes is over the %d-byte cap", len(pattern), MaxRegexPatternBytes)
	}
	if !utf8.ValidString(pattern) {
		return nil, fmt.Errorf("pattern is not valid UTF-8")
	}
	if _, err := regexp.Compile(pattern); err != nil {
		return nil, fmt.Errorf("not an RE2 pattern: %w", err)
	}
	// Case folding first: a (?-i) in the pattern turns it off again.
	return regexp.Compile("(?i)" + pattern)
}

// Search returns up to max tools (DefaultRegexMatches when max ≤ 0, at
// most MaxRegexMatches) that pattern matches, best place first (whole
// name, part of the name, description, a parameter name), then in catalog
// order. A pattern that does not compile is an error (see
// CompileToolPattern); one that matches nothing yields no hit.
func (ix *RegexIndex) Search(pattern string, max int) ([]Hit, error) {
	re, err := CompileToolPattern(pattern)
	if err != nil {
		return nil, err
	}
	if max <= 0 {
		max = DefaultRegexMatches
	}
	max = min(max, MaxRegexMatches)
	var byPlace [RegexWholeName + 1][]Hit
	for _, d := range ix.tools {
		if place := d.match(re); place > 0 {
			byPlace[place] = append(byPlace[place], Hit{Name: d.name, Score: float64(place)})
		}
	}
	var out []Hit
	for place := RegexWholeName; place > 0 && len(out) < max; place-- {
		out = append(out, byPlace[place][:min(len(byPlace[place]), max-len(out))]...)
	}
	return out, nil
}

// match is the best place re matches in the tool (0: nowhere).
func (d *regexDoc) match(re *regexp.Regexp) int {
	if loc := re.FindStringIndex(d.name); loc != nil {
		if loc[0] == 0 && loc[1] == len(d.name) {
			return RegexWholeName
		}
		return RegexName
	}
	if re.MatchString(d.description) {
		return RegexDescription
	}
	for _, p := range d.params {
		if re.MatchString(p) {
			return RegexParam
		}
	}
	return 0
}
