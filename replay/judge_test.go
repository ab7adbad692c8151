package replay

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// This file tests how replay judges calls: the match modes of a suite and
// its cases, and the repairs (what each would fix, and judging the
// repaired calls when the suite asks).

var allNotesTools = []string{"create_note", "search_notes", "delete_note", "list_folders", "set_reminder", "get_weather", "send_email", "finish"}

// useTool writes one model turn in the use_tool dialect: calls are name and
// arguments pairs.
func useTool(calls ...string) map[string]any {
	var b strings.Builder
	for i := 0; i+1 < len(calls); i += 2 {
		fmt.Fprintf(&b, "<use_tool>\n<tool_name>%s</tool_name>\n<arguments>%s</arguments>\n</use_tool>\n", calls[i], calls[i+1])
	}
	if b.Len() == 0 {
		b.WriteString("Done.")
	}
	return map[string]any{"format": "use_tool", "text": b.String()}
}

func gold(s string) json.RawMessage { return json.RawMessage(s) }

// judgeSuite builds an in-memory suite over the notes catalog: a settings
// line (nil: none), then the cases; every case injects every tool.
func judgeSuite(t *testing.T, settings map[string]any, cases ...map[string]any) *suite.Suite {
	t.Helper()
	notes, err := os.ReadFile("../testdata/replay/trajectory/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	if settings != nil {
		b, _ := json.Marshal(map[string]any{"suite": settings})
		lines = append(lines, string(b))
	}
	for _, c := range cases {
		c["catalog"], c["always_include"] = "notes.json", allNotesTools
		if _, ok := c["query"]; !ok {
			c["query"] = "Take care of my notes"
		}
		b, _ := json.Marshal(c)
		lines = append(lines, string(b))
	}
	fsys := fstest.MapFS{"notes.json": {Data: notes}, "suite.jsonl": {Data: []byte(strings.Join(lines, "\n") + "\n")}}
	s, err := suite.Load(fsys, "suite.jsonl", "suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func step(transcript map[string]any, goldCalls string) map[string]any {
	st := map[string]any{"gold_calls": gold(goldCalls)}
	if transcript != nil {
		st["transcript"] = transcript
	}
	return st
}

const (
	createGroceries = `{"create_note": {"title": ["Groceries"], "body": ["milk, eggs"], "folder": [""]}}`
	remindAt9       = `{"set_reminder": {"text": ["buy milk"], "at": ["2025-03-04T09:00"], "repeat": [""]}}`
	searchBudget    = `{"search_notes": {"query": ["budget"], "limit": [""]}}`
	deleteN42       = `{"delete_note": {"id": ["n42"]}}`
	argsGroceries   = `{"title": "Groceries", "body": "milk, eggs"}`
	argsRemind      = `{"text": "buy milk", "at": "2025-03-04T09:00"}`
)

// trajectoryCases are recorded trajectories whose verdict depends on the
// trajectory mode: order, skipped and extra calls, duplicates, an empty
// expected list.
func trajectoryCases() []map[string]any {
	return []map[string]any{
		{"id": "swapped", "gold_tools": []string{"create_note", "set_reminder"}, "steps": []any{
			step(useTool("set_reminder", argsRemind), "["+createGroceries+"]"),
			step(useTool("create_note", argsGroceries), "["+remindAt9+"]"),
		}},
		{"id": "skipped", "gold_tools": []string{"search_notes", "delete_note"}, "steps": []any{
			step(useTool("delete_note", `{"id": "n42"}`), "["+searchBudget+"]"),
			step(useTool(), "["+deleteN42+"]"),
			step(nil, "[]"),
		}},
		{"id": "extra", "gold_tools": []string{"create_note"}, "steps": []any{
			step(useTool("list_folders", `{}`, "create_note", argsGroceries), "["+createGroceries+"]"),
			step(useTool(), "[]"),
		}},
		{"id": "twice-expected", "gold_tools": []string{"create_note"}, "steps": []any{
			step(useTool("create_note", argsGroceries), "["+createGroceries+"]"),
			step(useTool(), "["+createGroceries+"]"),
		}},
		{"id": "none-expected-one-made", "gold_tools": []string{}, "steps": []any{
			step(useTool("list_folders", `{}`), "[]"),
		}},
		{"id": "none-expected-none-made", "gold_tools": []string{}, "steps": []any{
			step(useTool(), "[]"),
		}},
		{"id": "wrong-value-step", "gold_tools": []string{"create_note"}, "steps": []any{
			step(useTool("create_note", `{"title": "Shopping", "body": "milk, eggs"}`), "["+createGroceries+"]"),
		}},
	}
}

// TestTrajectoryMatchModes replays the same trajectories under each
// trajectory mode, set per suite and overridden per case.
func TestTrajectoryMatchModes(t *testing.T) {
	type want struct {
		passed      bool
		cause, code string
		step        int
	}
	pass := want{passed: true}
	for _, tc := range []struct {
		id                                  string
		strict, unordered, subset, superset want
	}{
		{"swapped", want{false, "selection", "wrong_func_name", 1}, pass, pass, pass},
		{"skipped", want{false, "selection", "wrong_func_name", 1}, want{false, "selection", "wrong_count", 0}, pass, want{false, "selection", "wrong_count", 0}},
		{"extra", want{false, "selection", "wrong_count", 1}, want{false, "selection", "wrong_count", 0}, want{false, "selection", "wrong_count", 0}, pass},
		{"twice-expected", want{false, "selection", "wrong_count", 2}, want{false, "selection", "wrong_count", 0}, pass, want{false, "selection", "wrong_count", 0}},
		{"none-expected-one-made", want{false, "selection", "wrong_count", 1}, want{false, "selection", "wrong_count", 0}, want{false, "selection", "wrong_count", 0}, pass},
		{"none-expected-none-made", pass, pass, pass, pass},
		{"wrong-value-step", want{false, "arguments", "value_error", 1}, want{false, "arguments", "value_error", 0}, want{false, "arguments", "value_error", 0}, want{false, "arguments", "value_error", 0}},
	} {
		for _, m := range []struct {
			mode string
			want want
		}{{"strict", tc.strict}, {"unordered", tc.unordered}, {"subset", tc.subset}, {"superset", tc.superset}} {
			// The mode comes from the suite settings; a case setting the
			// opposite extreme would override it, so set it on the suite only.
			s := judgeSuite(t, map[string]any{"match": map[string]any{"trajectory": m.mode}}, trajectoryCases()...)
			rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
			r := resultOf(t, rep.Configs[0], tc.id)
			tr := r.Trajectory
			if r.Passed != m.want.passed || r.Cause != m.want.cause || tr.Code != m.want.code || tr.FailedStep != m.want.step {
				t.Errorf("%s under %s: passed %v cause %q code %q step %d; want %+v", tc.id, m.mode, r.Passed, r.Cause, tr.Code, tr.FailedStep, m.want)
			}
			wantLabel := m.mode
			if m.mode == "strict" {
				wantLabel = "" // the default is not labelled
			}
			if r.Match != wantLabel {
				t.Errorf("%s under %s: match label %q", tc.id, m.mode, r.Match)
			}
			if (tr.Pooled != nil) != (m.mode != "strict") {
				t.Errorf("%s under %s: pooled verdict %v", tc.id, m.mode, tr.Pooled)
			}
		}
	}
}

// TestCaseMatchOverridesSuite: a case's match is laid over the suite's.
func TestCaseMatchOverridesSuite(t *testing.T) {
	cases := trajectoryCases()
	cases[1]["match"] = map[string]any{"trajectory": "subset"} // skipped
	s := judgeSuite(t, map[string]any{"match": map[string]any{"trajectory": "superset", "strings": "exact"}}, cases...)
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	if r := resultOf(t, rep.Configs[0], "skipped"); !r.Passed || r.Match != "subset; strings exact" {
		t.Errorf("skipped: passed %v match %q, want a pass under subset with the suite's exact strings", r.Passed, r.Match)
	}
	if r := resultOf(t, rep.Configs[0], "extra"); !r.Passed || r.Match != "superset; strings exact" {
		t.Errorf("extra: passed %v match %q, want the suite's superset", r.Passed, r.Match)
	}
}

// TestArgumentModesInSuite: argument modes per tool and per parameter
// reach the checker.
func TestArgumentModesInSuite(t *testing.T) {
	// The gold answer leaves folder out of the question.
	const goldNoFolder = `{"create_note": {"title": ["Groceries"], "body": ["milk, eggs"]}}`
	c := func(id, args string, match any) map[string]any {
		m := map[string]any{"id": id, "gold_tools": []string{"create_note"}, "transcript": useTool("create_note", args), "gold_calls": gold("[" + goldNoFolder + "]")}
		if match != nil {
			m["match"] = match
		}
		return m
	}
	s := judgeSuite(t, nil,
		c("extra-param-default", `{"title": "Groceries", "body": "milk, eggs", "folder": "Home"}`, nil),
		c("extra-param-subset", `{"title": "Groceries", "body": "milk, eggs", "folder": "Home"}`, map[string]any{"tools": map[string]any{"create_note": map[string]any{"args": "subset"}}}),
		c("body-ignored", `{"title": "Groceries", "body": "bread"}`, map[string]any{"tools": map[string]any{"create_note": map[string]any{"params": map[string]any{"body": map[string]any{"args": "ignore"}}}}}),
		c("case-default", `{"title": "groceries", "body": "Milk, Eggs"}`, nil),
		c("case-exact", `{"title": "groceries", "body": "Milk, Eggs"}`, map[string]any{"strings": "exact"}),
	)
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	for id, want := range map[string]bool{"extra-param-default": false, "extra-param-subset": true, "body-ignored": true, "case-default": true, "case-exact": false} {
		if r := resultOf(t, rep.Configs[0], id); r.Passed != want {
			t.Errorf("%s: passed %v, want %v (%s)", id, r.Passed, want, r.Cause)
		}
	}
	if r := resultOf(t, rep.Configs[0], "body-ignored"); r.Match != "strict; tools: create_note.body args ignore" {
		t.Errorf("match label %q", r.Match)
	}
}

// repairCases fail on their calls, each in a way one repair (or none)
// fixes.
func repairCases() []map[string]any {
	one := func(id, name, args, goldCalls string) map[string]any {
		return map[string]any{"id": id, "gold_tools": []string{"create_note", "search_notes", "set_reminder"}, "transcript": useTool(name, args), "gold_calls": gold("[" + goldCalls + "]")}
	}
	cut := map[string]any{"id": "cut-off", "gold_tools": []string{"create_note"}, "gold_calls": gold("[" + createGroceries + "]"),
		"transcript": map[string]any{"format": "use_tool", "text": "<use_tool>\n<tool_name>create_note</tool_name>\n<arguments>{\"title\": \"Groceries\", \"body\": \"milk, eggs"}}
	return []map[string]any{
		one("misspelt", "create_nte", argsGroceries, createGroceries),
		one("misspelt-again", "set_remindr", argsRemind, remindAt9),
		one("string-number", "search_notes", `{"query": "budget", "limit": "5"}`, `{"search_notes": {"query": ["budget"], "limit": [5]}}`),
		one("number-or-left-out", "search_notes", `{"query": "budget", "limit": "5"}`, `{"search_notes": {"query": ["budget"], "limit": [5, ""]}}`),
		one("unknown-param", "create_note", `{"title": "Groceries", "body": "milk, eggs", "tags": ["food"]}`, createGroceries),
		one("null-optional", "create_note", `{"title": "Groceries", "body": "milk, eggs", "folder": null}`, createGroceries),
		one("wrong-value", "create_note", `{"title": "Shopping", "body": "milk, eggs"}`, createGroceries),
		one("passes", "create_note", argsGroceries, createGroceries),
		cut,
	}
}

// TestRepairsWouldFix: each failed case lists the repairs that alone would
// have made it pass; the configuration counts them, a case several fix
// under each.
func TestRepairsWouldFix(t *testing.T) {
	s := judgeSuite(t, nil, repairCases()...)
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	c := rep.Configs[0]
	for id, want := range map[string][]string{
		"misspelt":           {"tool_name"},
		"misspelt-again":     {"tool_name"},
		"string-number":      {"coerce"},
		"number-or-left-out": {"coerce", "drop_optional"},
		"unknown-param":      {"drop_unknown"},
		"null-optional":      {"drop_optional"},
		"cut-off":            {"json"},
		"wrong-value":        nil,
		"passes":             nil,
	} {
		if r := resultOf(t, c, id); !reflect.DeepEqual(r.Repairs, want) {
			t.Errorf("%s: repairs %v, want %v (passed %v, %s)", id, r.Repairs, want, r.Passed, r.Cause)
		}
	}
	want := map[string]int{"tool_name": 2, "json": 1, "coerce": 2, "drop_unknown": 1, "drop_optional": 2}
	if !reflect.DeepEqual(c.Metrics.RepairFixes, want) {
		t.Errorf("repair_fixes %v, want %v", c.Metrics.RepairFixes, want)
	}
	if rep.Repair != nil || c.Metrics.Passed != 1 {
		t.Errorf("without a repair setting the calls are judged as parsed: repair %v, passed %d", rep.Repair, c.Metrics.Passed)
	}
}

// TestRepairsNeedACallFailure: a case that failed for another reason (a
// gold tool not injected) lists no repair even when its calls would pass
// repaired.
func TestRepairsNeedACallFailure(t *testing.T) {
	cs := repairCases()[2:3] // string-number
	s := judgeSuite(t, nil, cs...)
	// Only the first retrieved tool is injected beyond always_include:
	// drop always_include by replaying a copy whose case injects nothing.
	c := s.Cases[0]
	c.AlwaysInclude = nil
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	r := rep.Configs[0].Results[0]
	if r.Cause != "retrieval_miss" || r.Repairs != nil {
		t.Fatalf("cause %q repairs %v, want a retrieval miss with no repair", r.Cause, r.Repairs)
	}
}

// TestSuiteJudgesRepairedCalls: with "repair" in the suite settings the
// verdicts are those of the repaired calls, the report says so, and each
// case names the repairs that changed it.
func TestSuiteJudgesRepairedCalls(t *testing.T) {
	s := judgeSuite(t, map[string]any{"repair": []string{"drop_unknown", "coerce"}}, repairCases()...)
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	c := rep.Configs[0]
	if !reflect.DeepEqual(rep.Repair, []string{"coerce", "drop_unknown"}) {
		t.Fatalf("report repair %v, want the repairs in their list's order", rep.Repair)
	}
	for id, want := range map[string]struct {
		passed   bool
		repaired []string
		repairs  []string
	}{
		"string-number": {true, []string{"coerce"}, nil},
		"unknown-param": {true, []string{"drop_unknown"}, nil},
		"misspelt":      {false, nil, []string{"tool_name"}},
		"null-optional": {false, nil, []string{"drop_optional"}},
		"passes":        {true, nil, nil},
	} {
		r := resultOf(t, c, id)
		if r.Passed != want.passed || !reflect.DeepEqual(r.Repaired, want.repaired) || !reflect.DeepEqual(r.Repairs, want.repairs) {
			t.Errorf("%s: passed %v repaired %v repairs %v; want %+v", id, r.Passed, r.Repaired, r.Repairs, want)
		}
	}
}

// TestTrajectoryRepairs: a strict trajectory whose only failure is one
// step's calls lists the repair that fixes that step; a pooled one the
// repair that fixes the pooled calls.
func TestTrajectoryRepairs(t *testing.T) {
	traj := func(id string, match any) map[string]any {
		m := map[string]any{"id": id, "gold_tools": []string{"search_notes", "delete_note"}, "steps": []any{
			step(useTool("search_notes", `{"query": "budget", "limit": "3"}`), `[{"search_notes": {"query": ["budget"], "limit": [3]}}]`),
			step(useTool("delete_note", `{"id": "n42"}`), "["+deleteN42+"]"),
		}}
		if match != nil {
			m["match"] = match
		}
		return m
	}
	stopped := traj("stopped", nil)
	stopped["steps"] = append(stopped["steps"].([]any), step(nil, "["+deleteN42+"]"))
	s := judgeSuite(t, nil, traj("strict", nil), traj("unordered", map[string]any{"trajectory": "unordered"}), stopped)
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	for id, want := range map[string][]string{"strict": {"coerce"}, "unordered": {"coerce"}, "stopped": nil} {
		if r := resultOf(t, rep.Configs[0], id); r.Passed || !reflect.DeepEqual(r.Repairs, want) {
			t.Errorf("%s: passed %v repairs %v, want a failure fixed by %v", id, r.Passed, r.Repairs, want)
		}
	}
}

// TestJudgedShardsMerge: the repairs and match modes of a sharded run
// merge to the whole run's report, byte for byte.
func TestJudgedShardsMerge(t *testing.T) {
	cases := append(repairCases(), trajectoryCases()...)
	cases[len(cases)-1]["match"] = map[string]any{"trajectory": "superset"}
	s := judgeSuite(t, map[string]any{"repair": []string{"coerce"}, "match": map[string]any{"trajectory": "subset"}}, cases...)
	opts := Options{Ks: []int{1, 3}, Variants: []string{"names"}, RandomChunkings: -1}
	whole := runTest(t, s, opts)
	want := reportJSON(t, whole)
	if !strings.Contains(want, `"repair_fixes"`) || !strings.Contains(want, `"repaired"`) || !strings.Contains(want, `"match":"superset"`) {
		t.Fatal("the run should show repair fixes, repaired calls and match labels")
	}
	for n := 2; n <= 4; n++ {
		var shards []*report.Report
		for i := 1; i <= n; i++ {
			o := opts
			o.Shard, o.Shards = i, n
			shards = append(shards, readBack(t, reportJSON(t, runTest(t, s, o))))
		}
		merged, err := report.Merge(shards)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		if got := reportJSON(t, merged); got != want {
			t.Fatalf("%d shards: the merge differs from the whole run", n)
		}
	}
	// Shards judged with other repairs are not one run.
	other := judgeSuite(t, map[string]any{"repair": []string{"json"}, "match": map[string]any{"trajectory": "subset"}}, cases...)
	a, b := opts, opts
	a.Shard, a.Shards, b.Shard, b.Shards = 1, 2, 2, 2
	ra, rb := readBack(t, reportJSON(t, runTest(t, s, a))), readBack(t, reportJSON(t, runTest(t, other, b)))
	rb.SuiteHash = ra.SuiteHash
	if _, err := report.Merge([]*report.Report{ra, rb}); err == nil || !strings.Contains(err.Error(), "repair [json], not [coerce]") {
		t.Fatalf("merging shards judged with different repairs: %v", err)
	}
}

// TestJSONRepairTextDialects: the JSON repair is simulated on the raw
// argument text the text parsers keep for a call that ends as
// invalid_json, in every family of JSON-argument dialects, as it is on a
// native stream's; text no single standard repair makes valid, and a
// call whose dialect hands out only the text up to the error, stay broken.
func TestJSONRepairTextDialects(t *testing.T) {
	tr := func(format, text string) map[string]any { return map[string]any{"format": format, "text": text} }
	tc := func(args string) string {
		return "<tool_call>\n{\"name\": \"create_note\", \"arguments\": " + args + "}\n</tool_call>\n"
	}
	cases := []struct {
		id, format, text string
		fixed            bool
	}{
		{"tool_call-single-quotes", "tool_call", tc(`{'title': 'Groceries', 'body': 'milk, eggs'}`), true},
		{"hermes-trailing-comma", "hermes", tc(`{"title": "Groceries", "body": "milk, eggs",}`), true},
		{"tool_call-object-not-closed", "tool_call", "<tool_call>{\"name\": \"create_note\", \"arguments\": " + argsGroceries + "\n</tool_call>", true},
		{"use_tool-single-quotes", "use_tool", "<use_tool>\n<tool_name>create_note</tool_name>\n<arguments>{\"title\": 'Groceries', \"body\": 'milk, eggs'}</arguments>\n</use_tool>\n", true},
		{"deepseek_v31-trailing-comma", "deepseek_v31", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>create_note<｜tool▁sep｜>{\"title\": \"Groceries\", \"body\": \"milk, eggs\",}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", true},
		{"functionary-single-quotes", "functionary_v3", "<function=create_note>{'title': 'Groceries', 'body': 'milk, eggs'}</function>", true},
		{"mistral-trailing-comma", "mistral", "[TOOL_CALLS]create_note[ARGS]{\"title\": \"Groceries\", \"body\": \"milk, eggs\",}", true},

		{"tool_call-unquoted-value", "tool_call", tc(`{"title": Groceries, "body": "milk, eggs"}`), false},
		{"use_tool-missing-colon", "use_tool", "<use_tool>\n<tool_name>create_note</tool_name>\n<arguments>{\"title\" \"Groceries\", \"body\": \"milk, eggs\"}</arguments>\n</use_tool>\n", false},
		{"tool_call-broken-string-arguments", "tool_call", tc(`"{'title': 'Groceries', 'body': 'milk, eggs'}"`), false},
		// mistral's call has no closer: the text ends at the first quote.
		{"mistral-single-quotes", "mistral", "[TOOL_CALLS]create_note[ARGS]{'title': 'Groceries', 'body': 'milk, eggs'}", false},
	}
	var ms []map[string]any
	for _, c := range cases {
		ms = append(ms, map[string]any{"id": c.id, "gold_tools": []string{"create_note"}, "transcript": tr(c.format, c.text), "gold_calls": gold("[" + createGroceries + "]")})
	}
	rep := runTest(t, judgeSuite(t, nil, ms...), Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	for _, c := range cases {
		r := resultOf(t, rep.Configs[0], c.id)
		var want []string
		if c.fixed {
			want = []string{"json"}
		}
		if r.Passed || !reflect.DeepEqual(r.Repairs, want) {
			t.Errorf("%s: passed %v repairs %v, want a failure fixed by %v (%s)", c.id, r.Passed, r.Repairs, want, r.Cause)
		}
		// The problem names its code once, then where: "invalid_json: offset N: call 0: …".
		n := 0
		for _, p := range r.Calls.Problems {
			if p.Code == toolcall.CodeInvalidJSON {
				n++
				if s := p.String(); !strings.HasPrefix(s, "invalid_json: offset ") || strings.Count(s, "invalid_json") != 1 {
					t.Errorf("%s: problem %q, want its code once, then its offset", c.id, s)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s: problems %v, want one invalid_json", c.id, r.Calls.Problems)
		}
	}
}

// TestJudgingInJUnit: JUnit carries the judging of each case as test case
// properties (its match mode, the repairs applied, those that would fix
// it), passing cases included, and per configuration the repairs applied
// and the failures each would fix as test suite properties.
func TestJudgingInJUnit(t *testing.T) {
	cases := repairCases()
	cases = append(cases, map[string]any{"id": "subset-pass", "gold_tools": []string{"create_note"}, "match": map[string]any{"trajectory": "subset"},
		"steps": []any{step(useTool("create_note", argsGroceries), "["+createGroceries+"]")}})
	s := judgeSuite(t, map[string]any{"repair": []string{"coerce"}}, cases...)
	rep := runTest(t, s, Options{Ks: []int{1}, Variants: []string{"names"}, RandomChunkings: -1})
	var junit strings.Builder
	if err := render.WriteJUnit(&junit, rep); err != nil {
		t.Fatal(err)
	}
	type props struct {
		Props []struct {
			Name  string `xml:"name,attr"`
			Value string `xml:"value,attr"`
		} `xml:"properties>property"`
	}
	var doc struct {
		Suites []struct {
			props
			Cases []struct {
				Name string `xml:"name,attr"`
				props
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(junit.String()), &doc); err != nil {
		t.Fatal(err)
	}
	flat := func(p props) string {
		var parts []string
		for _, q := range p.Props {
			parts = append(parts, q.Name+"="+q.Value)
		}
		return strings.Join(parts, " ")
	}
	if got, want := flat(doc.Suites[0].props), "repair=coerce would_fix_tool_name=2 would_fix_json=1 would_fix_drop_unknown=1 would_fix_drop_optional=1"; got != want {
		t.Errorf("suite properties %q, want %q", got, want)
	}
	want := map[string]string{
		"subset-pass":   "match=subset",
		"string-number": "repaired=coerce",
		"misspelt":      "repairs_would_fix=tool_name",
		"cut-off":       "repairs_would_fix=json",
		"passes":        "",
	}
	for _, c := range doc.Suites[0].Cases {
		if w, ok := want[c.Name]; ok {
			if got := flat(c.props); got != w {
				t.Errorf("%s: properties %q, want %q", c.Name, got, w)
			}
			delete(want, c.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("no test cases for %v", want)
	}
}
