package benchmarks

import (
	"testing"

	"github.com/tooleval/tooleval/textparse"
)

// TestEveryDialectHasABenchmarkRow enumerates the registry: every text
// dialect (an alias through the dialect it names, or a row of its own)
// has a tool-dense row in BenchmarkDialects, so a new dialect's
// throughput is measured with the others'.
func TestEveryDialectHasABenchmarkRow(t *testing.T) {
	// group: a dialect and its aliases are one dialect (hermes is
	// tool_call), measured by one row.
	group := func(f textparse.Format) textparse.Format {
		if in, _ := textparse.Lookup(f); in.Alias != "" {
			return in.Alias
		}
		return f
	}
	rows := map[textparse.Format]bool{}
	for _, d := range dialectDense {
		rows[group(d.format)] = true
	}
	formats := textparse.Formats()[1:]
	if len(formats) < 40 {
		t.Fatalf("only %d dialects registered", len(formats))
	}
	for _, f := range formats {
		if !rows[group(f)] {
			t.Errorf("%s: no row in BenchmarkDialects (dialectDense)", f)
		}
	}
}
