//go:build unix

package benchmarks

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user + system) the process has used, so the
// replay benchmark can report throughput per CPU second on a shared,
// loaded machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
