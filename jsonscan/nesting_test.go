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
