package retrieval

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestSweep explores analyzer options, k1/b and field weights on every
// corpus and logs Recall@5 / NDCG@5 / COMP@5 per variant. It only runs with
// TOOLEVAL_SWEEP=1; the defaults in DefaultConfig come from its output
// (see EVAL.md).
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
	var b strings.Builder
	b.WriteString("\n| variant |")
	for _, c := range cs {
		fmt.Fprintf(&b, " %s R@5 | N@5 | C@5 |", c.name)
	}
	b.WriteString("\n")
	for _, v := range vs {
		fmt.Fprintf(&b, "| %s |", v.name)
		for _, c := range cs {
			cfg := tunedConfig(t)(c)
			v.mod(&cfg)
			r := evaluate(t, c, cfg)[2]
			fmt.Fprintf(&b, " %.3f | %.3f | %.3f |", r.Recall, r.NDCG, r.Complete)
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
}

// applySpec applies "key=value,key=value" where key is k1, b, stem, norm, stop,
// cjk, syn (synonym weight), sim (similarity) or a field name.
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
		case "uniw":
			c.Analyzer.CJKUnigramWeight = f
		default:
			if !isField(k) {
				t.Fatalf("sweep: unknown key %q", k)
			}
			w[k] = f
		}
	}
	c.Weights = w
}
