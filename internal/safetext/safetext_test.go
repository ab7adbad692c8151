package safetext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTerminal(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain id", "plain id"},
		{"日本語 U+FFFD \ufffd", "日本語 U+FFFD \ufffd"},
		{"x\u001b[2J\u001b]0;pwned\u0007", `x\x1b[2J\x1b]0;pwned\a`},
		{"a\rb\nc\td", `a\rb\nc\td`},
		{"del\x7f c1\u009b", `del\x7f c1\u009b`},
		{"rtl\u202eevil", `rtl\u202eevil`},
		{"line\u2028sep", `line\u2028sep`},
		{"bad \xff utf8", `bad \xff utf8`},
	} {
		if got := Terminal(tc.in); got != tc.want {
			t.Errorf("Terminal(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLines(t *testing.T) {
	if got, want := Lines("gate failed:\n  a\x1b[2J\r\n  b"), "gate failed:\n  a\\x1b[2J\\r\n  b"; got != want {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

func TestMarkdown(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"fs-read", "fs-read"},
		{"x\r## heading\r[phish](javascript:alert(1))", `x\r## heading\r\[phish\](javascript:alert(1))`},
		{"a|b", `a\|b`},
		{"<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"},
		{"![i](u) `c` *e* \\", "\\!\\[i\\](u) \\`c\\` \\*e\\* \\\\"},
		{"&lt;", "&amp;lt;"},
		{"esc\u001b[31m", `esc\x1b\[31m`},
	} {
		if got := Markdown(tc.in); got != tc.want {
			t.Errorf("Markdown(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzEscape: whatever the input, neither output holds a
// control character, a line break or invalid UTF-8.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a\rb", "\x1b]0;t\x07", "\xff\xfe", "\u202e|[x](y)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, out := range map[string]string{"Terminal": Terminal(s), "Markdown": Markdown(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("%s(%q) = %q: invalid UTF-8", name, s, out)
			}
			for _, r := range out {
				if unsafeRune(r) {
					t.Fatalf("%s(%q) = %q holds %U", name, s, out, r)
				}
			}
			if name == "Markdown" && strings.ContainsAny(out, "<>") {
				t.Fatalf("Markdown(%q) = %q holds markup", s, out)
			}
		}
	})
}
