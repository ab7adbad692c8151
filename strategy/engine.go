package strategy

import (
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/tooleval/tooleval/retrieval"
)

// Engine runs the searches of the search strategy over one catalog: BM25
// with a configuration's retrieval settings, or the regex index. Either
// may be nil when the strategies run never use it.
type Engine struct {
	BM25  *retrieval.Index
	Regex *retrieval.RegexIndex
}

// QueryError is a search the model wrote that cannot run (a regex that
// does not compile or is over the cap): the model's mistake, reported on
// its step, never a broken case.
type QueryError struct{ Err error }

func (e *QueryError) Error() string { return e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

// Find runs one search of kind (BM25 or Regex) and returns the names of
// at most k tools found, best first, leaving out shown (the tools in the
// prompt before any search). A query the model got wrong is a
// *QueryError.
func (e Engine) Find(kind, query string, k int, shown []string) ([]string, error) {
	var hits []retrieval.Hit
	var err error
	switch kind {
	case Regex:
		if e.Regex == nil {
			return nil, errors.New("strategy: no regex index")
		}
		if hits, err = e.Regex.Search(query, min(k+len(shown), retrieval.MaxRegexMatches)); err != nil {
			return nil, &QueryError{err}
		}
	case BM25, "":
		if e.BM25 == nil {
			return nil, errors.New("strategy: no BM25 index")
		}
		if hits, err = e.BM25.Search(query, k, shown...); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("strategy: unknown search %q", kind)
	}
	var out []string
	for _, h := range hits {
		if !h.Always && !slices.Contains(shown, h.Name) {
			out = append(out, h.Name)
		}
	}
	return out[:min(k, len(out))], nil
}

// ExactName is the check builders ask for: a tool the query names
// exactly (retrieval.NamedTools) must rank first under every strategy. It
// returns the catalog tools the query names and the first of them that
// does not rank first ("" when every one does). Tools shown before any
// retrieval (shown: always-include, and what the search strategy loads up
// front) pass, and are left out of the ranking. Under inject and search:bm25 the query is ranked by BM25
// (the named tools must take the first places); under search:regex each
// named tool's name, quoted, is the pattern (the exact-name query a model
// writes) and must find that tool first; under all every tool is shown.
func (e Engine) ExactName(s Strategy, query string, names, shown []string, k int) (named []string, miss string, err error) {
	named = retrieval.NamedTools(query, names)
	var check []string
	for _, n := range named {
		if !slices.Contains(shown, n) {
			check = append(check, n)
		}
	}
	if len(check) == 0 || s.Strategy == All {
		return named, "", nil
	}
	if s.Resolved().Search == Regex {
		for _, n := range check {
			found, err := e.Find(Regex, regexp.QuoteMeta(n), max(k, 1), shown)
			var qe *QueryError
			if errors.As(err, &qe) || err == nil && (len(found) == 0 || found[0] != n) {
				return named, n, nil
			}
			if err != nil {
				return nil, "", err
			}
		}
		return named, "", nil
	}
	if e.BM25 == nil {
		return nil, "", errors.New("strategy: no BM25 index")
	}
	hits, err := e.BM25.Search(query, max(k, len(check)), shown...)
	if err != nil {
		return nil, "", err
	}
	return named, retrieval.ExactNameMiss(hits, check), nil
}
