package retrieval

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// Index is an in-memory BM25F (or per-field BM25) index over one catalog:
// one document per tool, one field per Field with its own weight. Every
// (term, tool) pair's score for a query term of weight 1 — its impact — is
// computed once at build time, so a query costs one pass over the postings
// of its terms. It is safe for concurrent searches.
type Index struct {
	cfg    Config
	an     *Analyzer
	exp    *expander
	tr     *translator // nil: no cross-lingual expansion
	lang   string      // the catalog's language (DetectLanguage)
	tools  []toolcall.Tool
	byName map[string]int
	fields []weightedField
	// avgdl is the mean length of each active field over the tools that
	// have it; fieldDocs how many tools have it.
	avgdl     []float64
	fieldDocs []int
	// terms maps a term to its id; post[id] lists the tools holding it in
	// catalog order with their impacts; df[id] counts them and fieldDF[f][id]
	// counts the tools holding it in field f.
	terms   map[string]int32
	post    []postings
	df      []int32
	fieldDF [][]int32
	// free holds accumulators for reuse (a sync.Pool would drop them at
	// every GC, and one is a float64 per tool).
	mu   sync.Mutex
	free []*accumulator
}

type weightedField struct {
	name   string
	weight float64
	b      float64 // length normalisation (Config.BOf)
}

// postings are the tools holding one term (ascending) and each one's
// impact: its score for that term at query weight 1.
type postings struct {
	docs    []int32
	impacts []float64
}

// Option changes how New builds an index.
type Option func(*options)

type options struct {
	cfg Config
}

// WithConfig replaces the whole configuration (start from DefaultConfig).
func WithConfig(c Config) Option { return func(o *options) { o.cfg = c } }

// WithK sets the default k used by the CLI and replay (Search takes k
// explicitly).
func WithK(k int) Option { return func(o *options) { o.cfg.K = k } }

// WithBM25 sets k1 and b.
func WithBM25(k1, b float64) Option { return func(o *options) { o.cfg.K1, o.cfg.B = k1, b } }

// WithWeights overrides the weights of the named fields; others keep theirs.
func WithWeights(w map[string]float64) Option {
	return func(o *options) {
		m := make(map[string]float64, len(o.cfg.Weights)+len(w))
		for k, v := range o.cfg.Weights {
			m[k] = v
		}
		for k, v := range w {
			m[k] = v
		}
		o.cfg.Weights = m
	}
}

// WithAnalyzer sets the analyzer options.
func WithAnalyzer(a AnalyzerConfig) Option { return func(o *options) { o.cfg.Analyzer = a } }

// WithProtected adds terms that are always kept whole.
func WithProtected(terms ...string) Option {
	return func(o *options) { o.cfg.Protected = append(append([]string(nil), o.cfg.Protected...), terms...) }
}

// WithSynonyms adds query-expansion groups.
func WithSynonyms(groups ...SynonymGroup) Option {
	return func(o *options) { o.cfg.Synonyms = append(append([]SynonymGroup(nil), o.cfg.Synonyms...), groups...) }
}

// New indexes the tools. It fails on an empty catalog, on a tool without a
// name, on a name used twice, on a parameter schema that is not valid JSON
// and on an invalid configuration.
func New(tools []toolcall.Tool, opts ...Option) (*Index, error) {
	o := options{cfg: DefaultConfig()}
	for _, opt := range opts {
		opt(&o)
	}
	cfg := o.cfg
	if cfg.Similarity == "" {
		cfg.Similarity = SimilarityBM25F
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("retrieval: config: %w", err)
	}
	if len(tools) == 0 {
		return nil, errors.New("retrieval: empty catalog: no tools to index")
	}
	an, err := NewAnalyzer(cfg.Analyzer, cfg.Protected)
	if err != nil {
		return nil, fmt.Errorf("retrieval: config: %w", err)
	}
	ix := &Index{
		cfg:    cfg,
		an:     an,
		tools:  tools,
		byName: make(map[string]int, len(tools)),
	}
	for i := range tools {
		name := tools[i].Name
		if name == "" {
			return nil, fmt.Errorf("retrieval: tool %d has no name", i)
		}
		if j, dup := ix.byName[name]; dup {
			return nil, fmt.Errorf("retrieval: tool %q is defined twice (tools %d and %d)", name, j, i)
		}
		ix.byName[name] = i
	}
	for _, f := range Fields {
		if w := cfg.Weights[f]; w > 0 {
			ix.fields = append(ix.fields, weightedField{f, w, cfg.BOf(f)})
		}
	}
	for _, a := range cfg.Always {
		if _, ok := ix.byName[a]; !ok {
			return nil, fmt.Errorf("retrieval: always-include tool %q is not in the catalog", a)
		}
	}
	ix.exp = newExpander(an, cfg.Synonyms, cfg.SynonymWeight)
	ix.lang = catalogLanguage(tools)
	if ix.tr, err = newTranslator(cfg, an, ix.lang); err != nil {
		return nil, fmt.Errorf("retrieval: config: %w", err)
	}
	if err := ix.build(); err != nil {
		return nil, err
	}
	return ix, nil
}

// nested returns the properties nested in a tool's parameters (New has
// already checked that their schemas parse).
func (ix *Index) nested(t *toolcall.Tool) []toolcall.Param {
	n, _ := catalog.NestedParams(t.Params)
	return n
}

// fieldTerms returns the analysed terms of one field of a tool; nested are
// the properties nested in its parameters (catalog.NestedParams), indexed
// with the top-level ones: their paths (flight.no) in params, their
// descriptions and enums in param_desc.
func (ix *Index) fieldTerms(t *toolcall.Tool, nested []toolcall.Param, field string) []string {
	a := ix.an
	switch field {
	case FieldName:
		if a.standard != nil {
			return a.Terms(t.Name)
		}
		// Only compound names (read_file, ApplyPatch, math.factorial) get a
		// whole-name term: a one-word name such as Read or fetch would
		// otherwise match every query using that plain word as if the
		// query named the tool.
		var out []string
		for _, n := range []string{t.Name, t.OriginalName} {
			if f := foldCase(n); f != "" && isCompoundName(n) && !contains(out, f) {
				out = append(out, f)
			}
		}
		return out
	case FieldNameWords:
		out := a.Terms(t.Name)
		if t.OriginalName != "" && t.OriginalName != t.Name {
			out = a.AppendTerms(out, t.OriginalName)
		}
		return out
	case FieldDescription:
		out := a.Terms(t.Description)
		if t.Annotations.Title != "" {
			out = a.AppendTerms(out, t.Annotations.Title)
		}
		if add := ix.cfg.Additions[t.Name]; add != "" {
			out = a.AppendTerms(out, add)
		}
		return out
	case FieldParams:
		var out []string
		for _, ps := range [2][]toolcall.Param{t.Params, nested} {
			for _, p := range ps {
				out = a.AppendTerms(out, p.Name)
			}
		}
		return out
	case FieldParamDesc:
		var out []string
		for _, ps := range [2][]toolcall.Param{t.Params, nested} {
			for _, p := range ps {
				out = a.AppendTerms(out, p.Description)
				for _, e := range p.Enum {
					out = a.AppendTerms(out, strings.Trim(string(e), `"`))
				}
			}
		}
		return out
	case FieldReturns:
		return a.Terms(t.Returns)
	case FieldTags:
		var out []string
		for _, tag := range t.Tags {
			out = a.AppendTerms(out, tag)
		}
		if t.Group != "" {
			out = a.AppendTerms(out, t.Group)
		}
		if t.Server != "" {
			out = a.AppendTerms(out, t.Server)
		}
		return out
	case FieldDetails:
		return a.Terms(t.Details)
	case FieldSenses:
		return ix.tr.senseTerms(t)
	}
	return nil
}

// Language is the language detected in the catalog's descriptions
// (LangZh, LangEn, or "" when they hold no letters).
func (ix *Index) Language() string { return ix.lang }

// Config returns the configuration the index was built with.
func (ix *Index) Config() Config { return ix.cfg }

// Len is the number of tools in the index.
func (ix *Index) Len() int { return len(ix.tools) }

// Tool returns the tool called name.
func (ix *Index) Tool(name string) (*toolcall.Tool, bool) {
	i, ok := ix.byName[name]
	if !ok {
		return nil, false
	}
	return &ix.tools[i], true
}

// Lookup implements toolcall.ToolSet.
func (ix *Index) Lookup(name string) (*toolcall.Tool, bool) { return ix.Tool(name) }

// Close releases the index. Searches must not run during or after Close.
func (ix *Index) Close() error {
	ix.post, ix.terms = nil, nil
	return nil
}

// isCompoundName reports whether a name has more than one word part.
func isCompoundName(name string) bool {
	parts := splitParts(trimChunk(foldWidth(name)))
	return len(parts) > 1 || len(parts) == 1 && len(splitCase(parts[0])) > 1
}
