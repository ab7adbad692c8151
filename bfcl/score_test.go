package bfcl

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// modelSuite imports the fixture checkout and loads fake-gpt-FC's suite.
func modelSuite(t *testing.T) *suite.Suite {
	t.Helper()
	_, dir, _ := importFixture(t, "")
	su, err := suite.LoadFile(filepath.Join(dir, "suite.fake-gpt-FC.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { su.Close() })
	return su
}

func verdictsString(vs []Verdict) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString(v.Model + " " + v.Category + " " + v.ID + " " + string(v.Code) + "\n")
	}
	return b.String()
}

// The scores come from the report's call checks: what a run decided is
// what the score files say, nothing is checked again, and a run over part
// of the suite scores that part.
func TestScoreReport(t *testing.T) {
	su := modelSuite(t)
	var whole Scores
	if err := whole.ScoreSuite(su); err != nil {
		t.Fatal(err)
	}
	if len(whole.Verdicts) == 0 {
		t.Fatal("no verdicts")
	}

	// A replay at other settings gives the same verdicts.
	rep, err := replay.Run(su, replay.Options{Ks: []int{3, 5}, Encoding: "none"})
	if err != nil {
		t.Fatal(err)
	}
	var again Scores
	if err := again.ScoreReport(su, rep); err != nil {
		t.Fatal(err)
	}
	if got, want := verdictsString(again.Verdicts), verdictsString(whole.Verdicts); got != want {
		t.Errorf("verdicts from a k=3,5 run:\n%s\nwant:\n%s", got, want)
	}

	// The report decides: a verdict changed in it is the verdict scored.
	first := rep.Configs[0].Results[0]
	first.Calls.Correct, first.Calls.Code = false, toolcall.CodeWrongFuncName
	var edited Scores
	if err := edited.ScoreReport(su, rep); err != nil {
		t.Fatal(err)
	}
	if v := edited.Verdicts[0]; v.ID != first.ID || v.Correct || v.Code != toolcall.CodeWrongFuncName {
		t.Errorf("verdict %+v does not follow the report's %s", v, first.ID)
	}

	// A filtered run scores its cases only.
	f, err := suite.ParseFilter([]string{"simple_java*"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err = replay.Run(su, replay.Options{Ks: []int{1}, Encoding: "none", Filter: f})
	if err != nil {
		t.Fatal(err)
	}
	var part Scores
	if err := part.ScoreReport(su, rep); err != nil {
		t.Fatal(err)
	}
	if len(part.Verdicts) == 0 || len(part.Verdicts) >= len(whole.Verdicts) {
		t.Fatalf("filtered run: %d verdicts of %d", len(part.Verdicts), len(whole.Verdicts))
	}
	for _, v := range part.Verdicts {
		if !strings.HasPrefix(v.ID, "simple_java") {
			t.Errorf("filtered run scored %s", v.ID)
		}
	}

	// A case the run could not replay is an error naming its line.
	rep.Configs[0].Results[0].Error = "cannot read transcript"
	err = new(Scores).ScoreReport(su, rep)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf(":%d: cannot read transcript", rep.Configs[0].Results[0].Line)) {
		t.Errorf("broken case: %v", err)
	}
}
