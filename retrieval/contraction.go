package retrieval

import (
	"strings"
	"unicode/utf8"
)

// English contractions. Cut at the apostrophe, "I'm", "you're", "don't"
// and "I'll" would leave the junk terms m, re, don and ll, which match
// unrelated tools ("m" matches H&M) and form word pairs such as "m sure".
// The analyzer reads a word, an apostrophe (' or ’) and one of these
// clitics as the words the contraction stands for, which are then stop
// words or not like any other word: I'm → i am, don't → do not, won't →
// will not. A possessive or "is"/"has" 's is dropped (user's → user).

// clitics maps a clitic to the word it stands for ("" for 's, which is
// "is", "has" or a possessive).
var clitics = map[string]string{
	"m": "am", "re": "are", "ll": "will", "ve": "have", "d": "would", "s": "", "t": "not",
}

// negated maps the word before n't (as the apostrophe cuts it) to the verb
// it stands for: don't is "don" + "t", the verb is do.
var negated = map[string]string{
	"don": "do", "doesn": "does", "didn": "did", "isn": "is", "aren": "are", "wasn": "was",
	"weren": "were", "hasn": "has", "haven": "have", "hadn": "had", "won": "will", "wouldn": "would",
	"can": "can", "couldn": "could", "shouldn": "should", "mustn": "must", "mightn": "might",
	"needn": "need", "shan": "shall", "ain": "is",
}

// contraction reports whether s[j:] is an apostrophe and a clitic ending a
// word, after the word run word = s[i:j]. It returns the word to analyse in
// place of the run (the verb of n't: don → do), the word the clitic stands
// for ("" for 's; the clitic t with a run that is not a known verb is
// dropped too) and the end of the clitic in s.
func contraction(word, s string, j int) (base, clitic string, end int, ok bool) {
	var n int
	switch {
	case strings.HasPrefix(s[j:], "'"):
		n = 1
	case strings.HasPrefix(s[j:], "’"):
		n = len("’")
	default:
		return "", "", 0, false
	}
	end = j + n
	for end < len(s) && isASCIILetter(s[end]) {
		end++
	}
	if end < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[end:]); isWordRune(r) && !isJoiner(s[end]) {
			return "", "", 0, false // o'clock2, rock'n'roll: not a clitic
		}
	}
	c := strings.ToLower(s[j+n : end])
	exp, isClitic := clitics[c]
	if !isClitic {
		return "", "", 0, false
	}
	base = word
	if c == "t" {
		v, known := negated[strings.ToLower(word)]
		if !known {
			return "", "", 0, false // not a negation: leave it as it was
		}
		base = v
	}
	return base, exp, end, true
}

// How contractions are analysed: contractionsExpand (the default, see
// EVAL.md) emits both words, contractionsDrop only the first (I'm → i,
// don't → do), contractionsKeep cuts at the apostrophe as any other
// punctuation (I'm → i, m; the behaviour before). Only the evaluation
// sweeps change it.
const (
	contractionsExpand = iota
	contractionsDrop
	contractionsKeep
)

var contractionMode = contractionsExpand

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
