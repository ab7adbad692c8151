// Package retrieval picks the tools whose descriptions go into a prompt:
// BM25F over tool descriptions, with bluge's analysis types.
//
// New indexes a catalog, one document per tool, with one field per part of
// a tool (the name kept whole, the name split into words, the description,
// parameter names, parameter descriptions, returns, tags and long details),
// each with its own weight. Search returns
//
//	final = always-include ∪ top-k(BM25)
//
// de-duplicated, always-include tools first, then by descending score.
//
// Scoring is BM25F by default: one IDF per term over whole tools
// (ln(1 + (N − n + 0.5)/(n + 0.5)), not bluge 0.2.2's stock IDF), field
// weights applied to term frequencies normalised by each field's length,
// one saturation per term (k1 and b configurable). Each (term, tool)
// impact is computed at index time into in-memory postings, so a query
// costs one pass over its terms' postings. The sum of per-field BM25 (the
// earlier model) and bluge's stock formula stay available as
// Config.Similarity values for comparison. Adjacent plain words are also
// indexed as pair terms (AnalyzerConfig.PairWeight). Parameters nested in object
// parameters are indexed with their paths (catalog.NestedParams). Text goes
// through Analyzer, a
// mixed Chinese/English analyzer that keeps technical tokens such as
// ApplyPatch, Read.path, /html[1]/body[1] or --dry-run whole and also split,
// honours a list of protected terms, cuts Chinese into unigrams and
// bigrams, folds full-width forms and English plurals (flights → flight, kept next to the
// surface form; Snowball stemming or none as options). Queries go
// through the same analyzer, then are expanded with the synonym groups of
// the Config (expansion applies to queries only).
//
// A query whose language differs from the catalog's (DetectLanguage) is
// also translated with a bilingual lexicon (package lexicon; the built-in
// one and optionally a CC-CEDICT file): its Chinese words add their
// English senses, its English words the Chinese words they translate, at
// Config.LexiconWeight (Config.CrossLingual turns this on, off or auto).
//
// Config holds every setting and has a documented JSON form shared with the
// replay and tune commands; retrieval/EVAL.md records how the defaults were
// measured.
package retrieval
