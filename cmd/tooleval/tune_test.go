package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/tune"
)

const tuneSuite = "../../testdata/tune/suite.jsonl"

func TestTuneCLIExitCodes(t *testing.T) {
	dir := t.TempDir()
	fast := []string{"--encoding", "none", "--folds", "2", "--k1", "1.2", "--b", "0.75", "--no-analyzer", "--weight-values", "0.3,2"}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"table", append([]string{"tune", "--suite", tuneSuite}, fast...), 0, "2-fold cross-validation"},
		{"fixed k", append([]string{"tune", "--suite", tuneSuite, "--objective", "ndcg@3"}, fast...), 0, "objective ndcg@3"},
		{"bad objective", []string{"tune", "--suite", tuneSuite, "--objective", "speed"}, 2, ""},
		{"budget without --budget", []string{"tune", "--suite", tuneSuite, "--objective", "budget"}, 2, ""},
		{"budget without tokens", []string{"tune", "--suite", tuneSuite, "--budget", "500", "--encoding", "none"}, 2, ""},
		{"bad folds", []string{"tune", "--suite", tuneSuite, "--folds", "0"}, 2, ""},
		{"too many folds", []string{"tune", "--suite", tuneSuite, "--folds", "41"}, 2, ""},
		{"bad k list", []string{"tune", "--suite", tuneSuite, "--k", "1,x"}, 2, ""},
		{"bad b", []string{"tune", "--suite", tuneSuite, "--b", "2"}, 2, ""},
		{"bad field", []string{"tune", "--suite", tuneSuite, "--fields", "name,summary"}, 2, ""},
		{"bad method", []string{"tune", "--suite", tuneSuite, "--method", "random"}, 2, ""},
		{"negative penalty", []string{"tune", "--suite", tuneSuite, "--noise-penalty", "-1"}, 2, ""},
		{"two suites", []string{"tune", tuneSuite, tuneSuite}, 2, ""},
		{"missing suite", []string{"tune", "--suite", filepath.Join(dir, "nope.jsonl")}, 1, ""},
		{"broken suite", []string{"tune", "--suite", "../../testdata/replay/broken/suite.jsonl"}, 1, ""},
		{"missing holdout", append([]string{"tune", "--suite", tuneSuite, "--holdout", filepath.Join(dir, "nope.jsonl")}, fast...), 1, ""},
		{"missing base", []string{"tune", "--suite", tuneSuite, "--base", filepath.Join(dir, "nope.json")}, 1, ""},
		{"unwritable out", append([]string{"tune", "--suite", tuneSuite, "--out", filepath.Join(dir, "no", "dir", "c.json")}, fast...), 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := replayCLI(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d (want %d)\nstdout: %.600s\nstderr: %s", code, tc.code, out, errs)
			}
		})
	}
}

// TestTuneCLIOutputs writes the config, chart and JSON, then feeds the
// config to replay --config.
func TestTuneCLIOutputs(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "config.json")
	chart := filepath.Join(dir, "chart")
	code, out, errs := replayCLI(t, "tune", "--suite", tuneSuite, "--objective", "recall@1", "--folds", "3",
		"--holdout", "../../testdata/tune/holdout.jsonl", "--out", cfgPath, "--chart", chart, "--json", "-", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res tune.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json output: %v", err)
	}
	if len(res.Folds) != 3 || res.CV == nil || res.Holdout == nil || len(res.Best) == 0 || len(res.Curves) != 2 {
		t.Fatalf("incomplete result: %d folds, cv %v, holdout %v, %d best, %d curves", len(res.Folds), res.CV, res.Holdout, len(res.Best), len(res.Curves))
	}
	cfg, err := retrieval.LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.K != 1 || cfg.Weights[retrieval.FieldDetails] != res.Best[0].Config.Weights[retrieval.FieldDetails] {
		t.Errorf("config file %+v is not the best configuration %+v", cfg, res.Best[0].Config)
	}
	for _, ext := range []string{".svg"} {
		if st, err := os.Stat(chart + ext); err != nil || st.Size() < 1000 {
			t.Errorf("chart%s: %v", ext, err)
		}
	}
	code, out, errs = replayCLI(t, "replay", "--encoding", "none", "-k", "1", "--config", cfgPath, "--json", "-", tuneSuite)
	if code != 0 {
		t.Fatalf("replay --config: exit %d: %s", code, errs)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Configs) != 1 || rep.Configs[0].Config.Weights != "config" {
		t.Fatalf("replay configs: %+v", rep.Configs)
	}
	if len(cfg.Always) == 0 {
		if got, want := *rep.Configs[0].Metrics.Recall, res.Best[0].Score.Recall; got != want {
			t.Errorf("replay --config recall@1 %.4f, tune reported %.4f", got, want)
		}
	}
	code, out, errs = replayCLI(t, "retrieve", "--catalog", "../../testdata/tune/catalog.mcp.json", "--config", cfgPath, "--json", "-",
		"--query", "Print a shipping label for the parcel going to Berlin")
	if code != 0 {
		t.Fatalf("retrieve --config: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `"tools":[{"name":"invoice_export"`) {
		t.Errorf("retrieve with the tuned config does not rank the documented tool first: %s", out)
	}
}
