package retrieval

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blugelabs/bluge/analysis"
	"github.com/blugelabs/bluge/analysis/analyzer"
)

// Tokenizer names accepted in AnalyzerConfig.Tokenizer.
const (
	// TokenizerMixed is the mixed Chinese/English analyzer with technical
	// tokens kept whole and split (the default).
	TokenizerMixed = "mixed"
	// TokenizerStandard is bluge's stock standard analyzer (Unicode word
	// segmentation and lowercasing), kept for comparison.
	TokenizerStandard = "standard"
)

// CJK modes accepted in AnalyzerConfig.CJK.
const (
	CJKUnigram = "unigram" // one term per Han/kana/Hangul character
	CJKBigram  = "bigram"  // one term per adjacent pair (a lone character stays a unigram)
	CJKBoth    = "both"    // unigrams and bigrams
)

// AnalyzerConfig chooses how text is cut into terms. The same analyzer is
// applied to tool descriptions and to queries.
type AnalyzerConfig struct {
	// Tokenizer is TokenizerMixed (default) or TokenizerStandard.
	Tokenizer string `json:"tokenizer,omitempty"`
	// CJK is CJKUnigram, CJKBigram or CJKBoth (default).
	CJK string `json:"cjk,omitempty"`
	// Normalize is what is done to plain English words: NormalizeNone,
	// NormalizeLight (plural folding, the default) or NormalizeSnowball.
	// Never applied to protected terms or to the whole form of a technical
	// token (read_files stays; its parts read, file are plain words).
	Normalize string `json:"normalize,omitempty"`
	// Stem selects the English Snowball stemmer whatever Normalize says
	// (shorthand for Normalize: NormalizeSnowball).
	Stem bool `json:"stem"`
	// StopWords drops common English function words from plain words.
	StopWords bool `json:"stop_words"`
	// ZhStopWords drops a small list of Chinese function words and request
	// phrases (的, 吗, 帮我, 请问, 一下 …, see ZhStopWords) from Han runs,
	// which are cut at them, so no bigram spans one.
	ZhStopWords bool `json:"zh_stop_words"`
	// CJKUnigramWeight is the query weight of single characters taken from
	// a longer Han run when CJK is both (bigrams weigh 1); 0 means 1.
	CJKUnigramWeight float64 `json:"cjk_unigram_weight,omitempty"`
	// PairWeight, when above 0, also emits each pair of adjacent plain
	// words (normal forms, stop words skipped, not across punctuation,
	// technical tokens or Han text) as one term "list branch", weighing
	// PairWeight in queries. Mixed tokenizer only. 0: no pairs.
	// DefaultConfig uses 0.3 (see EVAL.md).
	PairWeight float64 `json:"pair_weight"`
	// NoSplit keeps technical tokens (ApplyPatch, git_write, docs/xpath/)
	// whole only, without also emitting their parts. Mixed tokenizer only.
	NoSplit bool `json:"no_split,omitempty"`
}

// Analyzer turns text into index terms. It implements bluge's
// analysis.Analyzer, so it can also be used on a bluge field directly.
//
// In mixed mode (the default) it:
//   - folds full-width forms (ＡＢＣ１２３，) to ASCII and lowercases;
//   - keeps technical tokens whole and also emits their parts: ApplyPatch →
//     applypatch, apply, patch; Read.path → read.path, read, path;
//     git_write; /html[1]/body[1]; docs/xpath/ → docs/xpath, docs, xpath;
//     --dry-run → --dry-run, dry, run; version numbers such as 1.2.3 stay
//     one term;
//   - emits every protected term found in the text as one term;
//   - cuts Han, kana and Hangul runs into unigrams, bigrams or both;
//   - folds plain English plurals (or stems them, or neither) and
//     optionally drops stop words.
//
// An Analyzer is immutable and safe for concurrent use.
type Analyzer struct {
	cfg       AnalyzerConfig
	protected []string // folded, longest first
	protSet   map[string]bool
	standard  *analysis.Analyzer
}

// NewAnalyzer builds an analyzer. Protected terms are folded like any text
// (full width, case) and always emitted whole where they occur.
func NewAnalyzer(cfg AnalyzerConfig, protected []string) (*Analyzer, error) {
	if cfg.Tokenizer == "" {
		cfg.Tokenizer = TokenizerMixed
	}
	if cfg.CJK == "" {
		cfg.CJK = CJKBoth
	}
	if cfg.Normalize == "" {
		cfg.Normalize = NormalizeLight
	}
	switch cfg.Tokenizer {
	case TokenizerMixed, TokenizerStandard:
	default:
		return nil, fmt.Errorf("analyzer.tokenizer: unknown tokenizer %q (want %q or %q)", cfg.Tokenizer, TokenizerMixed, TokenizerStandard)
	}
	switch cfg.CJK {
	case CJKUnigram, CJKBigram, CJKBoth:
	default:
		return nil, fmt.Errorf("analyzer.cjk: unknown mode %q (want %q, %q or %q)", cfg.CJK, CJKUnigram, CJKBigram, CJKBoth)
	}
	switch cfg.Normalize {
	case NormalizeNone, NormalizeLight, NormalizeSnowball:
	default:
		return nil, fmt.Errorf("analyzer.normalize: unknown normaliser %q (want %q, %q or %q)", cfg.Normalize, NormalizeNone, NormalizeLight, NormalizeSnowball)
	}
	if cfg.Stem {
		cfg.Normalize = NormalizeSnowball
	}
	a := &Analyzer{cfg: cfg, protSet: map[string]bool{}}
	if cfg.Tokenizer == TokenizerStandard {
		a.standard = analyzer.NewStandardAnalyzer()
	}
	for i, p := range protected {
		f := strings.TrimSpace(foldCase(p))
		if f == "" {
			return nil, fmt.Errorf("protected[%d]: empty term", i)
		}
		if !a.protSet[f] {
			a.protSet[f] = true
			a.protected = append(a.protected, f)
		}
	}
	sort.SliceStable(a.protected, func(i, j int) bool { return len(a.protected[i]) > len(a.protected[j]) })
	return a, nil
}

// Config returns the analyzer's settings with defaults filled in.
func (a *Analyzer) Config() AnalyzerConfig { return a.cfg }

// Terms returns the terms of text in order, repeats included.
func (a *Analyzer) Terms(text string) []string {
	return a.AppendTerms(nil, text)
}

// AppendTerms appends the terms of text to dst and returns it.
func (a *Analyzer) AppendTerms(dst []string, text string) []string {
	return a.appendTerms(dst, nil, text)
}

// queryTerms returns the terms of text with their query weights: 1 for a
// word as typed and for the whole form of a technical token,
// VariantWeight for a normal form added next to a word (flight after
// flights), times PartWeight for the parts of a technical token.
func (a *Analyzer) queryTerms(text string) ([]string, []float64) {
	var weights []float64
	terms := a.appendTerms(nil, &weights, text)
	if len(weights) != len(terms) { // standard tokenizer: all weigh 1
		weights = make([]float64, len(terms))
		for i := range weights {
			weights[i] = 1
		}
	}
	return terms, weights
}

func (a *Analyzer) appendTerms(dst []string, weights *[]float64, text string) []string {
	if a.standard != nil {
		for _, t := range a.standard.Analyze([]byte(text)) {
			dst = append(dst, string(t.Term))
		}
		return dst
	}
	s := foldWidth(text)
	var found map[string]bool
	if len(a.protected) > 0 {
		lower := strings.ToLower(s)
		for _, p := range a.protected {
			for off := 0; ; {
				i := strings.Index(lower[off:], p)
				if i < 0 {
					break
				}
				at := off + i
				off = at + len(p)
				if !atBoundary(lower, at, at+len(p)) {
					continue
				}
				if found == nil {
					found = map[string]bool{}
				}
				found[p] = true
				dst = append(dst, p)
				if weights != nil {
					*weights = append(*weights, 1)
				}
			}
		}
	}
	e := emitter{a: a, dst: dst, skip: found, weights: weights, scale: 1}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case isCJK(r):
			j := i + n
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isCJK(r2) {
					break
				}
				j += n2
			}
			e.prev = ""
			e.cjk(s[i:j])
			i = j
		case isWordRune(r):
			j := i + n
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) || isCJK(r2) {
					break
				}
				j += n2
			}
			if base, clitic, end, ok := contraction(s[i:j], s, j); ok && contractionMode != contractionsKeep {
				e.technical(base)
				if clitic != "" && contractionMode == contractionsExpand {
					e.technical(clitic)
				}
				i = end
				continue
			}
			e.technical(s[i:j])
			i = j
		default:
			if r != ' ' && r != '\t' {
				e.prev = "" // no pair across punctuation
			}
			i += n
		}
	}
	return e.dst
}

// Analyze implements bluge's analysis.Analyzer.
func (a *Analyzer) Analyze(input []byte) analysis.TokenStream {
	return tokenStream(a.Terms(string(input)))
}

func tokenStream(terms []string) analysis.TokenStream {
	ts := make(analysis.TokenStream, len(terms))
	toks := make([]analysis.Token, len(terms))
	for i, t := range terms {
		toks[i] = analysis.Token{Term: []byte(t), PositionIncr: 1, Type: analysis.AlphaNumeric}
		ts[i] = &toks[i]
	}
	return ts
}

type emitter struct {
	a    *Analyzer
	dst  []string
	skip map[string]bool // protected terms already emitted for this text
	seen []string        // terms of the current technical chunk
	// weights, when set, gets the query weight of every emitted term (see
	// Analyzer.queryTerms); scale is PartWeight inside a technical token.
	weights *[]float64
	scale   float64
	// prev is the previous plain word's normal form, for word pairs.
	prev string
}

func (e *emitter) add(t string) { e.addWeighted(t, e.scale) }

func (e *emitter) addWeighted(t string, w float64) {
	if t == "" || e.skip[t] {
		return
	}
	e.dst = append(e.dst, t)
	if e.weights != nil {
		*e.weights = append(*e.weights, w)
	}
}

// word emits a plain word (stemmed, stop words dropped) once per chunk.
func (e *emitter) word(w string) {
	if w == "" || e.skip[w] {
		return // a protected term is emitted once, whole, never normalised
	}
	if e.a.cfg.StopWords && stopWords()[w] {
		return
	}
	norm := w
	switch e.a.cfg.Normalize {
	case NormalizeLight:
		norm = LightStem(w)
	case NormalizeSnowball:
		if isASCIILetters(w) && len(w) > 2 {
			env := snowballstem.NewEnv(w)
			english.Stem(env)
			norm = env.Current()
		}
	}
	e.once(w, false)
	if norm != w {
		e.once(norm, true)
	}
	if e.a.cfg.PairWeight > 0 {
		if e.prev != "" {
			e.addWeighted(e.prev+" "+norm, e.scale*e.a.cfg.PairWeight)
		}
		e.prev = norm
	}
}

// once emits t unless the current chunk already did. variant marks a
// normal form added next to the word's surface form.
func (e *emitter) once(t string, variant bool) {
	for _, s := range e.seen {
		if s == t {
			return
		}
	}
	e.seen = append(e.seen, t)
	w := e.scale
	if variant {
		w *= VariantWeight
	}
	e.addWeighted(t, w)
}

// cjk emits the terms of a Han/kana/Hangul run, cut first at Chinese stop
// words when ZhStopWords is set.
func (e *emitter) cjk(run string) {
	if !e.a.cfg.ZhStopWords {
		e.cjkRun(run)
		return
	}
	start := 0
	for i := 0; i < len(run); {
		if n := zhStopAt(run[i:]); n > 0 {
			if i > start {
				e.cjkRun(run[start:i])
			}
			i += n
			start = i
			continue
		}
		_, w := utf8.DecodeRuneInString(run[i:])
		i += w
	}
	if start < len(run) {
		e.cjkRun(run[start:])
	}
}

func (e *emitter) cjkRun(run string) {
	n := utf8.RuneCountInString(run)
	uw := e.scale
	if e.a.cfg.CJK == CJKBoth && n > 1 && e.a.cfg.CJKUnigramWeight > 0 {
		uw *= e.a.cfg.CJKUnigramWeight
	}
	var prev string
	for i, w := 0, 0; i < len(run); i += w {
		_, w = utf8.DecodeRuneInString(run[i:])
		cur := run[i : i+w]
		if e.a.cfg.CJK != CJKBigram || n == 1 {
			e.addWeighted(cur, uw)
		}
		if e.a.cfg.CJK != CJKUnigram && prev != "" {
			e.add(run[i-len(prev) : i+w])
		}
		prev = cur
	}
}

// technical handles one run of letters, digits and joiners.
func (e *emitter) technical(chunk string) {
	chunk = trimChunk(chunk)
	if chunk == "" {
		return
	}
	e.seen = e.seen[:0]
	parts := splitParts(chunk)
	compound := len(parts) > 1
	if !compound && len(parts) == 1 {
		compound = parts[0] != chunk || len(splitCase(parts[0])) > 1
	}
	if !compound {
		e.word(strings.ToLower(chunk))
		return
	}
	whole := strings.ToLower(chunk)
	e.seen = append(e.seen, whole)
	e.add(whole)
	e.prev = "" // pairs only among a compound's own parts
	defer func() { e.prev = "" }()
	if e.a.cfg.NoSplit {
		return
	}
	e.scale = PartWeight
	defer func() { e.scale = 1 }()
	for _, p := range parts {
		sub := splitCase(p)
		if len(sub) > 1 {
			lp := strings.ToLower(p)
			if !contains(e.seen, lp) {
				e.seen = append(e.seen, lp)
				e.add(lp)
			}
		}
		for _, s := range sub {
			e.word(strings.ToLower(s))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// trimChunk removes punctuation that ends a sentence or wraps a token.
func trimChunk(s string) string {
	for s != "" {
		c := s[0]
		switch {
		case strings.IndexByte(".:=+~#@\\", c) >= 0:
			s = s[1:]
		case c == '[' && strings.IndexByte(s, ']') < 0:
			s = s[1:]
		case c == '-' && (len(s) == 1 || strings.Trim(s, "-") == ""):
			s = ""
		default:
			goto right
		}
	}
right:
	for s != "" {
		c := s[len(s)-1]
		switch {
		case strings.IndexByte(".:=~#@\\/-_", c) >= 0:
			s = s[:len(s)-1]
		case c == ']' && strings.IndexByte(s, '[') < 0:
			s = s[:len(s)-1]
		default:
			return s
		}
	}
	return s
}

// splitParts cuts a technical chunk at its joiners. A dot between two
// digits is not a joiner, so version numbers stay whole.
func splitParts(s string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isJoiner(c) {
			continue
		}
		if c == '.' && i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]) {
			continue
		}
		if i > start {
			parts = append(parts, s[start:i])
		}
		start = i + 1
	}
	if start < len(s) {
		parts = append(parts, s[start:])
	}
	return parts
}

// splitCase cuts a part at lower→upper (applyPatch), UPPER→Upper-lower
// (HTMLParser) and letter↔digit (utf8, v2) boundaries.
func splitCase(s string) []string {
	var out []string
	runes := []rune(s)
	start := 0
	for i := 1; i < len(runes); i++ {
		p, c := runes[i-1], runes[i]
		cut := false
		switch {
		case unicode.IsLower(p) && unicode.IsUpper(c):
			cut = true
		case unicode.IsUpper(p) && unicode.IsUpper(c) && i+1 < len(runes) && unicode.IsLower(runes[i+1]):
			cut = true
		case unicode.IsLetter(p) && unicode.IsDigit(c), unicode.IsDigit(p) && unicode.IsLetter(c):
			cut = true
		}
		if cut {
			out = append(out, string(runes[start:i]))
			start = i
		}
	}
	return append(out, string(runes[start:]))
}

func isJoiner(c byte) bool {
	return strings.IndexByte("_./\\-[]#@+~:=", c) >= 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || isJoiner(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func isASCIIAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// atBoundary reports whether s[i:j] does not start or end inside an ASCII
// word (CJK text has no spaces, so it is never checked).
func atBoundary(s string, i, j int) bool {
	if i > 0 && isASCIIAlnum(s[i]) && isASCIIAlnum(s[i-1]) {
		return false
	}
	if j < len(s) && j > 0 && isASCIIAlnum(s[j-1]) && isASCIIAlnum(s[j]) {
		return false
	}
	return true
}

// foldWidth maps full-width ASCII variants (U+FF01–U+FF5E) to ASCII and
// the ideographic space to a space.
func foldWidth(s string) string {
	i := 0
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			break
		}
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000:
			r = ' '
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldCase folds width and case, the normal form of protected terms and
// synonyms.
func foldCase(s string) string { return strings.ToLower(foldWidth(s)) }

// ZhStopWords are the Chinese words dropped when AnalyzerConfig.ZhStopWords
// is set: request phrases and question words that say nothing about the
// tool wanted, and function characters that are rarely part of a content
// word (地, 得, 在, 到, 请, 给, 对, 都, 还 are not here: 地址, 获得, 在线,
// 到达, 申请, 给予, 对话, 首都, 还款). Longer entries are matched first.
var ZhStopWords = []string{
	"帮我", "请帮", "请问", "麻烦", "我想", "我要", "我们", "你们", "一下", "可以", "能否", "是否",
	"什么", "怎么", "如何", "哪些", "这个", "那个", "一个", "已经", "然后", "并且", "以及", "或者", "希望",
	"的", "了", "吗", "呢", "吧", "啊", "呀", "么", "和", "与", "及", "或", "我", "你", "您", "把", "被", "很", "也", "又",
}

// zhStop maps the first rune of each Chinese stop word to the words
// starting with it, longest first. It is built on first use (zhStopTable),
// not at start-up: most commands never analyse text.
var (
	zhStop     map[rune][]string
	zhStopOnce sync.Once
)

// zhStopTable returns zhStop, building it from ZhStopWords on first use
// unless setZhStopWords has already set it.
func zhStopTable() map[rune][]string {
	zhStopOnce.Do(func() {
		if zhStop == nil {
			setZhStopWords(ZhStopWords)
		}
	})
	return zhStop
}

// zhStopAt returns the length in bytes of the Chinese stop word s starts
// with, or 0.
func zhStopAt(s string) int {
	r, _ := utf8.DecodeRuneInString(s)
	for _, w := range zhStopTable()[r] {
		if strings.HasPrefix(s, w) {
			return len(w)
		}
	}
	return 0
}

// stopWords returns the English function words dropped when StopWords is
// set, built on first use.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but if of to in on at by for from with without
	into onto over under about as is are was were be been being am do does did done has have had having
	it its it's this that these those there here then than so such can could should would will shall may
	might must i me my we our us you your he she him her they them their what which who whom whose when
	where why how all any each some no not nor only own same too very s t just also please e.g i.e etc
	via per up out off again further once both few more most other`) {
		m[w] = true
	}
	return m
})

// IsStopWord reports whether w (lower case) is one of the English function
// words the analyzer drops when AnalyzerConfig.StopWords is set.
func IsStopWord(w string) bool { return stopWords()[w] }

// setZhStopWords builds the lookup of the Chinese stop list.
func setZhStopWords(words []string) {
	zhStop = map[rune][]string{}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		zhStop[r] = append(zhStop[r], w)
	}
	for _, ws := range zhStop {
		sort.SliceStable(ws, func(i, j int) bool { return len(ws[i]) > len(ws[j]) })
	}
}
