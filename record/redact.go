package record

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"sort"
	"strings"
)

// redactedMark replaces a secret wherever it appears.
const redactedMark = "[redacted]"

// Redactor removes secrets from text before it is written or printed: each
// secret as it is, URL-encoded (query and path escaping), and base64-encoded
// in the standard and URL alphabets at each of the three alignments it can
// have inside a longer encoded value (as in a Basic credential or an echoed
// header). The zero value removes nothing.
type Redactor struct {
	forms [][]byte // longest first
}

// minBase64Secret is the shortest secret whose base64 forms are looked
// for: the part of an encoding that depends on the secret alone is about
// 4/3 of it minus up to 8 characters at the edges.
const minBase64Secret = 8

// NewRedactor returns a Redactor for the given secrets (empty ones are
// ignored).
func NewRedactor(secrets ...string) *Redactor {
	seen := map[string]bool{}
	r := &Redactor{}
	add := func(s string) {
		if len(s) >= 4 && !seen[s] {
			seen[s] = true
			r.forms = append(r.forms, []byte(s))
		}
	}
	for _, s := range secrets {
		if s == "" {
			continue
		}
		add(s)
		add(url.QueryEscape(s))
		add(url.PathEscape(s))
		if len(s) < minBase64Secret {
			continue
		}
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			for lead := 0; lead < 3; lead++ {
				e := enc.EncodeToString(append(make([]byte, lead), s...))
				// Drop the characters that mix in bytes before the secret
				// (the first group when lead > 0) and after it (the last
				// group): what is left is the same wherever the secret is.
				start := 0
				if lead > 0 {
					start = 4
				}
				end := len(e) - 4
				if end-start >= 6 {
					add(e[start:end])
				}
			}
		}
	}
	sort.Slice(r.forms, func(i, j int) bool { return len(r.forms[i]) > len(r.forms[j]) })
	return r
}

// String returns s with every secret form replaced.
func (r *Redactor) String(s string) string {
	if r == nil || len(r.forms) == 0 {
		return s
	}
	for _, f := range r.forms {
		s = strings.ReplaceAll(s, string(f), redactedMark)
	}
	return s
}

// Contains reports whether b holds any form of a secret.
func (r *Redactor) Contains(b []byte) bool {
	if r == nil {
		return false
	}
	for _, f := range r.forms {
		if bytes.Contains(b, f) {
			return true
		}
	}
	return false
}

// Chunks redacts a body recorded in chunks: a secret split across chunks is
// found too. Chunk boundaries outside a secret stay where they were; one
// inside a secret moves to the end of its replacement (the chunk that held
// the secret's end keeps the later time). It returns the chunks unchanged
// when there is nothing to remove.
func (r *Redactor) Chunks(chunks [][]byte) [][]byte {
	if r == nil || len(r.forms) == 0 {
		return chunks
	}
	body := bytes.Join(chunks, nil)
	spans := r.spans(body)
	if len(spans) == 0 {
		return chunks
	}
	// out is the redacted body.
	var out []byte
	at := 0
	for _, sp := range spans {
		out = append(out, body[at:sp[0]]...)
		out = append(out, redactedMark...)
		at = sp[1]
	}
	out = append(out, body[at:]...)
	// mapPos maps an offset of body to out; the offsets asked for only
	// grow, so one pass over the spans serves every chunk boundary.
	si, delta := 0, 0
	mapPos := func(p int) int {
		for si < len(spans) && spans[si][1] <= p {
			delta += len(redactedMark) - (spans[si][1] - spans[si][0])
			si++
		}
		if si < len(spans) && spans[si][0] < p {
			return spans[si][0] + delta + len(redactedMark)
		}
		return p + delta
	}
	res := make([][]byte, len(chunks))
	start, pos := 0, 0
	for i, c := range chunks {
		pos += len(c)
		end := mapPos(pos)
		if i == len(chunks)-1 {
			end = len(out)
		}
		res[i] = out[start:end:end]
		start = end
	}
	return res
}

// spans returns the sorted, non-overlapping [start, end) ranges of b that
// hold a secret form: leftmost first, the longest form where several start
// at the same byte. Each form's search only moves forward, so the cost is
// linear in len(b) times the number of forms.
func (r *Redactor) spans(b []byte) [][2]int {
	next := make([]int, len(r.forms)) // next occurrence of each form, or -1
	find := func(k, from int) {
		if j := bytes.Index(b[from:], r.forms[k]); j >= 0 {
			next[k] = from + j
		} else {
			next[k] = -1
		}
	}
	for k := range r.forms {
		find(k, 0)
	}
	var spans [][2]int
	for {
		best := -1
		for k, n := range next {
			if n >= 0 && (best < 0 || n < next[best] || n == next[best] && len(r.forms[k]) > len(r.forms[best])) {
				best = k
			}
		}
		if best < 0 {
			return spans
		}
		sp := [2]int{next[best], next[best] + len(r.forms[best])}
		spans = append(spans, sp)
		for k, n := range next {
			if n >= 0 && n < sp[1] {
				find(k, sp[1])
			}
		}
	}
}
