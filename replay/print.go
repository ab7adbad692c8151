package replay

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/tooleval/tooleval/metrics"
)

// causeOrder ranks failure causes from the most to the least severe.
var causeOrder = []string{CauseError, CauseParser, "retrieval_miss", "selection", "arguments"}

func causeRank(c string) int {
	for i, x := range causeOrder {
		if x == c {
			return i
		}
	}
	return len(causeOrder)
}

// Worst returns up to n failed cases of a configuration, taking the
// causes in turn from the most severe (broken, parser, retrieval miss,
// selection, arguments) so every kind of failure shows; within a cause the
// lowest recall comes first, then suite order.
func Worst(c *ConfigResult, n int) []*CaseResult {
	byCause := map[string][]*CaseResult{}
	var causes []string
	for _, r := range c.Results {
		if r.Passed {
			continue
		}
		if _, ok := byCause[r.Cause]; !ok {
			causes = append(causes, r.Cause)
		}
		byCause[r.Cause] = append(byCause[r.Cause], r)
	}
	sort.SliceStable(causes, func(i, j int) bool { return causeRank(causes[i]) < causeRank(causes[j]) })
	for _, rs := range byCause {
		sort.SliceStable(rs, func(i, j int) bool {
			if rs[i].Recall != rs[j].Recall {
				return rs[i].Recall < rs[j].Recall
			}
			return rs[i].Line < rs[j].Line
		})
	}
	var out []*CaseResult
	for round := 0; len(out) < n; round++ {
		added := false
		for _, cause := range causes {
			if rs := byCause[cause]; round < len(rs) && len(out) < n {
				out = append(out, rs[round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}

// Detail says in one line what went wrong with a case.
func Detail(r *CaseResult) string {
	switch {
	case r.Passed:
		return ""
	case r.Cause == CauseError:
		return r.Error
	case r.Cause == CauseParser:
		return r.Parse.Disagreement
	case r.Cause == "retrieval_miss":
		return "not injected: " + strings.Join(r.Missed, ", ")
	case r.Calls != nil && len(r.Calls.Problems) > 0:
		p := r.Calls.Problems[0]
		for _, q := range r.Calls.Problems {
			if q.Code == r.Calls.Code {
				p = q
				break
			}
		}
		return p.String()
	}
	return ""
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// score prints a retrieval average, or "-" when no case was scored.
func score(x float64, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", x)
}

// summaryRow is one configuration's line in the table and the Markdown.
func summaryHeader() []string {
	return []string{"config", "recall", "comp", "ndcg", "p@k", "noise", "tokens", "saved", "call acc", "wrong args", "selection", "abstain", "parser fail", "pass"}
}

func summaryRow(c *ConfigResult) []string {
	m := &c.Metrics
	return []string{
		c.Config.Name, fmt.Sprintf("%.3f", m.Recall), fmt.Sprintf("%.3f", m.Comp), fmt.Sprintf("%.3f", m.NDCG),
		fmt.Sprintf("%.3f", m.Precision), pct(m.Noise), fmt.Sprintf("%.0f", m.InjectedTokens), pct(m.TokenReduction),
		fmt.Sprintf("%s (%d)", pct(m.CallAccuracy), m.CallCases),
		fmt.Sprintf("%s (%d/%d)", pct(m.WrongArgRate), m.WrongArgCalls, m.ToolCalls),
		pct(m.SelectionAccuracy), fmt.Sprintf("%s (%d)", pct(m.AbstentionAccuracy), m.AbstentionCases),
		fmt.Sprintf("%d/%d", m.ParserFailures, m.Transcripts), fmt.Sprintf("%d/%d", m.Passed, m.Cases),
	}
}

func groupHeader() []string {
	return []string{"group", "cases", "recall", "call acc", "wrong args", "pass"}
}

func groupRow(g Group) []string {
	m := &g.Metrics
	return []string{g.Name, fmt.Sprint(m.Cases), score(m.Recall, m.RetrievalCases), fmt.Sprintf("%s (%d)", pct(m.CallAccuracy), m.CallCases),
		fmt.Sprintf("%s (%d/%d)", pct(m.WrongArgRate), m.WrongArgCalls, m.ToolCalls), fmt.Sprintf("%d/%d", m.Passed, m.Cases)}
}

func causesRow(c *ConfigResult) []string {
	row := []string{c.Config.Name}
	for _, cause := range []string{"retrieval_miss", "selection", "arguments", CauseParser, CauseError} {
		row = append(row, fmt.Sprint(c.Metrics.Causes[cause]))
	}
	return row
}

func newTable(w io.Writer) *tablewriter.Table {
	return tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAutoWrap(tw.WrapNone))
}

// WriteTable prints the report as tables grouped by configuration, with
// up to worst failed cases listed under each.
func WriteTable(w io.Writer, rep *Report, worst int) error {
	shard := ""
	if rep.Shard != "" {
		shard = ", shard " + rep.Shard
	}
	fmt.Fprintf(w, "Suite %s: %d cases, %d configurations%s; tokens in %s, %s variant\n\n", rep.Suite, rep.Cases, len(rep.Configs), shard, rep.Encoding, firstOr(rep.Variants, "-"))
	t := newTable(w)
	t.Header(summaryHeader())
	for _, c := range rep.Configs {
		t.Append(summaryRow(c))
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nFailures by cause")
	t = newTable(w)
	t.Header([]string{"config", "retrieval_miss", "selection", "arguments", "parser", "error"})
	for _, c := range rep.Configs {
		t.Append(causesRow(c))
	}
	if err := t.Render(); err != nil {
		return err
	}
	if len(rep.Configs) > 0 && len(rep.Configs[0].Metrics.Codes) > 0 {
		fmt.Fprintln(w, "\nCall checks (first failing check per case)")
		t = newTable(w)
		t.Header([]string{"check", "cases"})
		for _, code := range codeOrder(rep.Configs[0].Metrics.Codes) {
			t.Append([]string{code, fmt.Sprint(rep.Configs[0].Metrics.Codes[code])})
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	if len(rep.Configs) > 0 && len(rep.Configs[0].Groups) > 0 {
		fmt.Fprintf(w, "\nBy language and tag (%s)\n", rep.Configs[0].Config.Name)
		t = newTable(w)
		t.Header(groupHeader())
		for _, g := range rep.Configs[0].Groups {
			t.Append(groupRow(g))
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "\nPrompt variants (tokens of the injected tools; gold-call parameters the prompt does not show)")
	t = newTable(w)
	t.Header([]string{"config", "variant", "tokens", "noise tokens", "catalog tokens", "saved", "hidden params"})
	for _, c := range rep.Configs {
		for _, v := range c.Variants {
			t.Append([]string{c.Config.Name, v.Variant, fmt.Sprintf("%.0f", v.InjectedTokens), fmt.Sprintf("%.0f", v.NoiseTokens),
				fmt.Sprintf("%.0f", v.CatalogTokens), pct(v.TokenReduction), fmt.Sprintf("%d/%d", v.HiddenParams, v.GoldParams)})
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	for _, c := range rep.Configs {
		ws := Worst(c, worst)
		if len(ws) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s: worst cases (%d of %d failed)\n", c.Config.Name, len(ws), c.Metrics.Failed)
		t = newTable(w)
		t.Header([]string{"case", "line", "cause", "detail"})
		for _, r := range ws {
			t.Append([]string{r.ID, fmt.Sprint(r.Line), r.Cause, clip(Detail(r), 100)})
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	return nil
}

// codeOrder lists the codes present: ok first, then in checking order.
func codeOrder(codes map[string]int) []string {
	out := []string{}
	if _, ok := codes["ok"]; ok {
		out = append(out, "ok")
	}
	for _, c := range metrics.Codes {
		if _, ok := codes[string(c)]; ok {
			out = append(out, string(c))
		}
	}
	return out
}

func firstOr(xs []string, def string) string {
	if len(xs) == 0 {
		return def
	}
	return xs[0]
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// WriteMarkdown prints the report as GitHub-flavoured Markdown, for CI
// job summaries.
func WriteMarkdown(w io.Writer, rep *Report, worst int) error {
	fmt.Fprintf(w, "## tooleval replay: %s\n\n%d cases, %d configurations", rep.Suite, rep.Cases, len(rep.Configs))
	if rep.Shard != "" {
		fmt.Fprintf(w, ", shard %s", rep.Shard)
	}
	fmt.Fprintf(w, "; tokens in %s, %s variant.\n\n", rep.Encoding, firstOr(rep.Variants, "-"))
	mdTable(w, summaryHeader(), func(row func([]string)) {
		for _, c := range rep.Configs {
			row(summaryRow(c))
		}
	})
	fmt.Fprintln(w, "\n### Failures by cause")
	fmt.Fprintln(w)
	mdTable(w, []string{"config", "retrieval_miss", "selection", "arguments", "parser", "error"}, func(row func([]string)) {
		for _, c := range rep.Configs {
			row(causesRow(c))
		}
	})
	if len(rep.Configs) > 0 && len(rep.Configs[0].Groups) > 0 {
		fmt.Fprintf(w, "\n### By language and tag (%s)\n\n", mdEscape(rep.Configs[0].Config.Name))
		mdTable(w, groupHeader(), func(row func([]string)) {
			for _, g := range rep.Configs[0].Groups {
				row(groupRow(g))
			}
		})
	}
	fmt.Fprintln(w, "\n### Prompt variants")
	fmt.Fprintln(w)
	mdTable(w, []string{"config", "variant", "tokens", "noise tokens", "saved", "hidden params"}, func(row func([]string)) {
		for _, c := range rep.Configs {
			for _, v := range c.Variants {
				row([]string{c.Config.Name, v.Variant, fmt.Sprintf("%.0f", v.InjectedTokens), fmt.Sprintf("%.0f", v.NoiseTokens),
					pct(v.TokenReduction), fmt.Sprintf("%d/%d", v.HiddenParams, v.GoldParams)})
			}
		}
	})
	for _, c := range rep.Configs {
		ws := Worst(c, worst)
		if len(ws) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n<details><summary>%s: worst cases (%d of %d failed)</summary>\n\n", mdEscape(c.Config.Name), len(ws), c.Metrics.Failed)
		mdTable(w, []string{"case", "line", "cause", "detail"}, func(row func([]string)) {
			for _, r := range ws {
				row([]string{r.ID, fmt.Sprint(r.Line), r.Cause, clip(Detail(r), 160)})
			}
		})
		fmt.Fprintln(w, "\n</details>")
	}
	return nil
}

func mdTable(w io.Writer, header []string, rows func(func([]string))) {
	line := func(cells []string) {
		for i := range cells {
			cells[i] = mdEscape(cells[i])
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	line(append([]string(nil), header...))
	seps := make([]string, len(header))
	for i := range seps {
		seps[i] = "---"
		if i > 0 {
			seps[i] = "---:"
		}
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
	rows(line)
}

func mdEscape(s string) string {
	r := strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "\n", " ")
	return r.Replace(s)
}

// JUnit XML shapes.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Name    string       `xml:"name,attr"`
	Tests   int          `xml:"tests,attr"`
	Fails   int          `xml:"failures,attr"`
	Errors  int          `xml:"errors,attr"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name   string      `xml:"name,attr"`
	Tests  int         `xml:"tests,attr"`
	Fails  int         `xml:"failures,attr"`
	Errors int         `xml:"errors,attr"`
	Cases  []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML: one test suite per
// configuration, one test case per suite case; wrong answers are failures,
// cases that could not be replayed are errors.
func WriteJUnit(w io.Writer, rep *Report) error {
	all := junitSuites{Name: "tooleval replay " + rep.Suite}
	for _, c := range rep.Configs {
		s := junitSuite{Name: c.Config.Name, Tests: len(c.Results)}
		for _, r := range c.Results {
			jc := junitCase{Name: r.ID, Classname: rep.Suite + " " + c.Config.Name}
			if !r.Passed {
				p := &junitProblem{Message: r.Cause + ": " + clip(Detail(r), 200), Type: r.Cause, Body: caseBody(r)}
				if r.Cause == CauseError {
					jc.Error = p
					s.Errors++
				} else {
					jc.Failure = p
					s.Fails++
				}
			}
			s.Cases = append(s.Cases, jc)
		}
		all.Tests += s.Tests
		all.Fails += s.Fails
		all.Errors += s.Errors
		all.Suites = append(all.Suites, s)
	}
	io.WriteString(w, xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// caseBody is the long description of a failed case for JUnit.
func caseBody(r *CaseResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "line %d; injected: %s\n", r.Line, strings.Join(r.Injected, ", "))
	if len(r.Missed) > 0 {
		fmt.Fprintf(&b, "not injected: %s\n", strings.Join(r.Missed, ", "))
	}
	if r.Error != "" {
		fmt.Fprintf(&b, "error: %s\n", r.Error)
	}
	if r.Parse != nil && r.Parse.Disagreement != "" {
		fmt.Fprintf(&b, "parser: %s\n", r.Parse.Disagreement)
	}
	if r.Calls != nil {
		for _, p := range r.Calls.Problems {
			fmt.Fprintf(&b, "%s\n", p)
		}
	}
	return b.String()
}
