package main

// How a command is built: an options struct holding everything its flags
// and arguments say, a function reading it from the CLI (where a bad flag
// is exit 2), and a run function that takes the options and the standard
// streams and never sees the CLI framework, so tests call it directly.
// commands (main.go) wires them all to urfave/cli in one place.

import (
	"io"

	"github.com/urfave/cli/v2"
)

// streams are the standard input, output and error a command runs with.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// action is the urfave/cli action of a command: read takes its options
// from the flags and arguments, run does the work.
func action[O any](read func(*cli.Context) (*O, error), run func(*O, streams) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		o, err := read(c)
		if err != nil {
			return err
		}
		return run(o, streams{in: c.App.Reader, out: c.App.Writer, err: c.App.ErrWriter})
	}
}
