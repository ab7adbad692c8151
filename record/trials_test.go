package record

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
)

// TestRecordTrials records every case three times against the loopback
// server: each case is written with transcripts, one per trial, each the
// served stream; the output loads and replays with three trials per case;
// a rerun skips them, and a rerun asking for more trials records again.
func TestRecordTrials(t *testing.T) {
	srv := newFakeServer(t, "openai-chat-tools.sse")
	out := filepath.Join(t.TempDir(), "suite.jsonl")
	r := &Recorder{Client: testClient(nil), Endpoint: endpoint(ChatCompletions, srv.URL), Options: Options{Variant: "native", Trials: 3, Concurrency: 2}}
	sum, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Recorded != 4 || sum.Failed != 0 {
		t.Fatalf("summary %+v", sum)
	}
	if n := len(srv.requests()); n != 12 {
		t.Errorf("%d requests, want 3 per case (12)", n)
	}
	for _, c := range readOutput(t, out) {
		if c.Transcript != nil || len(c.Transcripts) != 3 {
			t.Fatalf("%s: transcript %v, %d transcripts; want 3 transcripts", c.ID, c.Transcript, len(c.Transcripts))
		}
		for i, tr := range c.Transcripts {
			if tr.Format != "openai-chat" || strings.Join(tr.Chunks, "") != string(srv.body) || len(tr.ChunkTimesMS) != len(tr.Chunks) {
				t.Errorf("%s trial %d: %q, %d chunks", c.ID, i, tr.Format, len(tr.Chunks))
			}
		}
	}
	s, err := suite.LoadFileWith(out, suite.LoadOptions{AllowOutside: true}) // its catalog is the test data's
	if err != nil {
		t.Fatalf("the recorded suite does not load: %v", err)
	}
	rep, err := replay.Run(s, replay.Options{Ks: []int{5}, Variants: []string{"names"}, Encoding: "none"})
	if err != nil {
		t.Fatal(err)
	}
	for _, res := range rep.Configs[0].Results {
		if n, _ := res.TrialCounts(); n != 3 {
			t.Errorf("%s replays %d trials, want 3", res.ID, n)
		}
	}
	if got := rep.Configs[0].Metrics.Trials.MaxTrials; got != 3 {
		t.Errorf("max trials %d", got)
	}

	before := len(srv.requests())
	if sum, err = r.Run(context.Background(), loadSuite(t), suiteFile, out); err != nil || sum.Skipped != 4 || sum.Recorded != 0 {
		t.Errorf("rerun with 3 trials: %+v %v", sum, err)
	}
	r.Options.Trials = 4
	if sum, err = r.Run(context.Background(), loadSuite(t), suiteFile, out); err != nil || sum.Recorded != 4 || sum.Skipped != 0 {
		t.Errorf("rerun with 4 trials: %+v %v", sum, err)
	}
	if n := len(srv.requests()) - before; n != 16 {
		t.Errorf("reruns sent %d requests, want 16 (none, then 4 per case)", n)
	}
	for _, c := range readOutput(t, out) {
		if len(c.Transcripts) != 4 {
			t.Errorf("%s: %d transcripts after the rerun, want 4", c.ID, len(c.Transcripts))
		}
	}
}

// TestRecordTrajectoryTrials drives the model through a trajectory twice:
// the case is written with step_trials, each trial its own step list (the
// second searched first, so it took more steps).
func TestRecordTrajectoryTrials(t *testing.T) {
	srv := newScriptedServer(t,
		// trial 1
		chatTurn("", [2]string{"search_flights", `{"from":"LIS","to":"AMS","date":"2025-06-02"}`}),
		chatTurn("", [2]string{"convert_currency", `{"amount":200,"from":"EUR","to":"USD"}`}),
		chatTurn("Done."),
		// trial 2
		chatTurn("", [2]string{"search_flights", `{"from":"LIS","to":"AMS","date":"2025-06-02"}`}),
		chatTurn("", [2]string{"search_tools", `{"query":"convert currency amount"}`}),
		chatTurn("", [2]string{"convert_currency", `{"amount":200,"from":"EUR","to":"USD"}`}),
		chatTurn("Done."),
	)
	c, out := recordOne(t, srv, ChatCompletions, Options{Variant: "native", Trials: 2}, trajectoryLine)
	if c.Steps != nil || len(c.StepTrials) != 2 {
		t.Fatalf("steps %d, step_trials %d; want step_trials of 2", len(c.Steps), len(c.StepTrials))
	}
	if len(c.StepTrials[0]) != 3 || len(c.StepTrials[1]) != 4 {
		t.Errorf("trial lengths %d and %d, want 3 and 4", len(c.StepTrials[0]), len(c.StepTrials[1]))
	}
	if got := string(c.StepTrials[1][0].ToolResults["0"]); got != `{"flights":["TP662"]}` {
		t.Errorf("trial 2 step 1 tool result %s", got)
	}
	s, err := suite.LoadFile(out)
	if err != nil {
		t.Fatalf("the recorded suite does not load: %v", err)
	}
	rep, err := replay.Run(s, replay.Options{Ks: []int{5}, Variants: []string{"names"}, Encoding: "none"})
	if err != nil {
		t.Fatal(err)
	}
	res := rep.Configs[0].Results[0]
	if n, passed := res.TrialCounts(); n != 2 || passed != 2 || !res.Passed {
		t.Errorf("replayed: %d of %d passed, passed %v (%s)", passed, n, res.Passed, res.Cause)
	}
}

func TestRecordTrialsOption(t *testing.T) {
	if err := (Options{Variant: "native", Trials: -1}).Check(); err == nil || !strings.Contains(err.Error(), "trials") {
		t.Errorf("negative trials: %v", err)
	}
}
