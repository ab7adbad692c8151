package retrieval

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/toolcall"
)

// evalQuery is one line of a queries.jsonl file.
type evalQuery struct {
	ID        string   `json:"id"`
	Query     string   `json:"query"`
	GoldTools []string `json:"gold_tools"`
}

// corpus is a catalog plus queries with gold tool sets.
type corpus struct {
	name    string
	tools   []toolcall.Tool
	queries []evalQuery
	cfg     string // optional retrieval config file for the corpus
}

func loadCorpus(tb testing.TB, name, dir string) corpus {
	tb.Helper()
	cat, err := catalog.LoadFile(filepath.Join(dir, "catalog.json"))
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	c := corpus{name: name, tools: cat.Tools()}
	if p := filepath.Join(dir, "retrieval.json"); fileExists(p) {
		c.cfg = p
	}
	f, err := os.Open(filepath.Join(dir, "queries.jsonl"))
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q evalQuery
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			tb.Fatalf("%s/queries.jsonl:%d: %v", dir, line, err)
		}
		for _, g := range q.GoldTools {
			if _, ok := cat.Lookup(g); !ok {
				tb.Fatalf("%s/queries.jsonl:%d: gold tool %q is not in the catalog", dir, line, g)
			}
		}
		c.queries = append(c.queries, q)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return c
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// ourCorpora are the evaluation corpora in testdata/retrieval.
func ourCorpora(tb testing.TB) []corpus {
	return []corpus{
		loadCorpus(tb, "en-mcp", "../testdata/retrieval/en"),
		loadCorpus(tb, "zh-tools", "../testdata/retrieval/zh"),
	}
}

// devCorpora are the shared development sets, when present on this machine.
func devCorpora(tb testing.TB) []corpus {
	root := os.Getenv("TOOLEVAL_DEV_DATA")
	if root == "" {
		root = "/work/shared/data"
	}
	var out []corpus
	for _, name := range []string{"bfcl-nonlive", "sealtools-in", "acebench-en", "acebench-zh"} {
		dir := filepath.Join(root, name)
		if fileExists(filepath.Join(dir, "queries.jsonl")) {
			out = append(out, loadCorpus(tb, name, dir))
		}
	}
	return out
}

var evalKs = []int{1, 3, 5, 10}

// setup is one retriever under comparison.
type setup struct {
	name string
	make func(c corpus) ranker
}

// withConfig is a setup that ranks with an Index built with cfg(c).
func withConfig(tb testing.TB, cfg func(c corpus) Config) func(corpus) ranker {
	return func(c corpus) ranker {
		ix, err := New(c.tools, WithConfig(cfg(c)))
		if err != nil {
			tb.Fatalf("%s: %v", c.name, err)
		}
		return indexRanker{ix}
	}
}

func tunedConfig(tb testing.TB) func(corpus) Config {
	return func(c corpus) Config {
		if c.cfg == "" {
			return DefaultConfig()
		}
		cfg, err := LoadConfig(c.cfg)
		if err != nil {
			tb.Fatal(err)
		}
		return cfg
	}
}

// Names of the setups every comparison runs; the last is tooleval's
// defaults.
const (
	setupStock     = "stock bluge (one field, standard analyzer, stock BM25)"
	setupReference = "reference BM25 (correct IDF, camel/snake split, CJK uni+bigrams, name ×2)"
	setupPerField  = "tooleval, sum of per-field BM25 (similarity: bm25)"
	setupDefaults  = "tooleval defaults (BM25F)"
)

func setups(tb testing.TB) []setup {
	return []setup{
		{setupStock, func(c corpus) ranker { return newStockBluge(c.tools) }},
		{setupReference, func(c corpus) ranker { return newReferenceBM25(c.tools) }},
		{setupPerField, withConfig(tb, func(c corpus) Config {
			cfg := tunedConfig(tb)(c)
			cfg.Similarity = SimilarityBM25
			return cfg
		})},
		{setupDefaults, withConfig(tb, tunedConfig(tb))},
	}
}

// evaluate runs every query and averages the metrics at evalKs.
func evaluate(tb testing.TB, c corpus, cfg Config) []metrics.RetrievalScores {
	tb.Helper()
	return evaluateRanker(tb, c, withConfig(tb, func(corpus) Config { return cfg })(c))
}

func evaluateRanker(tb testing.TB, c corpus, r ranker) []metrics.RetrievalScores {
	tb.Helper()
	defer r.close()
	cases := make([]metrics.RetrievalCase, len(c.queries))
	for i, q := range c.queries {
		cases[i] = metrics.RetrievalCase{Ranked: r.rank(q.Query, evalKs[len(evalKs)-1]), Gold: q.GoldTools}
	}
	return metrics.AverageRetrieval(cases, evalKs...)
}

func table(c corpus, rows []string, res [][]metrics.RetrievalScores) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s (%d tools, %d queries)\n\n", c.name, len(c.tools), len(c.queries))
	b.WriteString("| setup | R@1 | R@3 | R@5 | R@10 | COMP@1 | COMP@3 | COMP@5 | COMP@10 | NDCG@1 | NDCG@3 | NDCG@5 | NDCG@10 |\n")
	b.WriteString("| --- |" + strings.Repeat(" ---: |", 12) + "\n")
	for i, r := range res {
		fmt.Fprintf(&b, "| %s |", rows[i])
		for _, s := range r {
			fmt.Fprintf(&b, " %.3f |", s.Recall)
		}
		for _, s := range r {
			fmt.Fprintf(&b, " %.3f |", s.Complete)
		}
		for _, s := range r {
			fmt.Fprintf(&b, " %.3f |", s.NDCG)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// compare evaluates every setup on c and checks that tooleval's defaults
// beat stock bluge on Recall@k and NDCG@k at every k (and match its
// COMP@k); with vsReference, also that they beat the reference BM25 on
// Recall@5.
func compare(t *testing.T, c corpus, vsReference bool) {
	var names []string
	var res [][]metrics.RetrievalScores
	for _, s := range setups(t) {
		names = append(names, s.name)
		res = append(res, evaluateRanker(t, c, s.make(c)))
	}
	t.Log(table(c, names, res))
	stock, ref, tuned := res[0], res[1], res[len(res)-1]
	for i, k := range evalKs {
		if tuned[i].Recall <= stock[i].Recall || tuned[i].NDCG <= stock[i].NDCG {
			t.Errorf("%s k=%d: tuned (R %.3f, NDCG %.3f) does not beat stock bluge (R %.3f, NDCG %.3f)",
				c.name, k, tuned[i].Recall, tuned[i].NDCG, stock[i].Recall, stock[i].NDCG)
		}
		if tuned[i].Complete < stock[i].Complete {
			t.Errorf("%s k=%d: tuned COMP %.3f below stock %.3f", c.name, k, tuned[i].Complete, stock[i].Complete)
		}
		if vsReference && k == 5 && tuned[i].Recall <= ref[i].Recall {
			t.Errorf("%s: tuned R@5 %.3f does not beat the reference BM25 (%.3f)", c.name, tuned[i].Recall, ref[i].Recall)
		}
	}
}

// TestTunedBeatsStockOnOurCorpora is the quality gate on the corpora in
// testdata/retrieval.
func TestTunedBeatsStockOnOurCorpora(t *testing.T) {
	for _, c := range ourCorpora(t) {
		t.Run(c.name, func(t *testing.T) { compare(t, c, false) })
	}
}

// TestTunedBeatsStockOnDevData runs the same comparison on the shared
// development sets, and checks that the defaults beat the reference BM25 on
// R@5. It takes about half a minute of CPU, so it runs only with
// TOOLEVAL_DEV_EVAL=1 (and not under -short), and is skipped where the sets
// are absent.
func TestTunedBeatsStockOnDevData(t *testing.T) {
	if testing.Short() || os.Getenv("TOOLEVAL_DEV_EVAL") == "" {
		t.Skip("long: set TOOLEVAL_DEV_EVAL=1 to index the development sets")
	}
	cs := devCorpora(t)
	if len(cs) == 0 {
		t.Skip("development data not present (set TOOLEVAL_DEV_DATA)")
	}
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) { compare(t, c, true) })
	}
}
