//go:build unix

package readcap

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/tooleval/tooleval/internal/blocking"
)

// A FIFO is refused by every reader before anything blocks on it: opening a
// FIFO for reading waits for a writer that may never come.
func TestFIFORefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	readers := []struct {
		name string
		read func() error
	}{
		{"ReadFile", func() error { _, err := ReadFile(p, 10); return err }},
		{"Open", func() error {
			f, err := Open(p, 10)
			if err == nil {
				f.Close()
			}
			return err
		}},
		{"OpenFile", func() error {
			f, err := OpenFile(p)
			if err == nil {
				f.Close()
			}
			return err
		}},
		{"OpenInRoot", func() error {
			f, err := OpenInRoot(root, "pipe")
			if err == nil {
				f.Close()
			}
			return err
		}},
	}
	for _, r := range readers {
		t.Run(r.name, func(t *testing.T) {
			err := blocking.Returns(t, r.name, r.read)
			var nr *NotRegularError
			if !errors.As(err, &nr) || nr.Mode.Type() != os.ModeNamedPipe {
				t.Fatalf("got %v, want a NotRegularError for a named pipe", err)
			}
		})
	}
}
