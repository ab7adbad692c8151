package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var otelFixtures = []string{
	"../../testdata/otel/semconv.jsonl",
	"../../testdata/otel/openllmetry.jsonl",
	"../../testdata/otel/openinference.json",
}

// The round trip: traces imported with every run accepted replay with the
// calls they hold — replay parses each transcript back into exactly the
// run's observed calls, every call check against the gold calls made
// from them passes, and a case fails only where retrieval did not show
// the model a tool it used.
func TestImportOtelReplays(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(append([]string{"import", "otel", "--accept", "*", "-o", dir}, otelFixtures...)...)
	if code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"read 24 spans in 5 traces", "5 cases (5 accepted)", "skipped spans: POST: 1, redis.get: 1", "runs left out: no user message recorded"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	suite := filepath.Join(dir, "suite.jsonl")
	observed := observedByCase(t, suite)
	report := filepath.Join(dir, "report.json")
	code, out, errOut = runCLI("replay", "-k", "10", "--chunkings", "2", "--no-progress", "--json", report, suite)
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s%s", code, out, errOut)
	}
	var rep struct {
		Configs []struct {
			Results []struct {
				ID     string `json:"id"`
				Passed bool   `json:"passed"`
				Cause  string `json:"cause"`
				Parse  *parsed
				Calls  *checked
				Traj   *struct {
					WrongArgs int `json:"wrong_argument_calls"`
					Parser    int `json:"parser_failures"`
					Steps     []struct {
						Parse *parsed
						Calls *checked
					} `json:"steps"`
				} `json:"trajectory"`
			} `json:"results"`
		} `json:"configs"`
	}
	b, _ := os.ReadFile(report)
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Configs) != 1 || len(rep.Configs[0].Results) != 5 {
		t.Fatalf("report: %d configs", len(rep.Configs))
	}
	for _, r := range rep.Configs[0].Results {
		var got [][]call
		var checks []*checked
		if r.Traj != nil {
			for _, st := range r.Traj.Steps {
				got = append(got, st.Parse.calls())
				checks = append(checks, st.Calls)
			}
		} else {
			got = append(got, r.Parse.calls())
			checks = append(checks, r.Calls)
		}
		if !reflect.DeepEqual(got, observed[r.ID]) {
			t.Errorf("%s: replay parsed %v, the suite holds %v", r.ID, got, observed[r.ID])
		}
		for i, c := range checks {
			if c == nil || c.WrongArgs != 0 {
				t.Errorf("%s: step %d: call check %+v", r.ID, i+1, c)
			}
		}
		if !r.Passed && r.Cause != "retrieval_miss" {
			t.Errorf("%s failed by %s", r.ID, r.Cause)
		}
	}
}

type parsed struct {
	Calls []struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	} `json:"calls"`
}

type checked struct {
	WrongArgs int `json:"wrong_argument_calls"`
}

type call struct {
	Name string
	Args map[string]any
}

func (p *parsed) calls() []call {
	out := []call{}
	if p == nil {
		return out
	}
	for _, c := range p.Calls {
		out = append(out, call{c.Name, c.Arguments})
	}
	return out
}

// observedByCase reads each case's observed calls, per step.
func observedByCase(t *testing.T, suite string) map[string][][]call {
	f, err := os.Open(suite)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type observed []struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	conv := func(o observed) []call {
		out := []call{}
		for _, c := range o {
			out = append(out, call{c.Name, c.Arguments})
		}
		return out
	}
	byCase := map[string][][]call{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c struct {
			ID       string   `json:"id"`
			Observed observed `json:"observed_calls"`
			Steps    []struct {
				Observed observed `json:"observed_calls"`
			} `json:"steps"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if c.Steps == nil {
			byCase[c.ID] = [][]call{conv(c.Observed)}
			continue
		}
		for _, st := range c.Steps {
			byCase[c.ID] = append(byCase[c.ID], conv(st.Observed))
		}
	}
	return byCase
}
