package texttable

import (
	"fmt"
	"io"
	"strings"

	"github.com/clipperhouse/displaywidth"

	"github.com/tooleval/tooleval/internal/safetext"
)

// Table is a table: column names, which columns are numbers
// (right-aligned), rows of cells.
type Table struct {
	Header []string
	Num    []bool
	Rows   [][]string
}

// New makes a table whose first textCols columns hold text and the
// others numbers.
func New(textCols int, header ...string) *Table {
	t := &Table{Header: header, Num: make([]bool, len(header))}
	for i := textCols; i < len(header); i++ {
		t.Num[i] = true
	}
	return t
}

// Add appends a row.
func (t *Table) Add(cells ...string) { t.Rows = append(t.Rows, cells) }

// Text draws the table as a box for the terminal: the header centred
// under a rule, text columns left-aligned, number columns right-aligned,
// each cell trimmed and escaped for the terminal, one space of padding on
// each side. A table with neither header nor rows draws nothing.
func (t *Table) Text(w io.Writer) error {
	header := trimAll(escapeAll(t.Header, safetext.Terminal))
	rows := make([][]string, len(t.Rows))
	cols := len(header)
	for i, r := range t.Rows {
		rows[i] = trimAll(escapeAll(r, safetext.Terminal))
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return nil
	}
	widths := make([]int, cols)
	for _, r := range append([][]string{header}, rows...) {
		for i, c := range r {
			widths[i] = max(widths[i], displaywidth.String(c))
		}
	}
	var b strings.Builder
	rule := func(left, mid, right string) {
		b.WriteString(left)
		for i, n := range widths {
			if i > 0 {
				b.WriteString(mid)
			}
			b.WriteString(strings.Repeat("─", n+2))
		}
		b.WriteString(right + "\n")
	}
	line := func(cells []string, align func(col, pad int) (left int)) {
		for i, n := range widths {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			pad := n - displaywidth.String(c)
			left := align(i, pad)
			b.WriteString("│ ")
			b.WriteString(strings.Repeat(" ", left))
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", pad-left+1))
		}
		b.WriteString("│\n")
	}
	rule("┌", "┬", "┐")
	if len(header) > 0 {
		line(header, func(_, pad int) int { return pad / 2 })
		if len(rows) > 0 {
			rule("├", "┼", "┤")
		}
	}
	for _, r := range rows {
		line(r, func(col, pad int) int {
			if col < len(t.Num) && t.Num[col] {
				return pad
			}
			return 0
		})
	}
	rule("└", "┴", "┘")
	_, err := io.WriteString(w, b.String())
	return err
}

// trimAll trims the spaces around each cell, in place.
func trimAll(cells []string) []string {
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

// Overhead is how many columns Text's borders and padding take for a
// table of n columns.
func Overhead(n int) int { return 1 + 3*n }

// Width is how many terminal columns Text draws the table in.
func (t *Table) Width() int {
	w := Overhead(len(t.Header))
	for i := range t.Header {
		w += t.ColumnWidth(i)
	}
	return w
}

// ColumnWidth is how many terminal columns the widest cell of column i
// takes (wide runes count two).
func (t *Table) ColumnWidth(i int) int {
	n := displaywidth.String(strings.TrimSpace(safetext.Terminal(t.Header[i])))
	for _, r := range t.Rows {
		if i < len(r) {
			n = max(n, displaywidth.String(strings.TrimSpace(safetext.Terminal(r[i]))))
		}
	}
	return n
}

// Markdown writes the table as GitHub-flavoured Markdown.
func (t *Table) Markdown(w io.Writer) {
	line := func(cells []string) {
		fmt.Fprintf(w, "| %s |\n", strings.Join(escapeAll(cells, safetext.Markdown), " | "))
	}
	line(t.Header)
	seps := make([]string, len(t.Header))
	for i, n := range t.Num {
		seps[i] = ":---"
		if n {
			seps[i] = "---:"
		}
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
	for _, r := range t.Rows {
		line(r)
	}
}

// escapeAll returns the cells escaped by esc.
func escapeAll(cells []string, esc func(string) string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = esc(c)
	}
	return out
}

// Clip shortens s to at most n terminal columns (a Chinese character
// takes two, as in the tables), ending it with … when cut; line breaks
// become spaces.
func Clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if displaywidth.String(s) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	w := 0
	for i, r := range s {
		rw := displaywidth.Rune(r)
		if w+rw > n-1 {
			return s[:i] + "…"
		}
		w += rw
	}
	return s
}
