package retrieval

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseConfigOverDefaults(t *testing.T) {
	cfg, err := ParseConfig("c.json", []byte(`{
	  "k": 8, "b": 0.5,
	  "weights": {"name": 4},
	  "analyzer": {"cjk": "bigram", "stop_words": false},
	  "synonyms": [["落盘", "写文件"], "grep = search = 查找"],
	  "protected": ["ApplyPatch"],
	  "always": ["Read"]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultConfig()
	if cfg.K != 8 || cfg.B != 0.5 || cfg.K1 != def.K1 {
		t.Errorf("k/b/k1: %+v", cfg)
	}
	if cfg.Weights[FieldName] != 4 || cfg.Weights[FieldDescription] != def.Weights[FieldDescription] {
		t.Errorf("weights not merged over defaults: %v", cfg.Weights)
	}
	if cfg.Analyzer.CJK != CJKBigram || cfg.Analyzer.StopWords || cfg.Analyzer.Tokenizer != TokenizerMixed {
		t.Errorf("analyzer: %+v", cfg.Analyzer)
	}
	want := []SynonymGroup{{"落盘", "写文件"}, {"grep", "search", "查找"}}
	if !reflect.DeepEqual(cfg.Synonyms, want) {
		t.Errorf("synonyms: %q", cfg.Synonyms)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"k": 5,}`, "line 1, column 9"},
		{"{\n  \"kk\": 1\n}", `unknown field "kk"`},
		{`{"k1": "x"}`, "k1"},
		{`{"weights": {"title": 2}}`, "weights.title: unknown field"},
		{`{"b": 1.5}`, "b: must be in [0, 1]"},
		{`{"field_b": {"param_desc": -0.1}}`, "field_b.param_desc: must be in [0, 1]"},
		{`{"field_b": {"title": 0.5}}`, "field_b.title: unknown field"},
		{`{"k": -1}`, "k: must be ≥ 0"},
		{`{"synonyms": [["one"]]}`, "synonyms[0]: a group needs at least two terms"},
		{`{"synonyms": [5]}`, "synonym group"},
		{`{"similarity": "tfidf"}`, "similarity"},
		{allZeroWeights(), "every field has weight 0"},
		{`{} {}`, "unexpected data"},
	}
	for _, tc := range tests {
		_, err := ParseConfig("cfg.json", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "cfg.json: ") {
			t.Errorf("%s: got %v, want error containing %q", tc.in, err, tc.want)
		}
	}
}

func TestLoadConfigFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(p, []byte(`{"k": 3}`), 0o644)
	cfg, err := LoadConfig(p)
	if err != nil || cfg.K != 3 {
		t.Fatalf("%+v %v", cfg, err)
	}
	if _, err := LoadConfig(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("missing file accepted")
	}
	// The corpus configs in testdata must stay valid.
	if _, err := LoadConfig("../testdata/retrieval/zh/retrieval.json"); err != nil {
		t.Error(err)
	}
}

// TestFieldB: a field named in field_b uses its own b, the others the
// global b; field_b is merged over the defaults like weights.
func TestFieldB(t *testing.T) {
	cfg, err := ParseConfig("c.json", []byte(`{"b": 0.6, "field_b": {"description": 0.2}}`))
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]float64{FieldDescription: 0.2, FieldName: 0.6} {
		if got := cfg.BOf(f); got != want {
			t.Errorf("BOf(%s) = %g, want %g", f, got, want)
		}
	}
	for f, b := range DefaultConfig().FieldB {
		if f != FieldDescription && cfg.BOf(f) != b {
			t.Errorf("default field_b.%s = %g lost when another field was set (%g)", f, b, cfg.BOf(f))
		}
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights("name=3, description=1.5,params=0")
	if err != nil || !reflect.DeepEqual(w, map[string]float64{"name": 3, "description": 1.5, "params": 0}) {
		t.Errorf("%v %v", w, err)
	}
	for _, bad := range []string{"name", "title=1", "name=x", "name=-1"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// allZeroWeights is a config giving every field (all of Fields) weight 0.
func allZeroWeights() string {
	var parts []string
	for _, f := range Fields {
		parts = append(parts, fmt.Sprintf("%q: 0", f))
	}
	return `{"weights": {` + strings.Join(parts, ", ") + `}}`
}
