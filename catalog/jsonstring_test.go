package catalog

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestAppendJSONString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`say "hi" \ bye`, `"say \"hi\" \\ bye"`},
		{"a\nb\rc\td", `"a\nb\rc\td"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001f` + "\x7f" + `"`},
		{"<a & b>", `"<a & b>"`},
		{"北京 é 🙂", `"北京 é 🙂"`},
		{"bad \xff byte", `"bad \ufffd byte"`},
		{"cut \xe5\x8c", `"cut \ufffd\ufffd"`},
		{"\xc3\x28", `"\ufffd("`},
	} {
		got := string(AppendJSONString([]byte("x"), []byte(tc.in)))
		if got != "x"+tc.want {
			t.Errorf("AppendJSONString(%q) = %s, want %s", tc.in, got[1:], tc.want)
		}
		var back string
		if err := json.Unmarshal([]byte(got[1:]), &back); err != nil {
			t.Errorf("%q: not a JSON string: %v", tc.in, err)
		} else if utf8.ValidString(tc.in) && back != tc.in {
			t.Errorf("%q: decodes to %q", tc.in, back)
		}
	}
}

// TestAppendJSONCharsPieces checks that escaping a value piece by piece,
// even with a character split between pieces, gives the escaping of the
// whole.
func TestAppendJSONCharsPieces(t *testing.T) {
	in := []byte("key \"北京\"\n\\ é\t🙂 end")
	whole := AppendJSONChars(nil, in)
	if string(whole) != `key \"北京\"\n\\ é\t🙂 end` {
		t.Fatalf("whole: %s", whole)
	}
	for cut := 0; cut <= len(in); cut++ {
		got := AppendJSONChars(AppendJSONChars(nil, in[:cut]), in[cut:])
		if string(got) != string(whole) {
			t.Errorf("cut at %d: %s", cut, got)
		}
	}
}

// TestEscapeIn8 checks the eight-byte test against the byte-by-byte rule
// for every byte value at every position among plain bytes.
func TestEscapeIn8(t *testing.T) {
	needs := func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			b := []byte("abcdefgh")
			b[pos] = byte(c)
			x := uint64(0)
			for i := 7; i >= 0; i-- {
				x = x<<8 | uint64(b[i])
			}
			if got := escapeIn8(x); got != needs(byte(c)) && needs(byte(c)) {
				t.Errorf("byte %#x at %d: escapeIn8 = %v, want true", c, pos, got)
			}
		}
	}
	// Whole strings: the fast path gives what the byte-by-byte rule gives.
	for _, in := range []string{"", "plain ascii text here", "tab\there and \"quotes\" and \\ back", "\x00\x01\x1f\x7f\x80\xff", "日本語のテキスト、そして \"引用\"", "12345678\n12345678"} {
		var want []byte
		for i := 0; i < len(in); i++ {
			want = AppendJSONChars(want, []byte{in[i]})
		}
		if got := AppendJSONChars(nil, []byte(in)); string(got) != string(want) {
			t.Errorf("AppendJSONChars(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPlainJSON checks the whole-string fast path against the byte rule:
// every byte value at every position of strings of length 1 to 19.
func TestPlainJSON(t *testing.T) {
	for n := 1; n < 20; n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				b := []byte("abcdefghijklmnopqrstuvwxyz"[:n])
				b[pos] = byte(c)
				want := c >= 0x20 && c < 0x80 && c != '"' && c != '\\'
				if got := plainJSON(b); got != want {
					t.Fatalf("plainJSON(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
	if !plainJSON(nil) {
		t.Error("plainJSON(empty) = false")
	}
}
