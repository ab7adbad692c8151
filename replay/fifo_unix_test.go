//go:build unix

package replay

import (
	"syscall"
)

// mkfifoAt makes a FIFO at p.
func mkfifoAt(p string) error { return syscall.Mkfifo(p, 0o644) }
