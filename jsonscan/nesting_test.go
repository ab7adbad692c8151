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
