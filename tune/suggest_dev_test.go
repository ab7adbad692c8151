package tune

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
)

// TestSuggestHeldOutHalves is the measurement behind EVAL.md's suggest
// table: on each development set (TOOLEVAL_DEV_DATA or /work/shared/data),
// the queries are split into two halves at random (seed 25); Suggest runs
// on one half (its own 5-fold cross-validation decides what is kept), and
// the config it returns is measured on the other half, both ways. It logs
// recall@5 before and after and every kept suggestion, and fails if a kept
// suggestion is not a whole word (IsFragment). Run with
// TOOLEVAL_SUGGEST_DEV=1 (TOOLEVAL_SUGGEST_SETS=acebench-zh,… to choose).
//
// TOOLEVAL_SUGGEST_SPLIT=tool splits by query with the tools shared
// instead (splitByTool): the queries of a tool that has several go to both
// halves, as when a team replays this month's requests to fix next
// month's. At random, most of these sets' held-out queries need tools
// that no training query needs (ACEBench has one query per tool), and
// what suggest learns about a tool cannot reach them.
func TestSuggestHeldOutHalves(t *testing.T) {
	if testing.Short() || os.Getenv("TOOLEVAL_SUGGEST_DEV") == "" {
		t.Skip("long: set TOOLEVAL_SUGGEST_DEV=1 to run suggest on the development sets")
	}
	root := os.Getenv("TOOLEVAL_DEV_DATA")
	if root == "" {
		root = "/work/shared/data"
	}
	sets := []string{"acebench-zh", "acebench-en", "bfcl-nonlive"}
	if s := os.Getenv("TOOLEVAL_SUGGEST_SETS"); s != "" {
		sets = strings.Split(s, ",")
	}
	split := os.Getenv("TOOLEVAL_SUGGEST_SPLIT")
	if split != "" && split != "tool" && split != "random" {
		t.Fatalf("TOOLEVAL_SUGGEST_SPLIT=%q: want random or tool", split)
	}
	k := 5
	if v := os.Getenv("TOOLEVAL_SUGGEST_K"); v != "" {
		fmt.Sscan(v, &k)
	}
	t.Logf("sets %s", strings.Join(sets, ", "))
	for _, name := range sets {
		dir := filepath.Join(root, name)
		cat, err := os.ReadFile(filepath.Join(dir, "catalog.json"))
		if err != nil {
			t.Skipf("%s: %v", name, err)
		}
		for i, h := range suggestHalves(t, name, cat, devQueryLines(t, filepath.Join(dir, "queries.jsonl")), cmp.Or(split, "random"), k, 25) {
			if h.after < h.before-1e-9 {
				t.Errorf("%s half %d: held-out recall@%d fell %.4f → %.4f", name, i+1, k, h.before, h.after)
			}
		}
	}
}

// halfResult is what suggest trained on one half of a set's queries did to
// recall@k on the other half.
type halfResult struct {
	// before: the base config; folds: with what cross-validation alone
	// kept; after: with everything kept (the suite check too); ceiling:
	// with every proposal of support ≥ 1, unvalidated.
	before, folds, after, ceiling float64
	kept                          []string
}

// suggestHalves shuffles a set's query lines (with seed), halves them at
// random or by tool (splitByTool), runs Suggest (5 folds) on each half and
// measures the config it returns on the other half. It logs each way
// round and fails if a kept suggestion is a fragment (IsFragment).
func suggestHalves(t *testing.T, name string, cat []byte, lines [][]byte, split string, k int, seed uint64) [2]halfResult {
	t.Helper()
	rand.New(rand.NewPCG(seed, 0)).Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	half := [2][][]byte{lines[:len(lines)/2], lines[len(lines)/2:]}
	if split == "tool" {
		half = splitByTool(t, lines)
	}
	var out [2]halfResult
	for i := range 2 {
		train := halfSuite(t, cat, half[i])
		test := halfSuite(t, cat, half[1-i])
		res, err := Suggest(train, SuggestOptions{K: k, Folds: 5, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		all := allCases(len(test.Cases))
		base := retrieval.DefaultConfig()
		measure := func(cfg retrieval.Config) float64 {
			r, err := (&suggester{suite: test, k: k}).recall(cfg, all)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		// The ceiling of learning words from this half: every proposal
		// (support 1 allowed) applied, none validated.
		every, err := (&suggester{suite: train, k: k}).propose(base, allCases(len(train.Cases)), 1)
		if err != nil {
			t.Fatal(err)
		}
		// Before the suite check: only what cross-validation kept.
		var byFolds []addition
		h := &out[i]
		for _, s := range res.Suggestions {
			if !s.Kept {
				continue
			}
			if s.KeptBy == "folds" {
				byFolds = append(byFolds, addition{s.Tool, s.Word, s.Synonym})
			}
			what := s.Tool + " += " + s.Word
			if s.Tool == "" {
				what = s.Word + " = " + s.Synonym
			}
			h.kept = append(h.kept, what)
			for _, w := range []string{s.Word, s.Synonym} {
				if w != "" && IsFragment(w) {
					t.Errorf("half %d: kept suggestion %s holds the fragment %q", i+1, what, w)
				}
			}
		}
		h.before, h.folds, h.after = measure(base), measure(withAdditions(base, byFolds)), measure(res.Config)
		h.ceiling = measure(withAdditions(base, top(every, len(every))))
		t.Logf("%s, %s split (seed %d): trained on half %d (%d cases), held-out half (%d cases, %d of them need a tool the training half needs): recall@%d %.4f → %.4f (%+.1f points; cross-validation alone %.4f, %+.1f, %d kept); %d proposed, %d kept: %s; every proposal of support ≥ 1 applied unvalidated (%d): %.4f (%+.1f)",
			name, split, seed, i+1, len(train.Cases), len(test.Cases), sharedTools(train, test), k, h.before, h.after, 100*(h.after-h.before),
			h.folds, 100*(h.folds-h.before), len(byFolds), len(res.Suggestions), len(h.kept), shortList(h.kept, 12),
			len(every), h.ceiling, 100*(h.ceiling-h.before))
	}
	return out
}

func devQueryLines(t *testing.T, path string) [][]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			out = append(out, bytes.Clone(sc.Bytes()))
		}
	}
	return out
}

// halfSuite makes a retrieval-only suite of dev-set query lines over the
// catalog, in memory.
func halfSuite(t *testing.T, cat []byte, lines [][]byte) *suite.Suite {
	var b bytes.Buffer
	for _, l := range lines {
		var q struct {
			ID        string   `json:"id"`
			Query     string   `json:"query"`
			GoldTools []string `json:"gold_tools"`
		}
		if err := json.Unmarshal(l, &q); err != nil {
			t.Fatal(err)
		}
		c, _ := json.Marshal(map[string]any{"id": q.ID, "query": q.Query, "catalog": "catalog.json", "gold_tools": q.GoldTools})
		b.Write(c)
		b.WriteByte('\n')
	}
	s, err := suite.Load(fstest.MapFS{"s/suite.jsonl": {Data: b.Bytes()}, "s/catalog.json": {Data: cat}}, "s/suite.jsonl", fmt.Sprintf("half(%d)", len(lines)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// splitByTool halves the (shuffled) query lines so that the queries of
// each tool alternate between the halves, keyed by a query's first gold
// tool; a tool's first query goes to the smaller half.
func splitByTool(t *testing.T, lines [][]byte) [2][][]byte {
	var out [2][][]byte
	next := map[string]int{}
	for _, l := range lines {
		var q struct {
			GoldTools []string `json:"gold_tools"`
		}
		if err := json.Unmarshal(l, &q); err != nil {
			t.Fatal(err)
		}
		key := strings.Join(q.GoldTools[:min(1, len(q.GoldTools))], "")
		h, ok := next[key]
		if !ok && len(out[0]) > len(out[1]) {
			h = 1
		}
		out[h] = append(out[h], l)
		next[key] = 1 - h
	}
	return out
}

// sharedTools counts the cases of test that need a tool some case of
// train needs.
func sharedTools(train, test *suite.Suite) int {
	need := map[string]bool{}
	for _, c := range train.Cases {
		for _, g := range c.GoldTools {
			need[g] = true
		}
	}
	n := 0
	for _, c := range test.Cases {
		if slices.ContainsFunc(c.GoldTools, func(g string) bool { return need[g] }) {
			n++
		}
	}
	return n
}

// TestSuggestProxyHalves measures suggest where the goal can be
// measured: testdata/suggest_proxy holds a Chinese and an English catalog
// of 39 everyday tools with terse descriptions (机票查询工具, "Flight
// search tool.") whose meaning sits in parameter descriptions, and 282
// requests each, four to fourteen per tool, written the way people ask (飞,
// 航班, "cab", "umbrella"). Trained on one half, suggest must never lower
// recall@5 on the other half, and must raise it on average over the two
// halves of each split (random, and by tool: every tool's requests
// alternate between the halves) by minGain points; no kept suggestion may
// be a fragment. The normal run splits with seed 25;
// TOOLEVAL_SUGGEST_SEEDS=N splits with seeds 25…25+N−1 and logs the mean
// over them (the halves are small: one seed's gain moves by several
// points; EVAL.md: +7.9 and +11.4 in English, +2.2 and +2.5 in Chinese,
// whose candidates are bounded by the built-in lexicon: seed 25 alone
// gives +0.7 and +1.0 there, and gave +0.7 and +0.0 before the lexicon
// knew the everyday words of food, devices and travel).
func TestSuggestProxyHalves(t *testing.T) {
	minGain := map[string]float64{"zh": 0.5, "en": 1}
	seeds := 1
	if v := os.Getenv("TOOLEVAL_SUGGEST_SEEDS"); v != "" {
		fmt.Sscan(v, &seeds)
	}
	for _, lang := range []string{"zh", "en"} {
		dir := filepath.Join("..", "testdata", "suggest_proxy", lang)
		cat, err := os.ReadFile(filepath.Join(dir, "catalog.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, split := range []string{"random", "tool"} {
			t.Run(lang+"/"+split, func(t *testing.T) {
				var before, folds, after float64
				n := 0
				for seed := range uint64(seeds) {
					for i, h := range suggestHalves(t, "proxy "+lang, cat, devQueryLines(t, filepath.Join(dir, "suite.jsonl")), split, 5, 25+seed) {
						if h.after < h.before-1e-9 {
							t.Errorf("seed %d half %d: held-out recall@5 fell %.4f → %.4f", 25+seed, i+1, h.before, h.after)
						}
						before, folds, after = before+h.before, folds+h.folds, after+h.after
						n++
					}
				}
				if gain := 100 * (after - before) / float64(n); gain < minGain[lang]-1e-9 {
					t.Errorf("mean held-out gain %+.1f points, want at least %+.0f", gain, minGain[lang])
				}
				t.Logf("%s %s, %d seeds × 2 halves: held-out recall@5 %.4f base, %.4f cross-validation alone (%+.1f), %.4f with the suite check (%+.1f)",
					lang, split, seeds, before/float64(n), folds/float64(n), 100*(folds-before)/float64(n), after/float64(n), 100*(after-before)/float64(n))
			})
		}
	}
}

// shortList joins up to n items, then says how many more.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, "; ")
	}
	return fmt.Sprintf("%s; +%d more", strings.Join(items[:n], "; "), len(items)-n)
}
