package prompt

import "testing"

func TestCountTokens(t *testing.T) {
	cases := []struct {
		text, enc string
		want      int
	}{
		{"", EncodingO200k, 0},
		{"hello world", EncodingO200k, 2},
		{"hello world", EncodingCL100k, 2},
		{"<|endoftext|>", EncodingCL100k, 7},
	}
	for _, c := range cases {
		got, err := CountTokens(c.text, c.enc)
		if err != nil {
			t.Fatalf("%s %q: %v", c.enc, c.text, err)
		}
		if got != c.want {
			t.Errorf("%s %q: got %d tokens, want %d", c.enc, c.text, got, c.want)
		}
	}
	if _, err := CountTokens("x", "p99k_base"); err == nil {
		t.Error("want an error for an unknown encoding")
	}
}

func TestMeasure(t *testing.T) {
	s, err := Measure("地图 map", EncodingO200k, EncodingCL100k)
	if err != nil {
		t.Fatal(err)
	}
	if s.Chars != 6 || s.Bytes != 10 {
		t.Errorf("chars/bytes = %d/%d, want 6/10", s.Chars, s.Bytes)
	}
	if s.Tokens[EncodingO200k] == 0 || s.Tokens[EncodingCL100k] == 0 {
		t.Errorf("tokens = %v", s.Tokens)
	}
}

func TestResolveEncoding(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"", EncodingO200k, ""},
		{EncodingNone, EncodingNone, ""},
		{EncodingCL100k, EncodingCL100k, ""},
		{"p50k_base", "", `unknown encoding "p50k_base" (want o200k_base, cl100k_base or none)`},
	} {
		got, err := ResolveEncoding(c.in)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && err.Error() != c.err) {
			t.Errorf("ResolveEncoding(%q) = %q, %v; want %q, %q", c.in, got, err, c.want, c.err)
		}
	}
}
