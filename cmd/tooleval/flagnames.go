package main

// Flag names, computed once per flag. urfave/cli v2 computes a flag's
// names with a regexp at every Names call, and a running command looks
// each of its flags up by name through the Names of every flag before it
// (runFlagActions → IsSet → lookupFlag), so a command with many flags spent
// a third of its start there (replay: 3.1M of 9.0M instructions; issue 24).
// runWith wraps every flag of the commands the arguments name in a type
// that embeds it, keeping every method and interface of the flag, and
// answers Names from the names computed at the first call. Code that asks whether a flag is boolean asks isBoolFlag.

import "github.com/urfave/cli/v2"

// names are a flag's names, computed by the first Names call (a command
// that does not run never computes its flags' names). An app is used by
// one goroutine.
type names []string

func (n *names) of(compute func() []string) []string {
	if *n == nil {
		*n = compute()
	}
	return *n
}

type (
	boolFlag struct {
		*cli.BoolFlag
		names names
	}
	stringFlag struct {
		*cli.StringFlag
		names names
	}
	intFlag struct {
		*cli.IntFlag
		names names
	}
	int64Flag struct {
		*cli.Int64Flag
		names names
	}
	float64Flag struct {
		*cli.Float64Flag
		names names
	}
	durationFlag struct {
		*cli.DurationFlag
		names names
	}
	stringSliceFlag struct {
		*cli.StringSliceFlag
		names names
	}
	intSliceFlag struct {
		*cli.IntSliceFlag
		names names
	}
	namedOutputFlag struct {
		outputFlag
		names names
	}
)

func (f *boolFlag) Names() []string {
	return f.names.of(f.BoolFlag.Names)
}
func (f *stringFlag) Names() []string {
	return f.names.of(f.StringFlag.Names)
}
func (f *intFlag) Names() []string {
	return f.names.of(f.IntFlag.Names)
}
func (f *int64Flag) Names() []string {
	return f.names.of(f.Int64Flag.Names)
}
func (f *float64Flag) Names() []string {
	return f.names.of(f.Float64Flag.Names)
}
func (f *durationFlag) Names() []string {
	return f.names.of(f.DurationFlag.Names)
}
func (f *stringSliceFlag) Names() []string {
	return f.names.of(f.StringSliceFlag.Names)
}
func (f *intSliceFlag) Names() []string {
	return f.names.of(f.IntSliceFlag.Names)
}
func (f *namedOutputFlag) Names() []string {
	return f.names.of(f.outputFlag.Names)
}

// withNames returns f wrapped so that its Names are computed once; a flag
// already wrapped, or of another type, is returned as it is.
func withNames(f cli.Flag) cli.Flag {
	switch x := f.(type) {
	case *cli.BoolFlag:
		return &boolFlag{x, nil}
	case *cli.StringFlag:
		return &stringFlag{x, nil}
	case *cli.IntFlag:
		return &intFlag{x, nil}
	case *cli.Int64Flag:
		return &int64Flag{x, nil}
	case *cli.Float64Flag:
		return &float64Flag{x, nil}
	case *cli.DurationFlag:
		return &durationFlag{x, nil}
	case *cli.StringSliceFlag:
		return &stringSliceFlag{x, nil}
	case *cli.IntSliceFlag:
		return &intSliceFlag{x, nil}
	case outputFlag:
		return &namedOutputFlag{x, nil}
	}
	return f
}

// withFlagNames wraps (withNames) the flags of the commands of cmds, and
// of their subcommands, that one of args names: the commands that may run.
// (Wrapping only speeds up the lookups; a command left unwrapped works the
// same.)
func withFlagNames(cmds []*cli.Command, args []string) {
	for _, c := range cmds {
		if named(c, args) {
			for i, f := range c.Flags {
				c.Flags[i] = withNames(f)
			}
		}
		withFlagNames(c.Subcommands, args)
	}
}

// named reports whether one of args is a name of c.
func named(c *cli.Command, args []string) bool {
	for _, a := range args {
		if c.HasName(a) {
			return true
		}
	}
	return false
}

// isBoolFlag reports whether f is a boolean flag, wrapped or not.
func isBoolFlag(f cli.Flag) bool {
	switch f.(type) {
	case *cli.BoolFlag, *boolFlag:
		return true
	}
	return false
}
