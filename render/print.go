package render

import (
	"encoding/xml"
	"fmt"
	"github.com/tooleval/tooleval/internal/safetext"
	"io"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tooleval/tooleval/internal/texttable"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/toolcall"
)

// Worst returns up to n failed cases of a configuration, taking the
// causes in turn from the most severe (broken, parser, retrieval miss,
// selection, arguments) so every kind of failure shows; within a cause the
// lowest recall comes first, then suite order.
func Worst(c *report.ConfigResult, n int) []*report.CaseResult {
	byCause := map[string][]*report.CaseResult{}
	var causes []string
	for _, r := range c.Results {
		if r.Passed || r.NotRecorded {
			continue
		}
		if _, ok := byCause[r.Cause]; !ok {
			causes = append(causes, r.Cause)
		}
		byCause[r.Cause] = append(byCause[r.Cause], r)
	}
	sort.SliceStable(causes, func(i, j int) bool { return report.CauseRank(causes[i]) < report.CauseRank(causes[j]) })
	for _, rs := range byCause {
		sort.SliceStable(rs, func(i, j int) bool {
			if rs[i].Recall != rs[j].Recall {
				return rs[i].Recall < rs[j].Recall
			}
			return rs[i].Line < rs[j].Line
		})
	}
	var out []*report.CaseResult
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

// Detail says in one line what went wrong with a case (for a case with
// several trials, how many passed and what went wrong in the first that
// failed), and how its calls were judged when that is not the default
// (its match mode, the repairs applied before judging and those each of
// which would have fixed it).
func Detail(r *report.CaseResult) string {
	if r.NotRecorded {
		return notRecordedDetail
	}
	d := failure(r)
	if i := firstFailingTrial(r); i > 0 && !r.Passed {
		t := fmt.Sprintf("%s; trial %d: %s", trialTally(r), i, r.Cause)
		if d != "" {
			t += ": " + d
		}
		d = t
	}
	if note := judgingNote(r); note != "" && !r.Passed {
		d += " [" + note + "]"
	}
	return d
}

// failure says in one line what went wrong with a case.
func failure(r *report.CaseResult) string {
	switch {
	case r.Passed:
		return ""
	case r.Trajectory != nil && r.Cause != report.CauseError:
		return trajectoryDetail(r.Trajectory)
	case r.Cause == report.CauseError:
		return r.Error
	case r.Cause == report.CauseParser:
		return r.Parse.Disagreement
	case r.Cause == "retrieval_miss" && r.ZeroMatch:
		return "not injected: " + strings.Join(r.Missed, ", ") + " (zero match: no query term is in the catalog)"
	case r.Cause == "retrieval_miss":
		return "not injected: " + strings.Join(r.Missed, ", ")
	case r.Calls != nil && len(r.Calls.Problems) > 0:
		return firstProblem(r.Calls)
	}
	return ""
}

// firstProblem describes a call verdict's first failing check (its Code's
// first problem).
func firstProblem(c *metrics.CallsResult) string {
	p := c.Problems[0]
	for _, q := range c.Problems {
		if q.Code == c.Code {
			p = q
			break
		}
	}
	return p.String()
}

// The cell formats: a nil value (nothing measured) is "n/a".
const na = "n/a"

func pct(x *float64) string {
	if x == nil {
		return na
	}
	return fmt.Sprintf("%.1f%%", 100**x)
}

func num3(x *float64) string {
	if x == nil {
		return na
	}
	return fmt.Sprintf("%.3f", *x)
}

func num0(x *float64) string {
	if x == nil {
		return na
	}
	return fmt.Sprintf("%.0f", *x)
}

func ms(x *float64) string {
	if x == nil {
		return na
	}
	return fmt.Sprintf("%.0f ms", *x)
}

// grid is the project's one table (internal/texttable): the terminal and
// Markdown printers share it.
type grid = texttable.Table

// section is a table with its title.
type section struct {
	title string
	g     *grid
}

// detailSections are the report's tables after the summary, in the order
// the text and Markdown reports print them; explain adds to some titles the
// longer explanation the text report gives.
func detailSections(rep *report.Report, explain bool) []section {
	title := func(short, more string) string {
		if explain {
			return short + " (" + more + ")"
		}
		return short
	}
	sections := []section{
		{strategyTitle, strategyGrid(rep)},
		{"Failures by cause", causesGrid(rep)},
		{"Call checks (first failing check per case)", codesGrid(rep)},
		{"By language and tag (" + firstConfig(rep) + ")", groupsGrid(rep)},
		{title("Prompt variants", "tokens of the injected tools; gold-call parameters the prompt does not show"), variantsGrid(rep)},
		{"How tokens were counted", countingGrid(rep)},
		{title("Streaming latency", "chunk arrival times of the transcripts"), latencyGrid(rep)},
		{title("Trajectories", "multi-step cases: the model's searches re-retrieve; steps checked one by one"), trajectoryGrid(rep)},
		{"Trajectories: first failing step", trajectoryFailGrid(rep)},
		{matchTitle, matchGrid(rep)},
		{repairTitle, repairGrid(rep)},
	}
	return append(sections, trialSections(rep, 0)...)
}

var newGrid = texttable.New

// summaryGrid is one line per configuration: the headline metrics.
func summaryGrid(rep *report.Report) *grid {
	g := newGrid(1, "config", "recall", "comp", "ndcg", "p@k", "zero match", "noise", "tokens", "saved", "call acc", "wrong args", "selection", "abstain", "parser fail", "pass")
	for _, c := range rep.Configs {
		m := &c.Metrics
		g.Add(c.Config.Name, num3(m.Recall), num3(m.Comp), num3(m.NDCG), num3(m.Precision), fmt.Sprint(m.ZeroMatch), pct(m.Noise), num0(m.InjectedTokens),
			pct(m.TokenReduction), fmt.Sprintf("%s (%d)", pct(m.CallAccuracy), m.CallCases),
			fmt.Sprintf("%s (%d/%d)", pct(m.WrongArgRate), m.WrongArgCalls, m.ToolCalls),
			pct(m.SelectionAccuracy), fmt.Sprintf("%s (%d)", pct(m.AbstentionAccuracy), m.AbstentionCases),
			fmt.Sprintf("%d/%d", m.ParserFailures, m.Transcripts), fmt.Sprintf("%d/%d", m.Passed, m.Cases))
	}
	return g
}

func causesGrid(rep *report.Report) *grid {
	causes := []string{"retrieval_miss", "selection", "arguments", report.CauseParser, report.CauseError}
	// Causes only trajectories have get a column when they occur.
	for _, extra := range []string{"search_query", report.CauseStopped, report.CauseCallInReasoning} {
		for _, c := range rep.Configs {
			if c.Metrics.Causes[extra] > 0 {
				causes = append(causes, extra)
				break
			}
		}
	}
	g := newGrid(1, append([]string{"config"}, causes...)...)
	for _, c := range rep.Configs {
		row := []string{c.Config.Name}
		for _, cause := range causes {
			row = append(row, fmt.Sprint(c.Metrics.Causes[cause]))
		}
		g.Add(row...)
	}
	return g
}

func codesGrid(rep *report.Report) *grid {
	if len(rep.Configs) == 0 || len(rep.Configs[0].Metrics.Codes) == 0 {
		return nil
	}
	g := newGrid(1, "check", "cases")
	codes := rep.Configs[0].Metrics.Codes
	for _, code := range codeOrder(codes) {
		g.Add(code, fmt.Sprint(codes[code]))
	}
	return g
}

func groupsGrid(rep *report.Report) *grid {
	if len(rep.Configs) == 0 || len(rep.Configs[0].Groups) == 0 {
		return nil
	}
	g := newGrid(1, "group", "cases", "recall", "call acc", "wrong args", "pass")
	for _, gr := range rep.Configs[0].Groups {
		m := &gr.Metrics
		g.Add(gr.Name, fmt.Sprint(m.Cases), num3(m.Recall), fmt.Sprintf("%s (%d)", pct(m.CallAccuracy), m.CallCases),
			fmt.Sprintf("%s (%d/%d)", pct(m.WrongArgRate), m.WrongArgCalls, m.ToolCalls), fmt.Sprintf("%d/%d", m.Passed, m.Cases))
	}
	return g
}

func variantsGrid(rep *report.Report) *grid {
	g := newGrid(2, "config", "variant", "tokens", "noise tokens", "catalog tokens", "saved", "hidden params")
	for _, c := range rep.Configs {
		for _, v := range c.Variants {
			g.Add(c.Config.Name, v.Variant, num0(v.InjectedTokens), num0(v.NoiseTokens), num0(v.CatalogTokens), pct(v.TokenReduction),
				fmt.Sprintf("%d/%d", v.HiddenParams, v.GoldParams))
		}
	}
	return g
}

// countingGrid says how each variant's tokens were counted.
func countingGrid(rep *report.Report) *grid {
	if len(rep.Counting) == 0 {
		return nil
	}
	g := newGrid(5, "variant", "counted", "encoding", "exact", "note")
	for _, c := range rep.Counting {
		exact := "no"
		if c.Exact {
			exact = "yes"
		}
		g.Add(c.Variant, c.Counted, c.Encoding, exact, c.Note)
	}
	return g
}

// latencyGrid is the streaming latency per configuration, nil when no
// transcript carried chunk times.
func latencyGrid(rep *report.Report) *grid {
	if len(rep.Configs) == 0 || len(rep.Configs[0].Metrics.Latency.FirstText.Values)+len(rep.Configs[0].Metrics.Latency.FirstCall.Values) == 0 {
		return nil
	}
	g := newGrid(1, "config", "timed", "first text p50", "p95", "first call p50", "p95", "last call end p50", "p95")
	for _, c := range rep.Configs {
		l := &c.Metrics.Latency
		g.Add(c.Config.Name, fmt.Sprint(max(len(l.FirstText.Values), len(l.FirstCall.Values))), ms(l.FirstText.P50), ms(l.FirstText.P95),
			ms(l.FirstCall.P50), ms(l.FirstCall.P95), ms(l.LastCallEnd.P50), ms(l.LastCallEnd.P95))
	}
	return g
}

func worstGrid(c *report.ConfigResult, n, width int) (*grid, int) {
	ws := Worst(c, n)
	if len(ws) == 0 {
		return nil, 0
	}
	g := newGrid(1, "case", "line", "cause", "detail")
	g.Num[3] = false
	g.Num[2] = false
	for _, r := range ws {
		g.Add(r.ID, fmt.Sprint(r.Line), r.Cause, clip(Detail(r), width))
	}
	return g, len(ws)
}

// heading describes the run in one line.
func heading(rep *report.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s", report.Plural(rep.Cases, "case"), report.Plural(len(rep.Configs), "configuration"))
	if rep.Shard != "" {
		fmt.Fprintf(&b, ", shard %s", rep.Shard)
	}
	if len(rep.Filter) > 0 {
		fmt.Fprintf(&b, ", filter %s", strings.Join(rep.Filter, " "))
	}
	if rep.Encoding == "none" {
		fmt.Fprintf(&b, "; tokens not counted")
	} else {
		fmt.Fprintf(&b, "; tokens in %s, %s variant", rep.Encoding, report.FirstOr(rep.Variants, "-"))
	}
	b.WriteString(repairHeading(rep))
	return b.String()
}

// WriteTable prints the whole report as tables (replay -v): the headline
// metrics, every breakdown, up to worst failed cases of each
// configuration, the baseline comparison and verdict when the report has
// them, and last the Outcome line. WriteSummary is the short version.
func WriteTable(w io.Writer, rep *report.Report, worst int) error {
	fmt.Fprintf(w, "Suite %s: %s\n\n", safetext.Terminal(rep.Suite), safetext.Terminal(heading(rep)))
	sections := append([]section{{"", summaryGrid(rep)}}, detailSections(rep, true)...)
	for _, s := range sections {
		if s.g == nil {
			continue
		}
		if s.title != "" {
			fmt.Fprintf(w, "\n%s\n", safetext.Terminal(s.title))
		}
		if err := s.g.Text(w); err != nil {
			return err
		}
		if s.title == strategyTitle {
			for _, l := range strategyNotes(rep, 0) {
				fmt.Fprintln(w, safetext.Terminal(l))
			}
		}
	}
	for _, c := range rep.Configs {
		g, n := worstGrid(c, worst, 100)
		if g == nil {
			continue
		}
		fmt.Fprintf(w, "\n%s: worst cases (%d of %d failed)\n", safetext.Terminal(c.Config.Name), n, c.Metrics.Failed)
		if err := g.Text(w); err != nil {
			return err
		}
	}
	writeGate(w, rep, "\nAgainst the baseline and thresholds\n", "  ", safetext.Terminal, 0)
	_, err := fmt.Fprintf(w, "\n%s\n", safetext.Terminal(Outcome(rep)))
	return err
}

func firstConfig(rep *report.Report) string {
	if len(rep.Configs) == 0 {
		return ""
	}
	return rep.Configs[0].Config.Name
}

// writeGate prints the comparison and the verdict, one bullet per line,
// and at most limit of the changes against the baseline (0: all).
func writeGate(w io.Writer, rep *report.Report, title, bullet string, esc func(string) string, limit int) {
	v, cmp := rep.Verdict, rep.Comparison
	if v == nil && cmp == nil {
		return
	}
	io.WriteString(w, title)
	if v != nil {
		if v.Passed {
			fmt.Fprintf(w, "%sPASSED\n", bullet)
		} else {
			fmt.Fprintf(w, "%sFAILED\n", bullet)
		}
		for _, r := range v.Regressions {
			fmt.Fprintf(w, "%sREGRESSION %s\n", bullet, esc(r.String()))
		}
		for _, e := range v.Errors {
			fmt.Fprintf(w, "%sERROR %s\n", bullet, esc(e))
		}
		for _, n := range v.Notes {
			fmt.Fprintf(w, "%snote: %s\n", bullet, esc(n))
		}
	}
	if cmp == nil {
		return
	}
	if len(cmp.Changes) == 0 {
		fmt.Fprintf(w, "%sno case changed\n", bullet)
	}
	for i, ch := range cmp.Changes {
		if limit > 0 && i == limit {
			fmt.Fprintf(w, "%s… %d more changes (-v lists them all)\n", bullet, len(cmp.Changes)-limit)
			break
		}
		fmt.Fprintf(w, "%s%s\n", bullet, esc(ch.String()))
	}
}

// codeOrder lists the codes present: ok first, then in checking order.
func codeOrder(codes map[string]int) []string {
	out := []string{}
	if _, ok := codes["ok"]; ok {
		out = append(out, "ok")
	}
	for _, c := range toolcall.CheckCodes {
		if _, ok := codes[string(c)]; ok {
			out = append(out, string(c))
		}
	}
	return out
}

func clip(s string, n int) string { return texttable.Clip(s, n) }

// WriteMarkdown prints the report as GitHub-flavoured Markdown, for CI
// job summaries: the verdict and the baseline comparison first, then the
// tables (text left-aligned, numbers right-aligned).
func WriteMarkdown(w io.Writer, rep *report.Report, worst int) error {
	fmt.Fprintf(w, "## tooleval replay: %s\n\n%s.\n", safetext.Markdown(rep.Suite), safetext.Markdown(heading(rep)))
	writeGate(w, rep, "\n### Against the baseline and thresholds\n\n", "- ", safetext.Markdown, 0)
	fmt.Fprintln(w)
	summaryGrid(rep).Markdown(w)
	sections := detailSections(rep, false)
	for _, s := range sections {
		if s.g == nil {
			continue
		}
		fmt.Fprintf(w, "\n### %s\n\n", safetext.Markdown(s.title))
		s.g.Markdown(w)
		if s.title == strategyTitle {
			if lines := strategyNotes(rep, 0); len(lines) > 0 {
				fmt.Fprintln(w)
				for _, l := range lines {
					fmt.Fprintf(w, "- %s\n", safetext.Markdown(l))
				}
			}
		}
	}
	for _, c := range rep.Configs {
		g, n := worstGrid(c, worst, 160)
		if g == nil {
			continue
		}
		fmt.Fprintf(w, "\n<details><summary>%s: worst cases (%d of %d failed)</summary>\n\n", safetext.Markdown(c.Config.Name), n, c.Metrics.Failed)
		g.Markdown(w)
		fmt.Fprintln(w, "\n</details>")
	}
	return nil
}

// JUnit XML shapes (the attributes test viewers read: Jenkins, GitLab,
// GitHub test reporters, Buildkite).
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Name    string       `xml:"name,attr"`
	Tests   int          `xml:"tests,attr"`
	Fails   int          `xml:"failures,attr"`
	Errors  int          `xml:"errors,attr"`
	Time    string       `xml:"time,attr"`
	Stamp   string       `xml:"timestamp,attr,omitempty"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name   string `xml:"name,attr"`
	Tests  int    `xml:"tests,attr"`
	Fails  int    `xml:"failures,attr"`
	Errors int    `xml:"errors,attr"`
	Skips  int    `xml:"skipped,attr"`
	Time   string `xml:"time,attr"`
	Stamp  string `xml:"timestamp,attr,omitempty"`
	File   string `xml:"file,attr"`
	// Properties carry the configuration's strategy figures when the run
	// declared strategies, and its judging (judgeSuiteProperties).
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase      `xml:"testcase"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

type junitCase struct {
	Name      string `xml:"name,attr"`
	Classname string `xml:"classname,attr"`
	File      string `xml:"file,attr"`
	Line      int    `xml:"line,attr"`
	Time      string `xml:"time,attr"`
	// Properties carry a case's trials (trials, trials_passed) when it has
	// several, and its judging (match, repaired, repairs_would_fix) when
	// not the default, as pytest and the viewers that read it put
	// properties on a test case.
	Properties *junitProperties `xml:"properties,omitempty"`
	Failure    *junitProblem    `xml:"failure,omitempty"`
	// Skipped marks a case not recorded under the configuration's
	// strategy: not judged.
	Skipped *junitSkipped `xml:"skipped,omitempty"`
	Error   *junitProblem `xml:"error,omitempty"`
	// SystemOut lists the trials of a case with several, one line each.
	SystemOut string `xml:"system-out,omitempty"`
}

type junitProperties struct {
	Props []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",chardata"`
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// WriteJUnit writes the report as JUnit XML: one test suite per
// configuration, one test case per suite case and configuration, with the
// classname "SUITE.CONFIG" (the suite file's name without extension) so
// viewers group them by configuration; wrong answers are failures, cases
// that could not be replayed are errors. Times are the replay's own (0 for
// a merged report, whose JSON carries no times).
func WriteJUnit(w io.Writer, rep *report.Report) error {
	stamp := ""
	if !rep.Started.IsZero() {
		stamp = rep.Started.UTC().Format("2006-01-02T15:04:05Z")
	}
	base := path.Base(filepath.ToSlash(rep.Suite))
	base = strings.TrimSuffix(base, path.Ext(base))
	all := junitSuites{Name: "tooleval replay " + rep.Suite, Time: seconds(rep.Elapsed), Stamp: stamp}
	for _, c := range rep.Configs {
		s := junitSuite{Name: base + "." + c.Config.Name, Tests: len(c.Results), File: rep.Suite, Stamp: stamp, Properties: strategySuiteProperties(c)}
		if jp := judgeSuiteProperties(rep, c); len(jp) > 0 {
			if s.Properties == nil {
				s.Properties = &junitProperties{}
			}
			s.Properties.Props = append(s.Properties.Props, jp...)
		}
		var total time.Duration
		for _, r := range c.Results {
			jc := junitCase{Name: r.ID, Classname: s.Name, File: rep.Suite, Line: r.Line, Time: seconds(r.Elapsed)}
			var props []junitProperty
			if len(r.Trials) > 0 {
				n, c := r.TrialCounts()
				props = append(props, junitProperty{"trials", fmt.Sprint(n)}, junitProperty{"trials_passed", fmt.Sprint(c)})
				jc.SystemOut = strings.Join(trialLines(r), "\n") + "\n"
			}
			props = append(props, judgeProperties(r)...)
			if props = append(props, strategyProperties(r, c.Config.Strategy)...); len(props) > 0 {
				jc.Properties = &junitProperties{props}
			}
			total += r.Elapsed
			switch {
			case r.NotRecorded:
				jc.Skipped = &junitSkipped{Message: notRecordedDetail}
				s.Skips++
			case !r.Passed:
				p := &junitProblem{Message: r.Cause + ": " + clip(Detail(r), 200), Type: r.Cause, Body: caseBody(r)}
				if r.Cause == report.CauseError {
					jc.Error = p
					s.Errors++
				} else {
					jc.Failure = p
					s.Fails++
				}
			}
			s.Cases = append(s.Cases, jc)
		}
		s.Time = seconds(total)
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
func caseBody(r *report.CaseResult) string {
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
	if r.Trajectory != nil {
		writeSteps(&b, r.Trajectory)
	}
	if r.Match != "" {
		fmt.Fprintf(&b, "match: %s\n", r.Match)
	}
	if len(r.Repaired) > 0 {
		fmt.Fprintf(&b, "calls repaired before judging: %s\n", strings.Join(r.Repaired, ", "))
	}
	if len(r.Repairs) > 0 {
		fmt.Fprintf(&b, "repairs each of which alone would fix it: %s\n", strings.Join(r.Repairs, ", "))
	}
	return b.String()
}
