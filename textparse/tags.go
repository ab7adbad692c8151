package textparse

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// This file is the tag shape of the matcher (match.go): the bytes from a
// '<' to its '>', held back until they are known to be (or not to be)
// protocol markup.

// tagSet says which tags the current state would act on.
type tagSet struct {
	open, close  uint64 // bit per tagKind
	genericOpen  bool   // any <name> may be meaningful
	genericClose bool   // any </name> may be meaningful
	suffix       uint64 // kinds whose name may end in :SUFFIX (Tags.Suffix)
}

func bit(ks ...tagKind) uint64 {
	var m uint64
	for _, k := range ks {
		m |= bitOf(k)
	}
	return m
}

// maxTag bounds the bytes held back for one tag.
const maxTag = 1024

// maxGenericName bounds generic tag names.
const maxGenericName = 128

// maxSuffix bounds the :SUFFIX of a tag name (Tags.Suffix).
const maxSuffix = 32

// suffixByte reports whether c may be byte j of a name's :SUFFIX (j 0 is
// the colon).
func suffixByte(j int, c byte) bool {
	switch {
	case j == 0:
		return c == ':'
	case j > maxSuffix:
		return false
	}
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// tag phases.
const (
	tpName  = iota // reading the name
	tpAttrs        // after the name and whitespace: attributes up to '>'
	tpEq           // after "<name=": the value up to '>'
	tpSlash        // after '/' that must be followed by '>'
	tpGlued        // after a repair kind's whole name, the value glued to it (<functionNAME>)
)

// Tag results (stepTag).
const (
	tagMore     = iota // byte consumed, tag goes on
	tagComplete        // byte consumed, tag is complete
	tagFail            // not a tag: held bytes are content; byte not consumed
	tagCut             // a closer cut short by '<': complete, byte not consumed
)

func isSpace(c byte) bool { return spaceBytes[c] }

// spaceBytes marks the bytes isSpace accepts: one load, not four tests.
var spaceBytes = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// allSpace reports whether b holds only white space.
func allSpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func isNameByte(c byte, first bool) bool {
	if first {
		return nameBytes[c]&nameFirst != 0
	}
	return nameBytes[c]&nameNext != 0
}

// nameBytes holds what isNameByte answers, a bit per position.
var nameBytes = func() (t [256]uint8) {
	for i := range t {
		switch c := byte(i); {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c >= 0x80: // ｜DSML｜, non-ASCII tool names
			t[i] = nameFirst | nameNext
		case c >= '0' && c <= '9', c == '-', c == '.', c == ':':
			t[i] = nameNext
		}
	}
	return t
}()

// The bits of nameBytes: a name's first byte, a later byte.
const (
	nameFirst = 1 << iota
	nameNext
)

func (t *match) nameStart() int {
	if t.closing {
		return 2
	}
	return 1
}

func (t *match) name() []byte { return t.buf[t.nameStart():t.nameEnd] }

// prefixOK narrows the candidate names by the name byte just read and
// reports whether the name can still become a tag the state acts on.
func (t *match) prefixOK() bool {
	pos := t.n - 1 - t.nameStart()
	c := t.buf[t.n-1]
	next := narrow(tt.names, t.cand, pos, c)
	for m := t.cand & t.tset.suffix &^ next; m != 0; m &= m - 1 { // NAME:SUFFIX
		k := bits.TrailingZeros64(m)
		if l := len(tt.names[k]); pos >= l && suffixByte(pos-l, c) {
			next |= 1 << k
		}
	}
	t.cand = next
	if t.cand != 0 {
		return true
	}
	generic := t.tset.genericOpen
	if t.closing {
		generic = t.tset.genericClose
	}
	return generic && pos < maxGenericName
}

// candByte reports whether a candidate name has c at the next position:
// a name may hold bytes that end other names ("｜X｜ invoke" holds a
// space).
func (t *match) candByte(c byte) bool {
	pos := t.n - t.nameStart()
	for m := t.cand; m != 0; m &= m - 1 {
		if name := tt.names[bits.TrailingZeros64(m)]; pos < len(name) && name[pos] == c {
			return true
		}
	}
	return false
}

// fastName reads a whole known tag name at once when rest (the bytes after
// the '<') holds it and the byte after it; it returns the bytes consumed, 0
// to fall back to reading byte by byte. On success the name is complete
// and resolved: t.kind is its kind.
func (t *match) fastName(rest []byte) int {
	j, mask := 0, t.tset.open
	if rest[0] == '/' {
		j, mask = 1, t.tset.close
	}
	if j+16 > len(rest) {
		return t.fastNameShort(rest, j, mask)
	}
	w, w2 := binary.LittleEndian.Uint64(rest[j:]), binary.LittleEndian.Uint64(rest[j+8:])
	for m := mask & tt.first[rest[j]]; m != 0; m &= m - 1 {
		k := tagKind(bits.TrailingZeros64(m))
		h := &tt.head[k]
		end := j + h.n
		if w&h.m != h.w || w2&h.m2 != h.w2 || end >= len(rest) || h.n > 16 && string(rest[j+16:end]) != tt.names[k][16:] {
			continue
		}
		n := end // the usual whole name, then a byte that is not a name's
		if c := rest[end]; c == ':' && t.tset.suffix&(1<<k) != 0 || isNameByte(c, false) {
			n = t.wholeName(rest, j, end, k)
		}
		if n > 0 {
			t.takeName(rest, n)
			t.closing, t.cand, t.kind = j == 1, 1<<k, k
			return n
		}
	}
	return 0
}

// fastGeneric reads a whole generic name at once (a catalog dialect's
// tool or parameter tag: any name, where the state reads generic tags)
// when rest (the bytes after the '<') holds it and the byte after it, and
// no name the state knows starts with its first byte; it returns the
// bytes consumed, 0 to fall back to reading byte by byte. On success the
// name is complete and t.kind is tkGeneric, as resolve would set it.
func (t *match) fastGeneric(rest []byte) int {
	j, generic, mask := 0, t.tset.genericOpen, t.tset.open
	if rest[0] == '/' {
		j, generic, mask = 1, t.tset.genericClose, t.tset.close
	}
	if !generic || j >= len(rest) || mask&tt.first[rest[j]] != 0 || nameBytes[rest[j]]&nameFirst == 0 {
		return 0
	}
	e := genericNameEnd(rest, j)
	if e == 0 || rest[e-1] == ':' { // (stepTag fails a generic name ending in ':')
		return 0
	}
	t.takeName(rest, e)
	t.closing, t.cand, t.kind = j == 1, 0, tkGeneric
	return e
}

// takeName appends the name's first n bytes of rest (after the '<') to
// the tag buffer: a short name as two words, no copy call.
func (t *match) takeName(rest []byte, n int) {
	if n <= 16 && len(rest) >= 16 {
		binary.LittleEndian.PutUint64(t.buf[1:], binary.LittleEndian.Uint64(rest))
		binary.LittleEndian.PutUint64(t.buf[9:], binary.LittleEndian.Uint64(rest[8:]))
		t.n += n
		return
	}
	t.n += copy(t.buf[1:], rest[:n])
}

// genericNameEnd returns the end of the generic name at rest[j:], whose
// first byte may start one, when a byte that is not a name's follows it
// in rest; 0 when the name runs to the end of rest (cut by the chunk) or
// past maxGenericName (stepTag fails it).
func genericNameEnd(rest []byte, j int) int {
	e, lim := j+1, min(len(rest), j+maxGenericName+1)
	for e < lim && nameBytes[rest[e]]&nameNext != 0 {
		e++
	}
	if e == len(rest) || e-j > maxGenericName {
		return 0
	}
	return e
}

// fastNameShort is fastName when fewer than sixteen bytes follow the name's
// start.
func (t *match) fastNameShort(rest []byte, j int, mask uint64) int {
	if j >= len(rest) {
		return 0
	}
	for m := mask & tt.first[rest[j]]; m != 0; m &= m - 1 {
		k := tagKind(bits.TrailingZeros64(m))
		name := tt.names[k]
		end := j + len(name)
		if end >= len(rest) || string(rest[j:end]) != name {
			continue
		}
		if n := t.wholeName(rest, j, end, k); n > 0 {
			t.n += copy(t.buf[1:], rest[:n])
			t.closing, t.cand, t.kind = j == 1, 1<<k, k
			return n
		}
	}
	return 0
}

// wholeName: name k matched rest[j:end]; it returns where the whole name
// ends (after a :SUFFIX the state allows), or 0 when a name byte follows
// it (a longer name) or a suffix runs to the end of rest.
func (t *match) wholeName(rest []byte, j, end int, k tagKind) int {
	if rest[end] == ':' && t.tset.suffix&(1<<k) != 0 { // NAME:SUFFIX
		e := end + 1
		for e < len(rest) && suffixByte(e-end, rest[e]) {
			e++
		}
		if e == end+1 || e == len(rest) {
			return 0
		}
		end = e
	}
	if isNameByte(rest[end], false) {
		return 0
	}
	return end
}

// nameComplete reports whether the closing name read so far is a whole
// name the state acts on (not a generic one).
func (t *match) nameComplete() bool {
	n := t.n - t.nameStart()
	for m := t.cand; m != 0; m &= m - 1 {
		if len(tt.names[bits.TrailingZeros64(m)]) == n {
			return true
		}
	}
	return false
}

// resolve sets kind from the complete name; it reports false when the name
// is not one the state acts on.
func (t *match) resolve() bool {
	n := t.nameEnd - t.nameStart() - t.mangled
	if t.mangled > 0 {
		t.bad = true
	}
	for m := t.cand; m != 0; m &= m - 1 {
		k := tagKind(bits.TrailingZeros64(m))
		if l := len(tt.names[k]); l == n || n > l+1 && t.tset.suffix&(1<<k) != 0 { // NAME or NAME:SUFFIX
			t.kind = k
			return true
		}
	}
	generic := t.tset.genericOpen
	if t.closing {
		generic = t.tset.genericClose
	}
	if generic && n > 0 {
		t.kind = tkGeneric
		return true
	}
	return false
}

// stepTag feeds one byte of a tag.
func (t *match) stepTag(c byte) int {
	if t.n >= maxTag {
		return tagFail
	}
	switch t.phase {
	case tpName:
		if t.n == 1 && c == '/' && !t.closing {
			t.closing = true
			t.cand = t.tset.close
			t.buf[t.n] = c
			t.n++
			return tagMore
		}
		if t.closing && c >= '0' && c <= '9' && (t.mangled > 0 || t.nameComplete()) {
			t.buf[t.n] = c // a mangled closer: </parameter1>
			t.n++
			t.mangled++
			return tagMore
		}
		if t.mangled > 0 && isNameByte(c, false) {
			return tagFail
		}
		if isNameByte(c, t.n == t.nameStart()) || t.candByte(c) {
			t.buf[t.n] = c
			t.n++
			if !t.prefixOK() {
				t.n-- // the byte is not consumed
				if t.repair != 0 && t.glue(c) {
					return tagMore
				}
				return tagFail
			}
			return tagMore
		}
		if t.n == t.nameStart() {
			return tagFail
		}
		t.nameEnd = t.n
		if !t.resolve() || t.kind == tkGeneric && t.buf[t.n-1] == ':' {
			// (A generic name ends in no ':', as a marker may: <tool: NAME.)
			return tagFail
		}
		switch {
		case c == '>':
		case c == '/':
			t.phase = tpSlash
		case c == '=' && !t.closing && t.kind != tkGeneric && tt.role[t.kind]&rEq != 0:
			t.phase = tpEq
		case isSpace(c):
			t.phase = tpAttrs
		case c == '<' && t.closing:
			t.bad = true
			return tagCut
		default:
			return tagFail
		}
	case tpAttrs:
		switch {
		case c == '>':
			// <invoke name="NAME"/>: a tag closed by itself, as XML writes
			// an element without content.
			t.self = !t.closing && t.buf[t.n-1] == '/'
		case c == '<':
			if t.closing {
				t.bad = true
				return tagCut
			}
			return tagFail
		case t.closing && c == '/':
			t.phase = tpSlash
		case t.closing && !isSpace(c):
			return tagFail
		}
	case tpEq:
		if c == '<' {
			if t.repair&bitOf(t.kind) != 0 && t.cutName() {
				return tagCut
			}
			return tagFail
		}
	case tpSlash:
		if c == '<' && t.closing {
			t.bad = true
			return tagCut
		}
		if c != '>' {
			return tagFail
		}
		if t.closing {
			t.bad = true
		} else {
			t.self = true
		}
	case tpGlued:
		if c != '>' && !isNameByte(c, false) {
			return tagFail
		}
	}
	t.buf[t.n] = c
	t.n++
	if c == '>' {
		return tagComplete
	}
	return tagMore
}

// eq reports whether the tag is named after '=' (<function=NAME>).
func (t *match) eq() bool { return t.phase == tpEq }

// attr returns the name of the tag: the value after '=' in <function=NAME>,
// or the name="…" attribute.
func (t *match) attr() string { return string(t.attrBytes()) }

// attrBytes is attr without a copy: it aliases the tag buffer.
func (t *match) attrBytes() []byte {
	if t.how != 0 { // a repaired opener's name (tagrepair.go)
		return t.buf[t.fixAt:t.fixEnd]
	}
	rest := t.buf[t.nameEnd:t.n]
	if len(rest) > 0 && rest[0] == '=' {
		v := rest[1:]
		if len(v) > 0 && v[len(v)-1] == '>' {
			v = v[:len(v)-1]
		}
		if len(v) > 0 && v[len(v)-1] == '/' && t.self {
			v = v[:len(v)-1]
		}
		return unquote(trimSpace(v))
	}
	// The usual form first: ` name="…"` right after the name.
	if len(rest) > 7 && rest[0] == ' ' && string(rest[1:6]) == "name=" && (rest[6] == '"' || rest[6] == '\'') {
		if e := bytes.IndexByte(rest[7:], rest[6]); e >= 0 {
			return rest[7 : 7+e]
		}
	}
	return t.attrValue("name")
}

// attrValue returns the value of attribute key (name="…", string=true),
// nil when absent. It aliases the tag buffer.
func (t *match) attrValue(key string) []byte {
	rest := t.buf[t.nameEnd:t.n]
	k := len(key)
	for i := 0; i+k < len(rest); i++ {
		if (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\n' || rest[i] == '\r') && string(rest[i+1:i+1+k]) == key {
			j := i + 1 + k
			for j < len(rest) && isSpace(rest[j]) {
				j++
			}
			if j >= len(rest) || rest[j] != '=' {
				continue
			}
			j++
			for j < len(rest) && isSpace(rest[j]) {
				j++
			}
			if j < len(rest) && (rest[j] == '"' || rest[j] == '\'') {
				q := rest[j]
				k := j + 1
				for k < len(rest) && rest[k] != q {
					k++
				}
				return rest[j+1 : k]
			}
			k := j
			for k < len(rest) && !isSpace(rest[k]) && rest[k] != '>' && rest[k] != '/' {
				k++
			}
			return rest[j:k]
		}
	}
	return nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func unquote(b []byte) []byte {
	if len(b) >= 2 && (b[0] == '"' || b[0] == '\'') && b[len(b)-1] == b[0] {
		b = b[1 : len(b)-1]
	}
	return b
}
