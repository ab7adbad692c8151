package texttable

import (
	"bytes"
	"strings"
	"testing"

	"github.com/clipperhouse/displaywidth"
)

// Width is what Text draws: every line of the box is that many runes.
func TestTextWidth(t *testing.T) {
	tab := New(1, "name", "count")
	tab.Add("alpha", "3")
	tab.Add("日本語のツール", "12345")
	var b bytes.Buffer
	if err := tab.Text(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), b.String())
	}
	// Every line is as wide as Width says (wide runes take two terminal
	// columns).
	for i := range lines {
		if n := displaywidth.String(lines[i]); n != tab.Width() {
			t.Errorf("line %d is %d runes, Width() = %d: %q", i, n, tab.Width(), lines[i])
		}
	}
	if !strings.Contains(lines[3], "│ alpha          │     3 │") {
		t.Errorf("numbers are not right-aligned: %q", lines[3])
	}
}

func TestMarkdown(t *testing.T) {
	tab := New(1, "name", "n")
	tab.Add("a|b", "1")
	var b bytes.Buffer
	tab.Markdown(&b)
	want := "| name | n |\n| :--- | ---: |\n| a\\|b | 1 |\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestClip(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer line", 6, "a lon…"},
		{"两行\n文字", 7, "两行 …"}, // 2+2+1+1 columns
		{"查询航班信息", 5, "查询…"},  // a wide character that does not fit is left out whole
		{"查询航班信息", 12, "查询航班信息"},
		{"ok 查询", 4, "ok …"},
		{"x", 1, "x"},
		{"xy", 0, ""},
	} {
		if got := Clip(tc.in, tc.n); got != tc.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

// Text's box, byte for byte: the header centred (the odd space on the
// right), text left and numbers right, cells trimmed and escaped, short
// rows padded, a row longer than the header widening the box, a header
// without rows drawn without the rule under it, an empty table as nothing.
func TestTextBox(t *testing.T) {
	for _, tc := range []struct {
		name string
		tab  *Table
		want string
	}{
		{"aligned", table(New(1, "ab", "n"), []string{"abcde", " 3 "}, []string{"x"}, []string{"日本", "12"}), "" +
			"┌───────┬────┐\n" +
			"│  ab   │ n  │\n" +
			"├───────┼────┤\n" +
			"│ abcde │  3 │\n" +
			"│ x     │    │\n" +
			"│ 日本  │ 12 │\n" +
			"└───────┴────┘\n"},
		{"escaped and wider than the header", table(New(2, "a"), []string{"x\ty", "z"}), "" +
			"┌──────┬───┐\n" +
			"│  a   │   │\n" +
			"├──────┼───┤\n" +
			"│ x\\ty │ z │\n" +
			"└──────┴───┘\n"},
		{"header only", New(1, "name", "count"), "" +
			"┌──────┬───────┐\n" +
			"│ name │ count │\n" +
			"└──────┴───────┘\n"},
		{"empty", New(0), ""},
	} {
		var b bytes.Buffer
		if err := tc.tab.Text(&b); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, b.String(), tc.want)
		}
	}
}

// table adds rows to tab and returns it.
func table(tab *Table, rows ...[]string) *Table {
	for _, r := range rows {
		tab.Add(r...)
	}
	return tab
}
