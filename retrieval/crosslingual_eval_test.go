package retrieval

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/metrics"
)

// TestCrossLingualDev measures cross-lingual retrieval on corpus
// directories (catalog.json, queries.jsonl) listed in TOOLEVAL_XL_DIRS
// (separated by ":"), with translation off, with the defaults, and with
// other lexicon weights, and logs one table per corpus. It asserts
// nothing: it is the measurement behind EVAL.md's cross-lingual tables,
// run by hand on pairings of the development sets that are not in the
// repository (see EVAL.md).
func TestCrossLingualDev(t *testing.T) {
	dirs := os.Getenv("TOOLEVAL_XL_DIRS")
	if dirs == "" || testing.Short() {
		t.Skip("set TOOLEVAL_XL_DIRS to corpus directories to measure")
	}
	variants := []struct {
		name string
		cfg  func(*Config)
	}{
		{"cross_lingual off", func(c *Config) { c.CrossLingual = CrossLingualOff }},
		{"defaults (auto)", func(*Config) {}},
		{"lexicon_weight 0.2", func(c *Config) { c.LexiconWeight = 0.2 }},
		{"lexicon_weight 0.5", func(c *Config) { c.LexiconWeight = 0.5 }},
		{"lexicon_weight 0.4", func(c *Config) { c.LexiconWeight = 0.4 }},
		{"lexicon_weight 0.7", func(c *Config) { c.LexiconWeight = 0.7 }},
		{"lexicon_weight 1", func(c *Config) { c.LexiconWeight = 1 }},
	}
	if p := os.Getenv("TOOLEVAL_XL_CEDICT"); p != "" {
		variants = append(variants, struct {
			name string
			cfg  func(*Config)
		}{"defaults + CC-CEDICT", func(c *Config) { c.Lexicon = p }})
	}
	for _, dir := range strings.Split(dirs, ":") {
		c := loadCorpus(t, filepath.Base(dir), dir)
		var names []string
		var res [][]metrics.RetrievalScores
		vs := variants
		if catalogLanguage(c.tools) == LangZh {
			// English queries over Chinese descriptions: the catalog side
			// (FieldSenses) at other weights, and without it.
			for _, w := range []float64{0, 0.5, 1.5, 2} {
				vs = append(vs[:len(vs):len(vs)], struct {
					name string
					cfg  func(*Config)
				}{fmt.Sprintf("senses weight %g", w), func(c *Config) { c.Weights[FieldSenses] = w }})
			}
		}
		for _, v := range vs {
			cfg := DefaultConfig()
			v.cfg(&cfg)
			names = append(names, v.name)
			res = append(res, evaluate(t, c, cfg))
		}
		t.Log(table(c, names, res))
	}
}
