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

// maxInterned bounds how many names a Names remembers, and how long one
// may be.
const maxInterned = 256

// Names turns tool names read from a stream into strings, reusing the
// string of an earlier call with the same name: a message calls the same
// few tools again and again. The zero value is ready to use; it remembers
// at most 256 names of at most 256 bytes. Not safe for concurrent use.
type Names struct {
	m map[string]string
}

// Intern returns b as a string.
func (n *Names) Intern(b []byte) string {
	if s, ok := n.m[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(n.m) < maxInterned && len(s) <= maxInterned {
		if n.m == nil {
			n.m = make(map[string]string)
		}
		n.m[s] = s
	}
	return s
}
