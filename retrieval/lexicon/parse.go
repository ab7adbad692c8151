package lexicon

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Parse reads a lexicon in tooleval's own text format (the format of the
// built-in zh-en.txt), UTF-8, one entry a line:
//
//	# a comment
//	查询 查找 搜索 = search, query, find, look up
//	会议室 = meeting room, conference room
//
// Left of the first "=" are Chinese words separated by spaces; right of it
// English senses separated by commas, most common first (a sense may hold
// several words). Every word on the left takes every sense on the right; a
// word on several lines gets the senses of all of them, in line order.
// Blank lines and lines whose first non-space character is # are skipped.
// name is used in errors, which say name:line: what is wrong.
func Parse(name string, data []byte) (*Lexicon, error) {
	l := newLexicon()
	err := eachLine(name, data, func(line int, text string) error {
		left, right, ok := strings.Cut(text, "=")
		if !ok {
			return fmt.Errorf("want \"中文 … = sense, …\", found no \"=\"")
		}
		words := strings.Fields(left)
		if len(words) == 0 {
			return fmt.Errorf("no Chinese word before \"=\"")
		}
		for _, w := range words {
			if !hasHan(w) {
				return fmt.Errorf("%q is not a Chinese word", w)
			}
		}
		var senses []string
		for _, s := range strings.Split(right, ",") {
			s = strings.TrimSpace(s)
			if s == "" {
				return fmt.Errorf("empty English sense")
			}
			if hasHan(s) {
				return fmt.Errorf("sense %q holds Chinese (English senses go right of \"=\")", s)
			}
			senses = append(senses, s)
		}
		for _, w := range words {
			for _, s := range senses {
				l.add(w, s)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// maxLineBytes is the longest line either reader accepts.
const maxLineBytes = 1 << 20

// eachLine calls fn with every line of data that is neither blank nor a
// comment (first non-space character #), trimmed, a leading byte-order
// mark removed; an error fn returns becomes name:line: error.
func eachLine(name string, data []byte, fn func(line int, text string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if text == "" || text[0] == '#' {
			continue
		}
		if err := fn(line, text); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}
