package starter

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
)

// The starter is a suite that loads and replays with no broken case, has a
// case in every language of the example suite, names only files it brings,
// and carries a config and a workflow.
func TestStarterReplays(t *testing.T) {
	dir := t.TempDir()
	names, err := Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{SuiteFile, ConfigFile, WorkflowFile} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("%s not written: %v (wrote %v)", want, err, names)
		}
	}
	s, err := suite.LoadFile(filepath.Join(dir, SuiteFile))
	if err != nil {
		t.Fatalf("the starter suite does not load: %v", err)
	}
	defer s.Close()
	if n := len(s.Cases); n == 0 || n > MaxCases {
		t.Fatalf("%d cases, want 1..%d", n, MaxCases)
	}
	ex, err := suite.LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	defer ex.Close()
	langs := map[string]bool{}
	for _, c := range s.Cases {
		langs[c.Lang] = true
	}
	for _, c := range ex.Cases {
		if !langs[c.Lang] {
			t.Errorf("no starter case in language %q of the example suite", c.Lang)
		}
	}
	rep, err := replay.Run(s, replay.Options{Ks: []int{5}, Encoding: "none", RandomChunkings: -1})
	if err != nil {
		t.Fatal(err)
	}
	if b := rep.Configs[0].Metrics.Broken; b != 0 {
		t.Errorf("%d starter cases could not be replayed", b)
	}
	// Every strategy the starter declares judges some case: none is a
	// configuration with nothing recorded under it.
	if len(s.Settings.Strategies) == 0 {
		t.Error("the starter suite declares no strategies")
	}
	rep, err = replay.Run(s, replay.Options{Ks: []int{5}, Encoding: "none", RandomChunkings: -1, Strategies: s.Settings.Strategies})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Configs {
		if m := c.Metrics; m.Passed+m.Failed == 0 {
			t.Errorf("%s: none of the starter cases is recorded under its strategy (%d not recorded)", c.Config.Name, m.NotRecorded)
		}
	}
	wf, _ := os.ReadFile(filepath.Join(dir, WorkflowFile))
	for _, want := range []string{"tooleval replay suite.jsonl", "--baseline baseline.json", "go install"} {
		if !strings.Contains(string(wf), want) {
			t.Errorf("workflow lacks %q", want)
		}
	}
}

// Write overwrites nothing: with one file already there it writes none.
func TestStarterNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, ConfigFile)
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Write(dir)
	var ex *ExistsError
	if !errors.As(err, &ex) || ex.Path != mine {
		t.Fatalf("err %v, want an ExistsError naming %s", err, mine)
	}
	if data, _ := os.ReadFile(mine); string(data) != "mine" {
		t.Errorf("the existing file was changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, SuiteFile)); err == nil {
		t.Errorf("a file was written although init refused")
	}
}
