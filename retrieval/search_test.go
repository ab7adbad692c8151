package retrieval

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

var smallCatalog = []toolcall.Tool{
	{Name: "Read", Description: "读取本地文件内容，返回带行号的文本。Read.path 必须是绝对路径。", Params: []toolcall.Param{{Name: "path", Description: "absolute path"}}},
	{Name: "ApplyPatch", Description: "以补丁方式新增或更新文件（落盘）。", Params: []toolcall.Param{{Name: "patch"}}},
	{Name: "LS", Description: "List files in a directory.", Params: []toolcall.Param{{Name: "target_directory"}}},
	{Name: "Grep", Description: "Search file contents with a regular expression.", Params: []toolcall.Param{{Name: "pattern"}}},
	{Name: "Shell", Description: "Run a terminal command; declare required_permissions such as git_write or network."},
	{Name: "xpath_query", Description: "Evaluate an XPath such as /html[1]/body[1]/div[2] against HTML.", Tags: []string{"browser"}},
	{Name: "save_doc", Description: "保存文档到 docs/xpath/ 目录。"},
	{Name: "read_text_file", Description: "Read a text file.", Server: "filesystem"},
}

func newSmall(t *testing.T, opts ...Option) *Index {
	t.Helper()
	ix, err := New(smallCatalog, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

func names(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Name
		if h.Always {
			out[i] += "*"
		}
	}
	return out
}

func TestSearchFindsTechnicalAndChineseTokens(t *testing.T) {
	ix := newSmall(t)
	tests := []struct{ query, top string }{
		{"ApplyPatch 怎么写？", "ApplyPatch"},
		{"apply a patch", "ApplyPatch"},
		{"Read.path 填什么", "Read"},
		{"需要 git_write 权限", "Shell"},
		{"/html[1]/body[1] 匹配什么", "xpath_query"},
		{"写到 docs/xpath/ 下面", "save_doc"},
		{"读取文件", "Read"},
		{"ＡｐｐｌｙＰａｔｃｈ", "ApplyPatch"},
		{"grep for TODO", "Grep"},
		{"list the target directory", "LS"},
	}
	for _, tc := range tests {
		hits, err := ix.Search(tc.query, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].Name != tc.top {
			t.Errorf("%q: got %v, want %s first", tc.query, names(hits), tc.top)
		}
	}
}

func TestAlwaysIncludeFirstDeduplicated(t *testing.T) {
	ix := newSmall(t)
	hits, err := ix.Search("search file contents path", 2, "LS", "Grep", "LS")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(names(hits), ",")
	// Grep would rank first; as an always-include tool it is listed in the
	// given order, keeps its score, and does not use up one of the k slots.
	if !strings.HasPrefix(got, "LS*,Grep*,") || len(hits) != 4 {
		t.Fatalf("got %s", got)
	}
	if hits[1].Score <= 0 {
		t.Errorf("always-include Grep lost its BM25 score: %+v", hits[1])
	}
	for _, h := range hits[2:] {
		if h.Always || h.Name == "LS" || h.Name == "Grep" {
			t.Errorf("duplicate or mis-flagged hit %+v", h)
		}
	}
	// An always-include tool outside the top hits is scored directly.
	e, _ := ix.Explain("search file contents path", "LS")
	if math.Abs(hits[0].Score-e.Score) > 1e-9 {
		t.Errorf("LS score %v, explain %v", hits[0].Score, e.Score)
	}
	// A query with no indexed terms yields only always-include tools.
	hits, err = ix.Search("zzzz qqqq", 5, "Shell")
	if err != nil || len(hits) != 1 || hits[0].Name != "Shell" || !hits[0].Always || hits[0].Score != 0 {
		t.Errorf("no-match query: %+v, %v", hits, err)
	}
	// k = 0 returns only the always-include tools.
	hits, _ = ix.Search("file", 0, "Read")
	if len(hits) != 1 || hits[0].Name != "Read" {
		t.Errorf("k=0: %v", names(hits))
	}
}

func TestSearchErrors(t *testing.T) {
	ix := newSmall(t)
	if _, err := ix.Search("x", 3, "Nope"); err == nil || !strings.Contains(err.Error(), `"Nope"`) {
		t.Errorf("unknown always-include: %v", err)
	}
	if _, err := ix.Search("x", -1); err == nil {
		t.Error("negative k accepted")
	}
	if _, err := ix.Explain("x", "Nope"); err == nil || !strings.Contains(err.Error(), `"Nope"`) {
		t.Errorf("explain unknown tool: %v", err)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name  string
		tools []toolcall.Tool
		opts  []Option
		want  string
	}{
		{"empty catalog", nil, nil, "empty catalog"},
		{"no name", []toolcall.Tool{{Description: "x"}}, nil, "tool 0 has no name"},
		{"duplicate", []toolcall.Tool{{Name: "a"}, {Name: "a"}}, nil, `"a" is defined twice`},
		{"unknown always", []toolcall.Tool{{Name: "a"}}, []Option{func(o *options) { o.cfg.Always = []string{"b"} }}, `always-include tool "b"`},
		{"bad weight field", []toolcall.Tool{{Name: "a"}}, []Option{WithWeights(map[string]float64{"title": 1})}, "weights.title: unknown field"},
		{"negative weight", []toolcall.Tool{{Name: "a"}}, []Option{WithWeights(map[string]float64{"name": -1})}, "weights.name"},
		{"bad b", []toolcall.Tool{{Name: "a"}}, []Option{WithBM25(1.2, 2)}, "b: must be in [0, 1]"},
		{"bad cjk", []toolcall.Tool{{Name: "a"}}, []Option{WithAnalyzer(AnalyzerConfig{CJK: "trigram"})}, "analyzer.cjk"},
	}
	for _, tc := range tests {
		_, err := New(tc.tools, tc.opts...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want error containing %q", tc.name, err, tc.want)
		}
	}
}

// Ties keep catalog order, and results do not depend on which run it is.
func TestTiesInCatalogOrder(t *testing.T) {
	var tools []toolcall.Tool
	for i := 0; i < 30; i++ {
		tools = append(tools, toolcall.Tool{Name: fmt.Sprintf("tool%02d", 29-i), Description: "same words here"})
	}
	ix, err := New(tools)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	hits, _ := ix.Search("same words", 10)
	for i, h := range hits {
		if h.Name != tools[i].Name {
			t.Fatalf("rank %d: got %s, want %s (catalog order)", i, h.Name, tools[i].Name)
		}
	}
}

func TestExplainSumsToScore(t *testing.T) {
	ix := newSmall(t, WithSynonyms(SynonymGroup{"落盘", "写文件", "保存"}))
	for _, q := range []string{"ApplyPatch 落盘", "read the file path", "/html[1]/body[1] browser", "保存文档"} {
		hits, err := ix.Search(q, 8)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			e, err := ix.Explain(q, h.Name)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(e.Score-h.Score) > 1e-6*math.Max(1, h.Score) {
				t.Errorf("%q %s: explain %v != score %v", q, h.Name, e.Score, h.Score)
			}
			var sum float64
			for _, f := range e.Fields {
				for _, tm := range f.Terms {
					sum += tm.Score
				}
			}
			if math.Abs(sum-e.Score) > 1e-9 {
				t.Errorf("%q %s: terms sum %v != %v", q, h.Name, sum, e.Score)
			}
		}
	}
}

func TestSynonymsExpandQueriesOnly(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "save", Description: "保存结果"},
		{Name: "other", Description: "落盘 统计"},
	}
	plain, _ := New(tools)
	defer plain.Close()
	syn, _ := New(tools, WithSynonyms(SynonymGroup{"落盘", "写文件", "保存"}))
	defer syn.Close()
	if h, _ := plain.Search("写文件", 5); len(h) != 1 || h[0].Name != "other" {
		// 写文件 shares only the unigram 文/件… nothing with "保存结果";
		// without synonyms "save" must not be found.
		for _, x := range h {
			if x.Name == "save" {
				t.Errorf("without synonyms: %v", names(h))
			}
		}
	}
	h, _ := syn.Search("写文件", 5)
	found := false
	for _, x := range h {
		found = found || x.Name == "save"
	}
	if !found {
		t.Errorf("with synonyms 写文件 should find save: %v", names(h))
	}
	// Documents are not expanded: the "other" doc's 落盘 is not indexed as
	// 保存, so the explanation of "save" shows the expansion came from the
	// query side.
	e, _ := syn.Explain("写文件", "save")
	for _, f := range e.Fields {
		for _, tm := range f.Terms {
			if !tm.Expanded {
				t.Errorf("term %q matched without expansion", tm.Term)
			}
		}
	}
	// Latin members match at word boundaries only.
	sy, _ := New([]toolcall.Tool{{Name: "find", Description: "查找"}, {Name: "x", Description: "research"}},
		WithSynonyms(SynonymGroup{"search", "查找"}))
	defer sy.Close()
	if h, _ := sy.Search("research papers", 5); len(h) != 1 || h[0].Name != "x" {
		t.Errorf("search matched inside research: %v", names(h))
	}
	if h, _ := sy.Search("search it", 5); len(h) == 0 || h[0].Name != "find" {
		t.Errorf("search did not expand to 查找: %v", names(h))
	}
}

func TestConcurrentSearches(t *testing.T) {
	ix := newSmall(t)
	want, _ := ix.Search("read file path", 5, "Shell")
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				got, err := ix.Search("read file path", 5, "Shell")
				if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("concurrent search: %v %v", got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// Sums of the same terms in another order differ in the last bits; they
// must still tie (and so go in catalog order).
func TestTieKeyIgnoresRounding(t *testing.T) {
	a, b := 0.30000000000000004, 0.3 // 0.1+0.2 and 0.3
	if tieKey(a) != tieKey(b) {
		t.Fatalf("tieKey(%v)=%v != tieKey(%v)=%v", a, tieKey(a), b, tieKey(b))
	}
	if tieKey(1.0000001) == tieKey(1.0000002) {
		t.Fatal("tieKey merged scores that really differ")
	}
	if tieKey(0) != 0 || tieKey(-2.5) != -2.5 {
		t.Fatal("tieKey changed an exact value")
	}
}

// TestZeroMatch: a query with no term in common with the catalog matches
// nothing, and Search then returns only the always-include tools whatever
// k (k is an upper bound); a query sharing one term, or reaching one
// through a synonym, matches.
func TestZeroMatch(t *testing.T) {
	ix := newSmall(t, WithSynonyms(SynonymGroup{"kubernetes", "terminal"}))
	tests := []struct {
		query string
		match bool
	}{
		{"book a table for two tonight", false},
		{"", false},
		{"the of and", false}, // stop words only
		{"run a terminal command", true},
		{"kubernetes", true}, // through the synonym
		{"读取", true},
	}
	for _, tc := range tests {
		if got := ix.Matches(tc.query); got != tc.match {
			t.Errorf("Matches(%q) = %v, want %v", tc.query, got, tc.match)
		}
		hits, err := ix.Search(tc.query, 10, "LS")
		if err != nil {
			t.Fatal(err)
		}
		if !tc.match && (len(hits) != 1 || hits[0].Name != "LS") {
			t.Errorf("Search(%q, 10): %v, want only the always-include LS", tc.query, names(hits))
		}
		if tc.match && len(hits) < 2 {
			t.Errorf("Search(%q, 10): %v, want a retrieved tool besides LS", tc.query, names(hits))
		}
	}
}
