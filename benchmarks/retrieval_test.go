package benchmarks

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

// devCatalog is the development set the scale benchmarks repeat when it
// is present: sealtools-in (4,076 generated API tools), as in issue #13.
func devCatalog() string {
	root := os.Getenv("TOOLEVAL_DEV_DATA")
	if root == "" {
		root = "/work/shared/data"
	}
	return filepath.Join(root, "sealtools-in")
}

// retrievalTools builds a catalog of n tools. With the development data
// present it repeats sealtools-in with renamed tools (name_v1, name_v2, …),
// the 100,000-tool shape of issue #13. Otherwise it repeats the English
// evaluation corpus (338 MCP-style tools): copy i of a tool gets a server
// prefix and a few extra description words drawn from the corpus
// vocabulary, so that a 10,000-tool catalog has realistic, partly
// overlapping descriptions rather than exact duplicates.
func retrievalTools(b *testing.B, n int) []toolcall.Tool {
	b.Helper()
	if cat, err := catalog.LoadFile(filepath.Join(devCatalog(), "catalog.json")); err == nil {
		base := cat.Tools()
		out := make([]toolcall.Tool, n)
		for i := range out {
			t := base[i%len(base)]
			if copyN := i / len(base); copyN > 0 {
				t.Name = fmt.Sprintf("%s_v%d", t.Name, copyN)
			}
			out[i] = t
		}
		return out
	}
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

// retrievalQueries are the queries of the catalog retrievalTools repeats.
func retrievalQueries(b *testing.B) []string {
	b.Helper()
	path := filepath.Join(devCatalog(), "queries.jsonl")
	if _, err := os.Stat(path); err != nil {
		path = "../testdata/retrieval/en/queries.jsonl"
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var q struct{ Query string }
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			b.Fatal(err)
		}
		qs = append(qs, q.Query)
	}
	return qs
}

var retrievalSizes = []int{1000, 10000, 100000}

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
