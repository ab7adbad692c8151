package benchmarks

import (
	"fmt"
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

// BenchmarkReplayMemory measures what `tooleval replay SUITE -k 5
// --encoding none --json FILE` holds per case (issue 23, item 6): the
// suite loaded, every case replayed (the six default variants, two random
// chunkings) and the JSON report written, for suites of 100k and 1M small
// cases (writeLargeSuite's). It reports, per case: live-B (the heap after
// a collection with the suite and the report alive), peak-B (the largest
// heap sampled during the run, garbage not yet collected included),
// json-B (the report's size) and allocs (allocations per case). Run one
// size at a time, alone:
//
//	go test ./benchmarks -run xxx -bench 'ReplayMemory/cases=100k' -benchtime 1x -timeout 60m
func BenchmarkReplayMemory(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("cases=%dk", n/1000), func(b *testing.B) {
			dir := b.TempDir()
			writeLargeSuite(b, dir, n)
			b.ReportAllocs()
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				peak := startHeapPeak()
				s, err := suite.LoadFile(filepath.Join(dir, "suite.jsonl"))
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
