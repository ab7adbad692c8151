package suite

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

// examplesReadme describes the embedded example suite; what it counts is
// generated from the suite (TestExamplesReadmeTables) or checked against
// it (TestExamplesReadmeCounts, TestExamplesReadmeCatalogs).
const examplesReadme = "examples/README.md"

func loadExamplesT(t *testing.T) *Suite {
	t.Helper()
	s, err := LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestExamplesReadmeCounts: the counts the examples' README states in prose
// (cases, cases not recorded under the search strategies, which
// trajectories declare a search tool) are those of the embedded suite.
func TestExamplesReadmeCounts(t *testing.T) {
	s := loadExamplesT(t)
	tags := map[string]int{}
	for _, c := range s.Cases {
		if (len(c.Steps) > 0 || len(c.StepTrials) > 0) && (c.SearchTool == nil) != (c.ID == "traj-fs-subset-015") {
			t.Errorf("%s: search tool %v; the README says every trajectory but traj-fs-subset-015 declares one", c.ID, c.SearchTool)
		}
		for _, tag := range c.Tags {
			tags[tag]++
		}
	}
	b, err := os.ReadFile(examplesReadme)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		re   string
		want int
	}{
		{`suite\.jsonl` + "`" + ` \((\d+) cases`, len(s.Cases)},
		{`Four trajectories hold`, 0},
		{`the\s+other (\d+) are counted as not recorded`, len(s.Cases) - tags["strategies"]},
	} {
		m := regexp.MustCompile(tc.re).FindSubmatch(b)
		if m == nil {
			t.Errorf("%s has no match for %s", examplesReadme, tc.re)
			continue
		}
		if len(m) < 2 {
			continue
		}
		if n, _ := strconv.Atoi(string(m[1])); n != tc.want {
			t.Errorf("%s says %d for %s; the suite has %d", examplesReadme, n, tc.re, tc.want)
		}
	}
	if tags["strategies"] != 4 {
		t.Errorf("%d cases tagged strategies; the README's strategy table shows four", tags["strategies"])
	}
}

// TestExamplesReadmeCatalogs: the catalog table has one row per file under
// examples/catalogs, with the number of tools the file loads to.
func TestExamplesReadmeCatalogs(t *testing.T) {
	s := loadExamplesT(t)
	tools := map[string]int{}
	for _, c := range s.Cases {
		if cat := s.Catalog(c); cat != nil && strings.HasPrefix(c.Catalog, "catalogs/") {
			tools[c.Catalog] = cat.Len()
		}
	}
	entries, err := Examples.ReadDir("examples/catalogs")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(examplesReadme)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(catalogs/[^`]+)` \\|.*?\\| (\\d+) \\|").FindAllSubmatch(b, -1) {
		rows[string(m[1])], _ = strconv.Atoi(string(m[2]))
	}
	for _, e := range entries {
		file := "catalogs/" + e.Name()
		n, ok := rows[file]
		switch {
		case !ok:
			t.Errorf("%s: the catalog table has no row for %s", examplesReadme, file)
		case n != tools[file]:
			t.Errorf("%s: the catalog table gives %s %d tools; it loads %d (no case uses it: %v)", examplesReadme, file, n, tools[file], tools[file] == 0)
		}
		delete(rows, file)
	}
	for file := range rows {
		t.Errorf("%s: the catalog table names %s, which is not in examples/catalogs", examplesReadme, file)
	}
}

// TestExamplesReadmeTables: the examples' README tables and lists of the
// suite (cases per format, per variant and per tag, the trajectories) are
// rendered from the embedded suite; go test -run TestExamplesReadmeTables
// -update rewrites them.
func TestExamplesReadmeTables(t *testing.T) {
	s := loadExamplesT(t)
	golden.Section(t, examplesReadme, "formats", formatTable(s), *update)
	golden.Section(t, examplesReadme, "variants", countList("Cases by the `variant` of their transcript:", variantCounts(s)), *update)
	golden.Section(t, examplesReadme, "tags", countList("Cases per tag:", tagCounts(s)), *update)
	golden.Section(t, examplesReadme, "trajectories", trajectoryLine(s), *update)
}

// transcripts are the case's recorded outputs: its transcript, its trials,
// or the steps of its trajectory (every trial).
func transcripts(c *Case) []*Transcript {
	ts := slices.Clone(c.Transcripts)
	if c.Transcript != nil {
		ts = append(ts, c.Transcript)
	}
	for _, trial := range append([][]*Step{c.Steps}, c.StepTrials...) {
		for _, st := range trial {
			if st.Transcript != nil {
				ts = append(ts, st.Transcript)
			}
		}
	}
	return ts
}

// formatRow is what a row of the format table groups a case under: its
// transcript's format, or what it has instead of one transcript.
func formatRow(c *Case) string {
	switch ts := transcripts(c); {
	case len(c.Steps) > 0 || len(c.StepTrials) > 0:
		return "trajectory (`steps`)"
	case len(ts) == 0:
		return "no transcript"
	default:
		return "`" + ts[0].FormatName() + "`"
	}
}

func hasTag(c *Case, tag string) bool { return slices.Contains(c.Tags, tag) }

// formatTable is the table of cases per format, one row for every format
// a case is recorded in, trajectories and cases without a transcript last.
func formatTable(s *Suite) []byte {
	cols := []struct {
		head string
		has  func(c *Case) bool
	}{
		{"en", func(c *Case) bool { return c.Lang == "en" }},
		{"zh", func(c *Case) bool { return c.Lang == "zh" }},
		{"`correct`", func(c *Case) bool { return hasTag(c, "correct") }},
		{"`deliberate_failure`", func(c *Case) bool { return hasTag(c, "deliberate_failure") }},
		{"`parallel`", func(c *Case) bool { return hasTag(c, "parallel") }},
		{"gold = no call", func(c *Case) bool { return c.GoldCalls != nil && len(c.GoldCalls) == 0 }},
		{"recorded `chunks`", func(c *Case) bool {
			return slices.ContainsFunc(transcripts(c), func(t *Transcript) bool { return len(t.Chunks) > 0 })
		}},
		{"in `transcripts/`", func(c *Case) bool {
			return slices.ContainsFunc(transcripts(c), func(t *Transcript) bool { return t.File != "" })
		}},
	}
	rows := map[string][]int{}
	total := make([]int, len(cols)+1)
	for _, c := range s.Cases {
		k := formatRow(c)
		if rows[k] == nil {
			rows[k] = make([]int, len(cols)+1)
		}
		for _, r := range [][]int{rows[k], total} {
			r[0]++
			for j, col := range cols {
				if col.has(c) {
					r[j+1]++
				}
			}
		}
	}
	last := func(k string) int {
		return map[string]int{"trajectory (`steps`)": 1, "no transcript": 2}[k]
	}
	keys := slices.SortedFunc(maps.Keys(rows), func(a, b string) int {
		return cmp.Or(cmp.Compare(last(a), last(b)), cmp.Compare(rows[b][0], rows[a][0]), strings.Compare(a, b))
	})
	var sb strings.Builder
	sb.WriteString("| format | cases |")
	align := "| --- | ---: |"
	for _, col := range cols {
		sb.WriteString(" " + col.head + " |")
		align += " ---: |"
	}
	sb.WriteString("\n" + align + "\n")
	line := func(name string, r []int, bold bool) {
		sb.WriteString("| " + name + " |")
		for i, n := range r {
			if bold && i == 0 {
				fmt.Fprintf(&sb, " **%d** |", n)
			} else {
				fmt.Fprintf(&sb, " %d |", n)
			}
		}
		sb.WriteString("\n")
	}
	for _, k := range keys {
		line(k, rows[k], false)
	}
	line("**total**", total, true)
	return []byte(sb.String())
}

type count struct {
	name string
	n    int
}

// sortedCounts orders counts by number, most first, then by name.
func sortedCounts(m map[string]int) []count {
	cs := make([]count, 0, len(m))
	for k, n := range m {
		cs = append(cs, count{k, n})
	}
	slices.SortFunc(cs, func(a, b count) int { return cmp.Or(cmp.Compare(b.n, a.n), strings.Compare(a.name, b.name)) })
	return cs
}

func variantCounts(s *Suite) []count {
	m := map[string]int{}
	for _, c := range s.Cases {
		if ts := transcripts(c); len(ts) > 0 && ts[0].Variant != "" {
			m[ts[0].Variant]++
		}
	}
	return sortedCounts(m)
}

func tagCounts(s *Suite) []count {
	m := map[string]int{}
	for _, c := range s.Cases {
		for _, tag := range c.Tags {
			m[tag]++
		}
	}
	return sortedCounts(m)
}

// countList writes "`name` n" items after a lead, wrapped at 100 columns.
func countList(lead string, cs []count) []byte {
	words := strings.Fields(lead)
	for i, c := range cs {
		sep := ","
		if i == len(cs)-1 {
			sep = "."
		}
		words = append(words, fmt.Sprintf("`%s` %d%s", c.name, c.n, sep))
	}
	return wrap(words)
}

// wrap joins words into lines of at most 100 columns.
func wrap(words []string) []byte {
	var b []byte
	width := 0
	for _, w := range words {
		switch {
		case width == 0:
		case width+1+len(w) > 100:
			b = append(b, '\n')
			width = 0
		default:
			b = append(b, ' ')
			width++
		}
		b = append(b, w...)
		width += len(w)
	}
	return append(b, '\n')
}

// trajectoryLine counts the trajectories: steps, languages, catalogs.
func trajectoryLine(s *Suite) []byte {
	n, minSteps, maxSteps := 0, 0, 0
	langs := map[string]int{}
	cats := map[string]bool{}
	for _, c := range s.Cases {
		if len(c.Steps) == 0 && len(c.StepTrials) == 0 {
			continue
		}
		for _, steps := range append([][]*Step{c.Steps}, c.StepTrials...) {
			if len(steps) > 0 {
				minSteps = cmp.Or(min(minSteps, len(steps)), len(steps))
				maxSteps = max(maxSteps, len(steps))
			}
		}
		n++
		langs[c.Lang]++
		cats["`"+c.Catalog+"`"] = true
	}
	return wrap(strings.Fields(fmt.Sprintf("%d cases are multi-step trajectories (`steps`, or `step_trials`), of %d to %d steps: "+
		"%d English and %d Chinese, on %s.", n, minSteps, maxSteps, langs["en"], langs["zh"],
		strings.Join(slices.Sorted(maps.Keys(cats)), ", "))))
}
