package tune

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/retrieval/lexicon"
)

// requestWords are words of how people ask, not of what they ask for
// ("I need…", "could you help me…", "I'm interested in…", "find me…",
// "show me…", 现在, 马上, 看看, 帮我查看一下;
// the Chinese function words are lexicon.FunctionWords): never
// suggested, neither as a description word nor in a synonym rule. Built on
// first use, not at start-up (issue 24).
var requestWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`need needs needed want wants wanted like would could please help helps
	know tell let thank thanks sure yes okay hello interested looking planning trying going able mind wondering
	also really just well kind some something anything thing things lot way maybe perhaps currently today
	many much every everything everyone bit little lots quite rather enough already still even almost
	always never often sometimes usually ago later soon now right exactly actually probably definitely
	one two three four five six seven eight nine ten twenty hundred thousand first second third
	find show get give check look see make use
	现在 目前 当前 今天 今日 马上 立刻 立即 赶紧 尽快 顺便 看看 知道 告诉 一直 真的 非常 特别 帮我 查看 一下`) {
		m[w] = true
	}
	return m
})

// contentWords returns the whole words of text a suggestion may use, in
// order, each once:
//   - English words as typed, lower-cased: letters only (not part of a
//     path, identifier or number: report.txt, read_file and fetchUser are
//     arguments, not vocabulary), at least three letters, not an English stop word or
//     request word, and not a capitalised name inside a sentence (Tokyo,
//     Zillow: arguments again);
//   - Chinese words found by the lexicon's longest-match segmentation, of
//     at least two characters, function words dropped — never a bigram
//     that crosses a word boundary (从北, 海的).
func contentWords(lex *lexicon.Lexicon, text string) []string {
	var out []string
	add := func(w string) {
		if !contains(out, w) {
			out = append(out, w)
		}
	}
	for _, w := range lex.Segment(text) {
		if utf8.RuneCountInString(w) >= 2 && !requestWords()[w] {
			add(w)
		}
	}
	sentenceStart := true
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !isTokenRune(r) {
			switch {
			case strings.ContainsRune(".!?。！？\n", r):
				sentenceStart = true
			case !unicode.IsSpace(r) && !strings.ContainsRune(`"'“”‘’(（「`, r):
				sentenceStart = false
			}
			i += n
			continue
		}
		j := i
		for j < len(text) {
			r2, n2 := utf8.DecodeRuneInString(text[j:])
			if !isTokenRune(r2) {
				break
			}
			j += n2
		}
		tok := strings.TrimRight(text[i:j], ".-")
		start := sentenceStart
		sentenceStart = strings.HasSuffix(text[i:j], ".") // "…Tokyo. Search"
		i = j
		if !isLetters(tok) || len(tok) < 3 {
			continue
		}
		if !start && tok[0] >= 'A' && tok[0] <= 'Z' {
			continue // a name inside a sentence
		}
		if strings.IndexFunc(tok[1:], unicode.IsUpper) >= 0 && strings.ToUpper(tok) != tok {
			continue // an identifier (fetchUser, getUserById), not vocabulary
		}
		w := strings.ToLower(tok)
		if retrieval.IsStopWord(w) || requestWords()[w] {
			continue
		}
		add(w)
	}
	return out
}

// isTokenRune: a rune of an English token or of an identifier, path or
// number glued to it (Han text is handled by segmentation).
func isTokenRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./\\-@#:=+~'’", r)
	}
	return unicode.IsLetter(r) && !unicode.Is(unicode.Han, r)
}

// isLetters: ASCII letters only, with at most an apostrophe inside (a
// contraction such as don't is a stop word anyway).
func isLetters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// IsFragment reports whether w is not a whole content word that suggest
// could propose with the built-in lexicon: a Chinese string that the
// lexicon does not segment as exactly one word (从北, 海的, 的机, 电维),
// a function or request word (我的, need), or English that is not one
// plain word of letters.
func IsFragment(w string) bool {
	return !slices.Equal(contentWords(lexicon.Builtin(), w), []string{w})
}
