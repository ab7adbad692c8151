package lexicon

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/tooleval/tooleval/internal/readcap"
)

// MaxCEDICTBytes caps a CC-CEDICT file read by LoadCEDICT (the full
// dictionary is about 10 MB).
const MaxCEDICTBytes = 32 << 20

// CEDICTSenses is how many short senses of each word ParseCEDICT keeps.
const CEDICTSenses = 3

// maxSenseWords is the longest sense ParseCEDICT keeps, in words: a long
// gloss ("to place an order for something in advance") is an explanation,
// not a translation.
const maxSenseWords = 3

// ParseCEDICT reads a dictionary in the CC-CEDICT text format, one entry a
// line:
//
//	# comments and the header
//	傳統 传统 [chuan2 tong3] /tradition/traditional/convention/
//
// traditional form, simplified form, the pinyin in brackets, then senses
// between slashes. The simplified form is the word. Of its senses it keeps
// the first CEDICTSenses short ones: parenthesised notes are removed, a
// leading "to " is dropped, and senses that are cross-references or notes
// (variant of, see, CL:, surname, abbr., used in, …) or longer than three
// words are skipped. Function words (FunctionWords) and entries without a
// Han character are skipped. A line that is not an entry is an error
// naming name:line.
func ParseCEDICT(name string, data []byte) (*Lexicon, error) {
	l := newLexicon()
	err := eachLine(name, data, func(_ int, text string) error {
		word, senses, err := parseCEDICTLine(text)
		if err != nil {
			return err
		}
		if !hasHan(word) || functionWords()[word] {
			return nil
		}
		kept := 0
		for _, s := range senses {
			if kept == CEDICTSenses {
				break
			}
			if s = shortSense(s); s != "" {
				l.add(word, s)
				kept++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// parseCEDICTLine splits "TRAD SIMP [pin yin] /a/b/" into SIMP and its senses.
func parseCEDICTLine(text string) (string, []string, error) {
	fields := strings.SplitN(text, " ", 3)
	if len(fields) < 3 {
		return "", nil, fmt.Errorf("want \"traditional simplified [pinyin] /sense/…/\", got %q", clip(text))
	}
	rest := fields[2]
	if !strings.HasPrefix(rest, "[") {
		return "", nil, fmt.Errorf("no [pinyin] after %q", fields[1])
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return "", nil, fmt.Errorf("unclosed [pinyin] in %q", clip(text))
	}
	glosses := strings.TrimSpace(rest[end+1:])
	if len(glosses) < 2 || glosses[0] != '/' || glosses[len(glosses)-1] != '/' {
		return "", nil, fmt.Errorf("senses of %q are not between slashes: %q", fields[1], clip(glosses))
	}
	return fields[1], strings.Split(glosses[1:len(glosses)-1], "/"), nil
}

// shortSense cleans one CC-CEDICT sense, or returns "" when it is not a
// short translation.
func shortSense(s string) string {
	for {
		i := strings.IndexByte(s, '(')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], ')')
		if j < 0 {
			s = s[:i]
			break
		}
		s = s[:i] + s[i+j+1:]
	}
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	for _, p := range []string{"variant of", "old variant", "see ", "cl:", "surname", "abbr", "used in", "also written", "also pr", "erhua", "japanese", "(old)", "(literary)", "classifier", "pr."} {
		if strings.HasPrefix(lower, p) {
			return ""
		}
	}
	lower = strings.TrimPrefix(lower, "to ")
	if lower == "" || strings.IndexFunc(lower, unicode.IsLetter) < 0 || hasHan(lower) || strings.ContainsAny(lower, "|[];") {
		return ""
	}
	if len(strings.Fields(lower)) > maxSenseWords {
		return ""
	}
	return lower
}

// clip shortens s to 40 runes for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

var cedictCache sync.Map // path → *cedictEntry

type cedictEntry struct {
	once sync.Once
	lex  *Lexicon
	err  error
}

// LoadCEDICT reads a CC-CEDICT file (at most MaxCEDICTBytes, a regular
// file) once per process: later calls with the same path return the same
// lexicon or error.
func LoadCEDICT(path string) (*Lexicon, error) {
	v, _ := cedictCache.LoadOrStore(path, &cedictEntry{})
	e := v.(*cedictEntry)
	e.once.Do(func() {
		data, err := readcap.ReadFile(path, MaxCEDICTBytes)
		if err != nil {
			e.err = err
			return
		}
		e.lex, e.err = ParseCEDICT(path, data)
	})
	return e.lex, e.err
}
