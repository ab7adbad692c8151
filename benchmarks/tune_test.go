package benchmarks

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/tune"
)

// tuneSuite writes the English retrieval evaluation corpus (338 MCP-style
// tools, 242 queries with gold tools) as a replay suite and loads it.
func tuneSuite(b *testing.B) *suite.Suite {
	b.Helper()
	cat, err := filepath.Abs("../testdata/retrieval/en/catalog.json")
	if err != nil {
		b.Fatal(err)
	}
	in, err := os.Open("../testdata/retrieval/en/queries.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	path := filepath.Join(b.TempDir(), "suite.jsonl")
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	sc := bufio.NewScanner(in)
	enc := json.NewEncoder(out)
	for sc.Scan() {
		var q struct {
			ID        string   `json:"id"`
			Query     string   `json:"query"`
			GoldTools []string `json:"gold_tools"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			b.Fatal(err)
		}
		enc.Encode(map[string]any{"id": q.ID, "query": q.Query, "catalog": cat, "gold_tools": q.GoldTools})
	}
	out.Close()
	s, err := suite.LoadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkTune runs a whole tuning (default space, coordinate ascent, no
// tokens counted) and reports evaluated configurations per second; each
// evaluation scores every case at every k.
func BenchmarkTune(b *testing.B) {
	s := tuneSuite(b)
	for _, bc := range []struct {
		name  string
		folds int
	}{{"folds=1", 1}, {"folds=5", 5}} {
		b.Run(bc.name, func(b *testing.B) {
			evals := 0
			start := time.Now()
			for i := 0; i < b.N; i++ {
				res, err := tune.Run(s, nil, tune.Options{Folds: bc.folds, Encoding: "none"})
				if err != nil {
					b.Fatal(err)
				}
				evals += res.Evaluations
			}
			b.ReportMetric(float64(evals)/time.Since(start).Seconds(), "evals/s")
			b.ReportMetric(float64(evals)*float64(len(s.Cases))/time.Since(start).Seconds(), "case-evals/s")
		})
	}
}
