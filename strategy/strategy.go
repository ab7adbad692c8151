package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

// The strategies (Strategy.Strategy).
const (
	Inject = "inject"
	Search = "search"
	All    = "all"
)

// The search kinds of the search strategy (Strategy.Search).
const (
	BM25  = "bm25"
	Regex = "regex"
)

// Names lists the strategies, Searches the search kinds: the one list the
// suite schema, the flags' help and the README are checked against.
var (
	Names    = []string{Inject, Search, All}
	Searches = []string{BM25, Regex}
)

// Strategy is one way of showing tools to the model, as a suite's
// settings line declares it: {"strategy": "search", "search": "regex",
// "k": 5}.
type Strategy struct {
	// Strategy is Inject, Search or All.
	Strategy string `json:"strategy"`
	// Search is the search kind of the search strategy (BM25 when empty);
	// only the search strategy has one.
	Search string `json:"search,omitempty"`
	// K is how many tools the first retrieval injects (inject) or one
	// search returns (search); 0 runs at the run's k values. All has none.
	K int `json:"k,omitempty"`
}

// Parse reads a strategy as the --strategy flag writes it: "inject",
// "all", "search" (BM25), "search:bm25" or "search:regex".
func Parse(s string) (Strategy, error) {
	name, search, _ := strings.Cut(strings.TrimSpace(s), ":")
	st := Strategy{Strategy: name, Search: search}
	if err := st.Validate(); err != nil {
		return Strategy{}, err
	}
	return st.Resolved(), nil
}

// Resolved fills in the default search kind.
func (s Strategy) Resolved() Strategy {
	if s.Strategy == Search && s.Search == "" {
		s.Search = BM25
	}
	return s
}

// Validate reports the first thing wrong, naming its field.
func (s Strategy) Validate() error {
	if !slices.Contains(Names, s.Strategy) {
		return fmt.Errorf("strategy: unknown %q (want %s)", s.Strategy, strings.Join(Names, ", "))
	}
	if s.Search != "" {
		if s.Strategy != Search {
			return fmt.Errorf("search: only the %s strategy searches (got %q with strategy %s)", Search, s.Search, s.Strategy)
		}
		if !slices.Contains(Searches, s.Search) {
			return fmt.Errorf("search: unknown %q (want %s)", s.Search, strings.Join(Searches, " or "))
		}
	}
	switch {
	case s.K < 0:
		return fmt.Errorf("k: must be ≥ 1, got %d", s.K)
	case s.K != 0 && s.Strategy == All:
		return fmt.Errorf("k: the %s strategy shows the whole catalog; leave k out", All)
	case s.Search == Regex && s.K > retrieval.MaxRegexMatches:
		return fmt.Errorf("k: a regex search returns at most %d tools, got %d", retrieval.MaxRegexMatches, s.K)
	}
	return nil
}

// String is the strategy as --strategy writes it: "inject",
// "search:regex", "all".
func (s Strategy) String() string {
	s = s.Resolved()
	if s.Search != "" {
		return s.Strategy + ":" + s.Search
	}
	return s.Strategy
}

// Check validates a list of strategies: each valid, none twice. It
// returns the index of the bad one with the error (-1 when all are good).
func Check(list []Strategy) (int, error) {
	seen := map[Strategy]int{}
	for i, s := range list {
		if err := s.Validate(); err != nil {
			return i, err
		}
		r := s.Resolved()
		if j, dup := seen[r]; dup {
			return i, fmt.Errorf("strategy: %s is declared twice (first at %d)", r, j)
		}
		seen[r] = i
	}
	return -1, nil
}

// Loaded is what the search strategy shows before any search: the
// always-include tools, then, when the catalog marks some tools
// defer_loading, every tool it does not mark (in catalog order). A
// catalog that marks none defers every tool.
func Loaded(tools []toolcall.Tool, always []string) []string {
	out := slices.Clone(always)
	if !slices.ContainsFunc(tools, func(t toolcall.Tool) bool { return t.DeferLoading }) {
		return out
	}
	for _, t := range tools {
		if !t.DeferLoading && !slices.Contains(out, t.Name) {
			out = append(out, t.Name)
		}
	}
	return out
}

// Everything is what the all strategy shows: the always-include tools,
// then every other tool of the catalog in catalog order.
func Everything(tools []toolcall.Tool, always []string) []string {
	out := slices.Clone(always)
	for _, t := range tools {
		if !slices.Contains(out, t.Name) {
			out = append(out, t.Name)
		}
	}
	return out
}

// Spellings lists every strategy as String writes it, searches spelt out:
// "inject", "search:bm25", "search:regex", "all" (what a recording's
// strategy field may say).
func Spellings() []string {
	var out []string
	for _, name := range Names {
		if name != Search {
			out = append(out, name)
			continue
		}
		for _, s := range Searches {
			out = append(out, name+":"+s)
		}
	}
	return out
}
