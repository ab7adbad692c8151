package suite

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// trialFS is a suite directory holding the notes catalog and the given
// suite lines.
func trialFS(t *testing.T, lines ...string) fstest.MapFS {
	t.Helper()
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{
		"notes.json":  {Data: cat},
		"suite.jsonl": {Data: []byte(strings.Join(lines, "\n") + "\n")},
	}
}

const (
	trialHead = `"query":"Find my budget note","catalog":"notes.json","gold_tools":["search_notes"]`
	callA     = `{"format":"use_tool","text":"<use_tool><tool_name>search_notes</tool_name><arguments>{\"query\":\"budget\"}</arguments></use_tool>"}`
	callB     = `{"format":"use_tool","chunks":["<use_tool><tool_name>search_notes</tool_name>","<arguments>{\"query\":\"plan\"}</arguments></use_tool>"],"chunk_times_ms":[10,25]}`
	stepOK    = `{"transcript":` + callA + `,"gold_calls":[{"search_notes":{"query":["budget"]}}]}`
	stepDone  = `{"transcript":{"format":"use_tool","text":"Found it."},"gold_calls":[]}`
	stepSrch  = `{"transcript":{"format":"use_tool","text":"<use_tool><tool_name>search_tools</tool_name><arguments>{\"query\":\"notes\"}</arguments></use_tool>"},"gold_calls":[]}`
)

func TestLoadTrials(t *testing.T) {
	fsys := trialFS(t,
		`{"id":"one",`+trialHead+`,"transcript":`+callA+`,"gold_calls":[{"search_notes":{"query":["budget"]}}]}`,
		`{"id":"three",`+trialHead+`,"transcripts":[`+callA+`,`+callB+`,`+callA+`],"gold_calls":[{"search_notes":{"query":["budget"]}}]}`,
		// Two trajectories of different lengths: the second searched first.
		`{"id":"traj",`+trialHead+`,"search_tool":{},"step_trials":[[`+stepOK+`,`+stepDone+`],[`+stepSrch+`,`+stepOK+`,`+stepDone+`]]}`,
		`{"id":"none",`+trialHead+`}`,
	)
	s, err := Load(fsys, "suite.jsonl", "")
	if err != nil {
		t.Fatal(err)
	}
	one, three, traj, none := s.Cases[0], s.Cases[1], s.Cases[2], s.Cases[3]
	if one.TrialCount() != 1 || one.Trial(0) != one {
		t.Errorf("one transcript: %d trials", one.TrialCount())
	}
	if none.TrialCount() != 1 || none.Trial(0) != none {
		t.Errorf("no transcript: %d trials", none.TrialCount())
	}
	if three.TrialCount() != 3 || three.Trajectory() {
		t.Fatalf("transcripts: %d trials, trajectory %v", three.TrialCount(), three.Trajectory())
	}
	for i, want := range []string{"budget", "plan", "budget"} {
		tr := three.Trial(i)
		if tr.Transcripts != nil || tr.Transcript == nil || !strings.Contains(string(tr.Transcript.Bytes()), want) {
			t.Errorf("trial %d: %+v", i, tr.Transcript)
		}
		if tr.ID != "three" || len(tr.GoldCalls) != 1 {
			t.Errorf("trial %d lost the case's fields: %+v", i, tr)
		}
	}
	if got := len(three.Trial(1).Transcript.RecordedChunks()); got != 2 {
		t.Errorf("trial 2 has %d chunks, want 2 (resolved as recorded)", got)
	}
	if three.Transcripts == nil || three.Transcript != nil {
		t.Error("Trial changed the case itself")
	}
	if !traj.Trajectory() || traj.TrialCount() != 2 {
		t.Fatalf("step_trials: trajectory %v, %d trials", traj.Trajectory(), traj.TrialCount())
	}
	if t0, t1 := traj.Trial(0), traj.Trial(1); len(t0.Steps) != 2 || len(t1.Steps) != 3 || t1.StepTrials != nil || t1.Search() == nil {
		t.Errorf("trials: %d and %d steps, search %v", len(t0.Steps), len(t1.Steps), t1.Search())
	}
	if !strings.Contains(string(traj.Trial(1).Steps[1].Transcript.Bytes()), "budget") {
		t.Error("a trial's step transcript was not resolved")
	}
}

// TestLoadTrialErrors: every problem of a trial is located in it.
func TestLoadTrialErrors(t *testing.T) {
	gold := `,"gold_calls":[{"search_notes":{"query":["budget"]}}]`
	tests := []struct {
		name, line, want string
	}{
		{"both transcript shapes", `"transcript":` + callA + `,"transcripts":[` + callA + `]` + gold,
			"suite.jsonl:1: transcripts: a case has either a transcript (one trial) or transcripts (several), not both"},
		{"empty transcripts", `"transcripts":[]` + gold, "suite.jsonl:1: transcripts: minItems"},
		{"bad chunk times in a trial", `"transcripts":[` + callA + `,{"format":"use_tool","chunks":["a","b"],"chunk_times_ms":[1]}]` + gold,
			"suite.jsonl:1: transcripts[1].chunk_times_ms: has 1 times for 2 chunks"},
		{"unknown format in a trial", `"transcripts":[` + callA + `,{"format":"nope","text":"x"}]` + gold,
			"suite.jsonl:1: transcripts[1].format:"},
		{"both step shapes", `"steps":[` + stepOK + `],"step_trials":[[` + stepOK + `]]`,
			"suite.jsonl:1: steps: a case has either steps (one trial) or step_trials (several), not both"},
		{"transcripts with step_trials", `"transcripts":[` + callA + `],"step_trials":[[` + stepOK + `]]`,
			"suite.jsonl:1: transcripts: a case has either a transcripts or step_trials, not both"},
		{"gold calls with step_trials", `"step_trials":[[` + stepOK + `]]` + gold,
			"suite.jsonl:1: gold_calls: a case with step_trials gives its gold calls per step"},
		{"query on a trial's first step", `"step_trials":[[` + stepOK + `],[{"query":"again","transcript":` + callA + `}]]`,
			"suite.jsonl:1: step_trials[1][0].query: the first step's user message is the case's query"},
		{"unknown tool in a trial's gold", `"step_trials":[[` + stepOK + `],[` + stepOK + `,{"gold_calls":[{"frobnicate":{}}]}]]`,
			`suite.jsonl:1: step_trials[1][1].gold_calls[0]: tool "frobnicate" is not in catalog notes.json`},
		{"a later step after a stop, in a trial", `"step_trials":[[` + stepOK + `],[{"gold_calls":[]},` + stepOK + `]]`,
			"suite.jsonl:1: step_trials[1][1].transcript: step 2 has a transcript but step 1 has none"},
		{"empty trial", `"step_trials":[[` + stepOK + `],[]]`, "suite.jsonl:1: step_trials[1]: minItems"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(trialFS(t, `{"id":"x",`+trialHead+`,`+tt.line+`}`), "suite.jsonl", "")
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("want Errors, got %v", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("errors:\n%v\nwant one containing %q", err, tt.want)
			}
		})
	}
}
