package retrieval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/retrieval/lexicon"
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
		// The reverse direction's alternative: the catalog's Chinese
		// descriptions carry their English senses (as additions, in the
		// description field), with and without query translation.
		adds := map[string]string{}
		lex := lexicon.Builtin()
		for _, tool := range c.tools {
			var senses []string
			for _, w := range lex.Segment(tool.Description) {
				ss := lex.Senses(w)
				senses = append(senses, ss[:min(len(ss), 2)]...)
			}
			if len(senses) > 0 {
				adds[tool.Name] = strings.Join(senses, " ")
			}
		}
		vs := variants
		if len(adds) > 0 {
			vs = append(variants[:len(variants):len(variants)],
				struct {
					name string
					cfg  func(*Config)
				}{"catalog side only (senses as additions)", func(c *Config) { c.Additions = adds; c.CrossLingual = CrossLingualOff }},
				struct {
					name string
					cfg  func(*Config)
				}{"catalog side and query side", func(c *Config) { c.Additions = adds }})
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
