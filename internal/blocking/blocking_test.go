package blocking

import (
	"errors"
	"testing"
	"time"
)

// fakeT records a failure instead of ending the test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Fatalf(string, ...any) { f.failed = true }

func TestReturns(t *testing.T) {
	want := errors.New("done")
	ft := &fakeT{TB: t}
	if err := Returns(ft, "quick", func() error { return want }); err != want || ft.failed {
		t.Fatalf("quick call: %v, failed %v", err, ft.failed)
	}
	defer func(old time.Duration) { limit = old }(limit)
	limit = 50 * time.Millisecond
	block := make(chan struct{})
	defer close(block)
	start := time.Now()
	Returns(ft, "stuck", func() error { <-block; return nil })
	if !ft.failed || time.Since(start) < limit {
		t.Fatalf("stuck call: failed %v after %s", ft.failed, time.Since(start))
	}
}
