package growth

import (
	"runtime"
	"testing"
)

// MaxRatio bounds allocated(big) / allocated(small). The sizes a test
// uses are 16× apart, so linear growth gives about 16 and quadratic about
// 256.
const MaxRatio = 32

// Allocated returns the bytes allocated while f runs (by every goroutine,
// so tests using it must not run in parallel).
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Linear builds the input with gen at small and at 16×small and runs run
// on each; it fails t when the bigger input allocates MaxRatio times what
// the smaller one does or more. run sees the input built by gen, so the
// cost of building it is not counted. A floor of 64 KiB on the smaller
// measurement keeps fixed costs from making the ratio meaningless.
func Linear(t testing.TB, small int, gen func(n int) []byte, run func(in []byte)) {
	t.Helper()
	big := 16 * small
	inSmall, inBig := gen(small), gen(big)
	run(inSmall) // warm up buffers and lazy initialisation
	a := max(Allocated(func() { run(inSmall) }), 64<<10)
	b := Allocated(func() { run(inBig) })
	if b >= MaxRatio*a {
		t.Fatalf("allocations grow faster than the input: %d bytes for %d, %d bytes for %d (%.1f×, limit %d×)",
			a, len(inSmall), b, len(inBig), float64(b)/float64(a), MaxRatio)
	}
	t.Logf("allocated %d bytes for %d input bytes, %d for %d (%.1f×)", a, len(inSmall), b, len(inBig), float64(b)/float64(a))
}
