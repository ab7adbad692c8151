package tune

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
)

var update = flag.Bool("update", false, "rewrite golden files")

const opsSuite = "../testdata/tune/suite.jsonl"

func loadSuite(t testing.TB, path string) *suite.Suite {
	t.Helper()
	s, err := suite.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// opsOptions is a small, fast run on the ops suite: default weights trust
// tool names, which this catalog's legacy codenames make misleading.
// The base is spelled out so that changes to retrieval.DefaultConfig do
// not move the golden files.
func opsOptions() Options {
	obj, _ := ParseObjective("recall@1")
	base := retrieval.Config{K: 5, K1: 1.2, B: 0.75, SynonymWeight: 0.5, Similarity: retrieval.SimilarityBM25,
		Weights: map[string]float64{"name": 3, "name_words": 1, "description": 1.5, "params": 0.7, "param_desc": 0.4,
			"returns": 0.5, "tags": 0.7, "details": 0.3, "senses": 1},
		Analyzer: retrieval.AnalyzerConfig{Tokenizer: retrieval.TokenizerMixed, CJK: retrieval.CJKBoth, Normalize: retrieval.NormalizeLight, StopWords: true}}
	return Options{Objective: obj, Folds: 4, Seed: 7, Jobs: 1, Encoding: "none", Base: &base}
}

func TestFoldsPartition(t *testing.T) {
	for _, tc := range []struct {
		n, k int
		seed int64
	}{{10, 2, 1}, {40, 4, 7}, {41, 5, 3}, {7, 7, 9}, {1000, 10, 42}} {
		folds, err := Folds(tc.n, tc.k, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		if len(folds) != tc.k {
			t.Fatalf("n=%d k=%d: %d folds", tc.n, tc.k, len(folds))
		}
		seen := make([]int, tc.n)
		for _, f := range folds {
			if d := len(f) - tc.n/tc.k; d < 0 || d > 1 {
				t.Errorf("n=%d k=%d: fold of %d cases", tc.n, tc.k, len(f))
			}
			if !slices.IsSorted(f) {
				t.Errorf("n=%d k=%d: fold not sorted: %v", tc.n, tc.k, f)
			}
			for _, c := range f {
				seen[c]++
			}
		}
		for c, n := range seen {
			if n != 1 {
				t.Errorf("n=%d k=%d: case %d in %d folds", tc.n, tc.k, c, n)
			}
		}
		again, _ := Folds(tc.n, tc.k, tc.seed)
		if !reflect.DeepEqual(folds, again) {
			t.Errorf("n=%d k=%d: folds differ for the same seed", tc.n, tc.k)
		}
	}
	a, _ := Folds(100, 5, 1)
	b, _ := Folds(100, 5, 2)
	if reflect.DeepEqual(a, b) {
		t.Error("seeds 1 and 2 give the same folds")
	}
	for _, bad := range [][2]int{{10, 1}, {3, 4}, {0, 2}} {
		if _, err := Folds(bad[0], bad[1], 1); err == nil {
			t.Errorf("Folds(%d, %d): no error", bad[0], bad[1])
		}
	}
}

func TestDeterministic(t *testing.T) {
	s := loadSuite(t, opsSuite)
	run := func(seed int64, jobs int) []byte {
		o := opsOptions()
		o.Seed, o.Jobs = seed, jobs
		o.Objective = DefaultObjective()
		res, err := Run(s, nil, o)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(res)
		return data
	}
	a, b, c := run(3, 1), run(3, 1), run(3, 2)
	if !bytes.Equal(a, b) {
		t.Error("two runs with the same seed differ")
	}
	if !bytes.Equal(a, c) {
		t.Error("the result depends on the number of workers")
	}
	if bytes.Equal(a, run(4, 1)) {
		t.Error("seeds 3 and 4 give identical results (folds should differ)")
	}
}

func TestTunedBeatsDefault(t *testing.T) {
	s := loadSuite(t, opsSuite)
	res, err := Run(s, nil, opsOptions())
	if err != nil {
		t.Fatal(err)
	}
	// The fixture must be hard for the defaults, or this test proves nothing.
	if res.Default.Score.Recall > 0.6 {
		t.Fatalf("default recall@1 is %.3f on the ops suite; the fixture no longer punishes the default weights", res.Default.Score.Recall)
	}
	if len(res.Folds) != 4 {
		t.Fatalf("%d folds, want 4", len(res.Folds))
	}
	cases := 0
	for _, f := range res.Folds {
		cases += f.TestCases
		if f.Train.Objective < f.DefaultTrain.Objective-1e-12 {
			t.Errorf("fold %d: tuned %.4f < default %.4f on the training folds", f.Fold, f.Train.Objective, f.DefaultTrain.Objective)
		}
		if f.Train.Cases+f.TestCases != len(s.Cases) {
			t.Errorf("fold %d: %d training + %d test cases, suite has %d", f.Fold, f.Train.Cases, f.TestCases, len(s.Cases))
		}
	}
	if cases != len(s.Cases) {
		t.Errorf("test folds hold %d cases, suite has %d", cases, len(s.Cases))
	}
	best := res.Best[0]
	if best.Score.Objective <= res.Default.Score.Objective+0.1 {
		t.Errorf("tuned %.4f does not clearly beat default %.4f", best.Score.Objective, res.Default.Score.Objective)
	}
	// The catalog's real documentation is in details; names mislead.
	w, dw := best.Config.Weights, res.Default.Config.Weights
	if w[retrieval.FieldDetails]/w[retrieval.FieldDescription] <= dw[retrieval.FieldDetails]/dw[retrieval.FieldDescription] &&
		best.Config.Analyzer.Tokenizer == res.Default.Config.Analyzer.Tokenizer {
		t.Errorf("neither details outweigh descriptions more than by default (%v) nor did the tokenizer change", w)
	}
	if res.CV.TestMean < res.CV.DefaultMean {
		t.Errorf("cross-validated %.4f below default %.4f", res.CV.TestMean, res.CV.DefaultMean)
	}
}

// randomPoints draws n points of the default space (the base first).
func randomPoints(e *engine, n int, maxAlways int) []Point {
	base := pointOf(retrieval.DefaultConfig())
	dims := DefaultSpace().dims(base, true, nil, maxAlways)
	rng := rand.New(rand.NewPCG(1, 2))
	out := []Point{base}
	for len(out) < n {
		p := base
		for _, d := range dims {
			d.set(&p, rng.IntN(d.n))
		}
		if p.activeFields() {
			out = append(out, p)
		}
	}
	return out
}

// TestEngineScoresMatchIndex checks the rescoring: for random points, every
// tool's engine score equals the score a real retrieval.Index gives it, and
// the same tools match.
func TestEngineScoresMatchIndex(t *testing.T) {
	for _, suite := range []*suite.Suite{loadSuite(t, opsSuite), mustExamples(t)} {
		e, err := newEngine(suite, retrieval.DefaultConfig(), "", "retrieved", 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPoints(e, 8, 0) {
			cfg := p.config(retrieval.DefaultConfig(), nil)
			indexes := map[int]*retrieval.Index{}
			for ci, c := range e.cases {
				cd := e.cats[c.cat]
				ix := indexes[c.cat]
				if ix == nil {
					if ix, err = retrieval.New(cd.tools, retrieval.WithConfig(cfg)); err != nil {
						t.Fatal(err)
					}
					defer ix.Close()
					indexes[c.cat] = ix
				}
				hits, err := ix.Search(c.c.Query, len(cd.tools))
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]float64{}
				for _, h := range hits {
					want[h.Name] = h.Score
				}
				a, err := e.analysis(c.cat, p.Analyzer)
				if err != nil {
					t.Fatal(err)
				}
				r := &ranker{}
				r.rank(&ecase{c: c.c}, a.q[ci], r.candScores(a, a.q[ci], e.fieldScores(a, p.K1, p.fieldBs())[ci], &p, len(cd.tools)), nil, len(cd.tools))
				if len(r.top) != len(want) {
					t.Errorf("%s %s point %s: engine matches %d tools, index %d", suite.Name, c.c.ID, p.key(), len(r.top), len(want))
					continue
				}
				for i, id := range r.top {
					w, ok := want[cd.tools[id].Name]
					if !ok || math.Abs(w-r.scores[i]) > 1e-9*math.Max(1, w) {
						t.Errorf("%s %s point %s: %s scores %.12g, index %.12g (found %v)", suite.Name, c.c.ID, p.key(), cd.tools[id].Name, r.scores[i], w, ok)
					}
				}
			}
		}
	}
}

// TestEngineMetricsMatchPackage checks the engine's metrics (always-include
// sets and budgets included) against the metrics package applied to the
// same rankings.
func TestEngineMetricsMatchPackage(t *testing.T) {
	for _, suite := range []*suite.Suite{loadSuite(t, opsSuite), mustExamples(t)} {
		e, err := newEngine(suite, retrieval.DefaultConfig(), "o200k_base", "retrieved", 2)
		if err != nil {
			t.Fatal(err)
		}
		all := allCases(len(e.cases))
		always := e.alwaysCandidates(all, 3)
		ks := []int{1, 2, 3, 5, 10}
		for _, p := range randomPoints(e, 10, len(always)) {
			for _, budget := range []int{0, 400} {
				got, err := e.evaluate(evalReq{p: p, cases: all, ks: ks, always: always, budget: budget, tokens: true})
				if err != nil {
					t.Fatal(err)
				}
				want, err := e.scoreRanked(all, ks, budget, func(c *ecase) ([]string, []string, error) {
					cd := e.cats[c.cat]
					a, err := e.analysis(c.cat, p.Analyzer)
					if err != nil {
						return nil, nil, err
					}
					ci := slices.Index(e.cases, c)
					var ids []int32
					for _, name := range always[:min(p.Always, len(always))] {
						if id, ok := cd.byName[name]; ok {
							ids = append(ids, id)
						}
					}
					r := &ranker{}
					r.rank(c, a.q[ci], r.candScores(a, a.q[ci], e.fieldScores(a, p.K1, p.fieldBs())[ci], &p, len(cd.tools)), ids, slices.Max(ks))
					var tuned, ranked []string
					for i, id := range r.list {
						if i < len(r.list)-len(r.top) {
							tuned = append(tuned, cd.tools[id].Name)
						} else {
							ranked = append(ranked, cd.tools[id].Name)
						}
					}
					return tuned, ranked, nil
				})
				if err != nil {
					t.Fatal(err)
				}
				for j := range ks {
					if !closeScores(got[j], want[j]) {
						t.Errorf("%s point %s budget %d k=%d:\nengine  %+v\nmetrics %+v", suite.Name, p.key(), budget, ks[j], got[j], want[j])
					}
				}
			}
		}
	}
}

func closeScores(a, b Score) bool {
	av, bv := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < av.NumField(); i++ {
		x, y := av.Field(i), bv.Field(i)
		switch x.Kind() {
		case reflect.Float64:
			if math.Abs(x.Float()-y.Float()) > 1e-9 {
				return false
			}
		case reflect.Int:
			if x.Int() != y.Int() {
				return false
			}
		}
	}
	return true
}

func mustExamples(t *testing.T) *suite.Suite {
	s, err := suite.LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConfigRoundTrip(t *testing.T) {
	s := loadSuite(t, opsSuite)
	o := opsOptions()
	o.Folds = 1
	o.Space = &Space{Weights: []float64{0, 1, 3}, Fields: []string{retrieval.FieldName, retrieval.FieldDetails}, MaxAlways: 2, Normalize: []string{"none", "snowball"}}
	res, err := Run(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Method != MethodGrid {
		t.Errorf("small space searched by %s, want grid", res.Method)
	}
	path := filepath.Join(t.TempDir(), "config.json")
	for _, r := range append(slices.Clone(res.Best), res.Default) {
		if err := SaveConfig(path, r.Config); err != nil {
			t.Fatal(err)
		}
		got, err := retrieval.LoadConfig(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, r.Config) {
			t.Errorf("round trip changed the config:\nwrote %+v\nread  %+v", r.Config, got)
		}
	}
}

func TestChart(t *testing.T) {
	s := loadSuite(t, opsSuite)
	o := opsOptions()
	o.Folds, o.Encoding = 1, "o200k_base"
	o.Space = &Space{K: []int{1, 3}, Weights: []float64{0.3, 2}, Fields: []string{retrieval.FieldDetails}}
	o.Curve = []int{1, 2, 3, 5, 8}
	res, err := Run(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := WriteSVG(&svg, res); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	root, texts, lines, marks := "", 0, 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not valid XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			switch tok.Name.Local {
			case "text":
				texts++
			case "polyline":
				lines++
			case "circle":
				for _, a := range tok.Attr {
					if a.Name.Local == "r" && a.Value == "5.5" {
						marks++
					}
				}
			}
		}
	}
	if root != "svg" || texts == 0 {
		t.Errorf("SVG root %q with %d text elements", root, texts)
	}
	if !strings.Contains(svg.String(), "tokens injected per case") {
		t.Error("SVG lacks the tokens axis")
	}
	// Per curve: recall and noise against k, recall against tokens; each
	// configuration's own k marked once in each panel.
	if want := 3 * len(res.Curves); lines != want {
		t.Errorf("%d polylines, want %d", lines, want)
	}
	if want := 2 * len(res.Curves); marks != want {
		t.Errorf("%d marked dots, want %d", marks, want)
	}
	for _, c := range res.Curves {
		if !strings.Contains(svg.String(), ">"+c.Name+"</text>") {
			t.Errorf("no legend entry for %q", c.Name)
		}
	}
	// Without token counts the right panel is against tools injected.
	o.Encoding = "none"
	res, err = Run(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	svg.Reset()
	if err := WriteSVG(&svg, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "tools injected per case") {
		t.Error("without token counts the SVG lacks the tools axis")
	}
	if err := WriteSVG(io.Discard, &Result{}); err == nil {
		t.Error("a result without curves charts without error")
	}
}

func TestTableGolden(t *testing.T) {
	s := loadSuite(t, opsSuite)
	o := opsOptions()
	o.Encoding = "o200k_base"
	o.Top = 3
	res, err := Run(s, loadSuite(t, "../testdata/tune/holdout.jsonl"), o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	golden := "../testdata/tune/ops.golden.txt"
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("table differs from %s (run with -update):\n%s", golden, b.String())
	}
	if res.Holdout == nil || res.Holdout.Cases == 0 {
		t.Fatal("no holdout score")
	}
	if res.Holdout.Best.Recall < res.Holdout.Default.Recall {
		t.Errorf("holdout: tuned recall %.3f below default %.3f", res.Holdout.Best.Recall, res.Holdout.Default.Recall)
	}
}

func TestBudgetObjective(t *testing.T) {
	s := loadSuite(t, opsSuite)
	o := opsOptions()
	o.Folds, o.Encoding = 1, "o200k_base"
	o.Objective = Objective{Metric: MetricBudget, Budget: 300, NoisePenalty: 0}
	res, err := Run(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range append(slices.Clone(res.Best), res.Default) {
		if r.Score.Tokens > 300 {
			t.Errorf("mean injected tokens %.1f over the budget of 300", r.Score.Tokens)
		}
	}
	o.Encoding = "none"
	if _, err := Run(s, nil, o); err == nil {
		t.Error("a budget without an encoding runs")
	}
}

func TestParseObjective(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Objective
		err  bool
	}{
		{in: "recall", want: Objective{Metric: MetricRecall, NoisePenalty: DefaultNoisePenalty}},
		{in: "Recall@5", want: Objective{Metric: MetricRecall, K: 5, NoisePenalty: DefaultNoisePenalty}},
		{in: "comp@k", want: Objective{Metric: MetricComp, NoisePenalty: DefaultNoisePenalty}},
		{in: "NDCG@10", want: Objective{Metric: MetricNDCG, K: 10, NoisePenalty: DefaultNoisePenalty}},
		{in: "budget", want: Objective{Metric: MetricBudget, NoisePenalty: DefaultNoisePenalty}},
		{in: "precision", err: true},
		{in: "recall@0", err: true},
		{in: "recall@x", err: true},
		{in: "", err: true},
	} {
		got, err := ParseObjective(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("%q: error %v", tc.in, err)
			continue
		}
		if !tc.err && got != tc.want {
			t.Errorf("%q: got %+v, want %+v", tc.in, got, tc.want)
		}
	}
	if err := (Objective{Metric: MetricBudget}).Validate(); err == nil {
		t.Error("budget objective without a budget validates")
	}
	if err := (Objective{Metric: MetricRecall, NoisePenalty: -1}).Validate(); err == nil {
		t.Error("negative noise penalty validates")
	}
}

func TestOptionErrors(t *testing.T) {
	s := loadSuite(t, opsSuite)
	for name, o := range map[string]Options{
		"method":   {Method: "annealing"},
		"encoding": {Encoding: "gpt2"},
		"variant":  {Variant: "poster"},
		"space":    {Space: &Space{B: []float64{1.5}}},
		"field":    {Space: &Space{Fields: []string{"summary"}}},
		"base":     {Base: &retrieval.Config{K: 5, K1: 1.2, B: 0.75}},
		"folds":    {Folds: 41},
	} {
		if _, err := Run(s, nil, o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestBaseAlwaysKept(t *testing.T) {
	s := loadSuite(t, opsSuite)
	o := opsOptions()
	base := *o.Base
	base.Always = []string{"send_email"}
	o.Base = &base
	res, err := Run(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range append(slices.Clone(res.Best), res.Default) {
		if !slices.Equal(r.Config.Always, base.Always) {
			t.Errorf("always-include %v, want the base's %v", r.Config.Always, base.Always)
		}
		if r.Score.Injected != 2 {
			t.Errorf("%v injects %.2f tools, want 2 (always + k=1)", r.Config.Always, r.Score.Injected)
		}
	}
	for _, f := range res.Folds {
		if f.Train.Objective < f.DefaultTrain.Objective-1e-12 {
			t.Errorf("fold %d: tuned %.4f < default %.4f", f.Fold, f.Train.Objective, f.DefaultTrain.Objective)
		}
	}
	if slices.Contains(res.Tuned, "always") {
		t.Error("always-include tuned although the base fixes it")
	}
}

// Empty folds (no case with a gold tool) are left out of the means, and a
// tuned configuration that loses to the default under cross-validation is
// flagged and not what --out writes unless forced.
func TestCVEmptyFoldsAndLoss(t *testing.T) {
	sc := func(obj float64, scored int) Score {
		return Score{Objective: obj, Recall: obj, Scored: scored, Cases: 3}
	}
	folds := []Fold{
		{Fold: 1, Train: sc(0.9, 3), Test: sc(0.5, 3), DefaultTest: sc(0.7, 3)},
		{Fold: 2, Train: sc(0.9, 3), Test: sc(0, 0), DefaultTest: sc(0, 0)},
		{Fold: 3, Train: sc(0.9, 3), Test: sc(0.8, 2), DefaultTest: sc(0.6, 2)},
		{Fold: 4, Train: sc(0.9, 3), Test: sc(0.4, 3), DefaultTest: sc(0.6, 3)},
	}
	cv := summarise(folds)
	if cv.EmptyFolds != 1 || cv.Folds != 4 {
		t.Fatalf("folds %+v", cv)
	}
	if want := (0.5 + 0.8 + 0.4) / 3; math.Abs(cv.TestMean-want) > 1e-12 {
		t.Errorf("test mean %v, want %v (the empty fold left out)", cv.TestMean, want)
	}
	if folds[1].Winner != WinnerEmpty || folds[0].Winner != WinnerDefault || folds[2].Winner != WinnerTuned {
		t.Errorf("winners %s %s %s", folds[0].Winner, folds[1].Winner, folds[2].Winner)
	}
	if !cv.LostToDefault || cv.FoldsBetterThanDflt != 1 || cv.FoldsWorseThanDflt != 2 {
		t.Fatalf("loss not flagged: %+v", cv)
	}
	tuned, dflt := retrieval.DefaultConfig(), retrieval.DefaultConfig()
	tuned.K1 = 2
	res := &Result{Objective: DefaultObjective(), CV: cv, Folds: folds, Best: []Ranked{{Config: tuned}}, Default: Ranked{Config: dflt}}
	if cfg, isTuned := res.OutConfig(false); isTuned || cfg.K1 != dflt.K1 {
		t.Errorf("--out without --force writes the tuned config")
	}
	if cfg, isTuned := res.OutConfig(true); !isTuned || cfg.K1 != 2 {
		t.Errorf("--force does not write the tuned config")
	}
	var b strings.Builder
	if err := WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "WARNING: the tuned configuration LOST to the default") || !strings.Contains(b.String(), "1 empty") ||
		!strings.Contains(b.String(), "\n│ default ") {
		t.Errorf("table:\n%s", b.String())
	}
}

// TestFeedbackSearched: feedback_docs is a searchable setting; points with
// feedback are scored by real searches, so their score is the one a
// feedback index gives (not the one-pass rescoring, which would ignore it).
func TestFeedbackSearched(t *testing.T) {
	s := loadSuite(t, opsSuite)
	e, err := newEngine(s, retrieval.DefaultConfig(), "", "retrieved", 1)
	if err != nil {
		t.Fatal(err)
	}
	all := allCases(len(e.cases))
	ks := []int{1, 3, 5}
	p := pointOf(retrieval.DefaultConfig())
	p.FeedbackDocs = 2
	if got := pointOf(p.config(e.base, nil)); got.FeedbackDocs != 2 || got.key() != p.key() {
		t.Fatalf("feedback lost in the config round trip: %s vs %s", got.key(), p.key())
	}
	off := p
	off.FeedbackDocs = 0
	if off.key() == p.key() {
		t.Fatal("points with and without feedback share a key")
	}
	withFB, err := e.evaluate(evalReq{p: p, cases: all, ks: ks})
	if err != nil {
		t.Fatal(err)
	}
	cfg := retrieval.DefaultConfig()
	cfg.FeedbackDocs = 2
	want, err := e.verify(cfg, all, ks, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ks {
		if !closeScores(withFB[i], want[i]) {
			t.Errorf("k=%d: evaluate %+v, index with feedback %+v", ks[i], withFB[i], want[i])
		}
	}
	noFB, err := e.evaluate(evalReq{p: off, cases: all, ks: ks})
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(noFB, withFB) {
		t.Error("feedback changed no score: the point was not scored with feedback")
	}
	o := opsOptions()
	o.Folds = 1
	o.Space = &Space{FeedbackDocs: []int{0, 2}}
	res, err := Run(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(res.Tuned, "feedback_docs") {
		t.Errorf("tuned settings %v lack feedback_docs", res.Tuned)
	}
	if res.Evaluations < 2 {
		t.Errorf("%d evaluations for a two-value space", res.Evaluations)
	}
	if bad := (Space{FeedbackDocs: []int{-1}}); bad.Validate() == nil {
		t.Error("negative feedback_docs accepted")
	}
}

// TestFieldBDimension: a field's own b is a searched setting whose values
// are the space's, the base's and "inherit the global b"; a point carries
// it into the config it writes and back.
func TestFieldBDimension(t *testing.T) {
	base := retrieval.DefaultConfig()
	base.FieldB = map[string]float64{retrieval.FieldParamDesc: 0.3}
	p := pointOf(base)
	pd := slices.Index(retrieval.Fields, retrieval.FieldParamDesc)
	if p.bOf(pd) != 0.3 || p.bOf(0) != base.B {
		t.Errorf("bOf: param_desc %g, name %g; want 0.3 and the global %g", p.bOf(pd), p.bOf(0), base.B)
	}
	if got := p.config(base, nil).FieldB; !reflect.DeepEqual(got, base.FieldB) {
		t.Errorf("config: field_b %v, want %v", got, base.FieldB)
	}
	dims := Space{FieldB: []float64{0.5}, Fields: []string{retrieval.FieldParamDesc}}.dims(p, false, nil, 0)
	if len(dims) != 1 || dims[0].name != "field_b.param_desc" || dims[0].n != 3 {
		t.Fatalf("dims: %+v, want field_b.param_desc with inherit, 0.3 and 0.5", dims)
	}
	seen := map[string]bool{}
	for i := 0; i < dims[0].n; i++ {
		q := p
		dims[0].set(&q, i)
		seen[fmt.Sprint(q.config(base, nil).FieldB)] = true
	}
	for _, want := range []string{"map[]", "map[param_desc:0.3]", "map[param_desc:0.5]"} {
		if !seen[want] {
			t.Errorf("field_b values written: %v, want %s among them", seen, want)
		}
	}
}
