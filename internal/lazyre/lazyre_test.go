package lazyre

import (
	"sync"
	"testing"
)

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a(\d+)$`)
	first := re()
	if got := first.FindStringSubmatch("a42"); len(got) != 2 || got[1] != "42" {
		t.Fatalf("FindStringSubmatch(a42) = %q", got)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if re() != first {
				t.Error("a later call compiled the expression again")
			}
		}()
	}
	wg.Wait()
}

func TestNewPanicsOnFirstUseNotBefore(t *testing.T) {
	re := New(`(`) // declaring a bad expression costs nothing and does not panic
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic on first use")
		}
	}()
	re()
}
