package blocking

import (
	"testing"
	"time"
)

// limit is how long Returns waits (a variable for its own test).
var limit = 5 * time.Second

// Returns runs f and returns its error; when f has not returned within
// five seconds, the test fails naming what (f is left running).
func Returns(t testing.TB, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("%s: still blocked after %s", what, limit)
		return nil
	}
}
