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
	tail [64]uint64
	// lens[i]: the length of marker i (at most maxMarker), beside tail so
	// that feedMarker's candidate loop reads no string header.
	lens [64]uint8
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
	s.tail[len(s.list)-1], s.lens[len(s.list)-1] = tailWord(m), uint8(len(m))
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
// bytes at two positions: at0, the first where they differ, and, for the
// markers that have byte c0 there, at1[c0], the first after it where
// those differ (at0 where they do not). cand0[c] holds the markers whose
// byte at0 is c or that end before it; cand1[c] those whose byte at
// their group's at1 is c or that end before it (the groups' bits are
// apart, so one table holds them all); far is the largest at1.
type markerAhead struct {
	at0, far int
	at1      [256]uint8
	cand0    [256]uint64
	cand1    [256]uint64
}

// aheadOf builds the markerAhead of the markers cand (a bit each), nil
// where they agree on every byte they share.
func (s *markerSet) aheadOf(cand uint64) *markerAhead {
	at0 := s.differAt(cand, 1)
	if at0 < 0 {
		return nil
	}
	a := &markerAhead{at0: at0}
	for k := range s.list {
		if cand>>k&1 == 0 {
			continue
		}
		for c := range 256 {
			if len(s.list[k]) <= at0 || s.list[k][at0] == byte(c) {
				a.cand0[c] |= 1 << k
			}
		}
	}
	for c0 := range 256 {
		g := a.cand0[c0]
		at1 := s.differAt(g, at0+1)
		if at1 < 0 || at1 > 255 {
			at1 = at0
		}
		a.at1[c0], a.far = uint8(at1), max(a.far, at1)
		for k := range s.list {
			if g>>k&1 == 0 {
				continue
			}
			for c := range 256 {
				if len(s.list[k]) <= at1 || s.list[k][at1] == byte(c) || at1 == at0 {
					a.cand1[c] |= 1 << k
				}
			}
		}
	}
	return a
}

// differAt returns the first position from pos on where two of the
// markers cand (a bit each) that are that long differ, -1 for none.
func (s *markerSet) differAt(cand uint64, pos int) int {
	for ; pos < maxMarker; pos++ {
		c0 := -1
		long := false
		for k := range s.list {
			if cand>>k&1 == 0 || len(s.list[k]) <= pos {
				continue
			}
			long = true
			if c := int(s.list[k][pos]); c0 < 0 {
				c0 = c
			} else if c != c0 {
				return pos
			}
		}
		if !long {
			break
		}
	}
	return -1
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
