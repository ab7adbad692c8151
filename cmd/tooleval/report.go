package main

// The report outputs and the CI gate shared by `replay` and `merge`.

import (
	"fmt"
	"github.com/tooleval/tooleval/internal/safetext"
	"io"
	"math"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// reportFlags are the output and gating flags of replay and merge.
func reportFlags() []cli.Flag {
	return []cli.Flag{
		outFlag("json", "write the whole report (every case result, the aggregates and their counts and sums) as JSON to `FILE` (- for stdout)"),
		outFlag("markdown", "write the report as Markdown to `FILE` (- for stdout); $GITHUB_STEP_SUMMARY is appended to, as job summaries are meant to be"),
		outFlag("junit", "write JUnit XML, one test case per case and configuration, to `FILE`"),
		outFlag("html", "write a self-contained HTML report (charts, failures by cause, a drill-down per case) to `FILE`"),
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no table on stdout"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "print every table on stdout (by language and tag, call checks, prompt variants, token counting, latency, trajectories, the wide metrics table, every configuration's worst cases), not the 100-column summary"},
		&cli.StringFlag{Name: "baseline", Usage: "an earlier --json report `FILE` to compare with (configurations match by their settings)"},
		&cli.StringSliceFlag{Name: "max-drop", Usage: "`METRIC=VALUE`: exit 3 when METRIC falls (for lower-is-better metrics: rises) more than VALUE against --baseline (repeatable)"},
		&cli.StringSliceFlag{Name: "min", Usage: "`METRIC=VALUE`: exit 3 when METRIC is below VALUE (lower-is-better metrics: above) (repeatable)"},
		&cli.BoolFlag{Name: "allow-unmatched", Usage: "a configuration, case or threshold metric with nothing to compare with in --baseline is a note, not exit 3"},
		&cli.BoolFlag{Name: "require-measured", Usage: "exit 3 when a --min or --max-drop metric could not be measured (default: a note)"},
		&cli.IntFlag{Name: "worst", Value: 8, Usage: "list `N` worst cases per configuration"},
	}
}

// reportSetup is what the report flags ask for, checked before any work.
type reportSetup struct {
	gate report.Gate
	base *report.Report
	// suite gives the HTML drill-down its queries, tool blocks and
	// transcripts (nil: the report alone).
	suite *suite.Suite
}

// reportOptions are what the report flags of replay and merge ask for.
type reportOptions struct {
	// json, markdown, junit and html name the output files ("-" is
	// stdout for json and markdown; "" writes none).
	json, markdown, junit, html string
	quiet, verbose              bool
	baseline                    string
	gate                        report.Gate
	worst                       int
}

// reportOptionsFrom reads and checks the report flags of cmd.
func reportOptionsFrom(c *cli.Context, cmd string) (reportOptions, error) {
	o := reportOptions{json: c.String("json"), markdown: c.String("markdown"), junit: c.String("junit"), html: c.String("html"),
		quiet: c.Bool("quiet"), verbose: c.Bool("verbose"), baseline: c.String("baseline"), worst: c.Int("worst")}
	var err error
	if o.gate.MaxDrop, err = thresholds(c.StringSlice("max-drop")); err != nil {
		return o, usageErr("%s: --max-drop %v", cmd, err)
	}
	if o.gate.Min, err = thresholds(c.StringSlice("min")); err != nil {
		return o, usageErr("%s: --min %v", cmd, err)
	}
	if err := intFlagIn(c, cmd, "worst", 0, math.MaxInt); err != nil {
		return o, err
	}
	o.gate.AllowUnmatched = c.Bool("allow-unmatched")
	o.gate.RequireMeasured = c.Bool("require-measured")
	if len(o.gate.MaxDrop) > 0 && o.baseline == "" {
		return o, usageErr("%s: --max-drop needs --baseline", cmd)
	}
	if o.json == "-" && o.markdown == "-" {
		return o, usageErr("%s: --json - and --markdown - both want stdout; write one of them to a file", cmd)
	}
	for _, out := range [...]struct{ f, name string }{{"json", o.json}, {"markdown", o.markdown}, {"junit", o.junit}, {"html", o.html}} {
		f, name := out.f, out.name
		if name == "-" && (f == "junit" || f == "html") {
			return o, usageErr("%s: --%s takes a file name", cmd, f)
		}
		// `--json suite.jsonl` from before --json took a file would
		// overwrite the suite: refuse to write over JSON Lines.
		if strings.HasSuffix(name, ".jsonl") {
			if _, err := os.Stat(name); err == nil {
				return o, usageErr("%s: --%s %s would overwrite a JSON Lines file (a suite?); --%s takes the output file, - for stdout", cmd, f, name, f)
			}
		}
	}
	return o, nil
}

// setup reads the baseline, before any work.
func (o *reportOptions) setup(cmd string) (*reportSetup, error) {
	s := &reportSetup{gate: o.gate}
	if o.baseline != "" {
		var err error
		if s.base, err = readReport(o.baseline); err != nil {
			return nil, inputErr("%s: --baseline %v", cmd, err)
		}
	}
	return s, nil
}

func thresholds(specs []string) ([]report.Threshold, error) {
	var out []report.Threshold
	for _, spec := range splitList(specs) {
		t, err := report.ParseThreshold(spec)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// readReport reads a --json report back (--baseline, merge): a regular
// file, read one record at a time under report.ReadJSON's caps, with no
// cap on its whole size (report/limits.go says why).
func readReport(name string) (*report.Report, error) {
	f, err := readcap.OpenFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return report.ReadJSON(f, name)
}

// finishReport gates the report, writes every output asked for and
// returns the error that sets the exit code: 3 when the gate failed, 1
// when cases could not be replayed.
func finishReport(std streams, cmd string, o *reportOptions, s *reportSetup, rep *report.Report) error {
	var verdict *report.Verdict
	if s.gate.Gated(s.base) {
		verdict = s.gate.Check(rep, s.base)
	}
	worst := o.worst
	stdoutTaken := false
	outputs := []struct {
		flag, name string
		write      func(io.Writer) error
	}{
		{"json", o.json, func(w io.Writer) error { return report.WriteJSON(w, rep) }},
		{"markdown", o.markdown, func(w io.Writer) error { return render.WriteMarkdown(w, rep, worst) }},
		{"junit", o.junit, func(w io.Writer) error { return render.WriteJUnit(w, rep) }},
		{"html", o.html, func(w io.Writer) error { return render.WriteHTML(w, rep, render.HTMLOptions{Suite: s.suite}) }},
	}
	for _, out := range outputs {
		name := out.name
		switch name {
		case "":
			continue
		case "-":
			stdoutTaken = true
			if err := out.write(std.out); err != nil {
				return err
			}
		default:
			write := writeOutputFile
			if out.flag == "markdown" && isStepSummary(name) {
				write = appendOutputFile // a job summary is appended to
			}
			if err := write(name, out.write); err != nil {
				return inputErr("%s: --%s %v", cmd, out.flag, err)
			}
		}
	}
	if !stdoutTaken && !o.quiet {
		write := render.WriteSummary
		if o.verbose {
			write = render.WriteTable
		}
		if err := write(std.out, rep, worst); err != nil {
			return err
		}
	}
	if verdict != nil {
		// What the gate could not check goes to stderr too, so that CI
		// logs show it even with -q.
		for _, n := range verdict.Notes {
			fmt.Fprintf(std.err, "tooleval: %s: note: %s\n", cmd, safetext.Terminal(n))
		}
	}
	if verdict != nil && !verdict.Passed {
		problems := verdict.Problems()
		return regressionErr("%s: the gate failed (%s):\n  %s", cmd, plural(len(problems), "problem"), strings.Join(problems, "\n  "))
	}
	if n := brokenCases(rep); n > 0 {
		return inputErr("%s: %s could not be replayed (cause \"error\" in the report)", cmd, plural(n, "case"))
	}
	return nil
}

// writeOutputFile writes one output file through write, atomically: a
// failed write leaves an existing file as it was.
func writeOutputFile(name string, write func(io.Writer) error) error {
	return atomicfile.WriteWith(name, 0o644, write)
}

func brokenCases(rep *report.Report) int {
	if len(rep.Configs) == 0 {
		return 0
	}
	return rep.Configs[0].Metrics.Broken
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
