package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTrajectoryCommands: validate counts a suite's trajectories, replay
// prints the trajectory section and writes the statistics in --json, and
// the trajectory metrics gate.
func TestTrajectoryCommands(t *testing.T) {
	const suite = "../../testdata/replay/trajectory/suite.jsonl"
	code, stdout, stderr := runCLI("validate", suite)
	if code != 0 || !strings.Contains(stdout, "6 trajectories of 17 steps") {
		t.Fatalf("validate: exit %d: %s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI("replay", "--encoding", "none", "-k", "1", "--json", "-", suite)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	var rep struct {
		Configs []struct {
			Metrics struct {
				Trajectory struct {
					Cases       int      `json:"cases"`
					Recovered   int      `json:"recovered"`
					SuccessRate *float64 `json:"success_rate"`
				} `json:"trajectory"`
			} `json:"metrics"`
		} `json:"configs"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Configs) != 1 {
		t.Fatalf("replay --json: %v: %.200s", err, stdout)
	}
	if tr := rep.Configs[0].Metrics.Trajectory; tr.Cases != 6 || tr.Recovered != 1 || tr.SuccessRate == nil {
		t.Errorf("trajectory statistics %+v", tr)
	}
	code, stdout, _ = runCLI("replay", "--encoding", "none", "-k", "1", "--min", "trajectory_success=0.9", suite)
	if code != 3 || !strings.Contains(stdout, "trajectory_success") { // 3: the gate failed
		t.Errorf("gate on trajectory_success: exit %d:\n%s", code, stdout)
	}
}

// TestValidateCountsStrategies: recordings of one case under several
// strategies are counted as such, not as trials.
func TestValidateCountsStrategies(t *testing.T) {
	code, stdout, stderr := runCLI("validate", "../../testdata/replay/strategy/suite.jsonl")
	if want := "ok, 6 cases (2 with transcripts, 2 with gold calls, 4 trajectories of 10 steps, 5 recorded under several strategies)\n"; code != 0 || !strings.HasSuffix(stdout, want) {
		t.Errorf("validate: exit %d: %q, want it to end %q%s", code, stdout, want, stderr)
	}
}
