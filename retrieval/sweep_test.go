package retrieval

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/metrics"
)

// TestSweep explores analyzer options, k1/b and field weights on every
// corpus and logs Recall@5 / NDCG@5 / COMP@5 per variant. It only runs with
// TOOLEVAL_SWEEP=1; the defaults in DefaultConfig come from its output
// (see EVAL.md). TOOLEVAL_SWEEP_SET lists the variants ("k1=1.6;b.param_desc=0.3",
// see applySpec), TOOLEVAL_SWEEP_METRICS the columns (see sweepColumns); the
// last column is the mean of the first metric over the corpora.
func TestSweep(t *testing.T) {
	if os.Getenv("TOOLEVAL_SWEEP") == "" {
		t.Skip("set TOOLEVAL_SWEEP=1 to run the parameter sweep")
	}
	cs := append(ourCorpora(t), devCorpora(t)...)
	type variant struct {
		name string
		mod  func(*Config)
	}
	vs := []variant{{"defaults", func(*Config) {}}}
	for _, spec := range strings.Split(os.Getenv("TOOLEVAL_SWEEP_SET"), ";") {
		spec := strings.TrimSpace(spec)
		if spec == "" {
			continue
		}
		vs = append(vs, variant{spec, func(c *Config) { applySpec(t, c, spec) }})
	}
	cols := sweepColumns(t, os.Getenv("TOOLEVAL_SWEEP_METRICS"))
	var b strings.Builder
	b.WriteString("\n| variant |")
	for _, c := range cs {
		for i, col := range cols {
			if i == 0 {
				fmt.Fprintf(&b, " %s %s |", c.name, col.name)
			} else {
				fmt.Fprintf(&b, " %s |", col.name)
			}
		}
	}
	fmt.Fprintf(&b, " mean %s |\n", cols[0].name)
	for _, v := range vs {
		fmt.Fprintf(&b, "| %s |", v.name)
		var sum float64
		for _, c := range cs {
			cfg := tunedConfig(t)(c)
			resetSweepGlobals()
			v.mod(&cfg)
			res := evaluate(t, c, cfg)
			for i, col := range cols {
				x := col.get(res)
				if i == 0 {
					sum += x
				}
				fmt.Fprintf(&b, " %.3f |", x)
			}
		}
		fmt.Fprintf(&b, " %.3f |\n", sum/float64(len(cs)))
	}
	resetSweepGlobals()
	t.Log(b.String())
}

// resetSweepGlobals undoes the variants that change package state
// (zhstoplist, contr), so that each variant is one change from the defaults.
func resetSweepGlobals() {
	setZhStopWords(ZhStopWords)
	contractionMode = contractionsExpand
}

// sweepColumn is one metric the sweep prints per corpus.
type sweepColumn struct {
	name string
	get  func([]metrics.RetrievalScores) float64
}

// sweepColumns parses "R@5,N@5,C@5" (the default): R is recall, N NDCG, C
// COMP, at one of evalKs.
func sweepColumns(t *testing.T, spec string) []sweepColumn {
	if spec == "" {
		spec = "R@5,N@5,C@5"
	}
	var out []sweepColumn
	for _, name := range strings.Split(spec, ",") {
		name = strings.TrimSpace(name)
		m, ks, _ := strings.Cut(name, "@")
		var k int
		fmt.Sscan(ks, &k)
		i := slices.Index(evalKs, k)
		if i < 0 || m != "R" && m != "N" && m != "C" {
			t.Fatalf("sweep: metric %q: want R, N or C at one of %v", name, evalKs)
		}
		out = append(out, sweepColumn{name, func(r []metrics.RetrievalScores) float64 {
			switch m {
			case "R":
				return r[i].Recall
			case "N":
				return r[i].NDCG
			}
			return r[i].Complete
		}})
	}
	return out
}

// applySpec applies "key=value,key=value" where key is k1, b, stem, norm, stop,
// cjk, syn (synonym weight), sim (similarity), a field name (its weight) or
// b.field (its b).
func applySpec(t *testing.T, c *Config, spec string) {
	w := map[string]float64{}
	for k, v := range c.Weights {
		w[k] = v
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
		var f float64
		fmt.Sscan(v, &f)
		switch k {
		case "k1":
			c.K1 = f
		case "b":
			c.B = f
		case "stem":
			c.Analyzer.Stem = v == "1"
		case "norm":
			c.Analyzer.Normalize = v
		case "stop":
			c.Analyzer.StopWords = v == "1"
		case "cjk":
			c.Analyzer.CJK = v
		case "syn":
			c.SynonymWeight = f
		case "sim":
			c.Similarity = v
		case "zhstop":
			c.Analyzer.ZhStopWords = v == "1"
		case "zhstoplist": // multi: only the entries of two characters or more
			var list []string
			for _, w := range ZhStopWords {
				if v != "multi" || len([]rune(w)) > 1 {
					list = append(list, w)
				}
			}
			setZhStopWords(list)
		case "prf":
			c.FeedbackDocs = int(f)
		case "prfterms":
			c.FeedbackTerms = int(f)
		case "prfw":
			c.FeedbackWeight = f
		case "pairs":
			c.Analyzer.PairWeight = f
		case "contr": // keep, drop or expand
			contractionMode = map[string]int{"expand": contractionsExpand, "drop": contractionsDrop, "keep": contractionsKeep}[v]
		case "uniw":
			c.Analyzer.CJKUnigramWeight = f
		default:
			if field, ok := strings.CutPrefix(k, "b."); ok && isField(field) {
				fb := map[string]float64{}
				for k, v := range c.FieldB {
					fb[k] = v
				}
				fb[field] = f
				c.FieldB = fb
				continue
			}
			if !isField(k) {
				t.Fatalf("sweep: unknown key %q", k)
			}
			w[k] = f
		}
	}
	c.Weights = w
}
