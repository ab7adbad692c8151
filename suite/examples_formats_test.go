package suite

import (
	"testing"

	"github.com/tooleval/tooleval/anyparse"
)

// TestExamplesHaveEveryFormat enumerates the registry: the embedded
// example suite, which `tooleval replay` runs with no arguments, has a
// case recorded in every format the parsers read (text dialects and
// provider streams), so each reaches the main job; a dialect added
// without one fails here.
func TestExamplesHaveEveryFormat(t *testing.T) {
	s, err := LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, c := range s.Cases {
		for _, tr := range transcripts(c) {
			seen[string(tr.Format)]++
		}
	}
	formats := anyparse.Formats()
	if len(formats) < 45 {
		t.Fatalf("only %d formats registered", len(formats))
	}
	for _, f := range formats {
		if f == "auto" {
			continue
		}
		if seen[string(f)] == 0 {
			t.Errorf("format %s: no case of the embedded example suite is recorded in it", f)
		}
	}
}
