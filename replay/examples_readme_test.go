package replay

import (
	"cmp"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

const examplesReadme = "../suite/examples/README.md"

// checkExamplesReadme renders the examples README's tables of what a run
// observes (per failure class, and the headline metrics) from the k=5
// configuration of the embedded suite's run, and compares them with the
// README (go test ./replay -run TestEmbeddedExamples -update rewrites
// them).
func checkExamplesReadme(t *testing.T, s *suite.Suite, c *report.ConfigResult) {
	t.Helper()
	b, err := os.ReadFile(examplesReadme)
	if err != nil {
		t.Fatal(err)
	}
	classes := failureClasses(b)
	if len(classes) == 0 {
		t.Fatalf("%s: no failure class table (| class (tag) | example |)", examplesReadme)
	}
	tagged := map[string]int{}
	for _, cs := range s.Cases {
		for _, tag := range cs.Tags {
			tagged[tag]++
		}
	}
	for _, tag := range classes {
		if tagged[tag] == 0 {
			t.Errorf("%s: the failure class table names tag %s, which no case has", examplesReadme, tag)
		}
	}
	golden.Section(t, examplesReadme, "observed", observedTable(classes, c), *update)
	golden.Section(t, examplesReadme, "metrics", metricsTable(c), *update)
}

// failureClasses are the tags of the README's failure class table: the
// `tag` in parentheses of each row's first cell.
func failureClasses(readme []byte) []string {
	_, table, ok := strings.Cut(string(readme), "| class (tag) | example |")
	if !ok {
		return nil
	}
	if i := strings.Index(table, "\n\n"); i >= 0 {
		table = table[:i]
	}
	var tags []string
	for _, m := range regexp.MustCompile("(?m)^\\| [^|]*\\(`([a-z_]+)`\\) \\|").FindAllStringSubmatch(table, -1) {
		tags = append(tags, m[1])
	}
	return tags
}

// observedTable gives, for each class tag, the cases tagged, how many
// passed, the first failing call check of those that failed, and their
// failure causes.
func observedTable(classes []string, c *report.ConfigResult) []byte {
	var sb strings.Builder
	sb.WriteString("| tag | cases | passed | first failing check | cause |\n| --- | ---: | ---: | --- | --- |\n")
	for _, tag := range classes {
		n, passed := 0, 0
		codes, causes := map[string]int{}, map[string]int{}
		for _, r := range c.Results {
			if !slices.Contains(r.Tags, tag) {
				continue
			}
			n++
			if r.Passed {
				passed++
				continue
			}
			causes[r.Cause]++
			if r.Calls != nil && r.Calls.Code != "" {
				codes[string(r.Calls.Code)]++
			}
		}
		fmt.Fprintf(&sb, "| `%s` | %d | %d | %s | %s |\n", tag, n, passed, counted(codes), counted(causes))
	}
	return []byte(sb.String())
}

// counted writes "`a` 3, `b` 1", most first, then by name; "—" for none.
func counted(m map[string]int) string {
	if len(m) == 0 {
		return "—"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), strings.Compare(a, b)) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("`%s` %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// metricsTable is the headline of the configuration.
func metricsTable(c *report.ConfigResult) []byte {
	m := c.Metrics
	pct := func(p *float64, format string) string {
		if p == nil {
			return "n/a"
		}
		return fmt.Sprintf(format, *p*100)
	}
	recall := "n/a"
	if m.Recall != nil {
		recall = fmt.Sprintf("%.2f", *m.Recall)
	}
	rows := [][2]string{
		{"configuration", "`" + c.Config.Name + "`"},
		{"pass rate", fmt.Sprintf("%d / %d", m.Passed, m.Cases)},
		{"cause of failure", counted(m.Causes)},
		{"Recall@k", recall},
		{"noise", pct(m.Noise, "%.0f%%")},
		{"wrong-argument rate", pct(m.WrongArgRate, "%.1f%%")},
		{"tool-selection accuracy", pct(m.SelectionAccuracy, "%.0f%%")},
		{"abstention accuracy", pct(m.AbstentionAccuracy, "%.0f%%") + fmt.Sprintf(" (%d / %d)", m.AbstentionCorrect, m.AbstentionCases)},
		{"parser disagreements", fmt.Sprint(m.ParserFailures)},
	}
	var sb strings.Builder
	sb.WriteString("| metric | value |\n| --- | --- |\n")
	for _, r := range rows {
		fmt.Fprintf(&sb, "| %s | %s |\n", r[0], r[1])
	}
	return []byte(sb.String())
}
