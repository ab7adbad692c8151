package main

import (
	"math"

	"github.com/urfave/cli/v2"
)

// floatFlagIn is an exit-2 error naming the flag when a float flag that
// was given is NaN, infinite (unless hi is +Inf and the value is finite),
// or outside [lo, hi]. An unset flag passes.
func floatFlagIn(c *cli.Context, cmd, flag string, lo, hi float64) error {
	if !c.IsSet(flag) {
		return nil
	}
	return checkFloat(cmd, "--"+flag, c.Float64(flag), lo, hi)
}

// checkFloat is floatFlagIn for a value already read (what names it, e.g.
// "--k1" or "--weight-values 0.5,NaN").
func checkFloat(cmd, what string, x, lo, hi float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return usageErr("%s: %s must be a finite number, not %v", cmd, what, x)
	}
	if x < lo || x > hi {
		if math.IsInf(hi, 1) {
			return usageErr("%s: %s must be ≥ %g, not %g", cmd, what, lo, x)
		}
		return usageErr("%s: %s must be between %g and %g, not %g", cmd, what, lo, hi, x)
	}
	return nil
}

// Upper bounds of integer flags whose large values explode memory or run
// forever rather than mean something (a goroutine per -j, a parse per
// chunking, a search per restart, a wait per retry).
const (
	maxRecordJobs = 1024
	// maxTrials bounds record --trials: far more recordings of one case
	// than pass^k needs.
	maxTrials    = 1000
	maxChunkings = 1000
	maxRestarts  = 1000
	maxRetries   = 100
)

// intFlagIn is an exit-2 error naming the flag when an integer flag that
// was given (IntFlag or Int64Flag) is outside [lo, hi]. An unset flag
// passes: its default is in range.
func intFlagIn(c *cli.Context, cmd, flag string, lo, hi int64) error {
	if !c.IsSet(flag) {
		return nil
	}
	return checkInt(cmd, flagName(flag), c.Int64(flag), lo, hi)
}

// checkInt is intFlagIn for a value already read.
func checkInt(cmd, what string, x, lo, hi int64) error {
	switch {
	case x >= lo && x <= hi:
		return nil
	case hi == math.MaxInt64:
		return usageErr("%s: %s must be at least %d, not %d", cmd, what, lo, x)
	}
	return usageErr("%s: %s must be at least %d and at most %d, not %d", cmd, what, lo, hi, x)
}

// flagName is how a flag is written on the command line: -k, --worst.
func flagName(flag string) string {
	if len(flag) == 1 {
		return "-" + flag
	}
	return "--" + flag
}

// intBound is one integer flag's range (hi math.MaxInt64: no upper bound).
type intBound struct {
	flag   string
	lo, hi int64
}

// intFlagsIn checks each bound with intFlagIn, first failure wins.
func intFlagsIn(c *cli.Context, cmd string, bounds ...intBound) error {
	for _, b := range bounds {
		if err := intFlagIn(c, cmd, b.flag, b.lo, b.hi); err != nil {
			return err
		}
	}
	return nil
}
