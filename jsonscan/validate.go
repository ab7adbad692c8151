package jsonscan

import (
	"strconv"
	"unicode/utf8"
)

// MaxExcerpt is how many input bytes an error message quotes at most.
const MaxExcerpt = 40

// Validate checks that b is exactly one JSON value (surrounding white
// space allowed) nested at most maxDepth deep (<= 0: DefaultMaxDepth). It
// looks at each byte once and allocates nothing unless b is invalid. The
// error is a *SyntaxError whose Msg quotes at most MaxExcerpt bytes of b
// around the offset, so its size does not grow with b.
func Validate(b []byte, maxDepth int) error {
	var s Scanner
	s.SetMaxDepth(maxDepth)
	return s.validate(b)
}

// Validate is the package-level Validate reusing s's stack storage and
// depth limit; s is Reset first.
func (s *Scanner) Validate(b []byte) error {
	s.Reset()
	return s.validate(b)
}

func (s *Scanner) validate(b []byte) error {
	n := s.Feed(b)
	if s.Err() == nil && !s.Done() {
		s.End() // b ran out: only a top-level number may end here
	}
	if e := s.Err(); e != nil {
		err := *e
		err.Msg += near(b, err.Offset)
		return &err
	}
	for _, c := range b[n:] {
		if !isSpace(c) {
			off := n
			for off < len(b) && isSpace(b[off]) {
				off++
			}
			return &SyntaxError{Offset: off, Msg: "unexpected data after the JSON value" + near(b, off)}
		}
	}
	return nil
}

// near quotes a bounded excerpt of b at off for an error message.
func near(b []byte, off int) string {
	if off >= len(b) {
		return ""
	}
	return " near " + Excerpt(b, off, MaxExcerpt)
}

// Excerpt quotes at most max bytes of b starting at off (a few bytes
// before it when there is room), cut at UTF-8 boundaries, with "…" where
// it was cut. Its length does not depend on len(b).
func Excerpt(b []byte, off, max int) string {
	if off < 0 {
		off = 0
	}
	if off > len(b) {
		off = len(b)
	}
	start := off - max/4
	if start < 0 {
		start = 0
	}
	for start > 0 && start < len(b) && !utf8.RuneStart(b[start]) {
		start--
	}
	end := min(start+max, len(b))
	for end < len(b) && end > start && !utf8.RuneStart(b[end]) {
		end--
	}
	q := strconv.Quote(string(b[start:end]))
	if start > 0 {
		q = "…" + q
	}
	if end < len(b) {
		q += "…"
	}
	return q
}
