package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

const trajectorySuite = "../testdata/replay/trajectory/suite.jsonl"

func runTrajectories(t *testing.T, ks ...int) *report.Report {
	t.Helper()
	s, err := suite.LoadFile(trajectorySuite)
	if err != nil {
		t.Fatal(err)
	}
	return runTest(t, s, Options{Ks: ks, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: 1})
}

func resultOf(t *testing.T, c *report.ConfigResult, id string) *report.CaseResult {
	t.Helper()
	for _, r := range c.Results {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("%s: no case %s", c.Config.Name, id)
	return nil
}

// TestTrajectories checks each shape of trajectory under a small and a
// large k: which step fails first, why, and what the searches recovered.
func TestTrajectories(t *testing.T) {
	rep := runTrajectories(t, 1, 5)
	for _, tc := range []struct {
		config, id  string
		passed      bool
		step        int
		cause, code string
		recovered   int
		searches    int
	}{
		// k=1 injects one tool: the model's own search must bring the rest.
		{"k=1", "note-then-finish", false, 1, "retrieval_miss", "not_injected", 0, 0},
		{"k=1", "delete-after-search", true, 0, "", "", 1, 1},
		{"k=1", "useless-search", false, 2, "search_query", "wrong_count", 0, 1},
		{"k=1", "hallucinated", false, 1, "retrieval_miss", "not_injected", 0, 0},
		{"k=1", "stops-early", false, 1, "retrieval_miss", "not_injected", 0, 0},
		// k=5 injects every tool the tasks need.
		{"k=5", "note-then-finish", true, 0, "", "", 0, 0},
		{"k=5", "delete-after-search", true, 0, "", "", 0, 1},
		{"k=5", "useless-search", false, 2, "selection", "wrong_count", 0, 1},
		{"k=5", "hallucinated", true, 0, "", "", 0, 0},
		{"k=5", "wrong-arg-step3", false, 3, "arguments", "value_error", 0, 0},
		{"k=5", "stops-early", false, 2, "selection", "wrong_count", 0, 0},
	} {
		ci := 0
		if tc.config == "k=5" {
			ci = 1
		}
		r := resultOf(t, rep.Configs[ci], tc.id)
		tr := r.Trajectory
		if tr == nil {
			t.Fatalf("%s %s: no trajectory (%s)", tc.config, tc.id, r.Error)
		}
		if r.Passed != tc.passed || tr.FailedStep != tc.step || r.Cause != tc.cause || tr.Code != tc.code ||
			len(tr.Recovered) != tc.recovered || tr.Searches != tc.searches {
			t.Errorf("%s %s: passed %v step %d cause %q code %q recovered %v searches %d; want %v %d %q %q %d %d (%s)",
				tc.config, tc.id, r.Passed, tr.FailedStep, r.Cause, tr.Code, tr.Recovered, tr.Searches,
				tc.passed, tc.step, tc.cause, tc.code, tc.recovered, tc.searches, render.Detail(r))
		}
	}
	k1 := resultOf(t, rep.Configs[0], "delete-after-search").Trajectory
	if k1.RecallFirst != 0.5 || k1.RecallFinal != 1 || k1.Steps[1].Added[0] != "search_notes" || k1.Steps[0].Searches[0].New[0] != "search_notes" {
		t.Errorf("recovered search: %+v", k1)
	}
	stop := resultOf(t, rep.Configs[1], "stops-early").Trajectory
	if !stop.StoppedEarly || stop.StepsTaken != 2 || stop.GoldSteps != 3 || stop.Steps[2].Taken {
		t.Errorf("stops early: %+v", stop)
	}
	if off := resultOf(t, rep.Configs[1], "wrong-arg-step3").Trajectory; off.Stop != suite.StopOffScript || off.WrongArgCalls != 1 || off.ToolCalls != 3 {
		t.Errorf("off script: %+v", off)
	}
	m := rep.Configs[0].Metrics.Trajectory
	if m.Cases != 6 || m.MissedFirst == 0 || m.Recovered != 1 || m.Causes["search_query"] != 1 || m.SuccessRate == nil {
		t.Errorf("k=1 stats: %+v", m)
	}
	if v := report.MetricValue(&rep.Configs[1].Metrics, "trajectory_success"); v == nil || *v != 3.0/6 {
		t.Errorf("trajectory_success at k=5: %v", v)
	}
}

// TestTrajectoryPrinters: every printer shows the trajectory section.
func TestTrajectoryPrinters(t *testing.T) {
	rep := runTrajectories(t, 1, 5)
	var table, md, junit bytes.Buffer
	if err := render.WriteTable(&table, rep, 3); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteMarkdown(&md, rep, 3); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteJUnit(&junit, rep); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "../testdata/replay/trajectory/table.golden", table.Bytes(), *update)
	for name, out := range map[string]string{"table": table.String(), "markdown": md.String(), "junit": junit.String()} {
		for _, want := range []string{"search_query", "step 2/3"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s output lacks %q", name, want)
			}
		}
	}
	if !strings.Contains(md.String(), "### Trajectories") || !strings.Contains(junit.String(), "searched &#34;weather forecast city&#34;") {
		t.Errorf("markdown or junit lacks the trajectory detail:\n%s", junit.String())
	}
	s, err := suite.LoadFile(trajectorySuite)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := render.WriteHTML(&page, rep, render.HTMLOptions{Suite: s}); err != nil {
		t.Fatal(err)
	}
	// The cases travel as JSON in the page: quotes are escaped there.
	for _, want := range []string{"trajectory success", "trajectory misses recovered", `step 1: searched \"full-text search notes snippets\"`, "── step 3 ──", "(not taken)"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	var js bytes.Buffer
	if err := report.WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(&js, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Configs[0].Metrics.Trajectory; got.Cases != 6 || got.RecallFinal == nil {
		t.Errorf("JSON round trip: %+v", got)
	}
}

// TestTrajectoryShardsMerge: trajectory statistics merge byte-identically.
func TestTrajectoryShardsMerge(t *testing.T) {
	s, err := suite.LoadFile(trajectorySuite)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Ks: []int{1, 5}, Variants: []string{"retrieved"}, RandomChunkings: -1}
	want := reportJSON(t, runTest(t, s, opts))
	for n := 2; n <= 4; n++ {
		var shards []*report.Report
		for i := 1; i <= n; i++ {
			o := opts
			o.Shard, o.Shards = i, n
			shards = append(shards, readBack(t, reportJSON(t, runTest(t, s, o))))
		}
		merged, err := report.Merge(shards)
		if err != nil {
			t.Fatal(err)
		}
		if got := reportJSON(t, merged); got != want {
			i := firstDiff(got, want)
			t.Fatalf("n=%d: merged differs at %d: %s", n, i, got[max(0, i-100):min(len(got), i+100)])
		}
	}
}

// TestStepsValidation: broken steps are reported by line and field.
func TestStepsValidation(t *testing.T) {
	cat := `[{"name":"a","description":"A tool.","parameters":{"type":"object","properties":{"x":{"type":"string"}}}},` +
		`{"name":"search_tools","description":"clash","parameters":{"type":"object","properties":{}}}]`
	for _, tc := range []struct{ name, suite, want string }{
		{"both transcript and steps", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"transcript":{"format":"auto","text":""},"steps":[{"gold_calls":[]}]}`,
			"s.jsonl:1: transcript: a case has either a transcript or steps, not both"},
		{"case gold calls", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"gold_calls":[],"steps":[{"gold_calls":[]}]}`,
			"s.jsonl:1: gold_calls: a case with steps gives its gold calls per step"},
		{"transcript after a stop", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"gold_calls":[]},{"transcript":{"format":"auto","text":"x"}}]}`,
			"s.jsonl:1: steps[1].transcript: step 2 has a transcript but step 1 has none"},
		{"unknown step field", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"gold_call":[]}]}`,
			"s.jsonl:1: steps[0].gold_call: unknown field"},
		{"step transcript needs one source", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"transcript":{"format":"auto"}}]}`,
			"s.jsonl:1: steps[0].transcript: needs exactly one of text, file or chunks"},
		{"gold tool", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":[],"steps":[{"gold_calls":[{"a":{"x":["1"]}}]}]}`,
			`s.jsonl:1: steps[0].gold_calls[0]: tool "a" is called but not listed in gold_tools`},
		{"unknown param", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"gold_calls":[{"a":{"y":["1"]}}]}]}`,
			`s.jsonl:1: steps[0].gold_calls[0].a.y: tool "a" has no parameter "y"`},
		{"tool result index", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"gold_calls":[],"tool_results":{"3":"x"}}]}`,
			"s.jsonl:1: steps[0].tool_results.3: no gold call 3 in this step (it has 0)"},
		{"first step query", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"query":"again","gold_calls":[]}]}`,
			"s.jsonl:1: steps[0].query: the first step's user message is the case's query"},
		{"stop not last", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"transcript":{"format":"auto","text":"x"},"gold_calls":[],"stop":"budget"},{"transcript":{"format":"auto","text":"y"},"gold_calls":[]}]}`,
			"s.jsonl:1: steps[0].stop: only the last step the model took can end the recording"},
		{"stop untaken", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"steps":[{"gold_calls":[],"stop":"budget"}]}`,
			"s.jsonl:1: steps[0].stop: only the last step the model took can end the recording"},
		{"search gold call", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"search_tool":{"name":"find"},"steps":[{"gold_calls":[{"find":{"query":["x"]}}]}]}`,
			`s.jsonl:1: steps[0].gold_calls[0]: calls to the search tool "find" are not checked`},
		{"search tool clash", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"],"search_tool":{},"steps":[{"gold_calls":[]}]}`,
			`s.jsonl:1: search_tool: the search tool "search_tools" has the name of a catalog tool`},
		{"settings after a case", `{"id":"c","query":"q","catalog":"cat.json","gold_tools":["a"]}` + "\n" + `{"suite":{"search_tool":{"name":"find"}}}`,
			"s.jsonl:2: suite: the settings line must come once, before the first case"},
		{"bad settings", `{"suite":{"search":{}}}`, "s.jsonl:1: suite.search: unknown field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"cat.json": {Data: []byte(cat)}, "s.jsonl": {Data: []byte(tc.suite + "\n")}}
			_, err := suite.Load(fsys, "s.jsonl", "")
			var es suite.Errors
			if !errors.As(err, &es) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestStepsRoundTrip: a trajectory case marshals to the line it was read
// from (the recorder and the importer write suites with Case).
func TestStepsRoundTrip(t *testing.T) {
	line := `{"id":"a","query":"q","catalog":"c.json","gold_tools":["f"],"steps":[{"transcript":{"format":"use_tool","text":"x"},"tool_results":{"0":"ok","call_1":{"n":1}},"gold_calls":[{"f":{"x":[1]}}]},{"query":"and then?","gold_calls":[],"stop":"budget"}],"search_tool":{"name":"find","query_param":"q"}}`
	var c suite.Case
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(c)
	if err != nil || string(out) != line {
		t.Fatalf("%v\n got %s\nwant %s", err, out, line)
	}
}

// TestEmbeddedTrajectories: the embedded suite has at least 30
// trajectories of 2–6 steps, English and Chinese, native and text formats,
// of every shape, and they show in the report: recovered misses, useless
// searches, tools never injected, wrong arguments at step 3, off-script
// calls and models that stop early.
func TestEmbeddedTrajectories(t *testing.T) {
	s, err := suite.LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	langs, kinds, tags := map[string]int{}, map[string]int{}, map[string]int{}
	for _, c := range s.Cases {
		if !c.Trajectory() {
			continue
		}
		n++
		langs[c.Lang]++
		// A case recorded under several strategies: its first recording
		// (tools injected) is the one these shapes describe.
		c = c.Trial(0)
		if len(c.Steps) < 2 || len(c.Steps) > 6 {
			t.Errorf("%s: %d steps", c.ID, len(c.Steps))
		}
		for _, st := range c.Steps {
			if st.Transcript == nil {
				continue
			}
			switch st.Transcript.Format {
			case "openai-chat", "anthropic", "openai-responses", "gemini", "ollama":
				kinds["native"]++
			default:
				kinds["text"]++
			}
		}
		for _, tag := range c.Tags {
			tags[tag]++
		}
	}
	if n < 30 || langs["en"] == 0 || langs["zh"] == 0 || kinds["native"] == 0 || kinds["text"] == 0 {
		t.Fatalf("%d trajectories, languages %v, formats %v", n, langs, kinds)
	}
	for _, shape := range []string{"success", "search_recovers", "useless_search", "hallucinated", "wrong_args_step3", "off_script", "stops_early"} {
		if tags[shape] == 0 {
			t.Errorf("no %s trajectory", shape)
		}
	}
	rep := runTest(t, s, Options{Ks: []int{3}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: 1})
	m := rep.Configs[0].Metrics.Trajectory
	if m.Cases != n || m.Passed == 0 || m.Recovered == 0 || m.Causes["search_query"] == 0 || m.Causes["retrieval_miss"] == 0 ||
		m.Codes["not_injected"] == 0 || m.StoppedEarly == 0 || m.ParserFailures != 0 {
		t.Errorf("k=3 trajectory stats: %+v", m)
	}
	for _, r := range rep.Configs[0].Results {
		if r.Trajectory == nil {
			continue
		}
		if r.Cause == report.CauseError {
			t.Errorf("%s: broken: %s", r.ID, r.Error)
		}
		for _, tag := range r.Tags {
			if tag == "search_recovers" && len(r.Trajectory.MissedFirst) > 0 && len(r.Trajectory.Recovered) == 0 {
				t.Errorf("%s: tagged search_recovers but recovered nothing at k=3", r.ID)
			}
		}
	}
	var out bytes.Buffer
	if err := render.WriteTable(&out, rep, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Trajectories") {
		t.Error("the default report has no trajectory section")
	}
}

// TestSearchToolTokens: a trajectory's prompts pay for the search tool
// (and, in the retrieved variant, for the rule that names it).
func TestSearchToolTokens(t *testing.T) {
	s, err := suite.LoadFile(trajectorySuite)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Cases[0]
	cat := s.Catalog(c)
	costs := newCosts("o200k_base")
	search := suite.SearchTool{}.Resolved()
	for _, v := range []string{"retrieved", "names", "native"} {
		plain, err := costs.tokens(cat, v, c.GoldTools)
		if err != nil {
			t.Fatal(err)
		}
		with, err := costs.tokensWith(cat, v, c.GoldTools, &search)
		if err != nil {
			t.Fatal(err)
		}
		if with <= plain {
			t.Errorf("%s: %d tokens with the search tool, %d without", v, with, plain)
		}
	}
}
