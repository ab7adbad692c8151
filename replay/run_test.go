package replay

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite golden files")

// testSuite is the suite most tests replay.
const testSuite = "../testdata/replay/suite.jsonl"

func loadTestSuite(t testing.TB) *suite.Suite {
	t.Helper()
	s, err := suite.LoadFile(testSuite)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runTest(t testing.TB, s *suite.Suite, opts Options) *report.Report {
	t.Helper()
	if opts.Encoding == "" {
		opts.Encoding = "none"
	}
	rep, err := Run(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func resultByID(c *report.ConfigResult, id string) *report.CaseResult {
	for _, r := range c.Results {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// TestRunOutcomes checks what each test-suite case is judged to be.
func TestRunOutcomes(t *testing.T) {
	rep := runTest(t, loadTestSuite(t), Options{Ks: []int{5}})
	if len(rep.Configs) != 1 || rep.Configs[0].Config.Name != "k=5" {
		t.Fatalf("configs %+v", rep.Configs)
	}
	c := rep.Configs[0]
	want := map[string]struct {
		cause string
		code  toolcall.Code
	}{
		"note-create":            {"", ""},
		"note-search-wrong-type": {"arguments", toolcall.CodeTypeError},
		"weather-paris":          {"", ""},
		"abstain-chitchat":       {"", ""},
		"reminder-zh":            {"retrieval_miss", ""},
		"parallel-weather":       {"", ""},
		"truncated-email":        {"arguments", toolcall.CodeIncompleteCall},
		"wrong-tool":             {"selection", toolcall.CodeWrongFuncName},
		"retrieval-only":         {"", ""},
	}
	for id, w := range want {
		r := resultByID(c, id)
		if r == nil {
			t.Fatalf("no result for %s", id)
		}
		code := toolcall.Code("")
		if r.Calls != nil {
			code = r.Calls.Code
		}
		if r.Cause != w.cause || code != w.code || r.Passed != (w.cause == "") {
			t.Errorf("%s: cause %q code %q passed %v, want %q %q (%s)", id, r.Cause, code, r.Passed, w.cause, w.code, render.Detail(r))
		}
		if r.Parse != nil && (r.Parse.Disagreement != "" || r.Parse.Chunkings != 4) {
			t.Errorf("%s: parse %+v", id, r.Parse)
		}
	}
	m := c.Metrics
	if m.Cases != 9 || m.Passed != 5 || m.CallCases != 8 || m.AbstentionCases != 1 || *m.AbstentionAccuracy != 1 ||
		m.Transcripts != 8 || m.Causes["arguments"] != 2 || m.Codes["ok"] != 5 {
		t.Errorf("aggregate %+v", m)
	}
	// Calls to a correct tool: create_note, search_notes (type error),
	// get_weather ×3, set_reminder, send_email (truncated) = 7, 2 wrong.
	if m.ToolCalls != 7 || m.WrongArgCalls != 2 || *m.WrongArgRate != 2.0/7 {
		t.Errorf("wrong-argument rate %d/%d = %v", m.WrongArgCalls, m.ToolCalls, *m.WrongArgRate)
	}
	// The always-include tool is injected, first, and left out of recall.
	r := resultByID(c, "note-create")
	if r.Injected[0] != "finish" || r.Recall != 1 || !r.Scored || slices.Contains(r.Injected[1:], "finish") {
		t.Errorf("note-create injected %v recall %v", r.Injected, r.Recall)
	}
	if r := resultByID(c, "abstain-chitchat"); r.Scored || r.Calls == nil || !r.Calls.Abstention {
		t.Errorf("abstention case %+v", r)
	}
}

func TestRunTokensAndVariants(t *testing.T) {
	rep := runTest(t, loadTestSuite(t), Options{Ks: []int{3}, Encoding: "o200k_base", Variants: []string{"retrieved", "names"}})
	c := rep.Configs[0]
	for _, r := range c.Results {
		if r.Noise.Tokens <= 0 || r.CatalogTokens < r.Noise.Tokens || r.Noise.NonGoldTokens > r.Noise.Tokens {
			t.Errorf("%s: tokens %+v catalog %d", r.ID, r.Noise, r.CatalogTokens)
		}
		if len(r.Variants) != 2 || r.Variants[0].InjectedTokens != r.Noise.Tokens {
			t.Errorf("%s: variants %+v", r.ID, r.Variants)
		}
	}
	// The names variant shows no parameter; the retrieved one shows them all.
	v := c.Variants
	if v[1].Variant != "names" || v[1].HiddenParams != v[1].GoldParams || v[1].GoldParams == 0 || v[0].HiddenParams != 0 {
		t.Errorf("variant view %+v", v)
	}
	if m := c.Metrics; *m.TokenReduction <= 0 || *m.TokenReduction >= 1 || *m.InjectedTokens >= *m.CatalogTokens {
		t.Errorf("token reduction %+v", m)
	}
}

// TestRunIndependentOfJobsAndShards: per-case results are the same
// whatever the number of workers or the sharding.
func TestRunIndependentOfJobsAndShards(t *testing.T) {
	s := loadTestSuite(t)
	ref := runTest(t, s, Options{Jobs: 1})
	refJSON := caseJSON(t, ref)
	for _, j := range []int{2, 8} {
		if got := caseJSON(t, runTest(t, s, Options{Jobs: j})); !maps(got, refJSON) {
			t.Fatalf("-j %d differs", j)
		}
	}
	merged := map[string]string{}
	total := 0
	for i := 1; i <= 3; i++ {
		rep := runTest(t, s, Options{Jobs: 3, Shard: i, Shards: 3})
		if rep.Shard != fmt.Sprintf("%d/3", i) {
			t.Fatalf("shard label %q", rep.Shard)
		}
		total += rep.Cases
		for k, v := range caseJSON(t, rep) {
			if _, dup := merged[k]; dup {
				t.Fatalf("case %s in two shards", k)
			}
			merged[k] = v
		}
	}
	if total != len(s.Cases) || !maps(merged, refJSON) {
		t.Fatalf("shards differ from the whole run (%d cases)", total)
	}
}

func caseJSON(t testing.TB, rep *report.Report) map[string]string {
	out := map[string]string{}
	for _, c := range rep.Configs {
		for _, r := range c.Results {
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			out[c.Config.Name+"/"+r.ID] = string(b)
		}
	}
	return out
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// flakyParser drops every event of a one-byte Feed that contains a '>', so
// it disagrees with itself across chunkings — a parser bug replay must
// catch.
type flakyParser struct{ toolcall.StreamParser }

func (f flakyParser) Feed(chunk []byte) []toolcall.Event {
	evs := f.StreamParser.Feed(chunk)
	if len(chunk) == 1 && chunk[0] == '>' {
		return nil
	}
	return evs
}

func TestParserDisagreementIsAParserFailure(t *testing.T) {
	s := loadTestSuite(t)
	rep := runTest(t, s, Options{Ks: []int{5}, Parser: func(o toolcall.ParseOptions) (toolcall.StreamParser, error) {
		p, err := DefaultParser(o)
		return flakyParser{p}, err
	}})
	r := resultByID(rep.Configs[0], "note-create")
	if r.Cause != report.CauseParser || r.Passed || !strings.HasPrefix(r.Parse.Disagreement, "bytes chunking differs from recorded") {
		t.Fatalf("got cause %q: %+v", r.Cause, r.Parse)
	}
	if rep.Configs[0].Metrics.ParserFailures == 0 {
		t.Fatal("parser failures not counted")
	}
}

func TestBrokenCaseIsAnError(t *testing.T) {
	s := loadTestSuite(t)
	rep := runTest(t, s, Options{Ks: []int{5}, Parser: func(o toolcall.ParseOptions) (toolcall.StreamParser, error) {
		if o.Format == "openai-chat" {
			return nil, fmt.Errorf("not today")
		}
		return DefaultParser(o)
	}})
	r := resultByID(rep.Configs[0], "weather-paris")
	if r.Cause != report.CauseError || !strings.Contains(r.Error, "not today") || rep.Configs[0].Metrics.Broken != 1 {
		t.Fatalf("%+v", r)
	}
}

func TestOptionsErrors(t *testing.T) {
	s := loadTestSuite(t)
	manyKs := make([]int, report.MaxConfigs+1) // more configurations than a report holds
	for i := range manyKs {
		manyKs[i] = i
	}
	for _, o := range []Options{
		{Ks: []int{-1}}, {Variants: []string{"poem"}}, {Encoding: "p50k"}, {Shard: 4, Shards: 3},
		{Retrieval: []NamedRetrieval{{Name: ""}}}, {Ks: manyKs},
	} {
		if _, err := Run(s, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	for _, bad := range []string{"0/2", "3/2", "a/b", "1", "1/0",
		"1/4097", "1/9223372036854775807", "1/99999999999999999999"} { // MaxShards bounds n
		if _, _, err := report.ParseShard(bad); err == nil {
			t.Errorf("shard %q accepted", bad)
		}
	}
	if i, n, err := report.ParseShard("2/5"); i != 2 || n != 5 || err != nil {
		t.Errorf("ParseShard(2/5) = %d %d %v", i, n, err)
	}
}

func TestCompare(t *testing.T) {
	s := loadTestSuite(t)
	base := runTest(t, s, Options{Ks: []int{5}})
	// Round-trip through JSON as a baseline file would.
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(base); err != nil {
		t.Fatal(err)
	}
	var back report.Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	self := runTest(t, s, Options{Ks: []int{5}})
	v := report.Gate{MaxDrop: []report.Threshold{{Metric: "recall", Value: 0}, {Metric: "wrong_argument_rate", Value: 0}}}.Check(self, &back)
	if !v.Passed || len(self.Comparison.Changes) != 0 || len(self.Comparison.Matched) != 1 {
		t.Fatalf("self comparison: %+v %+v", v, self.Comparison)
	}
	// A worse run whose configuration has the same settings under another
	// name: matched by settings, so the gate catches it.
	cfg := retrieval.DefaultConfig()
	cfg.Weights = retrieval.DefaultWeights()
	worse := runTest(t, s, Options{Ks: []int{5}, Retrieval: []NamedRetrieval{{Name: "renamed", Config: cfg}}, Filter: nil})
	if worse.Configs[0].Config.Name == "k=5" || worse.Configs[0].Config.Key != back.Configs[0].Config.Key {
		t.Fatalf("renamed config: %+v vs %+v", worse.Configs[0].Config, back.Configs[0].Config)
	}
	r := resultByID(worse.Configs[0], "note-create")
	r.Passed, r.Cause = false, "selection"
	worse.Configs[0].Metrics.WrongArgRate = report.Ptr(*back.Configs[0].Metrics.WrongArgRate + 0.1)
	v = report.Gate{MaxDrop: []report.Threshold{{Metric: "wrong_argument_rate", Value: 0.05}, {Metric: "noise", Value: 1}}}.Check(worse, &back)
	if v.Passed || len(v.Regressions) != 1 || v.Regressions[0].Kind != report.KindRise || !strings.Contains(v.Regressions[0].String(), "wrong_argument_rate rose") {
		t.Fatalf("wrong_argument_rate rise not caught: %+v", v)
	}
	if len(worse.Comparison.Changes) != 1 || worse.Comparison.Changes[0].ID != "note-create" {
		t.Fatalf("changes %+v", worse.Comparison.Changes)
	}
	// Another k: nothing to compare with, in both directions.
	other := runTest(t, s, Options{Ks: []int{3}})
	v = report.Gate{MaxDrop: []report.Threshold{{Metric: "recall", Value: 0.01}}}.Check(other, &back)
	if v.Passed || len(v.Errors) != 2 || !strings.Contains(v.Errors[0], `"k=3"`) || !strings.Contains(v.Errors[1], `"k=5"`) {
		t.Fatalf("unmatched configurations: %+v", v)
	}
	if v := (report.Gate{AllowUnmatched: true}).Check(other, &back); !v.Passed || len(v.Notes) != 2 {
		t.Fatalf("allowed unmatched: %+v", v)
	}
	// Minimums, with messages that say what happened.
	v = report.Gate{Min: []report.Threshold{{Metric: "pass_rate", Value: 0.99}, {Metric: "noise", Value: 0.01}}}.Check(base, nil)
	if len(v.Regressions) != 2 || !strings.Contains(v.Regressions[0].String(), "pass_rate 0.5556 < min 0.9900") ||
		!strings.Contains(v.Regressions[1].String(), "> max 0.0100") {
		t.Fatalf("minimums %+v", v.Regressions)
	}
	if _, err := report.ParseThreshold("recal=0.1"); err == nil {
		t.Fatal("unknown metric accepted")
	}
	if th, err := report.ParseThreshold(" ndcg = 0.05"); err != nil || th != (report.Threshold{Metric: "ndcg", Value: 0.05}) {
		t.Fatalf("%v %v", th, err)
	}
}

// A metric with nothing to measure is null, and a bound on it is reported
// as unmeasured (a failure only with RequireMeasured).
func TestUnmeasuredMetrics(t *testing.T) {
	s := loadTestSuite(t)
	f, _ := suite.ParseFilter([]string{"retrieval-only"})
	rep := runTest(t, s, Options{Ks: []int{5}, Filter: f})
	m := rep.Configs[0].Metrics
	if m.Cases != 1 || m.CallAccuracy != nil || m.WrongArgRate != nil || m.TokenReduction != nil || m.Recall == nil {
		t.Fatalf("aggregate %+v", m)
	}
	b, _ := json.Marshal(m)
	if !strings.Contains(string(b), `"call_accuracy":null`) {
		t.Fatalf("json %s", b)
	}
	v := report.Gate{Min: []report.Threshold{{Metric: "call_accuracy", Value: 0.5}}}.Check(rep, nil)
	if !v.Passed || len(v.Notes) != 1 || !strings.Contains(v.Notes[0], "call_accuracy could not be measured") {
		t.Fatalf("verdict %+v", v)
	}
	if v := (report.Gate{Min: []report.Threshold{{Metric: "call_accuracy", Value: 0.5}}, RequireMeasured: true}).Check(rep, nil); v.Passed || len(v.Errors) != 1 {
		t.Fatalf("require measured: %+v", v)
	}
	var out bytes.Buffer
	render.WriteTable(&out, rep, 3)
	if !strings.Contains(out.String(), "n/a (0)") || strings.Contains(out.String(), "0.0% (0/0)") {
		t.Fatalf("table shows unmeasured values as numbers:\n%s", out.String())
	}
}

// TestPrinters compares the table, Markdown and JUnit output of the test
// suite with golden files.
func TestPrinters(t *testing.T) {
	rep := runTest(t, loadTestSuite(t), Options{Ks: []int{3, 5}})
	rep.Suite = "suite.jsonl"
	// Times vary from run to run: fix them.
	rep.Started, rep.Elapsed = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), 1500*time.Millisecond
	for _, c := range rep.Configs {
		for _, r := range c.Results {
			r.Elapsed = 2 * time.Millisecond
		}
	}
	for _, g := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"table.golden", func(b *bytes.Buffer) error { return render.WriteTable(b, rep, 3) }},
		{"summary.golden", func(b *bytes.Buffer) error { return render.WriteSummary(b, rep, 3) }},
		{"markdown.golden", func(b *bytes.Buffer) error { return render.WriteMarkdown(b, rep, 3) }},
		{"junit.golden", func(b *bytes.Buffer) error { return render.WriteJUnit(b, rep) }},
	} {
		var b bytes.Buffer
		if err := g.write(&b); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "../testdata/replay/"+g.file, b.Bytes(), *update)
	}
}

// A retrieval configuration's always-include tools are injected into every
// case whose catalog has them; names another catalog of the suite might
// hold are skipped rather than failing the run.
func TestConfigAlwaysIncludePerCatalog(t *testing.T) {
	s := loadTestSuite(t)
	cfg := retrieval.DefaultConfig()
	cfg.Always = []string{"list_folders", "tool_of_another_catalog"}
	rep := runTest(t, s, Options{Ks: []int{3}, Retrieval: []NamedRetrieval{{Name: "always", Config: cfg}}})
	for _, r := range rep.Configs[0].Results {
		if r.Cause == report.CauseError {
			t.Fatalf("%s: %s", r.ID, r.Error)
		}
		if !slices.Contains(r.Injected, "list_folders") {
			t.Errorf("%s: injected %v lacks the configured always-include tool", r.ID, r.Injected)
		}
		if slices.Contains(r.Injected, "tool_of_another_catalog") {
			t.Errorf("%s: injected a tool its catalog lacks", r.ID)
		}
	}
}

// Token costs are counts of the real renderings: the injected tools in
// their order, the whole catalog as `tooleval catalog` counts it, native
// variants as the compact JSON the provider receives.
func TestTokensAreRealRenderings(t *testing.T) {
	s := loadTestSuite(t)
	variants := []string{"names", "detailed", "retrieved", "native:anthropic"}
	rep := runTest(t, s, Options{Ks: []int{3}, Encoding: "o200k_base", Variants: variants})
	count := func(tools []toolcall.Tool, v string) int {
		text, err := prompt.Payload(tools, v, prompt.Options{})
		if err != nil {
			t.Fatal(err)
		}
		n, err := prompt.CountTokens(text, "o200k_base")
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, r := range rep.Configs[0].Results {
		var c *suite.Case
		for _, sc := range s.Cases {
			if sc.ID == r.ID {
				c = sc
			}
		}
		cat := s.Catalog(c)
		var injected, gold []toolcall.Tool
		for _, name := range r.Injected {
			tool, _ := cat.Lookup(name)
			injected = append(injected, *tool)
			if slices.Contains(c.GoldTools, name) {
				gold = append(gold, *tool)
			}
		}
		for vi, v := range variants {
			cv := r.Variants[vi]
			if want := count(injected, v); cv.InjectedTokens != want {
				t.Errorf("%s %s: injected tokens %d, rendering counts %d", r.ID, v, cv.InjectedTokens, want)
			}
			if want := count(cat.Tools(), v); cv.CatalogTokens != want {
				t.Errorf("%s %s: catalog tokens %d, rendering counts %d", r.ID, v, cv.CatalogTokens, want)
			}
			if want := count(injected, v) - count(gold, v); cv.NoiseTokens != max(0, want) {
				t.Errorf("%s %s: noise tokens %d, want %d", r.ID, v, cv.NoiseTokens, want)
			}
		}
	}
	// Native is counted compact: fewer tokens than the indented rendering.
	cat := s.Catalog(s.Cases[0])
	indented, _ := prompt.Render(cat.Tools(), "native:anthropic", prompt.Options{})
	n, _ := prompt.CountTokens(indented, "o200k_base")
	if c := rep.Configs[0].Results[0].Variants[3].CatalogTokens; c >= n {
		t.Errorf("native counted %d tokens, the indented rendering %d", c, n)
	}
	if len(rep.Counting) != 4 || !rep.Counting[0].Exact || rep.Counting[3].Exact || !strings.Contains(rep.Counting[3].Counted, "anthropic") {
		t.Errorf("counting %+v", rep.Counting)
	}
}

// Token thresholds against a baseline counted in another encoding cannot
// pass silently.
func TestGateTokensNeedSameCounting(t *testing.T) {
	s := loadTestSuite(t)
	base := runTest(t, s, Options{Ks: []int{3}, Variants: []string{"names"}, Encoding: "cl100k_base"})
	cur := runTest(t, s, Options{Ks: []int{3}, Variants: []string{"names"}, Encoding: "o200k_base"})
	v := report.Gate{MaxDrop: []report.Threshold{{Metric: "injected_tokens", Value: 1000}, {Metric: "recall", Value: 0}}}.Check(cur, base)
	if v.Passed || len(v.Errors) != 1 || !strings.Contains(v.Errors[0], "injected_tokens cannot be compared") {
		t.Fatalf("verdict %+v", v)
	}
	same := runTest(t, s, Options{Ks: []int{3}, Variants: []string{"names"}, Encoding: "o200k_base"})
	if v := (report.Gate{MaxDrop: []report.Threshold{{Metric: "injected_tokens", Value: 0}}}).Check(same, cur); !v.Passed {
		t.Fatalf("same counting: %+v", v)
	}
}

// The Markdown summary puts the verdict and the baseline comparison before
// the tables, aligns text left and numbers right, and says n/a for what
// was not measured.
func TestMarkdownGateFirst(t *testing.T) {
	s := loadTestSuite(t)
	base := runTest(t, s, Options{Ks: []int{5}})
	rep := runTest(t, s, Options{Ks: []int{5}})
	report.Gate{Min: []report.Threshold{{Metric: "pass_rate", Value: 0.9}}, MaxDrop: []report.Threshold{{Metric: "recall", Value: 0}}}.Check(rep, base)
	var b bytes.Buffer
	if err := render.WriteMarkdown(&b, rep, 3); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	gate, table := strings.Index(md, "### Against the baseline"), strings.Index(md, "| config | recall |")
	if gate < 0 || table < 0 || gate > table {
		t.Fatalf("the gate does not come first:\n%s", md)
	}
	for _, want := range []string{"- FAILED\n", "- REGRESSION k=5: pass_rate 0.5556 &lt; min 0.9000\n", "- no case changed\n",
		"| :--- | ---: | ---: |", "9 cases, 1 configuration; tokens not counted.", "| n/a | n/a |"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}
