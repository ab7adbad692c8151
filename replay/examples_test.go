package replay

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// TestEmbeddedExamples runs the README's main command's suite: it must
// load, replay without broken cases or parser disagreements, and show
// every failure cause and every call-check class.
func TestEmbeddedExamples(t *testing.T) {
	s, err := suite.LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.Cases) < 120 {
		t.Errorf("only %d example cases", len(s.Cases))
	}
	rep := runTest(t, s, Options{Ks: []int{5}})
	checkExamplesReadme(t, s, rep.Configs[0])
	m := rep.Configs[0].Metrics
	if m.Broken != 0 || m.ParserFailures != 0 {
		for _, r := range rep.Configs[0].Results {
			if r.Cause == report.CauseError || r.Cause == report.CauseParser {
				t.Errorf("%s (line %d): %s", r.ID, r.Line, render.Detail(r))
			}
		}
	}
	for _, cause := range []string{"retrieval_miss", "selection", "arguments"} {
		if m.Causes[cause] == 0 {
			t.Errorf("no %s failure in the examples", cause)
		}
	}
	for _, code := range toolcall.CheckCodes {
		if m.Codes[string(code)] == 0 {
			t.Errorf("no %s call in the examples", code)
		}
	}
	if m.AbstentionCases == 0 || m.Codes["ok"] == 0 || m.ToolCalls == 0 {
		t.Errorf("aggregate %+v", m)
	}
	langs, formats := map[string]bool{}, map[string]bool{}
	for _, c := range s.Cases {
		langs[c.Lang] = true
		if c.Transcript != nil {
			formats[c.Transcript.Format] = true
		}
	}
	for _, f := range []string{"use_tool", "function_calls", "tool_call", "qwen3_coder", "cline",
		"openai-chat", "openai-responses", "anthropic", "gemini", "ollama"} {
		if !formats[f] {
			t.Errorf("no %s transcript in the examples", f)
		}
	}
	if !langs["en"] || !langs["zh"] {
		t.Errorf("languages %v", langs)
	}
	// Sharded and parallel runs give the same case results.
	ref := caseJSON(t, rep)
	merged := map[string]string{}
	for i := 1; i <= 2; i++ {
		for k, v := range caseJSON(t, runTest(t, s, Options{Ks: []int{5}, Jobs: 4, Shard: i, Shards: 2})) {
			merged[k] = v
		}
	}
	if !maps(ref, merged) {
		t.Error("sharded -j 4 run differs from the -j default run")
	}
}

func ExampleRun() {
	suite, err := suite.LoadFile("../testdata/replay/suite.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer suite.Close()
	rep, err := Run(suite, Options{Ks: []int{5}, Encoding: "none"})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := rep.Configs[0]
	m := c.Metrics
	fmt.Printf("%s: %d/%d passed, recall %.3f, wrong-argument rate %d/%d\n", c.Config.Name, m.Passed, m.Cases, *m.Recall, m.WrongArgCalls, m.ToolCalls)
	for _, r := range render.Worst(c, 3) {
		fmt.Printf("%s: %s: %s\n", r.ID, r.Cause, render.Detail(r))
	}
	// Output:
	// k=5: 5/9 passed, recall 0.875, wrong-argument rate 2/7
	// reminder-zh: retrieval_miss: not injected: set_reminder (zero match: no query term is in the catalog)
	// wrong-tool: selection: wrong_func_name: called "search_notes", expected "delete_note"
	// note-search-wrong-type: arguments: type_error limit: $.limit: want integer, got string [each would fix: coerce]
}

// Shards of a run merge into exactly the report of the whole run, and a
// gate checks it like any report.
func ExampleMerge() {
	suite, err := suite.LoadFile("../testdata/replay/suite.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer suite.Close()
	var shards []*report.Report
	for i := 1; i <= 3; i++ {
		rep, err := Run(suite, Options{Ks: []int{5}, Encoding: "none", Shard: i, Shards: 3})
		if err != nil {
			fmt.Println(err)
			return
		}
		shards = append(shards, rep)
	}
	rep, err := report.Merge(shards)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := rep.Configs[0].Metrics
	fmt.Printf("%d cases, %d passed, recall %.3f\n", rep.Cases, m.Passed, *m.Recall)
	v := report.Gate{Min: []report.Threshold{{Metric: "pass_rate", Value: 0.9}}}.Check(rep, nil)
	fmt.Println(v.Passed, v.Regressions[0])
	// Output:
	// 9 cases, 5 passed, recall 0.875
	// false k=5: pass_rate 0.5556 < min 0.9000
}
