package benchmarks

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// writeLargeSuite writes a suite of n small cases (one shared catalog, a
// query, a gold tool, a short use_tool transcript and a gold call) to dir
// and loads it.
func writeLargeSuite(b *testing.B, dir string, n int) *suite.Suite {
	b.Helper()
	writeNotesCatalog(b, dir, "notes.json")
	p := filepath.Join(dir, "suite.jsonl")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	words := []string{"groceries", "meeting", "travel", "budget"}
	for i := range n {
		tool := "create_note"
		fmt.Fprintf(w, `{"id":"case-%07d","query":"write a note about %s number %d for the weekly review","catalog":"notes.json","gold_tools":[%q],`+
			`"transcript":{"format":"use_tool","text":"<use_tool><tool_name>%s</tool_name><arguments>{\"title\":\"t%d\"}</arguments></use_tool>"},`+
			`"gold_calls":[{%q:{"title":["t%d"]}}]}`+"\n", i, words[i%len(words)], i, tool, tool, i, tool, i)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	s, err := suite.LoadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkReplayLarge replays suites of 100k and 1M small cases (k=5, the
// retrieved variant, no token counting, each transcript parsed as
// recorded) and reports what a run costs per case: the live heap the report
// holds (heap-B/case, measured after a collection with the report alive),
// the JSON report's size (json-B/case), and how much --html adds to the
// run's time (html-%). Run it alone:
//
//	go test ./benchmarks -run xxx -bench ReplayLarge -benchtime 1x
func BenchmarkReplayLarge(b *testing.B) {
	for _, n := range []int{20_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("cases=%dk", n/1000), func(b *testing.B) {
			s := writeLargeSuite(b, b.TempDir(), n)
			opts := replay.Options{Ks: []int{5}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1}
			for b.Loop() {
				var before runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				t0 := time.Now()
				rep, err := replay.Run(s, opts)
				if err != nil {
					b.Fatal(err)
				}
				run := time.Since(t0)
				var after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(n), "heap-B/case")
				var cw countWriter
				if err := report.WriteJSON(&cw, rep); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(cw)/float64(n), "json-B/case")
				t1 := time.Now()
				if err := render.WriteHTML(io.Discard, rep, render.HTMLOptions{Suite: s}); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(100*time.Since(t1).Seconds()/run.Seconds(), "html-%")
				b.ReportMetric(run.Seconds(), "run-s")
				runtime.KeepAlive(rep)
			}
		})
	}
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }
