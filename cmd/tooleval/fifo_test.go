//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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
			type result struct {
				code   int
				stderr string
			}
			done := make(chan result, 1)
			go func() {
				code, _, errOut := runCLI(args...)
				done <- result{code, errOut}
			}()
			select {
			case r := <-done:
				if r.code == exitOK || !strings.Contains(r.stderr, "pipe: not a regular file") {
					t.Fatalf("exit %d, stderr %q: want the FIFO refused by name", r.code, r.stderr)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("still blocked on the FIFO after 5s")
			}
		})
	}
}
