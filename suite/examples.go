package suite

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
)

// Examples is the embedded example suite: hand-written catalogs, queries
// and recorded transcripts in every parser format, English and Chinese,
// with parallel calls, cases with no call, wrong arguments and truncated
// streams. `tooleval replay` with no suite runs it.
//
//go:embed examples
var Examples embed.FS

// ExampleSuiteName is how reports name the embedded suite.
const ExampleSuiteName = "examples (embedded)"

// LoadExamples loads the embedded example suite: examples/suite.jsonl,
// or the only JSON Lines file at the top of examples/.
func LoadExamples() (*Suite, error) {
	file, err := exampleFile()
	if err != nil {
		return nil, err
	}
	return Load(Examples, file, ExampleSuiteName)
}

func exampleFile() (string, error) {
	if _, err := fs.Stat(Examples, "examples/suite.jsonl"); err == nil {
		return "examples/suite.jsonl", nil
	}
	m, _ := fs.Glob(Examples, "examples/*.jsonl")
	sort.Strings(m)
	if len(m) == 1 {
		return m[0], nil
	}
	return "", fmt.Errorf("embedded examples: want examples/suite.jsonl or exactly one %s, found %d", path.Join("examples", "*.jsonl"), len(m))
}
