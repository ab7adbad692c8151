package retrieval

import (
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

// TestReadmeRetrievalConfig: the README's retrieval config section shows
// a config that loads (no unknown key) with the default settings, and
// names every key of Config and of its analyzer.
func TestReadmeRetrievalConfig(t *testing.T) {
	section := golden.ReadDoc(t, "../README.md").Under("## Retrieval config").Text()
	_, example, ok := strings.Cut(section, "```json\n")
	if !ok {
		t.Fatal("the Retrieval config section has no JSON example")
	}
	example, _, _ = strings.Cut(example, "```")
	c, err := ParseConfig("README.md", []byte(example))
	if err != nil {
		t.Fatalf("the README's config example: %v", err)
	}
	def := DefaultConfig()
	if c.Analyzer.CJKUnigramWeight == 1 {
		c.Analyzer.CJKUnigramWeight = 0 // 0 means 1
	}
	if c.K != def.K || c.K1 != def.K1 || c.B != def.B || c.Similarity != def.Similarity || c.SynonymWeight != def.SynonymWeight ||
		!maps.Equal(c.Weights, def.Weights) || c.Analyzer != def.Analyzer {
		t.Errorf("the README's config example shows settings other than the defaults:\n got k %d k1 %g b %g %s %v %+v\nwant k %d k1 %g b %g %s %v %+v",
			c.K, c.K1, c.B, c.Similarity, c.Weights, c.Analyzer, def.K, def.K1, def.B, def.Similarity, def.Weights, def.Analyzer)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[Config](), reflect.TypeFor[AnalyzerConfig]()} {
		for i := range typ.NumField() {
			key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if key == "" || key == "-" {
				continue
			}
			if !strings.Contains(section, "`"+key+"`") && !strings.Contains(section, `"`+key+`"`) {
				t.Errorf("README.md's Retrieval config section does not name the key %s (%s.%s)", key, typ.Name(), typ.Field(i).Name)
			}
		}
	}
}
