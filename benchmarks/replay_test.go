package benchmarks

import (
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
)

// benchReplay replays the embedded example suite on one worker and reports
// cases per second.
func benchReplay(b *testing.B, opts replay.Options) {
	s, err := suite.LoadExamples()
	if err != nil {
		b.Fatal(err)
	}
	benchRun(b, s, opts, len(s.Cases), "cases")
}

// benchRun replays s on one worker and reports units (n per run) per
// second and per CPU second.
func benchRun(b *testing.B, s *suite.Suite, opts replay.Options, n int, unit string) {
	opts.Jobs = 1
	if _, err := replay.Run(s, opts); err != nil { // warm up: tokenizer, caches
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := replay.Run(s, opts); err != nil {
			b.Fatal(err)
		}
	}
	total := float64(n * b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), unit+"/s")
	// Throughput per CPU second (all goroutines, GC included): the
	// one-core figure, robust to other load on the machine.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(total/cpu.Seconds(), unit+"/cpu-s")
	}
}

// BenchmarkReplayCore is the goal's measure: retrieval (k=5), parsing every
// transcript as recorded, byte by byte and in two random chunkings, and
// checking the calls; no token counting.
func BenchmarkReplayCore(b *testing.B) {
	benchReplay(b, replay.Options{Ks: []int{5}, Variants: []string{"retrieved"}, Encoding: "none"})
}

// BenchmarkReplayCoreRecordedOnly parses each transcript once, as recorded.
func BenchmarkReplayCoreRecordedOnly(b *testing.B) {
	benchReplay(b, replay.Options{Ks: []int{5}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1})
}

// BenchmarkReplayDefault is `tooleval replay` with its defaults: k = 3, 5,
// 10, six prompt variants, o200k_base token counts (tokenizer loaded and
// per-tool counts warm, as within one run).
func BenchmarkReplayDefault(b *testing.B) {
	benchReplay(b, replay.Options{})
}
