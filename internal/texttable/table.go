package texttable

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/tw"

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

// Text draws the table as a box for the terminal.
func (t *Table) Text(w io.Writer) error {
	align := make(tw.Alignment, len(t.Header))
	for i, n := range t.Num {
		align[i] = tw.AlignLeft
		if n {
			align[i] = tw.AlignRight
		}
	}
	tab := tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}))
	tab.Header(escapeAll(t.Header, safetext.Terminal))
	for _, r := range t.Rows {
		tab.Append(escapeAll(r, safetext.Terminal))
	}
	return tab.Render()
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
	n := twwidth.Width(safetext.Terminal(t.Header[i]))
	for _, r := range t.Rows {
		if i < len(r) {
			n = max(n, twwidth.Width(safetext.Terminal(r[i])))
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
	if twwidth.Width(s) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	w := 0
	for i, r := range s {
		rw := twwidth.Width(string(r))
		if w+rw > n-1 {
			return s[:i] + "…"
		}
		w += rw
	}
	return s
}
