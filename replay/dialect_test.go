package replay

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/suite"
)

// acmeDialect is a dialect file for a model no release knows.
const acmeDialect = `{"format": "acme_v1",
 "blocks": [{"open": "<@call>", "call_end": "</@call>", "body": {"read": ["name_json"], "name_end": "<@args>"}}],
 "reasoning": [{"open": "<@plan>", "close": "</@plan>"}]}`

// dialectSuite writes the notes catalog, acme.json and a suite of lines
// in dir, and returns the suite's path.
func dialectSuite(t *testing.T, dir string, lines ...string) string {
	t.Helper()
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"notes.json": string(cat), "acme.json": acmeDialect, "bad.json": `{"format": "acme_v2", "blocks": [{"open": "<@call>", "body": {"read": ["yaml"]}}]}`,
		"suite.jsonl": strings.Join(lines, "\n") + "\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "suite.jsonl")
}

// TestSuiteDialectFile: a transcript names a dialect file
// (transcript.dialect), or the settings line gives one for every
// transcript with no format (suite.dialect); its calls are read in that
// dialect in every chunking and scored, and the parse reports the
// dialect's name as its format.
func TestSuiteDialectFile(t *testing.T) {
	call := `<@plan>search first</@plan>Looking.<@call>search_notes<@args>{\"query\": \"taxes\", \"limit\": 3}</@call>`
	caseLine := func(id, transcript string) string {
		return `{"id":"` + id + `","query":"find my notes about taxes","catalog":"notes.json","gold_tools":["search_notes"],` +
			`"transcript":{` + transcript + `"text":"` + call + `"},"gold_calls":[{"search_notes":{"query":["taxes"],"limit":[3]}}]}`
	}
	for _, tc := range []struct {
		name  string
		lines []string
	}{
		{"transcript", []string{caseLine("a", `"dialect":"acme.json",`)}},
		{"settings line", []string{`{"suite":{"dialect":"acme.json"}}`, caseLine("a", ""), caseLine("b", `"dialect":"acme.json",`)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := suite.LoadFile(dialectSuite(t, t.TempDir(), tc.lines...))
			if err != nil {
				t.Fatal(err)
			}
			rep := runTest(t, s, Options{Ks: []int{5}})
			for _, r := range rep.Configs[0].Results {
				if !r.Passed || r.Parse == nil || r.Parse.Format != "acme_v1" || len(r.Parse.Calls) != 1 || r.Parse.Disagreement != "" {
					t.Errorf("case %s: passed %v cause %q error %q parse %+v", r.ID, r.Passed, r.Cause, r.Error, r.Parse)
				}
			}
		})
	}
}

// TestSuiteDialectFileErrors: a dialect file that cannot be used, and a
// transcript that names both a format and a dialect or neither, are
// refused on the line and field, with the place in the dialect file.
func TestSuiteDialectFileErrors(t *testing.T) {
	line := func(transcript string) string {
		return `{"id":"a","query":"q","catalog":"notes.json","gold_tools":[],"transcript":{` + transcript + `"text":"x"}}`
	}
	for _, tc := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"bad file", []string{line(`"dialect":"bad.json",`)}, `suite.jsonl:1: transcript.dialect: bad.json: blocks[0].body.read[0]: unknown reader "yaml"`},
		{"missing file", []string{line(`"dialect":"none.json",`)}, `suite.jsonl:1: transcript.dialect: none.json`},
		{"bad settings file", []string{`{"suite":{"dialect":"bad.json"}}`, line("")}, `suite.jsonl:1: suite.dialect: bad.json: blocks[0].body.read[0]`},
		{"format and dialect", []string{line(`"format":"auto","dialect":"acme.json",`)}, `suite.jsonl:1: transcript`},
		{"neither", []string{line("")}, `suite.jsonl:1: transcript.format: required field is missing`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := suite.LoadFile(dialectSuite(t, t.TempDir(), tc.lines...))
			var errs suite.Errors
			if !errors.As(err, &errs) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
