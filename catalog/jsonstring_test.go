package catalog

import (
	"encoding/json"
	"strings"
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

// isJSONStringCases: strings json.Valid accepts and refuses.
var isJSONStringCases = []string{
	`""`, `"plain"`, `"src/pkg/file_0042.go"`, `"func (p \\*Parser)"`, `"a\"b"`, `"\/\b\f\n\r\t"`,
	`"\u00e9\uD83D\ude00"`, `"北京 🙂"`, "\"bad \xff byte\"", "\"\x7f\"", `"a long value past eight bytes, with \"quotes\" in it"`,
	`"`, `"a`, `"a" `, ` "a"`, `"a""b"`, `"a"b`, `"\"`, `"\x"`, `"\u12"`, `"\u12g4"`, `"\u"`, "\"tab\there\"", "\"nl\n\"",
	`"\`, `'a'`, `a"`, ``, `"\\"`, `"\\\"`, `"ends in \u0041"`, `"\u004"`,
}

// TestIsJSONStringAgreesWithValid: IsJSONString is json.Valid for every
// value that starts with a quote and ends without white space, and false
// for every other.
func TestIsJSONStringAgreesWithValid(t *testing.T) {
	for _, s := range isJSONStringCases {
		want := wholeString(s)
		if got := IsJSONString([]byte(s)); got != want {
			t.Errorf("IsJSONString(%q) = %v, json.Valid = %v", s, got, want)
		}
	}
}

func FuzzIsJSONString(f *testing.F) {
	for _, s := range isJSONStringCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := wholeString(s)
		if got := IsJSONString([]byte(s)); got != want {
			t.Errorf("IsJSONString(%q) = %v, json.Valid = %v", s, got, want)
		}
	})
}

// wholeString is what IsJSONString must answer: one JSON string by
// json.Valid, with no white space around it.
func wholeString(s string) bool {
	return len(s) > 0 && s[0] == '"' && strings.TrimRight(s, " \t\n\r") == s && json.Valid([]byte(s))
}
