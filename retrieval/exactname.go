package retrieval

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NamedTools returns the tools of names that query names exactly: the
// name appears as a whole token (the characters around it are not
// letters, digits, '_', '.' or '-'; a full stop ending a sentence does
// not count), and either it is quoted (`name`, "name", 'name') or it looks
// like an identifier rather than a word (it holds '_', '.', '-', a digit,
// or an upper-case letter after the first), so a tool called "search" is
// not named by "search my notes". Case matters, as it does to a model
// calling the tool. Names come back in the order given, each once.
//
// Builders expect such a tool to be found whatever the strategy: see
// ExactNameMiss.
func NamedTools(query string, names []string) []string {
	var out []string
	for _, n := range names {
		if n == "" || slices.Contains(out, n) {
			continue
		}
		for from := 0; from < len(query); {
			i := strings.Index(query[from:], n)
			if i < 0 {
				break
			}
			start, end := from+i, from+i+len(n)
			if wholeToken(query, start, end) && (identifierLike(n) || quotedAt(query, start, end)) {
				out = append(out, n)
				break
			}
			from = start + 1
		}
	}
	return out
}

// ExactNameMiss checks a ranking against the tools the query names
// exactly: it returns the first named tool that is not among the first
// len(named) tools ranked (always-include tools left out), "" when every
// named tool ranks first.
func ExactNameMiss(hits []Hit, named []string) string {
	var ranked []string
	for _, h := range hits {
		if !h.Always {
			ranked = append(ranked, h.Name)
		}
	}
	top := ranked[:min(len(named), len(ranked))]
	for _, n := range named {
		if !slices.Contains(top, n) {
			return n
		}
	}
	return ""
}

// wholeToken reports whether query[start:end] is not part of a longer
// name.
func wholeToken(query string, start, end int) bool {
	if start > 0 {
		r, _ := utf8.DecodeLastRuneInString(query[:start])
		if nameRune(r) {
			return false
		}
	}
	if end < len(query) {
		r, _ := utf8.DecodeRuneInString(query[end:])
		sentenceEnd := r == '.' && (end+1 == len(query) || !nameRune(rune(query[end+1])))
		if nameRune(r) && !sentenceEnd {
			return false
		}
	}
	return true
}

func nameRune(r rune) bool {
	return r == '_' || r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// identifierLike reports whether a name cannot be an ordinary word.
func identifierLike(n string) bool {
	for i, r := range n {
		if r == '_' || r == '.' || r == '-' || unicode.IsDigit(r) || (i > 0 && unicode.IsUpper(r)) {
			return true
		}
	}
	return false
}

// quotedAt reports whether query[start:end] is enclosed in matching
// backquotes or quotes.
func quotedAt(query string, start, end int) bool {
	if start == 0 || end >= len(query) {
		return false
	}
	o, c := query[start-1], query[end]
	return o == c && (o == '`' || o == '"' || o == '\'')
}
