package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

func loadTestSuite(t testing.TB) *Suite {
	t.Helper()
	s, err := LoadFile(testSuite)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runTest(t testing.TB, s *Suite, opts Options) *Report {
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

func resultByID(c *ConfigResult, id string) *CaseResult {
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
		code  metrics.Code
	}{
		"note-create":            {"", ""},
		"note-search-wrong-type": {"arguments", metrics.CodeTypeError},
		"weather-paris":          {"", ""},
		"abstain-chitchat":       {"", ""},
		"reminder-zh":            {"retrieval_miss", ""},
		"parallel-weather":       {"", ""},
		"truncated-email":        {"arguments", metrics.CodeIncompleteCall},
		"wrong-tool":             {"selection", metrics.CodeWrongFuncName},
		"retrieval-only":         {"", ""},
	}
	for id, w := range want {
		r := resultByID(c, id)
		if r == nil {
			t.Fatalf("no result for %s", id)
		}
		code := metrics.Code("")
		if r.Calls != nil {
			code = r.Calls.Code
		}
		if r.Cause != w.cause || code != w.code || r.Passed != (w.cause == "") {
			t.Errorf("%s: cause %q code %q passed %v, want %q %q (%s)", id, r.Cause, code, r.Passed, w.cause, w.code, Detail(r))
		}
		if r.Parse != nil && (r.Parse.Disagreement != "" || r.Parse.Chunkings != 4) {
			t.Errorf("%s: parse %+v", id, r.Parse)
		}
	}
	m := c.Metrics
	if m.Cases != 9 || m.Passed != 5 || m.CallCases != 8 || m.AbstentionCases != 1 || m.AbstentionAccuracy != 1 ||
		m.Transcripts != 8 || m.Causes["arguments"] != 2 || m.Codes["ok"] != 5 {
		t.Errorf("aggregate %+v", m)
	}
	// Calls to a correct tool: create_note, search_notes (type error),
	// get_weather ×3, set_reminder, send_email (truncated) = 7, 2 wrong.
	if m.ToolCalls != 7 || m.WrongArgCalls != 2 || m.WrongArgRate != 2.0/7 {
		t.Errorf("wrong-argument rate %d/%d = %v", m.WrongArgCalls, m.ToolCalls, m.WrongArgRate)
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
	if m := c.Metrics; m.TokenReduction <= 0 || m.TokenReduction >= 1 || m.InjectedTokens >= m.CatalogTokens {
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

func caseJSON(t testing.TB, rep *Report) map[string]string {
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
	rep := runTest(t, s, Options{Ks: []int{5}, Parser: func(format string, tools toolcall.ToolSet) (toolcall.StreamParser, error) {
		p, err := DefaultParser(format, tools)
		return flakyParser{p}, err
	}})
	r := resultByID(rep.Configs[0], "note-create")
	if r.Cause != CauseParser || r.Passed || !strings.HasPrefix(r.Parse.Disagreement, "bytes chunking differs from recorded") {
		t.Fatalf("got cause %q: %+v", r.Cause, r.Parse)
	}
	if rep.Configs[0].Metrics.ParserFailures == 0 {
		t.Fatal("parser failures not counted")
	}
}

func TestBrokenCaseIsAnError(t *testing.T) {
	s := loadTestSuite(t)
	rep := runTest(t, s, Options{Ks: []int{5}, Parser: func(format string, tools toolcall.ToolSet) (toolcall.StreamParser, error) {
		if format == "openai-chat" {
			return nil, fmt.Errorf("not today")
		}
		return DefaultParser(format, tools)
	}})
	r := resultByID(rep.Configs[0], "weather-paris")
	if r.Cause != CauseError || !strings.Contains(r.Error, "not today") || rep.Configs[0].Metrics.Broken != 1 {
		t.Fatalf("%+v", r)
	}
}

func TestOptionsErrors(t *testing.T) {
	s := loadTestSuite(t)
	for _, o := range []Options{
		{Ks: []int{-1}}, {Variants: []string{"poem"}}, {Encoding: "p50k"}, {Shard: 4, Shards: 3},
		{Retrieval: []NamedRetrieval{{Name: ""}}},
	} {
		if _, err := Run(s, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	for _, bad := range []string{"0/2", "3/2", "a/b", "1", "1/0"} {
		if _, _, err := ParseShard(bad); err == nil {
			t.Errorf("shard %q accepted", bad)
		}
	}
	if i, n, err := ParseShard("2/5"); i != 2 || n != 5 || err != nil {
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
	var back Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	same := Compare(&back, base, []Threshold{{"recall", 0}, {"wrong_argument_rate", 0}})
	if len(same.Regressions) != 0 || len(same.Changes) != 0 {
		t.Fatalf("self comparison: %+v", same)
	}
	// A worse run: k=0 retrieves nothing.
	cur := runTest(t, s, Options{Ks: []int{0}})
	cur.Configs[0].Config.Name = "k=5"
	cmp := Compare(&back, cur, []Threshold{{"recall", 0.01}, {"noise", 1}})
	if len(cmp.Regressions) != 1 || cmp.Regressions[0].Metric != "recall" {
		t.Fatalf("regressions %+v", cmp.Regressions)
	}
	if len(cmp.Changes) == 0 {
		t.Fatal("no case changes reported")
	}
	for _, ch := range cmp.Changes {
		if ch.Before == ch.After || ch.Config != "k=5" {
			t.Errorf("bad change %+v", ch)
		}
	}
	// Lower-is-better metrics regress when they rise.
	worse := *cur.Configs[0]
	worse.Metrics.WrongArgRate = back.Configs[0].Metrics.WrongArgRate + 0.1
	cur.Configs[0] = &worse
	if cmp := Compare(&back, cur, []Threshold{{"wrong_argument_rate", 0.05}}); len(cmp.Regressions) != 1 {
		t.Fatalf("wrong_argument_rate rise not caught: %+v", cmp)
	}
	if mins := CheckMinimums(base, []Threshold{{"pass_rate", 0.99}, {"noise", 0.01}}); len(mins) != 2 {
		t.Fatalf("minimums %+v", mins)
	}
	if _, err := ParseThreshold("recal=0.1"); err == nil {
		t.Fatal("unknown metric accepted")
	}
	if th, err := ParseThreshold(" ndcg = 0.05"); err != nil || th != (Threshold{"ndcg", 0.05}) {
		t.Fatalf("%v %v", th, err)
	}
}

// TestPrinters compares the table, Markdown and JUnit output of the test
// suite with golden files.
func TestPrinters(t *testing.T) {
	rep := runTest(t, loadTestSuite(t), Options{Ks: []int{3, 5}})
	rep.Suite = "suite.jsonl"
	for _, g := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"table.golden", func(b *bytes.Buffer) error { return WriteTable(b, rep, 3) }},
		{"markdown.golden", func(b *bytes.Buffer) error { return WriteMarkdown(b, rep, 3) }},
		{"junit.golden", func(b *bytes.Buffer) error { return WriteJUnit(b, rep) }},
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
		if r.Cause == CauseError {
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
