package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/svgchart"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// HTMLOptions are the inputs of WriteHTML besides the report.
type HTMLOptions struct {
	// Suite, when set, gives each case's drill-down its query, the tool
	// block the model saw, the transcript and the gold calls (a merged
	// report has no suite unless one is given).
	Suite *suite.Suite
}

// headline are the metrics each configuration's card shows, in order.
// headlineMetric is one line of a configuration's card.
type headlineMetric struct {
	label, metric string
	format        func(*float64) string
}

var headline = []headlineMetric{
	{"pass rate", "pass_rate", pct},
	{"recall", "recall", num3},
	{"COMP", "comp", num3},
	{"nDCG", "ndcg", num3},
	{"P@k", "precision", num3},
	{"noise", "noise", pct},
	{"injected tokens", "injected_tokens", num0},
	{"tokens saved", "token_reduction", pct},
	{"call accuracy", "call_accuracy", pct},
	{"wrong arguments", "wrong_argument_rate", pct},
	{"tool selection", "tool_selection_accuracy", pct},
	{"abstention", "abstention_accuracy", pct},
	{"parser failures", "parser_failures", num0},
	{"zero-match queries", "zero_match", num0},
}

// trajectoryHeadline are the cards' extra lines when the run had
// multi-step cases.
var trajectoryHeadline = []headlineMetric{
	{"trajectory success", "trajectory_success", pct},
	{"trajectory steps passed", "trajectory_step_pass_rate", pct},
	{"trajectory recall, first", "trajectory_recall_first", num3},
	{"trajectory recall, final", "trajectory_recall_final", num3},
	{"trajectory misses recovered", "trajectory_recovery_rate", pct},
	{"trajectory wrong arguments", "trajectory_wrong_argument_rate", pct},
}

// headlineFor is what the cards show for rep.
func headlineFor(rep *report.Report) []headlineMetric {
	out := headline[:len(headline):len(headline)]
	if hasTrajectories(rep) {
		out = append(out, trajectoryHeadline...)
	}
	return append(out, trialHeadline(rep)...)
}

type htmlMetric struct {
	Label, Metric, Value string
	Delta, Class         string // change against the baseline; "good"/"bad"/""
}

type htmlConfig struct {
	Name, Key string
	Metrics   []htmlMetric
	Causes    []htmlCount
	Baseline  bool
	// ZeroMatch lists the cases whose query has no term in common with
	// the catalog (id, and the query when the suite is given).
	ZeroMatch []string
	// Flaky lists the cases that both passed and failed across their
	// trials ("id: c/n trials passed").
	Flaky []string
}

type htmlCount struct {
	Name  string
	Count int
}

// htmlCase is one case under one configuration: a row of the cases table
// and its drill-down. It holds plain text; the page's script builds the
// rows and drill-downs from it (see htmldata.go) with DOM text nodes, so
// nothing in it is ever parsed as HTML.
type htmlCase struct {
	Config, ID, Cause, Lang, Tags, Detail string
	Line                                  int
	Passed, ZeroMatch                     bool
	// Recall is the case's recall, -1 when not scored.
	Recall             float64
	Injected, Missed   []string
	Query, ToolVariant string
	// ToolBlock is the tool block as rendered, shared between the rows
	// that injected the same tools; nil when there is none.
	ToolBlock *toolBlock
	// Transcript is the model output, MarkNames the parsed calls' names
	// to mark in it; Format is the format it was parsed as.
	Transcript            string
	MarkNames             []string
	Format                string
	Calls, Gold, Problems []string
	Latency               string
	// Judging is how the calls were judged when not by default (match
	// mode, repairs applied, repairs that would fix the case).
	Judging string
	// Trials are the trials of a case with several recordings, each shown
	// as a case with one (the fields above hold the case's verdict).
	Trials []htmlTrial
}

// htmlTrial is one trial of a case in its drill-down: its verdict, its
// transcript with its calls marked (Transcript filled as the case's is,
// once per case), its parsed calls and failed checks.
type htmlTrial struct {
	Passed          bool
	Verdict, Format string
	Transcript      string
	MarkNames       []string
	Calls, Problems []string
}

// htmlRepairs is one configuration's line of the repair table.
type htmlRepairs struct {
	Config string
	Failed int
	Counts []int
}

type htmlPage struct {
	Rep          *report.Report
	Heading      string
	Verdict      *report.Verdict
	Changes      []report.CaseChange
	ChangesTitle string
	Configs      []htmlConfig
	Causes       []string
	Tags, Langs  []string
	// Rows is the number of case rows (configurations × cases).
	Rows        int
	RecallChart template.HTML
	TokensChart template.HTML
	// RepairNames and Repairs are the failures each repair would fix,
	// per configuration (Repairs nil when none is fixable).
	RepairNames []string
	Repairs     []htmlRepairs
	// Strategies is the strategy comparison (nil when the run declared
	// none): the text report's table, and the lines under it
	// (strategyNotes).
	Strategies    *grid
	StrategyTitle string
	StrategyNotes []string
	Style         template.CSS
	JS            template.JS
}

// WriteHTML writes the report as one self-contained HTML page (inline CSS,
// SVG charts and a plain script; nothing is fetched): the verdict, per
// configuration the headline metrics and their change against the
// baseline, charts of recall and noise against k and of tokens per
// variant, failures by cause, and every case with a drill-down (the query,
// the tool block the model saw, the transcript with the parsed calls
// marked, the gold calls and the failed checks; for a case with several
// trials each trial's verdict, transcript, calls and checks), sortable and filterable
// by configuration, cause, tag and language.
//
// The cases travel as one compact JSON value (htmldata.go: each case's
// shared data once, long strings once) that the script turns into table
// rows a page at a time and into a drill-down when one is opened, so the
// page stays small and opens fast with many cases.
func WriteHTML(w io.Writer, rep *report.Report, opts HTMLOptions) error {
	p := &htmlPage{Rep: rep, Heading: heading(rep), Verdict: rep.Verdict, Style: htmlStyle, JS: htmlScript}
	if rep.Comparison != nil {
		p.Changes = rep.Comparison.Changes
		p.ChangesTitle = report.Plural(len(p.Changes), "case outcome") + " changed against the baseline"
	}
	baseline := map[string]*report.Aggregate{}
	if rep.Comparison != nil {
		for i := range rep.Comparison.Matched {
			m := &rep.Comparison.Matched[i]
			baseline[m.Config] = &m.Baseline
		}
	}
	var byID map[string]*suite.Case // the drill-down's source of each case, looked up once
	if opts.Suite != nil {
		byID = make(map[string]*suite.Case, len(opts.Suite.Cases))
		for _, c := range opts.Suite.Cases {
			byID[c.ID] = c
		}
	}
	causes, tags, langs := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, c := range rep.Configs {
		hc := htmlConfig{Name: c.Config.Name, Key: c.Config.Key}
		base := baseline[c.Config.Name]
		hc.Baseline = base != nil
		for _, h := range headlineFor(rep) {
			cur := report.MetricValue(&c.Metrics, h.metric)
			m := htmlMetric{Label: h.label, Metric: h.metric, Value: h.format(cur)}
			if base != nil {
				m.Delta, m.Class = delta(h.metric, report.MetricValue(base, h.metric), cur, h.format)
			}
			hc.Metrics = append(hc.Metrics, m)
		}
		for _, cause := range report.CauseOrder {
			hc.Causes = append(hc.Causes, htmlCount{cause, c.Metrics.Causes[cause]})
		}
		for _, f := range c.Flaky {
			hc.Flaky = append(hc.Flaky, fmt.Sprintf("%s (line %d): %d/%d trials passed", f.ID, f.Line, f.Passed, f.Trials))
		}
		for _, r := range c.Results {
			p.Rows++
			if r.ZeroMatch {
				query := ""
				if sc := byID[r.ID]; sc != nil {
					query = sc.Query
				}
				hc.ZeroMatch = append(hc.ZeroMatch, strings.TrimSuffix(r.ID+": "+query, ": "))
			}
			if r.Cause != "" {
				causes[r.Cause] = true
			}
			if r.NotRecorded {
				causes[htmlNotRecorded] = true
			}
			for _, t := range r.Tags {
				tags[t] = true
			}
			if r.Lang != "" {
				langs[r.Lang] = true
			}
		}
		p.Configs = append(p.Configs, hc)
	}
	for _, c := range append(slices.Clip(report.CauseOrder), htmlNotRecorded) {
		if causes[c] {
			p.Causes = append(p.Causes, c)
		}
	}
	p.Tags, p.Langs = sortedKeys(tags), sortedKeys(langs)
	if repairGrid(rep) != nil {
		p.RepairNames = repair.Names()
		for _, c := range rep.Configs {
			hr := htmlRepairs{Config: c.Config.Name, Failed: c.Metrics.Failed}
			for _, k := range p.RepairNames {
				hr.Counts = append(hr.Counts, c.Metrics.RepairFixes[k])
			}
			p.Repairs = append(p.Repairs, hr)
		}
	}
	p.Strategies, p.StrategyTitle, p.StrategyNotes = strategyGrid(rep), strategyTitle, strategyNotes(rep, 0)
	p.RecallChart = recallChart(rep)
	p.TokensChart = tokensChart(rep)

	bw := bufio.NewWriterSize(w, 64<<10)
	t := htmlTemplate()
	if err := t.ExecuteTemplate(bw, "head", p); err != nil {
		return err
	}
	if err := writeCaseData(bw, rep, opts.Suite, byID); err != nil {
		return err
	}
	if err := t.ExecuteTemplate(bw, "tail", p); err != nil {
		return err
	}
	return bw.Flush()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// delta formats the change of a metric against the baseline and says
// whether it is good or bad.
func delta(metric string, base, cur *float64, format func(*float64) string) (string, string) {
	switch {
	case base == nil && cur == nil:
		return "", ""
	case base == nil || cur == nil:
		return "was " + format(base), "bad"
	}
	d := *cur - *base
	if math.Abs(d) < 1e-9 {
		return "±0", ""
	}
	class := "good"
	if (d < 0) != report.LowerIsBetter(metric) {
		class = "bad"
	}
	sign := "+"
	if d < 0 {
		sign = "−"
		d = -d
	}
	s := format(&d)
	if strings.HasSuffix(s, "%") {
		s = strings.TrimSuffix(s, "%") + " pp"
	}
	return sign + s, class
}

// htmlNotRecorded is what the page's cause column and filter say of a case
// not recorded under the configuration's strategy (not a failure cause).
const htmlNotRecorded = "not recorded"

// caseView is one case under one configuration, for the drill-down; sc is
// the case in the suite s (nil when s is nil or lacks it). The case's own
// data (query, gold calls, transcript) is filled in only when full is set:
// the page carries it once per case, not once per configuration.
func caseView(rep *report.Report, c *report.ConfigResult, r *report.CaseResult, s *suite.Suite, sc *suite.Case, blocks *toolBlocks, full bool) htmlCase {
	h := htmlCase{Config: c.Config.Name, ID: r.ID, Line: r.Line, Cause: r.Cause, Lang: r.Lang, Tags: strings.Join(r.Tags, " "),
		Passed: r.Passed, ZeroMatch: r.ZeroMatch, Detail: Detail(r), Judging: judgingNote(r), Injected: r.Injected, Missed: r.Missed, Recall: -1}
	if r.NotRecorded {
		h.Cause = htmlNotRecorded
	}
	if r.Scored {
		h.Recall = r.Recall
	}
	if l := r.Latency; l != nil {
		h.Latency = fmt.Sprintf("first text %s, first call %s, last call end %s (%d chunks)", ms(l.FirstTextMS), ms(l.FirstCallMS), ms(l.LastCallEndMS), l.ChunksReceived)
	}
	h.MarkNames = h.addCalls(r.Parse, r.Calls)
	if r.Error != "" {
		h.Problems = append(h.Problems, r.Error)
	}
	if r.Trajectory != nil {
		stepsView(&h, r.Trajectory)
	}
	addTrials(&h, r)
	if s == nil || sc == nil {
		return h
	}
	if sc.TrialCount() == len(h.Trials) {
		trialsSource(&h, sc, r, full)
	}
	if i := firstFailingTrial(r); i > 0 && sc.TrialCount() == len(r.Trials) {
		sc = sc.Trial(i - 1) // the recording the verdict comes from
	} else {
		sc = sc.Trial(0)
	}
	if cat := s.Catalog(sc); cat != nil && len(rep.Variants) > 0 {
		var tools []*toolcall.Tool
		for _, name := range r.Injected {
			if t, ok := cat.Lookup(name); ok {
				tools = append(tools, t)
			}
		}
		variant, protocol := blockVariant(rep, sc)
		h.ToolVariant = variant
		h.ToolBlock = blocks.render(cat, tools, variant, protocol)
	}
	if sc.Trajectory() {
		stepsSource(&h, sc, r.Trajectory, full)
		return h
	}
	if !full {
		return h
	}
	h.Query = sc.Query
	for _, g := range sc.GoldCalls {
		b, _ := json.Marshal(g)
		h.Gold = append(h.Gold, string(b))
	}
	if sc.Transcript != nil {
		h.Transcript = string(sc.Transcript.Bytes())
	}
	return h
}

// addCalls adds a recording's parsed calls and failed checks to the
// drill-down and returns the names of the calls (to mark in the
// transcript).
func (h *htmlCase) addCalls(parse *report.ParseResult, calls *metrics.CallsResult) []string {
	var names []string
	if parse != nil {
		h.Format = parse.Format
		for _, call := range parse.Calls {
			h.Calls = append(h.Calls, fmt.Sprintf("%s(%s)", call.Name, call.Arguments))
			names = append(names, call.Name)
		}
		for _, e := range parse.Errors {
			h.Problems = append(h.Problems, e.Error())
		}
	}
	if calls != nil {
		for _, p := range calls.Problems {
			h.Problems = append(h.Problems, p.String())
		}
	}
	return names
}

// blockVariant is the prompt variant (and text protocol) the drill-down
// shows the tool block in: the one the case's transcript was recorded
// with, else the run's first variant. A plain "native" transcript shows
// the tools payload of its own provider (an Ollama stream: the OpenAI
// chat shape its API takes).
func blockVariant(rep *report.Report, sc *suite.Case) (variant, protocol string) {
	if t := sc.Transcript; t != nil {
		variant, protocol = t.Variant, t.Protocol
	}
	if variant == "" {
		variant = rep.Variants[0]
	}
	if variant == prompt.VariantNative {
		provider := prompt.ProviderOpenAIChat
		if t := sc.Transcript; t != nil && slices.Contains(prompt.Providers(), t.Format) {
			provider = t.Format
		}
		variant += ":" + provider
	}
	if strings.HasPrefix(variant, prompt.VariantNative) {
		protocol = ""
	}
	return variant, protocol
}

// toolBlocks renders each distinct tool block once: cases that injected
// the same tools of the same catalog in the same variant share it.
type toolBlocks struct {
	byKey map[toolBlockKey]*toolBlock
}

type toolBlockKey struct {
	tools             string // the tools' names, NUL-separated
	cat               any    // the catalog (pointer identity)
	variant, protocol string
}

// toolBlock is a rendered tool block cut into pieces that other blocks
// repeat: Open, the pieces joined by Sep, Close. The pieces are a text
// variant's paragraphs (its header and each tool's entry), a native
// payload's tools (one line of JSON each, as the provider received them),
// or else the lines.
type toolBlock struct {
	Open, Sep, Close string
	Pieces           []string
}

// Text is the block as the model saw it.
func (t *toolBlock) Text() string { return t.Open + strings.Join(t.Pieces, t.Sep) + t.Close }

func (b *toolBlocks) render(cat *catalog.Catalog, tools []*toolcall.Tool, variant, protocol string) *toolBlock {
	var names strings.Builder
	for _, t := range tools {
		names.WriteString(t.Name)
		names.WriteByte(0)
	}
	key := toolBlockKey{names.String(), cat, variant, protocol}
	if block, ok := b.byKey[key]; ok {
		return block
	}
	list := make([]toolcall.Tool, len(tools))
	for i, t := range tools {
		list[i] = *t
	}
	text, err := prompt.Render(list, variant, prompt.Options{Protocol: protocol})
	if err != nil {
		text, _ = prompt.Render(list, variant, prompt.Options{})
	}
	block := cutBlock(strings.TrimRight(text, "\n"), strings.HasPrefix(variant, prompt.VariantNative))
	if b.byKey == nil {
		b.byKey = map[toolBlockKey]*toolBlock{}
	}
	b.byKey[key] = block
	return block
}

// cutBlock cuts a rendered block into pieces: a native payload's array
// into its tools, text into paragraphs, or lines when it has no blank
// line.
func cutBlock(text string, native bool) *toolBlock {
	if native {
		var elems []json.RawMessage
		if json.Unmarshal([]byte(text), &elems) == nil && len(elems) > 0 {
			pieces := make([]string, len(elems))
			for i, e := range elems {
				var line bytes.Buffer
				if json.Compact(&line, e) != nil {
					line.Write(e)
				}
				pieces[i] = line.String()
			}
			return &toolBlock{Open: "[\n", Sep: ",\n", Close: "\n]", Pieces: pieces}
		}
	}
	if strings.Contains(text, "\n\n") {
		return &toolBlock{Sep: "\n\n", Pieces: strings.Split(text, "\n\n")}
	}
	return &toolBlock{Sep: "\n", Pieces: strings.Split(text, "\n")}
}

// markLimit is how much of a transcript the drill-down shows.
const markLimit = 64 << 10

// markSegments splits text at every occurrence of the parsed calls' names,
// the longest name first where several start at one place: the result
// alternates plain text and a name to mark, starting and ending with plain
// text (possibly empty). Names are looked for in the text itself; the
// page's script then writes each segment as a DOM text node, so nothing in
// the text is ever read as markup. Text beyond markLimit is cut, with a
// note of how much.
func markSegments(text string, names []string) []string {
	cut := ""
	if len(text) > markLimit {
		text, cut = strings.ToValidUTF8(text[:markLimit], ""), fmt.Sprintf("\n… (%d more bytes)", len(text)-markLimit)
	}
	names = slices.Clone(names)
	names = slices.DeleteFunc(names, func(n string) bool { return n == "" })
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) }) // longest first
	var first [256]bool
	for _, n := range names {
		first[n[0]] = true
	}
	var out []string
	done := 0
	for i := 0; i < len(text); i++ {
		if !first[text[i]] {
			continue
		}
		for _, n := range names {
			if strings.HasPrefix(text[i:], n) {
				out = append(out, text[done:i], n)
				i += len(n) - 1
				done = i + 1
				break
			}
		}
	}
	return append(out, text[done:]+cut)
}

// chart geometry.
const (
	chartW, chartH = 520, 260
	padL, padB     = 48, 36
	padT, padR     = 16, 120
)

// recallChart plots recall (solid) and noise (dashed) against k, one
// colour per retrieval setting.
func recallChart(rep *report.Report) template.HTML {
	type series struct {
		name      string
		k, r, n   []float64
		hasRecall bool
	}
	var order []string
	by := map[string]*series{}
	kmax := 1.0
	for _, c := range rep.Configs {
		s := by[c.Config.Weights]
		if s == nil {
			s = &series{name: c.Config.Weights}
			by[c.Config.Weights] = s
			order = append(order, c.Config.Weights)
		}
		if c.Metrics.Recall == nil && c.Metrics.Noise == nil {
			continue
		}
		s.k = append(s.k, float64(c.Config.K))
		s.r = append(s.r, valueOr(c.Metrics.Recall, math.NaN()))
		s.n = append(s.n, valueOr(c.Metrics.Noise, math.NaN()))
		kmax = math.Max(kmax, float64(c.Config.K))
	}
	ks := map[float64]bool{}
	for _, s := range by {
		for _, k := range s.k {
			ks[k] = true
		}
	}
	if len(ks) <= 1 {
		// One k: a line through one point per setting says nothing;
		// bars of recall and noise per setting do.
		bars := make([]recallBar, 0, len(order))
		for _, name := range order {
			if s := by[name]; len(s.k) > 0 {
				bars = append(bars, recallBar{name: name, k: s.k[0], recall: s.r[0], noise: s.n[0]})
			}
		}
		return recallBars(bars)
	}
	f := svgchart.Frame{W: chartW, H: chartH, PadL: padL, PadB: padB, PadT: padT, PadR: padR,
		XLabel: "k", YLabel: "share", XMax: kmax, YMax: 1}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="recall and noise against k" viewBox="0 0 %d %d" width="%d" height="%d">`, chartW, chartH, chartW, chartH)
	f.Axes(&b)
	for i, name := range order {
		s := by[name]
		col := svgchart.Color(i)
		for j, vals := range [][]float64{s.r, s.n} {
			for p := range s.k {
				if !math.IsNaN(vals[p]) {
					f.Dot(&b, s.k[p], vals[p], 3, col, fmt.Sprintf("%s k=%g: %s %.3f", name, s.k[p], []string{"recall", "noise"}[j], vals[p]))
				}
			}
			f.Line(&b, s.k, vals, col, j == 1)
		}
		f.Legend(&b, i, col, name)
	}
	f.LineKey(&b, "recall", "noise")
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// tokensChart is a bar per prompt variant: the mean injected tokens of the
// first configuration against the whole catalog's.
// recallBar is one setting's recall and noise at the run's one k.
type recallBar struct {
	name             string
	k, recall, noise float64
}

// recallBars draws recall and noise as a pair of horizontal bars per
// setting, for runs at a single k.
func recallBars(bars []recallBar) template.HTML {
	rowH := 44
	h := padT + max(len(bars), 1)*rowH + padB
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="recall and noise per setting" viewBox="0 0 %d %d" width="%d" height="%d">`, chartW, h, chartW, h)
	left, width := 130.0, float64(chartW-130-60)
	for i, r := range bars {
		yy := float64(padT + i*rowH)
		fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="12" text-anchor="end">%s</text>`, left-6, yy+22, template.HTMLEscapeString(r.name))
		for j, v := range []float64{r.recall, r.noise} {
			what, col := []string{"recall", "noise"}[j], []string{"#2563eb", "#f59e0b"}[j]
			by := yy + 2 + float64(j)*20
			if math.IsNaN(v) {
				fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="11" fill="#555">%s n/a</text>`, left+4, by+13, what)
				continue
			}
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%.1f" height="16" fill="%s"><title>%s k=%g: %s %.3f</title></rect>`,
				left, by, v*width, col, template.HTMLEscapeString(r.name), r.k, what, v)
			fmt.Fprintf(&b, `<text x="%.1f" y="%g" font-size="11">%s %.3f</text>`, left+v*width+4, by+13, what, v)
		}
	}
	k := 0.0
	if len(bars) > 0 {
		k = bars[0].k
	}
	fmt.Fprintf(&b, `<text x="%g" y="%d" font-size="11" fill="#555">recall and noise at k=%g (one k in this run: rerun with -k 3,5,10 for the curve)</text>`, left-120, h-10, k)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func tokensChart(rep *report.Report) template.HTML {
	if len(rep.Configs) == 0 || rep.Encoding == prompt.EncodingNone {
		return ""
	}
	vs := rep.Configs[0].Variants
	maxT := 1.0
	for _, v := range vs {
		maxT = math.Max(maxT, math.Max(valueOr(v.InjectedTokens, 0), valueOr(v.CatalogTokens, 0)))
	}
	rowH := 26
	h := padT + len(vs)*rowH + padB
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="tokens per variant" viewBox="0 0 %d %d" width="%d" height="%d">`, chartW, h, chartW, h)
	left, width := 130.0, float64(chartW-130-95)
	for i, v := range vs {
		yy := float64(padT + i*rowH)
		cat, inj := valueOr(v.CatalogTokens, 0), valueOr(v.InjectedTokens, 0)
		fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="12" text-anchor="end">%s</text>`, left-6, yy+14, template.HTMLEscapeString(v.Variant))
		fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%.1f" height="18" fill="#cbd5e1"><title>whole catalog: %.0f tokens</title></rect>`, left, yy+2, cat/maxT*width, cat)
		fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%.1f" height="18" fill="#2563eb"><title>injected: %.0f tokens</title></rect>`, left, yy+2, inj/maxT*width, inj)
		fmt.Fprintf(&b, `<text x="%.1f" y="%g" font-size="11">%.0f / %.0f</text>`, left+cat/maxT*width+4, yy+15, inj, cat)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%d" font-size="11" fill="#555">mean tokens per case (%s): injected (%s) / whole catalog</text>`,
		left-120, h-10, template.HTMLEscapeString(rep.Encoding), template.HTMLEscapeString(rep.Configs[0].Config.Name))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func valueOr(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}
