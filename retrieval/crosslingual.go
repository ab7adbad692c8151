package retrieval

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tooleval/tooleval/retrieval/lexicon"
	"github.com/tooleval/tooleval/toolcall"
)

// Cross-lingual modes accepted in Config.CrossLingual.
const (
	// CrossLingualAuto (the default, also "") translates a query when its
	// language differs from the catalog's, both detected from the text
	// (DetectLanguage).
	CrossLingualAuto = "auto"
	// CrossLingualOn translates every query: its Chinese words into English
	// senses and its English words into Chinese, whatever the catalog.
	CrossLingualOn = "on"
	// CrossLingualOff never translates.
	CrossLingualOff = "off"
)

// Languages DetectLanguage tells apart.
const (
	LangZh = "zh"
	LangEn = "en"
)

// DefaultLexiconWeight is the query weight of a translated term when
// Config.LexiconWeight is 0: below the weight of the query's own terms, so
// that where both match, the words the user typed decide (EVAL.md).
const DefaultLexiconWeight = 0.6

// maxSenses is how many English senses of a Chinese query word are added
// (the lexicon lists the senses tools use most first).
const maxSenses = 4

// maxCatalogSenses is how many English senses of a Chinese word of a tool's
// description go into its FieldSenses: fewer than on the query side, since
// a description has many words and later senses are rarer (EVAL.md).
const maxCatalogSenses = 2

// senseMark starts every term of FieldSenses and every query term meant
// for it. The analyzer never emits it, so those terms are apart from the
// terms of the other fields: their document frequencies, and so the scores
// of queries that are not translated, stay exactly as without the field.
const senseMark = "\x1f"

// senseTerms returns the terms of tool t's FieldSenses: the English senses
// of the lexicon words in its description and title, analysed and marked
// (senseMark); nil when translation is off.
func (tr *translator) senseTerms(t *toolcall.Tool) []string {
	if tr == nil {
		return nil
	}
	var out []string
	for _, text := range []string{t.Description, t.Annotations.Title} {
		for _, word := range tr.lex.Segment(foldWidth(text)) {
			senses := tr.lex.Senses(word)
			for _, sense := range senses[:min(len(senses), maxCatalogSenses)] {
				for _, term := range tr.an.Terms(sense) {
					out = append(out, senseMark+term)
				}
			}
		}
	}
	return out
}

// UnmarkSense returns a term of FieldSenses as the word it stands for.
func UnmarkSense(term string) string { return strings.TrimPrefix(term, senseMark) }

// DetectLanguage says whether text is mostly Chinese (LangZh), mostly
// English or other Latin-script text (LangEn), or has no letters (""): a
// Han character counts as one word, a run of Latin letters as one.
func DetectLanguage(text string) string {
	han, latin := countScripts(text)
	switch {
	case han == 0 && latin == 0:
		return ""
	case han >= latin:
		return LangZh
	default:
		return LangEn
	}
}

// countScripts counts Han characters and runs of ASCII letters.
func countScripts(text string) (han, latin int) {
	inWord := false
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			if !inWord {
				latin++
			}
			inWord = true
			continue
		case r >= 0x2E80 && unicode.Is(unicode.Han, r):
			han++
		}
		inWord = false
	}
	return han, latin
}

// queryLanguage: a query with any Chinese character is Chinese (an English
// path or product name in a Chinese request does not make it English).
func queryLanguage(q string) string {
	han, latin := countScripts(q)
	switch {
	case han > 0:
		return LangZh
	case latin > 0:
		return LangEn
	}
	return ""
}

// catalogLanguage detects the language of the tools' descriptions and
// parameter descriptions (names are left out: Chinese catalogs often name
// their tools in English).
func catalogLanguage(tools []toolcall.Tool) string {
	han, latin := 0, 0
	for i := range tools {
		t := &tools[i]
		for _, s := range []string{t.Description, t.Annotations.Title, t.Returns, t.Details} {
			h, l := countScripts(s)
			han, latin = han+h, latin+l
		}
		for _, p := range t.Params {
			h, l := countScripts(p.Description)
			han, latin = han+h, latin+l
		}
	}
	switch {
	case han == 0 && latin == 0:
		return ""
	case han >= latin:
		return LangZh
	}
	return LangEn
}

// translator adds the lexicon's translations of a query's words.
type translator struct {
	lex     *lexicon.Lexicon
	an      *Analyzer
	mode    string
	catalog string  // the catalog's language
	weight  float64 // query weight of a translated term
	// zhWeight is the query weight of a Chinese translation of an English
	// query word: weight, halved when the tools carry their English senses
	// (FieldSenses weighted), which then take the English query word
	// directly (EVAL.md: R@5 0.933 → 0.967 on the en-over-zh pairing).
	zhWeight float64
	// toZh maps an English word or word pair (normal forms, as the
	// analyzer emits them) to the analysed terms of its Chinese words.
	toZh map[string][]string
}

// newTranslator builds the translation of cfg, or nil when it is off.
func newTranslator(cfg Config, an *Analyzer, catalogLang string) (*translator, error) {
	if cfg.CrossLingual == CrossLingualOff {
		return nil, nil
	}
	lex, err := ConfigLexicon(cfg)
	if err != nil {
		return nil, err
	}
	w := cfg.LexiconWeight
	if w == 0 {
		w = DefaultLexiconWeight
	}
	mode := cfg.CrossLingual
	if mode == "" {
		mode = CrossLingualAuto
	}
	tr := &translator{lex: lex, an: an, mode: mode, catalog: catalogLang, weight: w, zhWeight: w}
	if cfg.Weights[FieldSenses] > 0 {
		tr.zhWeight = w / 2
	}
	if mode == CrossLingualOn || catalogLang == LangZh {
		tr.toZh = tr.chineseMap()
	}
	return tr, nil
}

var merged sync.Map // *lexicon.Lexicon (a user's) → *lexicon.Lexicon (the built-in one merged with it)

// mergedLexicon merges the built-in lexicon with a user's, once per user
// lexicon.
func mergedLexicon(user *lexicon.Lexicon) *lexicon.Lexicon {
	if v, ok := merged.Load(user); ok {
		return v.(*lexicon.Lexicon)
	}
	v, _ := merged.LoadOrStore(user, lexicon.Merge(lexicon.Builtin(), user))
	return v.(*lexicon.Lexicon)
}

// ConfigLexicon is the lexicon cfg translates with: the built-in one,
// merged with cfg.Lexicon's CC-CEDICT file when one is named (the built-in
// senses first).
func ConfigLexicon(cfg Config) (*lexicon.Lexicon, error) {
	if cfg.Lexicon == "" {
		return lexicon.Builtin(), nil
	}
	user, err := lexicon.LoadCEDICT(cfg.Lexicon)
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	return mergedLexicon(user), nil
}

// translate appends to out the translations of q's words that the mode
// calls for; have indexes the terms out already holds.
func (tr *translator) translate(q string, out []queryTerm, have map[string]int) []queryTerm {
	ql := queryLanguage(q)
	toEn, toZh := false, false
	switch tr.mode {
	case CrossLingualOn:
		toEn, toZh = true, true
	default:
		toEn = ql == LangZh && tr.catalog == LangEn
		toZh = ql == LangEn && tr.catalog == LangZh
	}
	add := func(t string, w float64) {
		if j, ok := have[t]; ok {
			if out[j].expanded {
				out[j].weight = max(out[j].weight, w)
			}
			return
		}
		have[t] = len(out)
		out = append(out, queryTerm{term: t, weight: w, expanded: true})
	}
	if toEn {
		for _, word := range tr.lex.Segment(foldWidth(q)) {
			senses := tr.lex.Senses(word)
			for _, s := range senses[:min(len(senses), maxSenses)] {
				terms, weights := tr.an.queryTerms(s)
				for i, t := range terms {
					add(t, tr.weight*weights[i])
				}
			}
		}
	}
	if toZh {
		m := tr.toZh
		n := len(out)
		for i := 0; i < n; i++ {
			if out[i].expanded {
				continue
			}
			for _, t := range m[out[i].term] {
				add(t, tr.zhWeight*min(out[i].weight, 1))
			}
			// The user's own word, looked up in the tools' English senses
			// (FieldSenses): its weight is that field's.
			add(senseMark+out[i].term, min(out[i].weight, 1))
		}
	}
	return out
}

// chineseMap builds the map of English words to Chinese terms (toZh).
func (tr *translator) chineseMap() map[string][]string {
	m := map[string][]string{}
	tr.lex.EachSense(func(sense string, words []string) {
		key := senseKey(sense)
		if key == "" {
			return
		}
		for _, w := range words {
			long := utf8.RuneCountInString(w) > 1
			for _, t := range tr.an.Terms(w) {
				if long && utf8.RuneCountInString(t) == 1 {
					continue // 查 of 查询 would match every 检查, 调查 …
				}
				if !contains(m[key], t) {
					m[key] = append(m[key], t)
				}
			}
		}
	})
	return m
}

// senseKey is the form in which the analyzer emits an English sense as one
// query term: a word's normal form, or two words' normal forms joined by a
// space (a word pair); "" for longer senses.
func senseKey(sense string) string {
	var words []string
	for _, w := range strings.Fields(sense) {
		if stopWords()[w] {
			continue
		}
		words = append(words, LightStem(w))
	}
	if len(words) == 0 || len(words) > 2 {
		return ""
	}
	return strings.Join(words, " ")
}
