package render

import (
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// loadTestSuite loads the suite the renderers' tests replay.
func loadTestSuite(t testing.TB) *suite.Suite {
	t.Helper()
	s, err := suite.LoadFile("../testdata/replay/suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runTest replays s (tokens not counted unless opts asks) or fails t.
func runTest(t testing.TB, s *suite.Suite, opts replay.Options) *report.Report {
	t.Helper()
	if opts.Encoding == "" {
		opts.Encoding = "none"
	}
	rep, err := replay.Run(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// resultByID is the result of case id under configuration c, or nil.
func resultByID(c *report.ConfigResult, id string) *report.CaseResult {
	for _, r := range c.Results {
		if r.ID == id {
			return r
		}
	}
	return nil
}
