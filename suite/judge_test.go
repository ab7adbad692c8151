package suite

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
)

const judgeCatalog = `[{"type":"function","function":{"name":"create_note","description":"Create a note.",
 "parameters":{"type":"object","properties":{"title":{"type":"string"},"body":{"type":"string"}},"required":["title"]}}}]`

func loadLines(t *testing.T, lines ...string) (*Suite, error) {
	t.Helper()
	fsys := fstest.MapFS{"tools.json": {Data: []byte(judgeCatalog)}, "s.jsonl": {Data: []byte(strings.Join(lines, "\n") + "\n")}}
	return Load(fsys, "s.jsonl", "s.jsonl")
}

const judgeCase = `{"id": "a", "query": "note", "catalog": "tools.json", "gold_tools": ["create_note"]`

// TestJudgeSettings: the suite's match and repair settings reach every
// case, a case's match is laid over the suite's.
func TestJudgeSettings(t *testing.T) {
	s, err := loadLines(t,
		`{"suite": {"match": {"trajectory": "superset", "tools": {"create_note": {"args": "subset"}}}, "repair": ["drop_unknown", "tool_name"]}}`,
		judgeCase+`, "match": {"trajectory": "subset", "tools": {"create_note": {"params": {"body": {"args": "ignore"}}}}}}`,
		`{"id": "b", "query": "note", "catalog": "tools.json", "gold_tools": ["create_note"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Repairs(); !reflect.DeepEqual(got, []repair.Kind{repair.ToolName, repair.DropUnknown}) {
		t.Errorf("repairs %v", got)
	}
	a, b := s.Cases[0], s.Cases[1]
	if a.MatchLabel() != "subset; tools: create_note args subset, create_note.body args ignore" {
		t.Errorf("case a judged by %q", a.MatchLabel())
	}
	if b.MatchLabel() != "superset; tools: create_note args subset" || b.Judging().Mode() != metrics.Superset {
		t.Errorf("case b judged by %q", b.MatchLabel())
	}
}

// TestJudgeSettingsErrors: bad settings are reported with their line and
// field.
func TestJudgeSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"unknown trajectory mode", []string{judgeCase + `, "match": {"trajectory": "loose"}}`}, "s.jsonl:1: match.trajectory:"},
		{"unknown argument mode", []string{`{"suite": {"match": {"tools": {"create_note": {"params": {"title": {"args": "fuzzy"}}}}}}}`, judgeCase + `}`}, "s.jsonl:1: suite.match.tools.create_note.params.title.args:"},
		{"unknown repair", []string{`{"suite": {"repair": ["retry"]}}`, judgeCase + `}`}, "s.jsonl:1: suite.repair[0]:"},
		{"tool not in the catalog", []string{judgeCase + `, "match": {"tools": {"create_notes": {"args": "ignore"}}}}`}, `s.jsonl:1: match.tools.create_notes: tool "create_notes" is not in catalog tools.json`},
		{"parameter not in the tool", []string{judgeCase + `, "match": {"tools": {"create_note": {"params": {"tags": {"args": "ignore"}}}}}}`}, `s.jsonl:1: match.tools.create_note.params.tags: tool "create_note" has no parameter "tags"`},
		{"leaderboard checker", []string{judgeCase + `, "checker": {"rules": "bfcl"}, "match": {"args": "subset"}}`}, `s.jsonl:1: match: the leaderboard's checker (checker.rules "bfcl") judges by its own rules`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadLines(t, tc.lines...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
