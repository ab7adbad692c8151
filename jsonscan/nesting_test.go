package jsonscan

import (
	"strings"
	"testing"
)

func TestNesting(t *testing.T) {
	cases := []struct {
		in    string
		limit int
		max   int
		at    int
	}{
		{`{"a":[1,{"b":[]}]}`, 4, 4, -1},
		{`{"a":[1,{"b":[]}]}`, 3, 4, 13},
		{`{"a":[1,{"b":[]}]}`, 2, 4, 8},
		{`"[[[[" `, 1, 0, -1},
		{`{"a\"[[":"\\"}`, 1, 1, -1},
		{`["\\\"[[", [[]]]`, 2, 3, 12},
		{`]]]{`, 0, 1, 3},
	}
	for _, c := range cases {
		// whole, and split at every byte: the same answer.
		for cut := 0; cut <= len(c.in); cut++ {
			var n Nesting
			at := n.Feed([]byte(c.in[:cut]), c.limit)
			if at2 := n.Feed([]byte(c.in[cut:]), c.limit); at < 0 {
				at = at2
			}
			if at != c.at || n.Max() != c.max {
				t.Errorf("%q cut %d: at %d max %d, want %d %d", c.in, cut, at, n.Max(), c.at, c.max)
			}
		}
	}
}

// Nesting agrees with the Scanner's depth limit on valid JSON.
func TestNestingMatchesScanner(t *testing.T) {
	for _, in := range []string{`[[["a]"],{"k":"\"{"}]]`, `{"a":{"b":{"c":[1,2,{"d":null}]}}}`, strings.Repeat("[", 40) + strings.Repeat("]", 40)} {
		for limit := 1; limit < 45; limit++ {
			var n Nesting
			at := n.Feed([]byte(in), limit)
			err := Validate([]byte(in), limit)
			if (at >= 0) != (err != nil) {
				t.Fatalf("%q limit %d: Nesting at %d, Validate %v", in, limit, at, err)
			}
			if err != nil && err.(*SyntaxError).Offset != at {
				t.Fatalf("%q limit %d: offsets %d and %v", in, limit, at, err)
			}
		}
	}
}

func BenchmarkNesting(b *testing.B) {
	in := []byte(`{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"` + strings.Repeat("hello world, ", 20) + `"},"finish_reason":null}]}`)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		var n Nesting
		n.Feed(in, 128)
	}
}

func BenchmarkValidate(b *testing.B) {
	in := []byte(`{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"` + strings.Repeat("hello world, ", 20) + `"},"finish_reason":null}]}`)
	b.SetBytes(int64(len(in)))
	var s Scanner
	for b.Loop() {
		_ = s.Validate(in)
	}
}

// Close skips the rest of a value from where it was cut (Resume), honouring
// strings and nesting, and stops right after the bracket that closes it
// down to the depth asked for.
func TestNestingClose(t *testing.T) {
	for _, c := range []struct {
		name       string
		depth      int
		inStr, esc bool
		to         int
		in         string
		n          int
		found      bool
		left       int
	}{
		{"object_rest", 2, false, false, 0, `1, "b": "}"}] after`, len(`1, "b": "}"}]`), true, 0},
		{"to_list_level", 3, false, false, 1, `}}, {"name": "g"}]`, 2, true, 1},
		{"inside_string", 2, true, false, 0, `ot a dict"}] after`, len(`ot a dict"}]`), true, 0},
		{"escaped_quote_first", 1, true, true, 0, `"still"} x`, len(`"still"}`), true, 0},
		{"escaped_quote_inside", 1, true, false, 0, `a\"]"} x`, len(`a\"]"}`), true, 0},
		{"not_closed", 2, false, false, 0, `[1, {"a": 2}`, len(`[1, {"a": 2}`), false, 3},
		{"at_depth_already", 1, false, false, 1, `]`, 0, true, 1},
		{"any_bracket_closes", 2, false, false, 0, `1]] x`, 3, true, 0},
		// A value cut inside a string that is the value itself (a string
		// where arguments belong): its closing quote ends it.
		{"string_value_ends_at_quote", 0, true, false, 0, `0\u0000 x" more [text]`, len(`0\u0000 x"`), true, 0},
		{"string_element_of_list", 1, true, false, 1, `x", {"name": "g"}]`, 2, true, 1},
		{"string_inside_object_goes_on", 1, true, false, 0, `x", "b": 1} after`, len(`x", "b": 1}`), true, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			for size := 1; size <= len(c.in)+1; size++ { // any chunking
				var n Nesting
				n.Resume(c.depth, c.inStr, c.esc)
				total, found := 0, false
				for off := 0; off < len(c.in) && !found; off += size {
					end := min(off+size, len(c.in))
					k, ok := n.Close([]byte(c.in[off:end]), c.to)
					total += k
					found = ok
					if ok && k == 0 && c.n != 0 {
						t.Fatalf("chunk %d: found without consuming", size)
					}
					if !ok && k != end-off {
						t.Fatalf("chunk %d: not found but %d of %d consumed", size, k, end-off)
					}
				}
				if total != c.n || found != c.found || n.Depth() != c.left {
					t.Fatalf("chunk %d: consumed %d found %v depth %d, want %d %v %d", size, total, found, n.Depth(), c.n, c.found, c.left)
				}
			}
		})
	}
}

// Until skips an element of a list to the ',' or ']' after it (Top), or
// to markup at any depth (Any), strings and nesting honoured, and leaves
// the stop byte unconsumed, at any chunking.
func TestNestingUntil(t *testing.T) {
	list := NewStops(",]", "<`")
	for _, c := range []struct {
		name  string
		in    string
		n     int // bytes consumed up to the stop (len(in) when none)
		found bool
		depth int // containers open where it stopped
	}{
		{"number_then_comma", `12, {"name": "f"}]`, 2, true, 0},
		{"string_then_bracket", `"a, b]"] after`, len(`"a, b]"`), true, 0},
		{"nested_commas_skipped", `[1, [2, 3], {"k": [4]}], next`, len(`[1, [2, 3], {"k": [4]}]`), true, 0},
		{"escaped_quote", `"say \"hi\", ok", x`, len(`"say \"hi\", ok"`), true, 0},
		{"escaped_backslash_ends_string", `"a\\", x`, len(`"a\\"`), true, 0},
		{"tag_inside_container", `{"a": [1 </tool_call>`, len(`{"a": [1 `), true, 2},
		{"tag_in_string_is_content", `"<b>", 1]`, len(`"<b>"`), true, 0},
		{"fence_at_top", "null ```", len("null "), true, 0},
		{"stray_closer_at_top_consumed", `1} 2]`, len(`1} 2`), true, 0},
		{"not_found", `{"a": "b", "c": [1,`, len(`{"a": "b", "c": [1,`), false, 2},
		{"string_left_open", `"a, b] <x`, len(`"a, b] <x`), false, 0},
		{"stop_first", `]`, 0, true, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			for size := 1; size <= len(c.in)+1; size++ { // any chunking
				var n Nesting
				total, found := 0, false
				for off := 0; off < len(c.in) && !found; off += size {
					end := min(off+size, len(c.in))
					k, ok := n.Until([]byte(c.in[off:end]), list)
					if !ok && k != end-off {
						t.Fatalf("chunk %d: not found but %d of %d consumed", size, k, end-off)
					}
					total += k
					found = ok
				}
				if total != c.n || found != c.found || n.Depth() != c.depth {
					t.Fatalf("chunk %d: consumed %d found %v depth %d, want %d %v %d", size, total, found, n.Depth(), c.n, c.found, c.depth)
				}
			}
		})
	}
}

// A quote in a stop set is ignored: it always opens a string.
func TestStopsIgnoreQuote(t *testing.T) {
	s := NewStops(`",`, `"<`)
	if s.Top['"'] || s.Any['"'] || !s.Top[','] || !s.Any['<'] {
		t.Fatalf("stops %v %v", s.Top['"'], s.Any['"'])
	}
	var n Nesting
	if k, ok := n.Until([]byte(`"x,<" , y`), s); !ok || k != len(`"x,<" `) {
		t.Fatalf("Until = %d %v", k, ok)
	}
}

// untilRef is Until byte by byte, the way a list skipper tracks strings,
// escapes and nesting one byte at a time.
func untilRef(in string, s *Stops) (int, bool) {
	depth, str, esc := 0, false, false
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case str:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				str = false
			}
		case s.Any[c] || s.Top[c] && depth == 0:
			return i, true
		case c == '"':
			str = true
		case c == '{' || c == '[':
			depth++
		case (c == '}' || c == ']') && depth > 0:
			depth--
		}
	}
	return len(in), false
}

// FuzzNestingUntil: Until at any split agrees with the byte-by-byte
// reference on any input.
func FuzzNestingUntil(f *testing.F) {
	for _, s := range []string{`1, 2]`, `"a\\\"b", {"c": ["]", 1]}, x]`, `[[\"],"]`, "{`}", `"\\\\"]`, `{"a": "<"}<`} {
		f.Add(s, 3)
	}
	stops := NewStops(",]", "<`")
	f.Fuzz(func(t *testing.T, in string, size int) {
		if size < 1 || size > len(in)+1 {
			size = 1 + len(in)/2
		}
		wantN, wantOK := untilRef(in, stops)
		var n Nesting
		total, found := 0, false
		for off := 0; off < len(in) && !found; off += size {
			k, ok := n.Until([]byte(in[off:min(off+size, len(in))]), stops)
			total += k
			found = ok
		}
		if total != wantN || found != wantOK {
			t.Fatalf("%q by %d: %d %v, want %d %v", in, size, total, found, wantN, wantOK)
		}
	})
}
