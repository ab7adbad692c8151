//go:build !unix

package benchmarks

import "time"

// cpuTime is not measured here; the replay benchmark then reports wall
// time only.
func cpuTime() time.Duration { return 0 }
