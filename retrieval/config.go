package retrieval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/retrieval/lexicon"
)

// Field names, used as keys of Config.Weights.
const (
	FieldName        = "name"        // the tool name, whole (read_file)
	FieldNameWords   = "name_words"  // the tool name split into words (read, file)
	FieldDescription = "description" // summary/description and annotation title
	FieldParams      = "params"      // parameter names
	FieldParamDesc   = "param_desc"  // parameter descriptions and enum values
	FieldReturns     = "returns"     // what the tool returns
	FieldTags        = "tags"        // tags, group and server
	FieldDetails     = "details"     // long-form documentation
	// FieldSenses holds the English senses (from the lexicon) of the
	// Chinese words in a tool's description and title, so that English
	// queries find Chinese-described tools. Only translated queries search
	// it (an English query over a Chinese catalog, or CrossLingualOn), and
	// it is empty when Config.CrossLingual is off: monolingual scores do not
	// change (crosslingual.go).
	FieldSenses = "senses"
)

// Fields lists every indexed field in a fixed order.
var Fields = []string{FieldName, FieldNameWords, FieldDescription, FieldParams, FieldParamDesc, FieldReturns, FieldTags, FieldDetails, FieldSenses}

// Similarity names accepted in Config.Similarity.
const (
	// SimilarityBM25F is BM25F (the default): one IDF per term over whole
	// tools, field weights applied to term frequencies normalised by each
	// field's length, one saturation per term.
	SimilarityBM25F = "bm25f"
	// SimilarityBM25 is the sum of one Okapi BM25 per field, each with its
	// own IDF and saturation (the model before BM25F), for comparison.
	SimilarityBM25 = "bm25"
	// SimilarityBluge is bluge 0.2.2's stock BM25 formula summed per
	// field, for comparison.
	SimilarityBluge = "bluge"
)

// Config is everything that shapes retrieval. The replay and tune commands
// read the same file. Its JSON form (all keys optional; missing keys keep
// the defaults of DefaultConfig):
//
//	{
//	  "k": 5,                          // tools retrieved besides always-include
//	  "k1": 1.2, "b": 0.75,            // BM25 parameters
//	  "field_b": {"param_desc": 0.3},  // b per field (BM25F); fields not named use b
//	  "weights": {"name": 3, "description": 1.5, …},  // per field; 0 drops a field
//	  "analyzer": {"tokenizer": "mixed", "cjk": "both", "normalize": "light", "stem": false, "stop_words": true,
//	               "no_split": false,    // true: technical tokens whole only, not also split
//	               "zh_stop_words": false, "cjk_unigram_weight": 1, "pair_weight": 0.3},
//	  "synonyms": [["落盘", "写文件", "保存"], "grep = search = 查找"],
//	  "synonym_weight": 0.5,           // query weight of expansion terms
//	  "protected": ["ApplyPatch", "/html[1]/body[1]"],
//	  "always": ["Read"],              // always-include tools, in this order
//	  "additions": {"cancel_booking": "退票 refund"},  // extra description words per tool
//	  "similarity": "bm25f",           // or "bm25" (sum of per-field BM25), "bluge" (stock)
//	  "cross_lingual": "auto",         // translate queries with the lexicon: "auto", "on", "off"
//	  "lexicon": "cedict_ts.u8",       // a CC-CEDICT file besides the built-in lexicon
//	  "lexicon_weight": 0.6            // query weight of translated terms
//	}
type Config struct {
	K  int     `json:"k"`
	K1 float64 `json:"k1"`
	B  float64 `json:"b"`
	// FieldB is the length normalisation b of each named field, as BM25F
	// defines it (a long field such as parameter descriptions need not be
	// normalised as hard as a short one); fields not named use B.
	FieldB        map[string]float64 `json:"field_b,omitempty"`
	Weights       map[string]float64 `json:"weights,omitempty"`
	Analyzer      AnalyzerConfig     `json:"analyzer"`
	Synonyms      []SynonymGroup     `json:"synonyms,omitempty"`
	SynonymWeight float64            `json:"synonym_weight"`
	Protected     []string           `json:"protected,omitempty"`
	Always        []string           `json:"always,omitempty"`
	Similarity    string             `json:"similarity,omitempty"`
	// Additions are extra words per tool name, indexed as part of that
	// tool's description (what `tooleval suggest` proposes). Names not in
	// the catalog being indexed are ignored, so one config can serve the
	// several catalogs of a suite.
	Additions map[string]string `json:"additions,omitempty"`
	// FeedbackDocs turns on RM3-style pseudo-relevance feedback: the terms
	// of the FeedbackDocs best tools of a first search are mixed into the
	// query (0: off, the default; see EVAL.md). FeedbackTerms is how many
	// (0: 10), FeedbackWeight their share λ of the query's weight (0: 0.3).
	FeedbackDocs   int     `json:"feedback_docs,omitempty"`
	FeedbackTerms  int     `json:"feedback_terms,omitempty"`
	FeedbackWeight float64 `json:"feedback_weight,omitempty"`
	// CrossLingual is when queries are translated with the bilingual
	// lexicon: CrossLingualAuto ("" too, the default: when the query's
	// language differs from the catalog's), CrossLingualOn or
	// CrossLingualOff.
	CrossLingual string `json:"cross_lingual,omitempty"`
	// Lexicon names a dictionary in the CC-CEDICT text format to use next
	// to the built-in lexicon (read once, within lexicon.MaxCEDICTBytes; a
	// relative path is relative to the config file).
	Lexicon string `json:"lexicon,omitempty"`
	// LexiconWeight is the query weight of a translated term (0:
	// DefaultLexiconWeight).
	LexiconWeight float64 `json:"lexicon_weight,omitempty"`
}

// DefaultWeights are the field weights chosen by measurement on the
// evaluation corpora and the development sets (see retrieval/EVAL.md):
// name words weigh more than the description, so that a tool whose name
// holds the query's word is not outranked by one whose description repeats
// a common word, and parameter descriptions are not punished twice (low
// weight and length normalisation) for being many.
func DefaultWeights() map[string]float64 {
	return map[string]float64{
		FieldName:        3,
		FieldNameWords:   2,
		FieldDescription: 1.5,
		FieldParams:      0.7,
		FieldParamDesc:   0.6,
		FieldReturns:     0.5,
		FieldTags:        0.7,
		FieldDetails:     0.3,
		FieldSenses:      1,
	}
}

// DefaultConfig returns the measured defaults.
func DefaultConfig() Config {
	return Config{
		K:             5,
		K1:            1.2,
		B:             0.75,
		Weights:       DefaultWeights(),
		Analyzer:      AnalyzerConfig{Tokenizer: TokenizerMixed, CJK: CJKBoth, Normalize: NormalizeLight, StopWords: true, PairWeight: 0.3},
		SynonymWeight: 0.5,
		Similarity:    SimilarityBM25F,
	}
}

// Validate reports the first invalid setting, naming its key.
func (c *Config) Validate() error {
	if c.K < 0 {
		return fmt.Errorf("k: must be ≥ 0, got %d", c.K)
	}
	if !finiteNonNegative(c.K1) {
		return fmt.Errorf("k1: must be a finite number ≥ 0, got %g", c.K1)
	}
	if !(c.B >= 0 && c.B <= 1) {
		return fmt.Errorf("b: must be in [0, 1], got %g", c.B)
	}
	for _, f := range sortedKeys(c.FieldB) {
		if !isField(f) {
			return fmt.Errorf("field_b.%s: unknown field (want one of %s)", f, strings.Join(Fields, ", "))
		}
		if b := c.FieldB[f]; !(b >= 0 && b <= 1) {
			return fmt.Errorf("field_b.%s: must be in [0, 1], got %g", f, b)
		}
	}
	if !finiteNonNegative(c.SynonymWeight) {
		return fmt.Errorf("synonym_weight: must be a finite number ≥ 0, got %g", c.SynonymWeight)
	}
	active := false
	for _, f := range sortedKeys(c.Weights) {
		w := c.Weights[f]
		if !isField(f) {
			return fmt.Errorf("weights.%s: unknown field (want one of %s)", f, strings.Join(Fields, ", "))
		}
		if !finiteNonNegative(w) {
			return fmt.Errorf("weights.%s: must be a finite number ≥ 0, got %g", f, w)
		}
		if w > 0 {
			active = true
		}
	}
	if !active {
		return errors.New("weights: every field has weight 0")
	}
	switch c.Similarity {
	case "", SimilarityBM25F, SimilarityBM25, SimilarityBluge:
	default:
		return fmt.Errorf("similarity: unknown %q (want %q, %q or %q)", c.Similarity, SimilarityBM25F, SimilarityBM25, SimilarityBluge)
	}
	for i, g := range c.Synonyms {
		if len(g) < 2 {
			return fmt.Errorf("synonyms[%d]: a group needs at least two terms", i)
		}
		for j, t := range g {
			if strings.TrimSpace(t) == "" {
				return fmt.Errorf("synonyms[%d][%d]: empty term", i, j)
			}
		}
	}
	for i, a := range c.Always {
		if a == "" {
			return fmt.Errorf("always[%d]: empty tool name", i)
		}
	}
	if c.FeedbackDocs < 0 || c.FeedbackTerms < 0 {
		return fmt.Errorf("feedback_docs, feedback_terms: must be ≥ 0, got %d, %d", c.FeedbackDocs, c.FeedbackTerms)
	}
	if !(c.FeedbackWeight >= 0 && c.FeedbackWeight < 1) {
		return fmt.Errorf("feedback_weight: must be in [0, 1), got %g", c.FeedbackWeight)
	}
	switch c.CrossLingual {
	case "", CrossLingualAuto, CrossLingualOn, CrossLingualOff:
	default:
		return fmt.Errorf("cross_lingual: unknown mode %q (want %q, %q or %q)", c.CrossLingual, CrossLingualAuto, CrossLingualOn, CrossLingualOff)
	}
	if !(c.LexiconWeight >= 0 && c.LexiconWeight <= 1) {
		return fmt.Errorf("lexicon_weight: must be in [0, 1], got %g", c.LexiconWeight)
	}
	for name, words := range c.Additions {
		if name == "" {
			return errors.New("additions: empty tool name")
		}
		if strings.TrimSpace(words) == "" {
			return fmt.Errorf("additions.%s: no words", name)
		}
	}
	if _, err := NewAnalyzer(c.Analyzer, c.Protected); err != nil {
		return err
	}
	return nil
}

// BOf is the length normalisation b of field f: FieldB's when it names f,
// else B.
func (c *Config) BOf(f string) float64 {
	if b, ok := c.FieldB[f]; ok {
		return b
	}
	return c.B
}

func sortedKeys(m map[string]float64) []string {
	names := make([]string, 0, len(m))
	for f := range m {
		names = append(names, f)
	}
	sort.Strings(names)
	return names
}

func isField(f string) bool {
	for _, x := range Fields {
		if x == f {
			return true
		}
	}
	return false
}

// ParseWeights parses "name=3,description=1.5" into field weights.
func ParseWeights(s string) (map[string]float64, error) {
	out := map[string]float64{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			return nil, fmt.Errorf("weight %q: want field=number", item)
		}
		k = strings.TrimSpace(k)
		if !isField(k) {
			return nil, fmt.Errorf("weight %q: unknown field %q (want one of %s)", item, k, strings.Join(Fields, ", "))
		}
		var w float64
		if _, err := fmt.Sscan(strings.TrimSpace(v), &w); err != nil {
			return nil, fmt.Errorf("weight %q: %q is not a number", item, v)
		}
		if !finiteNonNegative(w) {
			return nil, fmt.Errorf("weight %q: must be a finite number ≥ 0", item)
		}
		out[k] = w
	}
	return out, nil
}

// ParseConfig reads a JSON config over DefaultConfig: keys that are absent
// keep their defaults, and a "weights" object changes only the fields it
// names. Unknown keys are errors. name is used in error messages.
func ParseConfig(name string, data []byte) (Config, error) {
	cfg := DefaultConfig()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return Config{}, fmt.Errorf("%s: %s", name, describeJSONError(data, dec, err))
	}
	if dec.More() {
		return Config{}, fmt.Errorf("%s: %s: unexpected data after the config object", name, position(data, dec.InputOffset()))
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, fmt.Errorf("%s: %w", name, err)
	}
	return cfg, nil
}

// LoadConfig reads a config file; see ParseConfig.
func LoadConfig(path string) (Config, error) {
	data, err := readcap.ReadFile(path, readcap.DefaultConfigBytes)
	if err != nil {
		return Config{}, err
	}
	cfg, err := ParseConfig(path, data)
	if err != nil {
		return Config{}, err
	}
	if cfg.Lexicon != "" {
		if !filepath.IsAbs(cfg.Lexicon) {
			cfg.Lexicon = filepath.Join(filepath.Dir(path), cfg.Lexicon)
		}
		if _, err := lexicon.LoadCEDICT(cfg.Lexicon); err != nil {
			return Config{}, fmt.Errorf("%s: lexicon: %w", path, err)
		}
	}
	return cfg, nil
}

func describeJSONError(data []byte, dec *json.Decoder, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off := se.Offset - 1 // Offset counts the bad byte itself
		if off < 0 {
			off = 0
		}
		return fmt.Sprintf("%s: %v", position(data, off), se)
	case errors.As(err, &te):
		return fmt.Sprintf("%s: %s: cannot use JSON %s as %v", position(data, te.Offset), te.Field, te.Value, te.Type)
	default:
		return fmt.Sprintf("%s: %v", position(data, dec.InputOffset()), err)
	}
}

// position renders a 0-based byte offset as a 1-based line and column
// plus the offset.
func position(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - int64(bytes.LastIndexByte(data[:off], '\n'))
	return fmt.Sprintf("line %d, column %d (byte %d)", line, col, off)
}

// SynonymGroup is a set of interchangeable terms for query expansion. In
// JSON it is either an array of terms or one string with the terms joined
// by "=" ("落盘 = 写文件 = 保存").
type SynonymGroup []string

// UnmarshalJSON accepts an array of strings or an "a = b = c" string.
func (g *SynonymGroup) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*g = nil
		for _, t := range strings.Split(s, "=") {
			*g = append(*g, strings.TrimSpace(t))
		}
		return nil
	}
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		return errors.New(`a synonym group is an array of strings or an "a = b = c" string`)
	}
	*g = list
	return nil
}

// finiteNonNegative reports whether x is a number ≥ 0 other than +Inf
// (NaN compares false with everything, so a plain x < 0 test lets it by).
func finiteNonNegative(x float64) bool { return x >= 0 && !math.IsInf(x, 1) }
