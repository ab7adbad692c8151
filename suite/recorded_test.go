package suite

import (
	"slices"
	"strings"
	"testing"
)

// strat marks a JSON transcript object as recorded under strategy s.
func strat(transcript, s string) string {
	return strings.TrimSuffix(transcript, "}") + `,"strategy":"` + s + `"}`
}

// TestUnder: each configuration strategy sees the recordings made under
// it; a recording without a strategy stands for inject and all; a case
// without a recording is a retrieval check, recorded for inject and all
// only.
func TestUnder(t *testing.T) {
	stepsUnder := func(s string) string {
		return `[{"transcript":` + strat(strings.TrimSuffix(strings.TrimPrefix(stepSrch, `{"transcript":`), `,"gold_calls":[]}`), s) + `,"gold_calls":[]},` +
			`{"transcript":` + strat(callA, s) + `,"gold_calls":[{"search_notes":{"query":["budget"]}}]}]`
	}
	fsys := trialFS(t,
		`{"id":"single","`+trialHead[1:]+`,"transcripts":[`+callA+`,`+strat(callB, "search:bm25")+`,`+strat(callA, "search:bm25")+`]}`,
		`{"id":"traj","`+trialHead[1:]+`,"search_tool":{},"step_trials":[[`+stepOK+`],`+stepsUnder("search:regex")+`]}`,
		`{"id":"only-inject","`+trialHead[1:]+`,"transcript":`+strat(callA, "inject")+`}`,
		`{"id":"bare","`+trialHead[1:]+`}`)
	s, err := Load(fsys, "suite.jsonl", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Cases[0].Recordings(); !slices.Equal(got, []string{"", "search:bm25", "search:bm25"}) {
		t.Errorf("recordings %q", got)
	}
	for _, tc := range []struct {
		id, conf string
		recorded bool
		trials   int
		want     []string // the strategies of the recordings kept
	}{
		{"single", "inject", true, 1, []string{""}},
		{"single", "all", true, 1, []string{""}},
		{"single", "search:bm25", true, 2, []string{"search:bm25", "search:bm25"}},
		{"single", "search:regex", false, 1, nil},
		{"traj", "inject", true, 1, []string{""}},
		{"traj", "search:regex", true, 1, []string{"search:regex"}},
		{"traj", "search:bm25", false, 1, nil},
		{"only-inject", "inject", true, 1, []string{"inject"}},
		{"only-inject", "all", false, 1, nil},
		{"bare", "inject", true, 1, nil},
		{"bare", "search:bm25", false, 1, nil},
	} {
		var c *Case
		for _, sc := range s.Cases {
			if sc.ID == tc.id {
				c = sc
			}
		}
		u, ok := c.Under(tc.conf)
		if ok != tc.recorded || u.TrialCount() != tc.trials || !slices.Equal(u.Recordings(), tc.want) || u.ID != c.ID {
			t.Errorf("%s under %s: recorded %v, %d trials, recordings %q; want %v, %d, %q", tc.id, tc.conf, ok, u.TrialCount(), u.Recordings(), tc.recorded, tc.trials, tc.want)
		}
	}
	// A trajectory kept alone is the case's steps.
	if u, _ := s.Cases[1].Under("search:regex"); len(u.Steps) != 2 || u.StepTrials != nil || !u.Trajectory() {
		t.Errorf("traj under search:regex: %d steps, %d step trials", len(u.Steps), len(u.StepTrials))
	}
	if u, _ := s.Cases[0].Under("inject"); u.Transcript == nil || u.Transcripts != nil {
		t.Error("single under inject should hold its one transcript")
	}
}

// TestRecordedStrategyErrors: a strategy a recording cannot name, or a
// trajectory recorded under two, is an error naming line and field.
func TestRecordedStrategyErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`"transcript":` + strat(callA, "top_k"), `suite.jsonl:1: transcript.strategy: value must be one of "inject", "search:bm25", "search:regex", "all"`},
		{`"transcript":` + strat(callA, "search"), `suite.jsonl:1: transcript.strategy: value must be one of`},
		{`"transcripts":[` + callA + `,` + strat(callB, "search:grep") + `]`, `suite.jsonl:1: transcripts[1].strategy: value must be one of`},
		{`"steps":[` + stepSrch + `,{"transcript":` + strat(callA, "search:regex") + `}]`, `suite.jsonl:1: steps[1].transcript.strategy: "search:regex" differs from steps[0]'s ""`},
		{`"step_trials":[[` + stepOK + `],[{"transcript":` + strat(callA, "all") + `}]]`, ``},
	} {
		_, err := Load(trialFS(t, `{"id":"one",`+trialHead+`,"search_tool":{},`+tc.line+`}`), "suite.jsonl", "")
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.line, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %q", tc.line, err, tc.want)
		}
	}
}
