package toolcall

import (
	"strconv"
	"sync/atomic"
	"unsafe"
)

// generatedIDs holds the ids of the first calls of a message, so that
// naming them allocates nothing.
var generatedIDs = func() (ids [64]string) {
	for i := range ids {
		ids[i] = "call_" + strconv.Itoa(i)
	}
	return ids
}()

// GeneratedID is the id parsers give call index when the protocol carries
// none: "call_<index>". The first 64 are made at start-up; the next, up to
// idBlocks*idBlock, 64 at a time in one string shared by every parser (the
// first parser to need a block makes it); only ids beyond those allocate.
func GeneratedID(index int) string {
	if index >= 0 && index < len(generatedIDs) {
		return generatedIDs[index]
	}
	if index < 0 || index >= idBlocks*idBlock {
		var buf [32]byte
		return string(strconv.AppendInt(append(buf[:0], "call_"...), int64(index), 10))
	}
	b := generatedBlocks[index/idBlock].Load()
	if b == nil {
		b = newIDBlock(index - index%idBlock)
		if !generatedBlocks[index/idBlock].CompareAndSwap(nil, b) {
			b = generatedBlocks[index/idBlock].Load()
		}
	}
	i, start := index%idBlock, 0
	if i > 0 {
		start = int(b.ends[i-1])
	}
	return b.s[start:b.ends[i]]
}

// Blocks of generated ids: idBlock ids in one string.
const idBlock, idBlocks = 64, 1024

var generatedBlocks [idBlocks]atomic.Pointer[idBlockT]

// idBlockT is the ids of calls base to base+63, one after another in s;
// ends[i] is where id base+i ends.
type idBlockT struct {
	s    string
	ends [idBlock]uint16
}

func newIDBlock(base int) *idBlockT {
	b := &idBlockT{}
	buf := make([]byte, 0, idBlock*len("call_65535"))
	for i := range idBlock {
		buf = strconv.AppendInt(append(buf, "call_"...), int64(base+i), 10)
		b.ends[i] = uint16(len(buf))
	}
	b.s = string(buf)
	return b
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
	// block holds the bytes of strings made by Copy; its bytes up to its
	// length are never written again, so those strings stay valid.
	block []byte
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

// copyBlock is the size of the blocks Copy cuts strings from.
const copyBlock = 1024

// Copy returns b as a string that is not remembered: a call id, unique
// to its call. Short strings are cut from blocks of 1 KiB that the Names
// owns, so a message of many calls allocates once per block, not once
// per id.
func (n *Names) Copy(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > copyBlock/4 {
		return string(b)
	}
	if cap(n.block)-len(n.block) < len(b) {
		n.block = make([]byte, 0, copyBlock)
	}
	s := len(n.block)
	n.block = append(n.block, b...)
	return unsafe.String(&n.block[s], len(b))
}
