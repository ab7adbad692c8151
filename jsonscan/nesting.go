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
			i += n.inString(b[i:])
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

// Resume makes n ready to skip the rest of a value cut short (a syntax
// error, a cap): depth containers are open, and inString says whether a
// string is, esc whether the last byte was an escaping backslash in it.
func (n *Nesting) Resume(depth int, inString, esc bool) {
	*n = Nesting{depth: depth, max: depth, inStr: inString, esc: esc && inString}
}

// Depth is the number of containers open.
func (n *Nesting) Depth() int { return n.depth }

// Close consumes b up to and including the closing bracket that brings the
// nesting down to depth (skipping strings, any kind of bracket closing any
// other), or the closing quote of a string open at that depth (a value cut
// inside a string: the string was the value), and reports how many bytes
// it consumed and whether it found that end. Nothing is consumed when the
// nesting is at depth already. The end is found at the same byte however
// the bytes are split between calls.
func (n *Nesting) Close(b []byte, depth int) (int, bool) {
	if n.depth <= depth && !n.inStr {
		return 0, true
	}
	for i := 0; i < len(b); {
		if n.inStr {
			i += n.inString(b[i:])
			if !n.inStr && n.depth <= depth {
				n.off += i
				return i, true
			}
			continue
		}
		switch b[i] {
		case '"':
			n.inStr = true
		case '{', '[':
			n.depth++
		case '}', ']':
			if n.depth--; n.depth <= depth {
				n.off += i + 1
				return i + 1, true
			}
		}
		i++
	}
	n.off += len(b)
	return len(b), false
}

// Stops are the bytes Until stops at, outside strings: Top only where no
// container is open (a list's ',' and ']' after an element), Any at any
// depth (a tag's '<': the markup around the JSON, which no value holds
// outside a string).
type Stops struct {
	Top, Any [256]bool
}

// NewStops makes the Stops of top (bytes that stop at depth 0) and anyDepth
// (bytes that stop at any depth). A quote is no stop: it always opens a
// string.
func NewStops(top, anyDepth string) *Stops {
	var s Stops
	s.Set(top, anyDepth)
	return &s
}

// Set makes s the Stops of top and anyDepth (as NewStops), in place.
func (s *Stops) Set(top, anyDepth string) {
	*s = Stops{}
	for i := 0; i < len(top); i++ {
		s.Top[top[i]] = top[i] != '"'
	}
	for i := 0; i < len(anyDepth); i++ {
		s.Any[anyDepth[i]] = anyDepth[i] != '"'
	}
}

// Until consumes b up to, not including, the first byte outside a string
// that s stops at (Top where no container is open, Any anywhere), skipping
// strings and nesting without validating (a closing bracket that closes
// nothing and is no stop is consumed), and reports how many bytes it
// consumed and whether it met such a byte. The byte is left for the
// caller, whatever the bytes' split between calls: an element of a list
// is skipped to the ',' or ']' after it, or to the markup that ends the
// JSON.
func (n *Nesting) Until(b []byte, s *Stops) (int, bool) {
	for i := 0; i < len(b); {
		if n.inStr {
			i += n.inString(b[i:])
			continue
		}
		c := b[i]
		if s.Any[c] || s.Top[c] && n.depth == 0 {
			n.off += i
			return i, true
		}
		switch c {
		case '"':
			n.inStr = true
		case '{', '[':
			n.depth++
			n.max = max(n.max, n.depth)
		case '}', ']':
			if n.depth > 0 {
				n.depth--
			}
		}
		i++
	}
	n.off += len(b)
	return len(b), false
}

// inString consumes bytes of b inside a string, up to and including its
// closing quote, and returns how many.
func (n *Nesting) inString(b []byte) int {
	if n.esc {
		n.esc = false
		return 1
	}
	j := bytes.IndexByte(b, '"')
	if j < 0 {
		n.esc = trailingBackslashes(b)%2 == 1
		return len(b)
	}
	if trailingBackslashes(b[:j])%2 == 1 {
		return j + 1 // an escaped quote
	}
	n.inStr = false
	return j + 1
}

// trailingBackslashes counts the backslashes that end b.
func trailingBackslashes(b []byte) int {
	k := 0
	for k < len(b) && b[len(b)-1-k] == '\\' {
		k++
	}
	return k
}
