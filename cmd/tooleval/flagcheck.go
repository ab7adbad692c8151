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
