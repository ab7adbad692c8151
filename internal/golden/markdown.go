package golden

import (
	"os"
	"strings"
	"testing"
)

// Doc is a Markdown file (or a section of one) a test checks against the
// code it describes: the README tables that restate a registry, a list of
// codes or a set of flags.
type Doc struct {
	t    testing.TB
	name string // the file, then " › heading" for a section
	text string
}

// ReadDoc reads the Markdown file at path; the test fails if it cannot.
func ReadDoc(t testing.TB, path string) *Doc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return &Doc{t: t, name: path, text: string(b)}
}

// Text is the document's text.
func (d *Doc) Text() string { return d.text }

// Under is the section under the heading line heading ("## Limits"), up
// to the next heading of the same or a higher level; the test fails
// when there is no such heading.
func (d *Doc) Under(heading string) *Doc {
	d.t.Helper()
	level := heading[:strings.IndexByte(heading+" ", ' ')+1] // "## "
	_, rest, ok := strings.Cut("\n"+d.text, "\n"+heading+"\n")
	if !ok {
		d.t.Fatalf("%s has no heading %q", d.name, heading)
	}
	for i := 0; i < len(rest); {
		j := strings.Index(rest[i:], "\n#")
		if j < 0 {
			break
		}
		i += j + 1
		h := rest[i:]
		if k := strings.IndexByte(h, ' '); k > 0 && k+1 <= len(level) && strings.Trim(h[:k], "#") == "" {
			rest = rest[:i-1]
			break
		}
	}
	return &Doc{t: d.t, name: d.name + " › " + strings.TrimLeft(heading, "# "), text: rest}
}

// Table is the body of the first table whose header row is header
// ("| repair | applies when | what it does |"): each row's cells, the
// outer pipes and the spaces around each cell removed ("\|" inside a cell
// stays). The test fails when there is no such table.
func (d *Doc) Table(header string) [][]string {
	d.t.Helper()
	_, rest, ok := strings.Cut("\n"+d.text, "\n"+header+"\n")
	if !ok {
		d.t.Fatalf("%s has no table %s", d.name, header)
	}
	var rows [][]string
	for i, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "|") {
			break
		}
		if i == 0 { // | --- | --- |
			continue
		}
		rows = append(rows, cells(line))
	}
	return rows
}

// cells splits a table row at its pipes, except escaped ones ("\|").
func cells(row string) []string {
	var out []string
	start := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			out = append(out, strings.TrimSpace(row[start:i]))
			start = i + 1
		}
	}
	out = append(out, strings.TrimSpace(row[start:]))
	// The text before the first pipe and after the last is not a cell.
	return out[1 : len(out)-1]
}
