package toolcall

import "strconv"

// generatedIDs holds the ids of the first calls of a message, so that
// naming them allocates nothing.
var generatedIDs = func() (ids [64]string) {
	for i := range ids {
		ids[i] = "call_" + strconv.Itoa(i)
	}
	return ids
}()

// GeneratedID is the id parsers give call index when the protocol carries
// none: "call_<index>". The first 64 cost no allocation.
func GeneratedID(index int) string {
	if index >= 0 && index < len(generatedIDs) {
		return generatedIDs[index]
	}
	var buf [32]byte
	return string(strconv.AppendInt(append(buf[:0], "call_"...), int64(index), 10))
}

// IDs gives a message's calls their generated ids (GeneratedID) with few
// allocations: beyond the first 64, it makes them 64 at a time in one
// string and hands out pieces of it. The zero value is ready to use; not
// safe for concurrent use.
type IDs struct {
	base  int    // the index of the block's first id
	block string // the ids of calls base to base+63, one after another
	ends  [len(generatedIDs)]uint16
}

// ID returns GeneratedID(index).
func (g *IDs) ID(index int) string {
	const n = len(generatedIDs)
	if index < n {
		return GeneratedID(index)
	}
	base := index - index%n
	if g.block == "" || g.base != base {
		buf := make([]byte, 0, n*(len("call_")+20))
		for i := range n {
			buf = strconv.AppendInt(append(buf, "call_"...), int64(base+i), 10)
			g.ends[i] = uint16(len(buf))
		}
		g.base, g.block = base, string(buf)
	}
	i, start := index-base, 0
	if i > 0 {
		start = int(g.ends[i-1])
	}
	return g.block[start:g.ends[i]]
}

// maxInterned bounds how many names a Names remembers, and how long one
// may be.
const maxInterned = 256

// Names turns tool names read from a stream into strings, reusing the
// string of an earlier call with the same name: a message calls the same
// few tools again and again. The zero value is ready to use; it remembers
// at most 256 names of at most 256 bytes. Not safe for concurrent use.
type Names struct {
	m map[string]string
	// recent holds names met lately, at a slot picked from their length
	// and end bytes: a name or keyword met again is found with one
	// comparison, without hashing it for the map.
	recent [32]string
}

// recentSlot picks the recent slot of a non-empty b.
func recentSlot(b []byte) int {
	return (len(b)*7 + int(b[0]) + int(b[len(b)-1])*3) & 31
}

// Intern returns b as a string.
func (n *Names) Intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	slot := recentSlot(b)
	if s := n.recent[slot]; s == string(b) {
		return s
	}
	s, ok := n.m[string(b)]
	if !ok {
		s = string(b)
		if len(n.m) >= maxInterned || len(s) > maxInterned {
			return s
		}
		if n.m == nil {
			n.m = make(map[string]string)
		}
		n.m[s] = s
	}
	n.recent[slot] = s
	return s
}
