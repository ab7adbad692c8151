package replay

import (
	"errors"
	"github.com/tooleval/tooleval/suite"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzLoad: any suite line either loads or gives Errors that each name the
// suite and line 1; loading never panics.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"../testdata/replay/suite.jsonl", "../testdata/replay/broken/suite.jsonl"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			f.Add(line)
		}
	}
	// Trajectory lines, their catalog path made relative to the fuzzed
	// suite.
	traj, err := os.ReadFile(trajectorySuite)
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(strings.ReplaceAll(string(traj), "../catalogs/", "catalogs/"), "\n") {
		f.Add(line)
	}
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		fsys := fstest.MapFS{
			"catalogs/notes.json": {Data: cat},
			"s.jsonl":             {Data: []byte(line)},
		}
		s, err := suite.Load(fsys, "s.jsonl", "s.jsonl")
		if err == nil {
			if len(s.Cases) != 1 || s.Cases[0].Line != 1 {
				t.Fatalf("loaded %+v", s.Cases)
			}
			return
		}
		var es suite.Errors
		if !errors.As(err, &es) || len(es) == 0 {
			t.Fatalf("error is not Errors: %v", err)
		}
		for _, e := range es {
			if e.File != "s.jsonl" || (e.Line != 1 && !strings.Contains(e.Message, "no cases")) {
				t.Fatalf("error without location: %+v", e)
			}
		}
	})
}
