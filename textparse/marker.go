package textparse

import "math/bits"

// This file matches special-token markers ("[TOOL_CALLS]",
// "<|tool_call_begin|>", "<｜tool▁sep｜>", ">>>"): literal byte strings
// that are plain text bytes in the stream. A possible marker prefix at the
// end of a chunk is held (at most maxMarker bytes); everything else is
// released at once.

// maxMarker bounds a marker's length.
const maxMarker = 64

// markerSet is a set of literal markers (at most 64) with a table of their
// first bytes for the text scan.
type markerSet struct {
	list   []string
	first  [256]bool
	firsts []byte // the distinct first bytes
	// second[c] (for a first byte c of a marker longer than one byte):
	// the bytes that may follow c in a marker.
	second [256]*[256]bool
	any    bool
}

func newMarkerSet(ms ...string) *markerSet {
	s := &markerSet{}
	for _, m := range ms {
		s.add(m)
	}
	return s
}

// add puts m in the set (once) and returns its index.
func (s *markerSet) add(m string) int {
	if m == "" || len(m) > maxMarker {
		panic("textparse: bad marker " + m)
	}
	for i, x := range s.list {
		if x == m {
			return i
		}
	}
	if len(s.list) == 64 {
		panic("textparse: more than 64 markers in one set")
	}
	s.list = append(s.list, m)
	if !s.first[m[0]] {
		s.firsts = append(s.firsts, m[0])
	}
	s.first[m[0]] = true
	s.any = true
	if len(m) > 1 {
		if s.second[m[0]] == nil {
			s.second[m[0]] = new([256]bool)
		}
		s.second[m[0]][m[1]] = true
	}
	return len(s.list) - 1
}

// index returns the index of m in the set, -1 if absent.
func (s *markerSet) index(m string) int {
	for i, x := range s.list {
		if x == m {
			return i
		}
	}
	return -1
}

// markerMatch holds the bytes of a marker being matched.
type markerMatch struct {
	set  *markerSet
	buf  [maxMarker]byte
	n    int // 0: not matching
	off  int // input offset of the first byte
	cand uint64
}

// match results.
const (
	mmMore     = iota // byte consumed, still a prefix of a marker
	mmComplete        // byte consumed, marker complete (id in done)
	mmFail            // not a marker: held bytes are text, byte not consumed
)

// begin starts matching at the byte c at offset off; it reports false when
// no marker starts with c.
func (m *markerMatch) begin(set *markerSet, c byte, off int) bool {
	if set == nil || !set.first[c] {
		return false
	}
	m.set, m.n, m.off, m.cand = set, 0, off, 0
	for i, x := range set.list {
		if x[0] == c {
			m.cand |= 1 << i
		}
	}
	return true
}

// step feeds byte c; on mmComplete it also returns the marker's index.
func (m *markerMatch) step(c byte) (int, int) {
	pos := m.n
	for k := m.cand; k != 0; k &= k - 1 {
		i := trailingZeros64(k)
		if x := m.set.list[i]; pos >= len(x) || x[pos] != c {
			m.cand &^= 1 << i
		}
	}
	if m.cand == 0 {
		return mmFail, -1
	}
	m.buf[m.n] = c
	m.n++
	for k := m.cand; k != 0; k &= k - 1 {
		i := trailingZeros64(k)
		if len(m.set.list[i]) == m.n {
			return mmComplete, i
		}
	}
	return mmMore, -1
}

// feed matches as many bytes of b as the marker needs; it returns the bytes
// consumed, the result of the last step and the marker index on mmComplete.
// On mmMore all of b was consumed.
func (m *markerMatch) feed(b []byte) (n, res, id int) {
	// Fast path: a candidate's whole remaining marker is in b. Byte by
	// byte, the match completes at the shortest candidate that matches
	// to its end (it stays a candidate up to there), so comparing each
	// candidate's rest at once gives the same answer with one memequal
	// per candidate instead of a pass over the candidates per byte.
	best := -1
	for k := m.cand; k != 0; k &= k - 1 {
		i := trailingZeros64(k)
		rest := m.set.list[i][m.n:]
		if len(rest) <= len(b) && string(b[:len(rest)]) == rest && (best < 0 || len(rest) < len(m.set.list[best])-m.n) {
			best = i
		}
	}
	if best >= 0 {
		rest := m.set.list[best][m.n:]
		m.n += copy(m.buf[m.n:], rest)
		m.cand = 1 << best
		return len(rest), mmComplete, best
	}
	for n < len(b) {
		res, id = m.step(b[n])
		if res == mmFail {
			return n, res, -1
		}
		n++
		if res == mmComplete {
			return n, res, id
		}
	}
	return n, mmMore, -1
}

func trailingZeros64(x uint64) int { return bits.TrailingZeros64(x) }
