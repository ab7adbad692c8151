package benchmarks

import (
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/replay"
)

// BenchmarkHTMLReport measures what --html adds to a replay run: the run
// of a suite of n small cases (writeLargeSuite; k=5, the retrieved
// variant, no token counting) once, then the HTML report written per
// iteration. html-% is the page's time as a share of the run's, the
// figure issue 23 bounds (≤ 30 % at 100k cases); page-B/case is its size.
// Run it alone:
//
//	go test ./benchmarks -run xxx -bench HTMLReport -benchtime 3x
func BenchmarkHTMLReport(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("cases=%dk", n/1000), func(b *testing.B) {
			s := writeLargeSuite(b, b.TempDir(), n)
			opts := replay.Options{Ks: []int{5}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1}
			t0 := time.Now()
			rep, err := replay.Run(s, opts)
			if err != nil {
				b.Fatal(err)
			}
			run := time.Since(t0)
			b.ReportAllocs()
			b.ResetTimer()
			var size countWriter
			for b.Loop() {
				size = 0
				if err := render.WriteHTML(&size, rep, render.HTMLOptions{Suite: s}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(100*per.Seconds()/run.Seconds(), "html-%")
			b.ReportMetric(run.Seconds(), "run-s")
			b.ReportMetric(float64(size)/float64(n), "page-B/case")
		})
	}
}

var _ io.Writer = (*countWriter)(nil)
