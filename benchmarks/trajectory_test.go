package benchmarks

import (
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
)

// benchTrajectories replays the embedded suite's trajectories on one
// worker and reports steps per second: per step the injected set (first
// retrieval, the model's searches run as BM25 re-retrievals), the parses
// of the step's transcript and its call checks.
func benchTrajectories(b *testing.B, opts replay.Options) {
	s, err := suite.LoadExamples()
	if err != nil {
		b.Fatal(err)
	}
	if opts.Filter, err = suite.ParseFilter([]string{"tag:trajectory"}); err != nil {
		b.Fatal(err)
	}
	steps := 0
	for _, c := range s.Cases {
		if opts.Filter.Match(c) {
			steps += len(c.Steps)
		}
	}
	if steps == 0 {
		b.Fatal("no trajectory in the embedded suite")
	}
	benchRun(b, s, opts, steps, "steps")
}

// BenchmarkReplayTrajectories is issue 15's measure: k=5, every step's
// transcript parsed as recorded, byte by byte and in two random
// chunkings, searches re-retrieved, calls checked; no token counting.
func BenchmarkReplayTrajectories(b *testing.B) {
	benchTrajectories(b, replay.Options{Ks: []int{5}, Variants: []string{"retrieved"}, Encoding: "none"})
}

// BenchmarkReplayTrajectoriesTokens adds o200k_base token counts of every
// step's injected set.
func BenchmarkReplayTrajectoriesTokens(b *testing.B) {
	benchTrajectories(b, replay.Options{Ks: []int{5}, Variants: []string{"retrieved"}})
}
