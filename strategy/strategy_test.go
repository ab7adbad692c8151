package strategy

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

func TestParseAndValidate(t *testing.T) {
	for _, c := range []struct {
		in, want, err string
	}{
		{"inject", "inject", ""},
		{" all ", "all", ""},
		{"search", "search:bm25", ""},
		{"search:bm25", "search:bm25", ""},
		{"search:regex", "search:regex", ""},
		{"search:grep", "", `search: unknown "grep" (want bm25 or regex)`},
		{"inject:regex", "", `search: only the search strategy searches (got "regex" with strategy inject)`},
		{"top-k", "", `strategy: unknown "top-k" (want inject, search, all)`},
		{"", "", `strategy: unknown ""`},
	} {
		s, err := Parse(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("Parse(%q): error %v, want %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("Parse(%q): %v", c.in, err)
		case c.err == "" && s.String() != c.want:
			t.Errorf("Parse(%q) = %s, want %s", c.in, s, c.want)
		}
	}
	for _, c := range []struct {
		s   Strategy
		err string
	}{
		{Strategy{Strategy: All, K: 3}, "k: the all strategy shows the whole catalog; leave k out"},
		{Strategy{Strategy: Search, Search: Regex, K: retrieval.MaxRegexMatches + 1}, "k: a regex search returns at most 50 tools, got 51"},
		{Strategy{Strategy: Inject, K: -1}, "k: must be ≥ 1, got -1"},
		{Strategy{Strategy: Search, K: 7}, ""},
	} {
		err := c.s.Validate()
		if got := ""; err != nil {
			got = err.Error()
			if got != c.err {
				t.Errorf("%+v: %q, want %q", c.s, got, c.err)
			}
		} else if c.err != "" {
			t.Errorf("%+v: no error, want %q", c.s, c.err)
		}
	}
	i, err := Check([]Strategy{{Strategy: Inject}, {Strategy: Search}, {Strategy: Search, Search: BM25}})
	if i != 2 || err == nil || !strings.Contains(err.Error(), "search:bm25 is declared twice (first at 1)") {
		t.Errorf("Check of a duplicate: %d, %v", i, err)
	}
	if i, err := Check([]Strategy{{Strategy: Search, Search: BM25, K: 3}, {Strategy: Search, Search: BM25, K: 5}}); i != -1 || err != nil {
		t.Errorf("the same strategy at two k is no duplicate: %d, %v", i, err)
	}
}

func tools(deferred ...string) []toolcall.Tool {
	var out []toolcall.Tool
	for _, n := range []string{"list_dir", "read_file", "read_file_lines", "write_file", "Report", "report"} {
		out = append(out, toolcall.Tool{Name: n, Description: "Does " + strings.ReplaceAll(n, "_", " ") + " for the user.",
			Params: []toolcall.Param{{Name: "path"}}, DeferLoading: slices.Contains(deferred, n)})
	}
	return out
}

func TestLoadedAndEverything(t *testing.T) {
	if got := Loaded(tools(), []string{"write_file"}); !slices.Equal(got, []string{"write_file"}) {
		t.Errorf("a catalog that marks nothing defers every tool: %v", got)
	}
	got := Loaded(tools("read_file", "read_file_lines", "Report", "report"), []string{"read_file"})
	if want := []string{"read_file", "list_dir", "write_file"}; !slices.Equal(got, want) {
		t.Errorf("Loaded = %v, want %v", got, want)
	}
	got = Everything(tools(), []string{"write_file"})
	if want := []string{"write_file", "list_dir", "read_file", "read_file_lines", "Report", "report"}; !slices.Equal(got, want) {
		t.Errorf("Everything = %v, want %v", got, want)
	}
}

func engine(t *testing.T) Engine {
	ix, err := retrieval.New(tools())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return Engine{BM25: ix, Regex: retrieval.NewRegex(tools())}
}

func TestFind(t *testing.T) {
	e := engine(t)
	got, err := e.Find(Regex, "^read_", 5, []string{"read_file"})
	if err != nil || !slices.Equal(got, []string{"read_file_lines"}) {
		t.Errorf("regex leaving out what is shown: %v, %v", got, err)
	}
	got, err = e.Find(Regex, "file", 1, nil)
	if err != nil || !slices.Equal(got, []string{"read_file"}) {
		t.Errorf("regex capped at k: %v, %v", got, err)
	}
	_, err = e.Find(Regex, "read_(file", 5, nil)
	var qe *QueryError
	if !errors.As(err, &qe) || !strings.Contains(err.Error(), "not an RE2 pattern") {
		t.Errorf("a bad pattern is the model's error: %v", err)
	}
	_, err = e.Find(Regex, strings.Repeat("a", retrieval.MaxRegexPatternBytes+1), 5, nil)
	if !errors.As(err, &qe) {
		t.Errorf("an over-long pattern is the model's error: %v", err)
	}
	got, err = e.Find(BM25, "write a file", 2, []string{"write_file"})
	if err != nil || len(got) == 0 || slices.Contains(got, "write_file") {
		t.Errorf("bm25 leaves out what is shown: %v, %v", got, err)
	}
}

func TestExactName(t *testing.T) {
	e := engine(t)
	names := []string{"list_dir", "read_file", "read_file_lines", "write_file", "Report", "report"}
	for _, c := range []struct {
		strat       string
		query       string
		shown       []string
		named, miss string
	}{
		{"inject", "use read_file on notes.txt", nil, "read_file", ""},
		{"search:bm25", "use read_file on notes.txt", nil, "read_file", ""},
		{"search:regex", "use read_file on notes.txt", nil, "read_file", ""},
		{"all", "use read_file on notes.txt", nil, "read_file", ""},
		// The regex search folds case: `report` ties with Report, which
		// comes first in the catalog.
		{"search:regex", "run `report` for May", nil, "report", "report"},
		{"search:regex", "run `Report` for May", nil, "Report", ""},
		// A tool shown before any search passes.
		{"search:regex", "run `report` for May", []string{"report"}, "report", ""},
		{"all", "run `report` for May", nil, "report", ""},
		{"inject", "list the files", nil, "", ""},
	} {
		s, err := Parse(c.strat)
		if err != nil {
			t.Fatal(err)
		}
		named, miss, err := e.ExactName(s, c.query, names, c.shown, 5)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(named, ",") != c.named || miss != c.miss {
			t.Errorf("%s %q: named %v, miss %q; want %q, %q", c.strat, c.query, named, miss, c.named, c.miss)
		}
	}
}
