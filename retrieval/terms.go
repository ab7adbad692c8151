package retrieval

import (
	"fmt"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// Terms analyses tools and queries exactly as an Index built with the same
// analyzer, protected terms and synonyms does, without building an index.
// Tuning uses it to rescore many weight, k1 and b settings from one
// analysis. With n, N, dl and avgdl counted over the terms Field returns,
// an Index's score for a tool is, under SimilarityBM25 (per field), the
// sum over fields with a weight above 0 and query terms found in them of
//
//	weight(field) · QueryTerm.Weight · IDF(n_field, N_field) · TF(tf, dl, avgdl, k1, b)
//
// and under SimilarityBM25F (the default) the sum over query terms of
//
//	QueryTerm.Weight · IDF(n, N) · Saturate(Σ_field WeightedTF(weight, tf, dl, avgdl, b), k1)
//
// where n counts the tools holding the term in any weighted field and N
// every tool.
type Terms struct {
	ix *Index
}

// QueryTerm is one distinct analysed query term: the query's own terms
// first (weight 1), then synonym expansions (weight Config.SynonymWeight).
type QueryTerm struct {
	Term     string
	Weight   float64
	Expanded bool
}

// NewTerms builds the analyzer and synonym expansion of cfg. Only the
// Analyzer, Protected, Synonyms and SynonymWeight settings matter. With no
// catalog to detect a language in, queries are translated only under
// CrossLingualOn; NewCatalogTerms analyses queries as an Index of a given
// catalog does.
func NewTerms(cfg Config) (*Terms, error) {
	return NewCatalogTerms(cfg, nil)
}

// NewCatalogTerms is NewTerms for queries against tools: the catalog's
// language decides, as in an Index of those tools, whether queries are
// translated (Config.CrossLingual, Lexicon and LexiconWeight matter too).
func NewCatalogTerms(cfg Config, tools []toolcall.Tool) (*Terms, error) {
	an, err := NewAnalyzer(cfg.Analyzer, cfg.Protected)
	if err != nil {
		return nil, fmt.Errorf("retrieval: config: %w", err)
	}
	ix := &Index{cfg: cfg, an: an, exp: newExpander(an, cfg.Synonyms, cfg.SynonymWeight), lang: catalogLanguage(tools)}
	if ix.tr, err = newTranslator(cfg, an, ix.lang); err != nil {
		return nil, fmt.Errorf("retrieval: config: %w", err)
	}
	return &Terms{ix: ix}, nil
}

// Terms returns the analysis of the index: its analyzer, synonyms and
// translation of queries for its catalog.
func (ix *Index) Terms() *Terms { return &Terms{ix: ix} }

// Field returns the terms an Index stores for one field of a tool,
// repeats included (nil for an unknown field).
// Properties nested in parameters count as parameters (see
// catalog.NestedParams); a schema that is not valid JSON contributes only
// its top-level parameter.
func (t *Terms) Field(tool *toolcall.Tool, field string) []string {
	var nested []toolcall.Param
	if field == FieldParams || field == FieldParamDesc {
		nested, _ = catalog.NestedParams(tool.Params)
	}
	return t.ix.fieldTerms(tool, nested, field)
}

// Text returns the terms the analyzer cuts text into, in order, repeats
// included (no synonyms or translations).
func (t *Terms) Text(text string) []string { return t.ix.an.Terms(text) }

// Query returns the distinct terms of a query with their weights.
func (t *Terms) Query(query string) []QueryTerm {
	qt := t.ix.analyzeQuery(query)
	out := make([]QueryTerm, len(qt))
	for i, q := range qt {
		out[i] = QueryTerm{Term: q.term, Weight: q.weight, Expanded: q.expanded}
	}
	return out
}
