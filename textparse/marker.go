package textparse

// This file holds the sets of special-token markers ("[TOOL_CALLS]",
// "<|tool_call_begin|>", "<｜tool▁sep｜>", ">>>"): literal byte strings
// that are plain text bytes in the stream, matched by the engine's one
// matcher (match.go). A possible marker prefix at the end of a chunk is
// held (at most maxMarker bytes); everything else is released at once.

// maxMarker bounds a marker's length (a marker may be several special
// tokens always written together, such as the three that end a tool's name
// and open its JSON arguments).
const maxMarker = 128

// markerSet is a set of literal markers (at most 64) with a table of their
// first bytes for the text scan.
type markerSet struct {
	list   []string
	first  [256]bool
	firsts []byte // the distinct first bytes
	// firstCand[j]: the markers (a bit each) whose first byte is firsts[j].
	firstCand []uint64
	// ahead[j]: how feedMarker narrows the markers of firstCand[j] at
	// once (nil where they agree on every byte after the first).
	ahead []*markerAhead
	// second[c] (for a first byte c of a marker longer than one byte):
	// the bytes that may follow c in a marker.
	second [256]*[256]bool
	// one[c]: 1 + the index of the one-byte marker c, 0 if none (it
	// completes at its byte whatever longer markers start with c: a
	// match ends at the shortest candidate).
	one [256]uint8
	any bool
	// tail[i]: the last eight bytes of marker i as a little-endian word
	// (0 for a shorter marker): feedMarker compares it before the whole
	// marker, so that markers sharing a long prefix (<|content_text|>,
	// <|content_thinking|>…) cost one word compare each, not a memequal.
	tail []uint64
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
	s.tail = append(s.tail, tailWord(m))
	if len(m) == 1 {
		s.one[m[0]] = uint8(len(s.list))
	}
	if !s.first[m[0]] {
		s.firsts = append(s.firsts, m[0])
		s.firstCand = append(s.firstCand, 0)
		s.ahead = append(s.ahead, nil)
	}
	for j, f := range s.firsts {
		if f == m[0] {
			s.firstCand[j] |= 1 << (len(s.list) - 1)
			s.ahead[j] = s.aheadOf(s.firstCand[j])
		}
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

// markerAhead narrows the markers that share a first byte by their
// bytes at the first two positions where they differ: cand[k][c] holds
// the markers whose byte at[k] is c or that end before it (at[1] is
// at[0] where they differ at one position only).
type markerAhead struct {
	at   [2]int
	cand [2][256]uint64
}

// aheadOf builds the markerAhead of the markers cand (a bit each), nil
// where they agree on every byte they share.
func (s *markerSet) aheadOf(cand uint64) *markerAhead {
	var at []int
	for pos := 1; len(at) < 2 && pos < maxMarker; pos++ {
		c0 := -1
		long, differ := false, false
		for k := range s.list {
			if cand>>k&1 == 0 || len(s.list[k]) <= pos {
				continue
			}
			long = true
			if c := int(s.list[k][pos]); c0 < 0 {
				c0 = c
			} else if c != c0 {
				differ = true
			}
		}
		if !long {
			break
		}
		if differ {
			at = append(at, pos)
		}
	}
	if len(at) == 0 {
		return nil
	}
	a := &markerAhead{at: [2]int{at[0], at[len(at)-1]}}
	for i, pos := range a.at {
		for k := range s.list {
			if cand>>k&1 == 0 {
				continue
			}
			for c := range 256 {
				if len(s.list[k]) <= pos || s.list[k][pos] == byte(c) {
					a.cand[i][c] |= 1 << k
				}
			}
		}
	}
	return a
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

// tailWord is the last eight bytes of m as a little-endian word, 0 when m
// is shorter.
func tailWord[S string | []byte](m S) uint64 {
	n := len(m)
	if n < 8 {
		return 0
	}
	var w uint64
	for i := 7; i >= 0; i-- {
		w = w<<8 | uint64(m[n-8+i])
	}
	return w
}
