package lexicon

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// FunctionWords are Chinese function words, pronouns and request phrases
// that Segment drops where no longer lexicon word covers them: they carry
// nothing about which tool is wanted, and a general dictionary translates
// them into English function words (的 → of, 在 → at) or into misleading
// content words (要 → want, 会 → meeting).
var FunctionWords = []string{
	"的", "地", "得", "了", "着", "过", "吗", "呢", "吧", "啊", "呀", "么", "嘛",
	"和", "与", "及", "或", "跟", "同", "并", "而", "且", "但", "就", "都", "也", "又", "还", "再", "很", "太", "更", "最",
	"我", "你", "您", "他", "她", "它", "我们", "你们", "他们", "她们", "它们", "咱们", "自己", "我的", "你的",
	"这", "那", "这个", "那个", "这些", "那些", "这里", "那里", "哪", "哪个", "哪些", "哪里", "什么", "怎么", "怎样", "如何", "为什么",
	"是", "有", "在", "到", "给", "对", "从", "向", "把", "被", "让", "使", "为", "以", "于", "按", "按照", "根据", "关于", "通过",
	"个", "些", "一个", "一些", "一下", "一点", "上", "下", "中", "里", "内", "外", "后", "前", "时", "等",
	"要", "会", "能", "想", "可", "可以", "能否", "是否", "需要", "想要", "希望", "请", "请问", "帮", "帮我", "帮忙", "麻烦",
	"已经", "然后", "并且", "以及", "或者", "还有", "另外", "所有", "每个", "其他", "一起", "好的", "是的", "谢谢",
}

// functionWords is FunctionWords as a set, built on first use (not at
// start-up: issue 24).
var functionWords = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(FunctionWords))
	for _, w := range FunctionWords {
		m[w] = true
	}
	return m
})

// IsFunctionWord reports whether w is one of FunctionWords.
func IsFunctionWord(w string) bool { return functionWords()[w] }

// Segment cuts the Chinese (Han) runs of text into the lexicon's words by
// longest match, left to right. At each position the longest lexicon word
// or function word starting there wins; a function word is dropped, and so
// is a character that starts no word (it is skipped, and matching goes on
// at the next one). Text outside Han runs is ignored.
func (l *Lexicon) Segment(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.Is(unicode.Han, r) {
			i += n
			continue
		}
		word, fn := l.longest(text[i:])
		switch {
		case word != "" && !fn:
			out = append(out, word)
			i += len(word)
		case word != "":
			i += len(word)
		default:
			i += n
		}
	}
	return out
}

// longest returns the longest lexicon or function word s starts with, and
// whether it is a function word (a lexicon word as long wins).
func (l *Lexicon) longest(s string) (string, bool) {
	limit := max(l.maxRunes, maxFunctionRunes())
	fw := functionWords()
	end, runes := 0, 0
	var best string
	bestFn := false
	for end < len(s) && runes < limit {
		r, n := utf8.DecodeRuneInString(s[end:])
		if !unicode.Is(unicode.Han, r) {
			break
		}
		end += n
		runes++
		w := s[:end]
		if l.Has(w) {
			best, bestFn = w, false
		} else if fw[w] {
			best, bestFn = w, true
		}
	}
	return best, bestFn
}

// maxFunctionRunes is the length in runes of the longest function word.
var maxFunctionRunes = sync.OnceValue(func() int {
	n := 0
	for _, w := range FunctionWords {
		n = max(n, utf8.RuneCountInString(w))
	}
	return n
})

func sortStrings(s []string) { sort.Strings(s) }

// hasHan reports whether s holds a Han character.
func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}
