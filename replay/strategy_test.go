package replay

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
)

const strategySuite = "../testdata/replay/strategy/suite.jsonl"

func runStrategies(t *testing.T, opts Options) *report.Report {
	t.Helper()
	s, err := suite.LoadFile(strategySuite)
	if err != nil {
		t.Fatal(err)
	}
	if opts.Variants == nil {
		opts.Variants = []string{"retrieved"}
	}
	opts.RandomChunkings = -1
	return runTest(t, s, opts)
}

// TestStrategiesSideBySide replays the same cases under the strategies
// the suite declares: what each shows first, what the model's recorded
// searches bring in under BM25 and under a regex, the calls to tools never
// shown, and the exact-name check.
func TestStrategiesSideBySide(t *testing.T) {
	rep := runStrategies(t, Options{Encoding: "o200k_base"})
	var names, strats []string
	for _, c := range rep.Configs {
		names = append(names, c.Config.Name)
		strats = append(strats, c.Config.Strategy)
	}
	if want := []string{"k=2", "search:bm25 k=2", "search:regex k=2", "all"}; !slices.Equal(names, want) {
		t.Fatalf("configurations %v, want %v", names, want)
	}
	if want := []string{"inject", "search:bm25", "search:regex", "all"}; !slices.Equal(strats, want) {
		t.Fatalf("strategies %v, want %v", strats, want)
	}
	for _, tc := range []struct {
		config, id          string
		passed              bool
		cause               string
		first, final        float64
		searches, unshown   int
		named, miss, search string // search: the first search's error
		notRecorded         bool
	}{
		{"k=2", "keyword-search", true, "", 0.5, 1, 2, 0, "", "", "", false},
		// Only list_folders is loaded: the keywords find search_notes and
		// then delete_note by BM25; as regexes they find nothing.
		{"search:bm25 k=2", "keyword-search", true, "", 0, 1, 2, 0, "", "", "", false},
		{"search:regex k=2", "keyword-search", false, "search_query", 0, 0, 2, 2, "", "", "", false},
		{"all", "keyword-search", true, "", 1, 1, 2, 0, "", "", "", false},
		{"search:regex k=2", "pattern-search", true, "", 0, 1, 1, 0, "", "", "", false},
		// A pattern that does not compile fails its step on its arguments
		// (the model's mistake), never the case's replay.
		{"search:regex k=2", "bad-pattern", false, "arguments", 0.5, 0.5, 1, 1, "", "", "not an RE2 pattern", false},
		{"search:bm25 k=2", "bad-pattern", true, "", 0.5, 1, 1, 0, "", "", "", false},
		// One turn, no search: under search the named tool was never shown.
		{"k=2", "named-create", true, "", 1, 1, 0, 0, "create_note", "", "", false},
		{"search:bm25 k=2", "named-create", false, "retrieval_miss", 0, 0, 0, 1, "create_note", "", "", false},
		{"all", "named-create", true, "", 1, 1, 0, 0, "create_note", "", "", false},
		// export and Export differ in case only: the case-folding regex
		// search ranks Export (first in the catalog) first.
		{"search:regex k=2", "named-export", false, "retrieval_miss", 0, 0, 0, 1, "export", "export", "", false},
		{"k=2", "named-export", true, "", 1, 1, 0, 0, "export", "", "", false},
		// Each configuration judges the recordings made under its
		// strategy: two-recordings calls delete_note at once under
		// inject (a recording without a strategy, which stands for all
		// too) and searches first under search:bm25.
		{"k=2", "two-recordings", true, "", 1, 1, 0, 0, "", "", "", false},
		{"all", "two-recordings", true, "", 1, 1, 0, 0, "", "", "", false},
		{"search:bm25 k=2", "two-recordings", true, "", 0, 1, 1, 0, "", "", "", false},
		// A case without a recording under the strategy is not judged.
		{"search:regex k=2", "two-recordings", false, "", 0, 0, 0, 0, "", "", "", true},
		{"k=2", "pattern-search", false, "", 0, 0, 0, 0, "", "", "", true},
		{"search:bm25 k=2", "named-export", false, "", 0, 0, 0, 0, "", "", "", true},
	} {
		var cr *report.ConfigResult
		for _, c := range rep.Configs {
			if c.Config.Name == tc.config {
				cr = c
			}
		}
		r := resultOf(t, cr, tc.id)
		if tc.notRecorded || r.NotRecorded {
			if !tc.notRecorded || !r.NotRecorded || r.Passed || r.Cause != "" || r.Strategy != nil || r.Parse != nil || r.Trajectory != nil {
				t.Errorf("%s %s: not recorded %v (want %v), passed %v, cause %q, strategy %+v", tc.config, tc.id, r.NotRecorded, tc.notRecorded, r.Passed, r.Cause, r.Strategy)
			}
			continue
		}
		s := r.Strategy
		if s == nil {
			t.Fatalf("%s %s: no strategy result", tc.config, tc.id)
		}
		searchErr := ""
		if r.Trajectory != nil {
			for _, st := range r.Trajectory.Steps {
				for _, q := range st.Searches {
					if q.Error != "" && searchErr == "" {
						searchErr = q.Error
					}
				}
			}
		}
		if r.Passed != tc.passed || r.Cause != tc.cause || s.RecallFirst != tc.first || s.RecallFinal != tc.final ||
			s.Searches != tc.searches || s.UnshownCalls != tc.unshown || strings.Join(s.Named, ",") != tc.named ||
			s.ExactNameMiss != tc.miss || !strings.Contains(searchErr, tc.search) || (tc.search == "") != (searchErr == "") {
			t.Errorf("%s %s: passed %v cause %q first %g final %g searches %d unshown %d named %v miss %q search error %q\nwant %+v (%s)",
				tc.config, tc.id, r.Passed, r.Cause, s.RecallFirst, s.RecallFinal, s.Searches, s.UnshownCalls, s.Named, s.ExactNameMiss, searchErr, tc, render.Detail(r))
		}
		if !s.Tokens || s.InjectedTokens <= 0 {
			t.Errorf("%s %s: tokens %d counted %v", tc.config, tc.id, s.InjectedTokens, s.Tokens)
		}
	}
	// Tokens, on the one-turn case recorded under each: all shows the
	// most; search shows list_folders and the search tool.
	tok := func(i int) int { return resultOf(t, rep.Configs[i], "named-create").Strategy.InjectedTokens }
	if !(tok(1) < tok(3) && tok(0) < tok(3)) {
		t.Errorf("named-create's tokens: inject %d, search %d, all %d", tok(0), tok(1), tok(3))
	}
	// Figures are over the cases recorded under the strategy.
	for i, want := range []struct{ cases, notRecorded int }{{4, 2}, {4, 2}, {5, 1}, {4, 2}} {
		if m := rep.Configs[i].Metrics; m.Cases != want.cases || m.NotRecorded != want.notRecorded || m.Strategy.Cases != want.cases || m.Passed+m.Failed != want.cases {
			t.Errorf("%s: %d cases (%d passed, %d failed; strategy %d), %d not recorded; want %d and %d",
				rep.Configs[i].Config.Name, m.Cases, m.Passed, m.Failed, m.Strategy.Cases, m.NotRecorded, want.cases, want.notRecorded)
		}
	}
	regex := rep.Configs[2].Metrics.Strategy
	if regex.ExactNameMisses != 1 || !slices.Equal(regex.ExactNameMissIDs, []string{"named-export"}) || regex.NamedCases != 2 {
		t.Errorf("regex exact-name misses %d %v of %d named", regex.ExactNameMisses, regex.ExactNameMissIDs, regex.NamedCases)
	}
}

// TestStrategyKeys: inject keeps the key it had before strategies (old
// baselines still match), other strategies get keys of their own, and
// the report of a run without strategies carries no strategy field.
func TestStrategyKeys(t *testing.T) {
	plain := runTrajectories(t, 2)
	withInject := runStrategies(t, Options{Strategies: []strategy.Strategy{{Strategy: strategy.Inject}, {Strategy: strategy.All}}, Ks: []int{2}, Encoding: "none"})
	if plain.Configs[0].Config.Key != withInject.Configs[0].Config.Key {
		t.Errorf("inject's key changed: %s, %s", plain.Configs[0].Config.Key, withInject.Configs[0].Config.Key)
	}
	if withInject.Configs[1].Config.Key == withInject.Configs[0].Config.Key {
		t.Error("all has inject's key")
	}
	b, _ := json.Marshal(plain)
	if strings.Contains(string(b), `"strategy"`) {
		t.Error("a run without strategies writes strategy fields")
	}
	// --strategy takes precedence over the suite's list.
	if n := len(withInject.Configs); n != 2 {
		t.Errorf("%d configurations, want the 2 the options name", n)
	}
}

// TestStrategyJSONShape pins the JSON names of the strategy figures, per
// case and per configuration.
func TestStrategyJSONShape(t *testing.T) {
	rep := runStrategies(t, Options{Encoding: "none"})
	var doc struct {
		Configs []struct {
			Config  map[string]any `json:"config"`
			Metrics struct {
				Strategy map[string]any `json:"strategy"`
			} `json:"metrics"`
			Results []struct {
				ID       string         `json:"id"`
				Strategy map[string]any `json:"strategy"`
			} `json:"results"`
		} `json:"configs"`
	}
	if err := json.Unmarshal([]byte(reportJSON(t, rep)), &doc); err != nil {
		t.Fatal(err)
	}
	keys := func(m map[string]any) string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	c := doc.Configs[2]
	if c.Config["strategy"] != "search:regex" {
		t.Errorf("config.strategy %v", c.Config["strategy"])
	}
	if got, want := keys(c.Metrics.Strategy), "calls,cases,exact_name_miss_ids,exact_name_misses,injected_tokens_per_case,injected_tokens_sum,named_cases,recall_cases,recall_final,recall_final_sum,recall_first,recall_first_sum,searches,searches_per_case,searching_cases,token_cases,unshown_call_rate,unshown_calls"; got != want {
		t.Errorf("metrics.strategy keys\n got %s\nwant %s", got, want)
	}
	if ids := c.Metrics.Strategy["exact_name_miss_ids"].([]any); len(ids) != 1 || ids[0] != "named-export" {
		t.Errorf("exact_name_miss_ids %v", ids)
	}
	if c.Metrics.Strategy["injected_tokens_per_case"] != nil {
		t.Error("tokens not counted must be null")
	}
	for _, r := range c.Results {
		if r.ID != "named-export" {
			continue
		}
		if got, want := keys(r.Strategy), "calls,exact_name_miss,injected_tokens,named,needed,recall_final,recall_first,searches,tokens,unshown,unshown_calls"; got != want {
			t.Errorf("result strategy keys\n got %s\nwant %s", got, want)
		}
	}
}

// TestMergeShardsWithStrategies: merging the shards of a run that
// compares strategies gives the whole run's JSON byte for byte.
func TestMergeShardsWithStrategies(t *testing.T) {
	s, err := suite.LoadFile(strategySuite)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Variants: []string{"retrieved", "names"}, Encoding: "o200k_base", RandomChunkings: -1}
	want := reportJSON(t, runTest(t, s, opts))
	if !strings.Contains(want, `"exact_name_miss_ids":["named-export"]`) || !strings.Contains(want, `"not_recorded":true`) {
		t.Fatal("the run should list an exact-name miss and cases not recorded under a strategy")
	}
	for n := 2; n <= 5; n++ {
		if got := reportJSON(t, mergeShards(t, s, opts, n)); got != want {
			t.Errorf("%d shards: the merge differs from the whole run", n)
		}
	}
}

// TestStrategyOutputs: every output puts the strategies side by side and
// names the exact-name misses: the summary (within 100 columns), the full
// table, Markdown, JUnit properties and the HTML page.
func TestStrategyOutputs(t *testing.T) {
	s, err := suite.LoadFile(strategySuite)
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, Options{Variants: []string{"retrieved"}, Encoding: "o200k_base", RandomChunkings: -1})
	row := regexp.MustCompile(`(?m)^│ search:regex k=2 +│ +0\.100 │ +0\.300 │ +0\.80 │ +\d+ │ +5/7 │ +1/2 │ +1/5 │$`)
	summaryRow := regexp.MustCompile(`(?m)^│ search:regex k=2 +│ +0\.100 │ +0\.300 │ +0\.80 │ +\d+ │ +5/7 │ +1/2 │ +100\.0% │ +1/5 │$`)
	miss := "search:regex k=2: a tool named exactly did not rank first in 1 case: named-export"
	for _, out := range []struct {
		name  string
		write func(*bytes.Buffer) error
		want  []string
	}{
		{"summary", func(b *bytes.Buffer) error { return render.WriteSummary(b, rep, 8) }, []string{"Strategies (first, end:", miss}},
		{"table", func(b *bytes.Buffer) error { return render.WriteTable(b, rep, 8) }, []string{"Tool-search strategies", miss}},
		{"markdown", func(b *bytes.Buffer) error { return render.WriteMarkdown(b, rep, 8) }, []string{"### Tool-search strategies",
			"| search:regex k=2 | 0.100 | 0.300 | 0.80 |", "- " + miss}},
		{"junit", func(b *bytes.Buffer) error { return render.WriteJUnit(b, rep) }, []string{`<property name="strategy" value="search:regex"></property>`,
			`<property name="exact_name_miss_ids" value="named-export"></property>`, `<property name="exact_name_miss" value="export"></property>`,
			`<property name="recall_final" value="0.300"></property>`}},
		{"html", func(b *bytes.Buffer) error { return render.WriteHTML(b, rep, render.HTMLOptions{Suite: s}) }, []string{`<table class="strategies">`,
			`<td>search:regex k=2</td><td class="n">0.100</td><td class="n">0.300</td>`, "<li>" + miss + "</li>"}},
	} {
		var b bytes.Buffer
		if err := out.write(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, w := range out.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s lacks %q", out.name, w)
			}
		}
		if out.name == "summary" && !summaryRow.MatchString(text) || out.name == "table" && !row.MatchString(text) {
			t.Errorf("%s lacks the search:regex row:\n%s", out.name, text)
		}
		if out.name == "summary" {
			for i, l := range strings.Split(text, "\n") {
				if n := utf8.RuneCountInString(l); n > render.SummaryWidth {
					t.Errorf("summary line %d is %d columns", i+1, n)
				}
			}
		}
	}
}

// TestStrategyGate: the gate bounds the strategy figures per
// configuration, and names what it could not measure without strategies.
func TestStrategyGate(t *testing.T) {
	rep := runStrategies(t, Options{Encoding: "none"})
	var min []report.Threshold
	for _, s := range []string{"exact_name_misses=0", "strategy_recall_final=0.5", "strategy_unshown_call_rate=0.5", "strategy_recall_first=0"} {
		th, err := report.ParseThreshold(s)
		if err != nil {
			t.Fatal(err)
		}
		min = append(min, th)
	}
	v := report.Gate{Min: min}.Check(rep, nil)
	var got []string
	for _, r := range v.Regressions {
		got = append(got, r.String())
	}
	want := []string{
		"search:regex k=2: exact_name_misses 1.0000 > max 0.0000",
		"search:regex k=2: strategy_recall_final 0.3000 < min 0.5000",
		"search:regex k=2: strategy_unshown_call_rate 0.7143 > max 0.5000",
	}
	if v.Passed || !slices.Equal(got, want) {
		t.Errorf("passed %v, regressions:\n%s\nwant:\n%s", v.Passed, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	plain := runTrajectories(t, 2)
	v = report.Gate{Min: min[:1], RequireMeasured: true}.Check(plain, nil)
	if v.Passed || len(v.Errors) == 0 || !strings.Contains(v.Errors[0], "exact_name_misses") {
		t.Errorf("without strategies exact_name_misses is not measured: %+v", v)
	}
}

// TestEmbeddedStrategyRecordings: the embedded suite's search
// configurations judge the four cases recorded under search, each by its
// own recording, and count the rest not recorded; inject and all judge the
// same cases by their first recording (no strategy field).
func TestEmbeddedStrategyRecordings(t *testing.T) {
	s, err := suite.LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, Options{Ks: []int{5}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1})
	byName := map[string]*report.ConfigResult{}
	for _, c := range rep.Configs {
		byName[c.Config.Name] = c
	}
	searched := []string{"traj-fs-config-001", "traj-fs-todo-002", "traj-fs-dupes-003", "traj-prod-loan-003"}
	for _, name := range []string{"search:bm25 k=5", "search:regex k=5"} {
		c := byName[name]
		if m := c.Metrics; m.Cases != len(searched) || m.NotRecorded != rep.Cases-len(searched) || m.Passed+m.Failed != m.Cases {
			t.Errorf("%s: %d cases judged, %d not recorded of %d", name, m.Cases, m.NotRecorded, rep.Cases)
		}
		for _, r := range c.Results {
			if r.NotRecorded == slices.Contains(searched, r.ID) {
				t.Errorf("%s %s: not recorded %v", name, r.ID, r.NotRecorded)
			}
		}
	}
	for _, tc := range []struct {
		config, id string
		passed     bool
		cause      string
		searches   int
		unshown    int
	}{
		{"search:bm25 k=5", "traj-fs-todo-002", true, "", 2, 0},
		// The keyword query finds nothing as a pattern: both calls are to
		// tools never shown.
		{"search:regex k=5", "traj-fs-todo-002", false, "search_query", 1, 2},
		// Its first recording, judged under inject: at k=5 neither tool
		// is injected and the model never searched.
		{"k=5", "traj-fs-todo-002", false, "retrieval_miss", 0, 2},
		{"search:regex k=5", "traj-prod-loan-003", true, "", 1, 0},
		{"all", "traj-fs-dupes-003", true, "", 1, 0},
	} {
		r := resultOf(t, byName[tc.config], tc.id)
		if r.NotRecorded || r.Passed != tc.passed || r.Cause != tc.cause || r.Strategy.Searches != tc.searches || r.Strategy.UnshownCalls != tc.unshown {
			t.Errorf("%s %s: passed %v cause %q searches %d unshown %d, want %+v", tc.config, tc.id, r.Passed, r.Cause, r.Strategy.Searches, r.Strategy.UnshownCalls, tc)
		}
	}
	// tag:strategies selects them: every configuration on the same cases.
	f, err := suite.ParseFilter([]string{"tag:strategies"})
	if err != nil {
		t.Fatal(err)
	}
	same := runTest(t, s, Options{Ks: []int{5}, Filter: f, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1})
	for _, c := range same.Configs {
		if c.Metrics.Cases != len(searched) || c.Metrics.NotRecorded != 0 {
			t.Errorf("tag:strategies, %s: %d cases, %d not recorded", c.Config.Name, c.Metrics.Cases, c.Metrics.NotRecorded)
		}
	}
}

// TestNotRecordedOutputs: the count of cases not recorded under each
// strategy is in the JSON metrics and under the strategy table in every
// output; JUnit skips those cases; and a gate on a configuration that
// judged no case cannot pass silently.
func TestNotRecordedOutputs(t *testing.T) {
	s, err := suite.LoadFile(strategySuite)
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, Options{Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1})
	note := "Not recorded under the strategy (not judged): k=2 2, search:bm25 k=2 2, search:regex k=2 1, all 2"
	if !strings.Contains(reportJSON(t, rep), `"not_recorded":2,`) {
		t.Error("the JSON metrics lack not_recorded")
	}
	for _, out := range []struct {
		name  string
		write func(*bytes.Buffer) error
		want  string
	}{
		{"summary", func(b *bytes.Buffer) error { return render.WriteSummary(b, rep, 8) }, note},
		{"table", func(b *bytes.Buffer) error { return render.WriteTable(b, rep, 8) }, note},
		{"markdown", func(b *bytes.Buffer) error { return render.WriteMarkdown(b, rep, 8) }, "- " + note},
		{"html", func(b *bytes.Buffer) error { return render.WriteHTML(b, rep, render.HTMLOptions{Suite: s}) }, "<li>" + note + "</li>"},
		{"html", func(b *bytes.Buffer) error { return render.WriteHTML(b, rep, render.HTMLOptions{Suite: s}) }, "<option>not recorded</option>"},
		{"junit", func(b *bytes.Buffer) error { return render.WriteJUnit(b, rep) }, `<testsuite name="suite.search:regex k=2" tests="6" failures="4" errors="0" skipped="1"`},
		{"junit", func(b *bytes.Buffer) error { return render.WriteJUnit(b, rep) }, `<skipped message="not recorded under this configuration&#39;s strategy: not judged"></skipped>`},
	} {
		var b bytes.Buffer
		if err := out.write(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), out.want) {
			t.Errorf("%s lacks %q:\n%s", out.name, out.want, b.String())
		}
	}

	// named-export was recorded under inject and search:regex only.
	f, err := suite.ParseFilter([]string{"named-export"})
	if err != nil {
		t.Fatal(err)
	}
	one := runTest(t, s, Options{Ks: []int{2}, Filter: f, Strategies: []strategy.Strategy{{Strategy: strategy.Search}}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1})
	if m := one.Configs[0].Metrics; m.Cases != 0 || m.NotRecorded != 1 || m.PassRate != nil {
		t.Fatalf("%d cases, %d not recorded, pass rate %v", m.Cases, m.NotRecorded, m.PassRate)
	}
	th, err := report.ParseThreshold("pass_rate=0.5")
	if err != nil {
		t.Fatal(err)
	}
	v := report.Gate{Min: []report.Threshold{th}}.Check(one, nil)
	if !v.Passed || len(v.Notes) != 1 || !strings.Contains(v.Notes[0], "search:bm25 k=2: pass_rate could not be measured (no case is recorded under its strategy: 1 not recorded)") {
		t.Errorf("a gate over no judged case: %+v", v)
	}
	v = report.Gate{Min: []report.Threshold{th}, RequireMeasured: true}.Check(one, nil)
	if v.Passed || len(v.Errors) != 1 {
		t.Errorf("with require-measured: %+v", v)
	}
}
