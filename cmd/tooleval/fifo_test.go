//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tooleval/tooleval/internal/blocking"
)

// Every command that reads a file refuses a FIFO at once, naming it, instead
// of blocking on the open until a writer comes (which may be never).
func TestFIFOInputsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	cat := "../../testdata/catalogs/filesystem.mcp.json"
	cases := [][]string{
		{"catalog", fifo},
		{"parse", "--format", "hermes", fifo},
		{"catalog", "--mcp-config", fifo},
		{"render", "--catalog", fifo},
		{"retrieve", "--catalog", cat, "--queries", fifo},
		{"retrieve", "--catalog", cat, "--query", "read a file", "--config", fifo},
		{"validate", fifo},
		{"replay", fifo},
		{"merge", fifo},
	}
	for _, args := range cases {
		t.Run(strings.Join(args[:len(args)-1], " "), func(t *testing.T) {
			var code int
			var stderr string
			blocking.Returns(t, "reading the FIFO", func() error {
				code, _, stderr = runCLI(args...)
				return nil
			})
			if code == exitOK || !strings.Contains(stderr, "pipe: not a regular file") {
				t.Fatalf("exit %d, stderr %q: want the FIFO refused by name", code, stderr)
			}
		})
	}
}
