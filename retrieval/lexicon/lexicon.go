package lexicon

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Lexicon maps Chinese words to English senses and back. It is immutable
// once built and safe for concurrent use.
type Lexicon struct {
	senses   map[string][]string // Chinese word → English senses, in order
	english  map[string][]string // lower-cased English sense → Chinese words, in order
	maxRunes int                 // longest Chinese word, in runes
}

func newLexicon() *Lexicon {
	return &Lexicon{senses: map[string][]string{}, english: map[string][]string{}}
}

// add appends sense to word's senses (once) and word to sense's words.
func (l *Lexicon) add(word, sense string) {
	sense = strings.Join(strings.Fields(strings.ToLower(sense)), " ")
	if word == "" || sense == "" {
		return
	}
	if !slices.Contains(l.senses[word], sense) {
		l.senses[word] = append(l.senses[word], sense)
	}
	if !slices.Contains(l.english[sense], word) {
		l.english[sense] = append(l.english[sense], word)
	}
	if n := utf8.RuneCountInString(word); n > l.maxRunes {
		l.maxRunes = n
	}
}

// Len is the number of Chinese words.
func (l *Lexicon) Len() int { return len(l.senses) }

// Senses returns the English senses of a Chinese word, most common in
// tool descriptions first (nil when the word is unknown). The slice must
// not be modified.
func (l *Lexicon) Senses(word string) []string { return l.senses[word] }

// Has reports whether word is a Chinese word of the lexicon.
func (l *Lexicon) Has(word string) bool { _, ok := l.senses[word]; return ok }

// Chinese returns the Chinese words that have sense among their senses
// (sense compared lower-cased, spaces collapsed), in lexicon order. The
// slice must not be modified.
func (l *Lexicon) Chinese(sense string) []string {
	return l.english[strings.Join(strings.Fields(strings.ToLower(sense)), " ")]
}

// EachSense calls fn for every English sense with its Chinese words.
func (l *Lexicon) EachSense(fn func(sense string, words []string)) {
	for s, ws := range l.english {
		fn(s, ws)
	}
}

// Merge returns a lexicon with every word of a and b: a word in both gets
// a's senses first, then b's. Either may be nil.
func Merge(a, b *Lexicon) *Lexicon {
	out := newLexicon()
	for _, l := range []*Lexicon{a, b} {
		if l == nil {
			continue
		}
		for _, w := range l.order() {
			for _, s := range l.senses[w] {
				out.add(w, s)
			}
		}
	}
	return out
}

// order lists the words in a fixed order (by English sense lists would
// depend on map order), so Merge is deterministic.
func (l *Lexicon) order() []string {
	words := make([]string, 0, len(l.senses))
	for w := range l.senses {
		words = append(words, w)
	}
	sortStrings(words)
	return words
}
