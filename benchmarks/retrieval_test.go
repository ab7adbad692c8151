package benchmarks

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

// retrievalTools builds a catalog of n tools from the English evaluation
// corpus (338 MCP-style tools): copy i of a tool gets a server prefix and a
// few extra description words drawn from the corpus vocabulary, so that a
// 10,000-tool catalog has realistic, partly overlapping descriptions rather
// than exact duplicates.
func retrievalTools(b *testing.B, n int) []toolcall.Tool {
	b.Helper()
	cat, err := catalog.LoadFile("../testdata/retrieval/en/catalog.json")
	if err != nil {
		b.Fatal(err)
	}
	base := cat.Tools()
	var vocab []string
	for _, t := range base {
		vocab = append(vocab, strings.Fields(t.Description)...)
	}
	rng := rand.New(rand.NewSource(1))
	out := make([]toolcall.Tool, n)
	for i := range out {
		t := base[i%len(base)]
		if copyN := i / len(base); copyN > 0 {
			t.Name = fmt.Sprintf("srv%d__%s", copyN, t.Name)
			extra := make([]string, 6)
			for j := range extra {
				extra[j] = vocab[rng.Intn(len(vocab))]
			}
			t.Description += " " + strings.Join(extra, " ")
		}
		out[i] = t
	}
	return out
}

func retrievalQueries(b *testing.B) []string {
	b.Helper()
	f, err := os.Open("../testdata/retrieval/en/queries.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q struct{ Query string }
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			b.Fatal(err)
		}
		qs = append(qs, q.Query)
	}
	return qs
}

var retrievalSizes = []int{100, 1000, 10000}

// BenchmarkRetrievalBuild indexes n tools in memory (analysis + bluge).
func BenchmarkRetrievalBuild(b *testing.B) {
	for _, n := range retrievalSizes {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			tools := retrievalTools(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ix, err := retrieval.New(tools)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				ix.Close()
				b.StartTimer()
			}
		})
	}
}

// BenchmarkRetrievalQuery runs the corpus queries (k = 5) against n tools
// and reports the p50 and p99 latency of single queries besides ns/op.
func BenchmarkRetrievalQuery(b *testing.B) {
	for _, n := range retrievalSizes {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			ix, err := retrieval.New(retrievalTools(b, n))
			if err != nil {
				b.Fatal(err)
			}
			defer ix.Close()
			qs := retrievalQueries(b)
			lat := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				if _, err := ix.Search(qs[i%len(qs)], 5); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) }
			b.ReportMetric(pct(0.50), "p50-µs")
			b.ReportMetric(pct(0.99), "p99-µs")
		})
	}
}
