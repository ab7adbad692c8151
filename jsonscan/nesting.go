package jsonscan

import "bytes"

// Nesting measures how deep JSON fed in pieces nests, skipping strings,
// without validating it: a cheap guard to run before a parser whose cost
// or recursion grows with depth. It costs O(1) per byte outside strings
// and runs bytes.IndexByte over string contents. The zero value is ready.
type Nesting struct {
	depth, max int
	off        int  // bytes fed
	inStr      bool // inside a string
	esc        bool // inside a string, the last byte was an escaping backslash
}

// Reset makes n ready for a new value.
func (n *Nesting) Reset() { *n = Nesting{} }

// Max is the deepest nesting seen so far.
func (n *Nesting) Max() int { return n.max }

// Feed consumes b and returns the offset (counted from the first byte fed
// after Reset) of the bracket that first took the nesting past limit, or
// -1. Closing brackets beyond the opened ones are ignored (validation is
// the parser's job).
func (n *Nesting) Feed(b []byte, limit int) int {
	at := -1
	for i := 0; i < len(b); {
		if n.inStr {
			if n.esc {
				n.esc = false
				i++
				continue
			}
			j := bytes.IndexByte(b[i:], '"')
			if j < 0 {
				n.esc = trailingBackslashes(b[i:])%2 == 1
				break
			}
			if trailingBackslashes(b[i:i+j])%2 == 1 {
				i += j + 1 // an escaped quote
				continue
			}
			n.inStr = false
			i += j + 1
			continue
		}
		switch b[i] {
		case '"':
			n.inStr = true
		case '{', '[':
			n.depth++
			if n.depth > n.max {
				n.max = n.depth
				if n.max == limit+1 && at < 0 {
					at = n.off + i
				}
			}
		case '}', ']':
			if n.depth > 0 {
				n.depth--
			}
		}
		i++
	}
	n.off += len(b)
	return at
}

// trailingBackslashes counts the backslashes that end b.
func trailingBackslashes(b []byte) int {
	k := 0
	for k < len(b) && b[len(b)-1-k] == '\\' {
		k++
	}
	return k
}
