package render

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tooleval/tooleval/internal/safetext"
	"github.com/tooleval/tooleval/internal/texttable"
	"github.com/tooleval/tooleval/report"
)

// SummaryWidth is the terminal width WriteSummary fits in.
const SummaryWidth = 100

// summaryChanges is how many baseline changes WriteSummary lists.
const summaryChanges = 5

// headlineGrid is the summary's one line per configuration: the metrics
// that decide between configurations (the wide table is WriteTable's).
func headlineGrid(rep *report.Report) *grid {
	g := newGrid(1, "config", "recall", "ndcg", "noise", "tokens", "saved", "call acc", "wrong args", "parser fail", "pass")
	for _, c := range rep.Configs {
		m := &c.Metrics
		g.Add(c.Config.Name, num3(m.Recall), num3(m.NDCG), pct(m.Noise), num0(m.InjectedTokens), pct(m.TokenReduction),
			pct(m.CallAccuracy), pct(m.WrongArgRate), fmt.Sprintf("%d/%d", m.ParserFailures, m.Transcripts), fmt.Sprintf("%d/%d", m.Passed, m.Cases))
	}
	return g
}

// fitColumn clips column col of g, when g is wider than width columns,
// so that the table fits: the worst cases' detail, the configuration
// names of the headline tables (long --config names). The column keeps at
// least its header's width.
func fitColumn(g *grid, col, width int) {
	used := texttable.Overhead(len(g.Header))
	for i := range g.Header {
		if i != col {
			used += g.ColumnWidth(i)
		}
	}
	room := max(width-used, len(g.Header[col]))
	for _, r := range g.Rows {
		if col < len(r) {
			r[col] = clip(r[col], room)
		}
	}
}

// configLabels names each configuration by the words of its name that not
// every configuration shares, and returns the shared words; the names
// whole when there is one configuration or nothing is shared.
func configLabels(rep *report.Report) (labels []string, common string) {
	labels = make([]string, len(rep.Configs))
	words := make([][]string, len(rep.Configs))
	for i, c := range rep.Configs {
		labels[i] = c.Config.Name
		words[i] = strings.Fields(c.Config.Name)
	}
	if len(rep.Configs) < 2 {
		return labels, ""
	}
	var shared []string
	for _, w := range words[0] {
		in := true
		for _, ws := range words[1:] {
			in = in && slices.Contains(ws, w)
		}
		if in && !slices.Contains(shared, w) {
			shared = append(shared, w)
		}
	}
	if len(shared) == 0 {
		return labels, ""
	}
	seen := map[string]bool{}
	short := make([]string, len(words))
	for i, ws := range words {
		var keep []string
		for _, w := range ws {
			if !slices.Contains(shared, w) {
				keep = append(keep, w)
			}
		}
		short[i] = strings.Join(keep, " ")
		if short[i] == "" || seen[short[i]] {
			return labels, "" // the rest would not tell them apart
		}
		seen[short[i]] = true
	}
	return short, strings.Join(shared, " ")
}

// WriteSummary prints the report so that it fits a 100-column terminal
// and about a screen: the run in one line, the headline metrics per
// configuration, the failures by cause, the first configuration's worst
// cases, the gate's verdict and, last, one line that says it all.
// WriteTable prints every table (replay -v).
func WriteSummary(w io.Writer, rep *report.Report, worst int) error {
	fmt.Fprintf(w, "%s\n", clip(safetext.Terminal("Suite "+rep.Suite+": "+heading(rep)), SummaryWidth))
	// The words every configuration's name shares ("config=tuned") are
	// said once, above the tables; what is left of a name is clipped when
	// it would make a table wider than the terminal (-v prints names whole).
	labels, common := configLabels(rep)
	if common != "" {
		fmt.Fprintf(w, "%s\n", clip(safetext.Terminal("Every configuration: "+common), SummaryWidth))
	}
	fmt.Fprintln(w)
	strategies := hasStrategies(rep)
	headline, causes := headlineGrid(rep), causesGrid(rep)
	if strategies {
		// One table for the headline and the strategies, to fit the
		// screen; -v prints both in full.
		headline = strategySummaryGrid(rep)
		fmt.Fprintln(w, clip(strategySummaryTitle, SummaryWidth))
	}
	for _, g := range []*grid{headline, causes} {
		if len(g.Rows) == len(labels) {
			for i, r := range g.Rows {
				r[0] = labels[i]
			}
		}
		fitColumn(g, 0, SummaryWidth)
	}
	if err := headline.Text(w); err != nil {
		return err
	}
	if strategies {
		for _, l := range strategyNotes(rep, 4) {
			fmt.Fprintln(w, terminalLine(l))
		}
	} else if l := notRecordedLine(rep); l != "" {
		fmt.Fprintln(w, terminalLine(l))
	}
	fmt.Fprintln(w, "\nFailures by cause")
	if err := causes.Text(w); err != nil {
		return err
	}
	if lines := judgingLines(rep); len(lines) > 0 {
		fmt.Fprintln(w)
		for _, l := range lines {
			fmt.Fprintln(w, terminalLine(l))
		}
	}
	if g := trialsGrid(rep); g != nil && strategies {
		// The strategies' table took the trials table's room: one line.
		line := "Trials: -v for pass@k and pass^k"
		if fl := flakyLine(rep); fl != "" {
			line = "Trials: " + fl + "; -v for pass@k and pass^k"
		}
		fmt.Fprintln(w, terminalLine(line))
	} else if g != nil {
		// Compact, to fit the screen: no coverage row, the flaky cases in
		// the title line (-v prints both in full).
		g.Rows = g.Rows[:len(g.Rows)-1]
		title := "Trials (pass@k: one of k passes; pass^k: all k do)"
		if line := flakyLine(rep); line != "" {
			title += "; " + line
		}
		fmt.Fprintf(w, "%s\n", clip(safetext.Terminal(title), SummaryWidth))
		if err := g.Text(w); err != nil {
			return err
		}
	}
	if len(rep.Configs) > 0 {
		c := rep.Configs[0]
		if strategies {
			worst = min(worst, strategyWorst)
		}
		if g, n := worstGrid(c, worst, SummaryWidth); g != nil {
			fitColumn(g, len(g.Header)-1, SummaryWidth)
			more := ""
			if len(rep.Configs) > 1 {
				more = "; -v: every configuration's"
			}
			fmt.Fprintf(w, "\n%s\n", clip(safetext.Terminal(fmt.Sprintf("%s: worst cases (%d of %d failed%s)", c.Config.Name, n, c.Metrics.Failed, more)), SummaryWidth))
			if err := g.Text(w); err != nil {
				return err
			}
		}
	}
	writeGate(w, rep, "\nAgainst the baseline and thresholds\n", "  ", terminalLine, summaryChanges)
	_, err := fmt.Fprintf(w, "\n%s\n", clip(safetext.Terminal(Outcome(rep)), SummaryWidth))
	return err
}

// Outcome is the report in one line, the last the terminal output
// prints: "213 cases, 3 configs: 128-139 passed, 74-85 failed; gate
// passed" (a range when the configurations differ; "no gate" when no
// threshold or baseline was given).
func Outcome(rep *report.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s: ", report.Plural(rep.Cases, "case"), report.Plural(len(rep.Configs), "config"))
	passed, failed, broken, unrecorded := spread{}, spread{}, spread{}, spread{}
	for _, c := range rep.Configs {
		passed.add(c.Metrics.Passed)
		failed.add(c.Metrics.Failed)
		broken.add(c.Metrics.Broken)
		unrecorded.add(c.Metrics.NotRecorded)
	}
	fmt.Fprintf(&b, "%s passed, %s failed", passed, failed)
	if unrecorded.hi > 0 {
		fmt.Fprintf(&b, ", %s not recorded", unrecorded)
	}
	if broken.hi > 0 {
		fmt.Fprintf(&b, " (%s could not be replayed)", broken)
	}
	switch v := rep.Verdict; {
	case v == nil:
		b.WriteString("; no gate")
	case v.Passed:
		b.WriteString("; gate passed")
	default:
		fmt.Fprintf(&b, "; gate failed: %s", report.Plural(len(v.Problems()), "problem"))
	}
	return b.String()
}

// terminalLine escapes a line for the terminal and clips it to the
// summary's width.
func terminalLine(s string) string { return clip(safetext.Terminal(s), SummaryWidth-2) }

// spread is the range of a count over the configurations.
type spread struct {
	lo, hi int
	seen   bool
}

func (s *spread) add(n int) {
	if !s.seen {
		s.lo, s.hi, s.seen = n, n, true
		return
	}
	s.lo, s.hi = min(s.lo, n), max(s.hi, n)
}

func (s spread) String() string {
	if s.lo == s.hi {
		return fmt.Sprint(s.lo)
	}
	return fmt.Sprintf("%d-%d", s.lo, s.hi)
}
