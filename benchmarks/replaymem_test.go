package benchmarks

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// heapPeak samples the heap's objects (live and not yet collected) until
// stopped and returns the largest sample.
type heapPeak struct {
	stop chan struct{}
	wg   sync.WaitGroup
	max  uint64
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapPeak() *heapPeak {
	p := &heapPeak{stop: make(chan struct{}), max: heapObjects()}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.max = max(p.max, heapObjects())
			}
		}
	}()
	return p
}

func (p *heapPeak) end() uint64 {
	close(p.stop)
	p.wg.Wait()
	return max(p.max, heapObjects())
}

// writeNotesCatalog copies the notes catalog to dir/name.
func writeNotesCatalog(b *testing.B, dir, name string) {
	b.Helper()
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), cat, 0o644); err != nil {
		b.Fatal(err)
	}
}

// writeSmallSuite writes a suite of n small cases to dir/suite.jsonl,
// like writeLargeSuite's (one catalog, a query, a gold tool, a short
// transcript and a gold call) in lines short enough (265 bytes on
// average) that a million of them are within the suite cap (256 MiB).
func writeSmallSuite(b *testing.B, dir string, n int) string {
	b.Helper()
	writeNotesCatalog(b, dir, "n.json")
	p := filepath.Join(dir, "suite.jsonl")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	words := []string{"groceries", "meeting", "travel", "budget"}
	size := 0
	for i := range n {
		k, err := fmt.Fprintf(w, `{"id":"%d","query":"%s note %d","catalog":"n.json","gold_tools":["create_note"],`+
			`"transcript":{"format":"hermes","text":"<tool_call>{\"name\":\"create_note\",\"arguments\":{\"title\":\"t\"}}</tool_call>"},`+
			`"gold_calls":[{"create_note":{"title":["t"]}}]}`+"\n", i, words[i%len(words)], i)
		if err != nil {
			b.Fatal(err)
		}
		size += k
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if size > suite.DefaultMaxSuiteBytes {
		b.Fatalf("the suite is %d bytes, over the suite cap", size)
	}
	return p
}

// BenchmarkReplayMemory measures what `tooleval replay SUITE -k 5
// --encoding none --json FILE` holds per case (issue 23, item 6): the
// suite loaded, every case replayed (the six default variants, two random
// chunkings) and the JSON report written, for suites of 100k and 1M small
// cases (writeSmallSuite's). It reports, per case: live-B (the heap after
// a collection with the suite and the report alive), peak-B (the largest
// heap sampled during the run, garbage not yet collected included),
// json-B (the report's size) and allocs (allocations per case). Run one
// size at a time, alone:
//
//	go test ./benchmarks -run xxx -bench 'ReplayMemory/cases=100k' -benchtime 1x -timeout 60m
func BenchmarkReplayMemory(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("cases=%dk", n/1000), func(b *testing.B) {
			p := writeSmallSuite(b, b.TempDir(), n)
			b.ReportAllocs()
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				peak := startHeapPeak()
				s, err := suite.LoadFile(p)
				if err != nil {
					b.Fatal(err)
				}
				rep, err := replay.Run(s, replay.Options{Ks: []int{5}, Encoding: "none"})
				if err != nil {
					b.Fatal(err)
				}
				var cw countWriter
				if err := report.WriteJSON(&cw, rep); err != nil {
					b.Fatal(err)
				}
				top := peak.end()
				runtime.GC()
				runtime.ReadMemStats(&after)
				per := func(v uint64) float64 { return float64(v) / float64(n) }
				b.ReportMetric(per(after.HeapAlloc-before.HeapAlloc), "live-B/case")
				b.ReportMetric(per(top-before.HeapAlloc), "peak-B/case")
				b.ReportMetric(float64(cw)/float64(n), "json-B/case")
				b.ReportMetric(per(after.Mallocs-before.Mallocs), "allocs/case")
				runtime.KeepAlive(s)
				runtime.KeepAlive(rep)
			}
		})
	}
}
