package jsonscan

import (
	"errors"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/growth"
)

func TestValidate(t *testing.T) {
	cases := []struct {
		in      string
		depth   int
		off     int // -1: valid
		tooDeep bool
		msg     string
	}{
		{`{"a":[1,2,{"b":null}]}`, 0, -1, false, ""},
		{"  12  ", 0, -1, false, ""},
		{`"x"`, 0, -1, false, ""},
		{`[[1]]`, 2, -1, false, ""},
		{`[[[1]]]`, 2, 2, true, "nesting deeper than 2"},
		{`{"a":1} x`, 0, 8, false, "unexpected data after the JSON value"},
		{`{"a":1}{}`, 0, 7, false, "unexpected data after the JSON value"},
		{`{"a":`, 0, 5, false, "unexpected end of JSON input"},
		{``, 0, 0, false, "unexpected end of JSON input"},
		{`12x`, 0, 2, false, "unexpected data"},
		{`[1,]`, 0, 3, false, `invalid character ']' looking for a value near "[1,]"`},
		{`{"a":tru}`, 0, 8, false, "invalid literal"},
	}
	for _, c := range cases {
		err := Validate([]byte(c.in), c.depth)
		if c.off < 0 {
			if err != nil {
				t.Errorf("%q: %v", c.in, err)
			}
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SyntaxError", c.in, err)
			continue
		}
		if se.Offset != c.off || se.TooDeep != c.tooDeep || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%q: %+v, want offset %d too deep %v msg %q", c.in, se, c.off, c.tooDeep, c.msg)
		}
	}
	var s Scanner
	s.SetMaxDepth(1)
	if s.Validate([]byte(`[1]`)) != nil || s.Validate([]byte(`[[1]]`)) == nil || s.Validate([]byte(`[2]`)) != nil {
		t.Fatal("a reused Scanner must keep its depth limit and start afresh")
	}
}

// The message quotes a bounded excerpt, whatever the input's size.
func TestValidateMessageBounded(t *testing.T) {
	for _, in := range []string{strings.Repeat("[", 1<<20), `{"a":"` + strings.Repeat("é", 1<<18) + "\x01", strings.Repeat(" ", 1<<20) + "x"} {
		err := Validate([]byte(in), 0)
		if err == nil || len(err.Error()) > 40+MaxExcerpt*6 {
			t.Fatalf("error %d bytes: %.200v", len(err.Error()), err)
		}
	}
	if got := Excerpt([]byte("héllo"), 2, 3); got != `…"él"…` {
		t.Fatalf("Excerpt cut inside a character: %s", got)
	}
}

// Validation costs memory independent of nesting and input size (fastjson's
// validator wraps one error per level: quadratic).
func TestValidateLinear(t *testing.T) {
	for _, gen := range []func(int) []byte{
		func(n int) []byte { return []byte(strings.Repeat("[", n)) },
		func(n int) []byte { return []byte(strings.Repeat(`{"a":`, n/5)) },
		func(n int) []byte { return []byte(`"` + strings.Repeat(`\u00e9`, n/6)) },
	} {
		growth.Linear(t, 64<<10, gen, func(in []byte) { _ = Validate(in, 1<<30) })
	}
}
