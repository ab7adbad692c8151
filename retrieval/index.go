package retrieval

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/blugelabs/bluge"
	"github.com/blugelabs/bluge/analysis"
	"github.com/blugelabs/bluge/search"
	"github.com/blugelabs/bluge/search/similarity"

	"github.com/tooleval/tooleval/toolcall"
)

// ordField holds each tool's position in the catalog, zero-padded so that
// sorting by it keeps catalog order among equal scores.
const ordField = "_ord"

// Index is a BM25 index over one catalog: one document per tool, one bluge
// field per Field with its own weight. It is safe for concurrent searches.
type Index struct {
	cfg    Config
	an     *Analyzer
	exp    *expander
	tools  []toolcall.Tool
	byName map[string]int
	fields []weightedField
	stats  map[string]*fieldStats
	writer *bluge.Writer
	reader *bluge.Reader
	// ordOf maps bluge document numbers to catalog positions; byNumber is
	// set when document numbers follow catalog order.
	ordOf    map[uint64]int
	byNumber bool
}

type weightedField struct {
	name   string
	weight float64
}

// fieldStats are exact statistics of one field, used for scoring,
// explanations and skipping terms a field does not hold.
type fieldStats struct {
	docs   int            // documents with at least one term in the field
	tokens int            // total terms over those documents
	df     map[string]int // documents per term
}

func (s *fieldStats) avgdl() float64 {
	if s.docs == 0 {
		return 0
	}
	return float64(s.tokens) / float64(s.docs)
}

// Option changes how New builds an index.
type Option func(*options)

type options struct {
	cfg Config
	dir string
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

// WithDir keeps the index in a directory on disk instead of in memory
// (for large catalogs). The directory is created if needed; Close releases
// it but leaves the files.
func WithDir(dir string) Option { return func(o *options) { o.dir = dir } }

// New indexes the tools. It fails on an empty catalog, on a tool without a
// name, on a name used twice and on an invalid configuration.
func New(tools []toolcall.Tool, opts ...Option) (*Index, error) {
	o := options{cfg: DefaultConfig()}
	for _, opt := range opts {
		opt(&o)
	}
	cfg := o.cfg
	if cfg.Similarity == "" {
		cfg.Similarity = SimilarityBM25
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
		stats:  map[string]*fieldStats{},
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
			ix.fields = append(ix.fields, weightedField{f, w})
			ix.stats[f] = &fieldStats{df: map[string]int{}}
		}
	}
	for _, a := range cfg.Always {
		if _, ok := ix.byName[a]; !ok {
			return nil, fmt.Errorf("retrieval: always-include tool %q is not in the catalog", a)
		}
	}
	ix.exp = newExpander(an, cfg.Synonyms, cfg.SynonymWeight)

	// Analyse every tool once; the terms go to bluge pre-analysed.
	docTerms := make([][][]string, len(tools))
	seen := map[string]struct{}{}
	for i := range tools {
		docTerms[i] = make([][]string, len(ix.fields))
		for j, f := range ix.fields {
			terms := ix.fieldTerms(&tools[i], f.name)
			docTerms[i][j] = terms
			if len(terms) == 0 {
				continue
			}
			st := ix.stats[f.name]
			st.docs++
			st.tokens += len(terms)
			clear(seen)
			for _, t := range terms {
				if _, dup := seen[t]; !dup {
					seen[t] = struct{}{}
					st.df[t]++
				}
			}
		}
	}

	var bcfg bluge.Config
	if o.dir != "" {
		bcfg = bluge.DefaultConfig(o.dir)
	} else {
		bcfg = bluge.InMemoryOnlyConfig()
	}
	if cfg.Similarity == SimilarityBluge {
		bcfg.DefaultSimilarity = similarity.NewBM25SimilarityBK1(cfg.B, cfg.K1)
	} else {
		sim := NewBM25Similarity(cfg.K1, cfg.B)
		bcfg.DefaultSimilarity = sim
		for _, f := range ix.fields {
			st := ix.stats[f.name]
			bcfg.PerFieldSimilarity[f.name] = sim.withFieldStats(st.docs, st.avgdl())
		}
	}
	w, err := bluge.OpenWriter(bcfg)
	if err != nil {
		return nil, fmt.Errorf("retrieval: open index: %w", err)
	}
	batch := bluge.NewBatch()
	for i := range tools {
		doc := bluge.NewDocument(tools[i].Name)
		doc.AddField(bluge.NewKeywordField(ordField, ordKey(i)).Sortable())
		for j, f := range ix.fields {
			if terms := docTerms[i][j]; len(terms) > 0 {
				doc.AddField(bluge.NewTextField(f.name, "").WithAnalyzer(preAnalyzed(terms)))
			}
		}
		batch.Update(doc.ID(), doc)
	}
	if err := w.Batch(batch); err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("retrieval: index: %w", err)
	}
	r, err := w.Reader()
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("retrieval: open reader: %w", err)
	}
	ix.writer, ix.reader = w, r
	if err := ix.mapDocNumbers(); err != nil {
		_ = ix.Close()
		return nil, err
	}
	return ix, nil
}

// mapDocNumbers reads which bluge document number holds which tool. When
// the numbers follow catalog order (one in-memory segment), searches can
// sort by score alone, since bluge breaks ties by document number; otherwise
// they also sort by the _ord field, which costs a doc-value read per match.
func (ix *Index) mapDocNumbers() error {
	req := bluge.NewTopNSearch(len(ix.tools), bluge.NewMatchAllQuery()).SortBy([]string{ordField})
	it, err := ix.reader.Search(context.Background(), req)
	if err != nil {
		return fmt.Errorf("retrieval: read document numbers: %w", err)
	}
	ix.ordOf = map[uint64]int{}
	ix.byNumber = true
	prev := -1
	var last uint64
	for {
		m, err := it.Next()
		if err != nil {
			return fmt.Errorf("retrieval: read document numbers: %w", err)
		}
		if m == nil {
			break
		}
		ord, err := strconv.Atoi(string(m.SortValue[0]))
		if err != nil || ord < 0 || ord >= len(ix.tools) {
			return fmt.Errorf("retrieval: bad document order %q", m.SortValue[0])
		}
		if prev >= 0 && m.Number <= last {
			ix.byNumber = false
		}
		prev, last = ord, m.Number
		ix.ordOf[m.Number] = ord
	}
	if len(ix.ordOf) != len(ix.tools) {
		return fmt.Errorf("retrieval: index holds %d documents for %d tools", len(ix.ordOf), len(ix.tools))
	}
	return nil
}

// preAnalyzed hands bluge terms the Index analysed itself.
type preAnalyzed []string

func (p preAnalyzed) Analyze([]byte) analysis.TokenStream { return tokenStream(p) }

func ordKey(i int) string {
	s := strconv.Itoa(i)
	return strings.Repeat("0", 10-len(s)) + s
}

// fieldTerms returns the analysed terms of one field of a tool.
func (ix *Index) fieldTerms(t *toolcall.Tool, field string) []string {
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
		return out
	case FieldParams:
		var out []string
		for _, p := range t.Params {
			out = a.AppendTerms(out, p.Name)
		}
		return out
	case FieldParamDesc:
		var out []string
		for _, p := range t.Params {
			out = a.AppendTerms(out, p.Description)
			for _, e := range p.Enum {
				out = a.AppendTerms(out, strings.Trim(string(e), `"`))
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
	}
	return nil
}

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
	err := ix.reader.Close()
	if werr := ix.writer.Close(); err == nil {
		err = werr
	}
	return err
}

var _ search.Similarity = (*BM25Similarity)(nil)

// isCompoundName reports whether a name has more than one word part.
func isCompoundName(name string) bool {
	parts := splitParts(trimChunk(foldWidth(name)))
	return len(parts) > 1 || len(parts) == 1 && len(splitCase(parts[0])) > 1
}
