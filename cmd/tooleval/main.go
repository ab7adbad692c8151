// Command tooleval parses tool calls out of model output and measures how
// well an agent's tool setup works. Each subcommand lives in its own file:
// an options struct, the function that reads it from the flags, and a run
// function that takes the options and the standard streams (tests call it
// without the CLI framework); commands lists them all, and this file
// builds the app and maps errors to exit codes.
//
// Exit codes: 0 ok, 1 bad input (unreadable or broken files), 2 bad flags,
// 3 a regression or a threshold missed.
package main

import (
	"errors"
	"fmt"
	"github.com/tooleval/tooleval/internal/safetext"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
)

// Exit codes shared by every subcommand.
const (
	exitOK         = 0
	exitBadInput   = 1
	exitBadFlags   = 2
	exitRegression = 3
)

// commands is every subcommand, in the order help lists them: the one
// place they are wired to the CLI.
func commands() []*cli.Command {
	return []*cli.Command{
		bfclCommand(),
		catalogCommand(),
		importCommand(),
		initCommand(),
		mergeCommand(),
		parseCommand(),
		recordCommand(),
		renderCommand(),
		replayCommand(),
		retrieveCommand(),
		suggestCommand(),
		tuneCommand(),
		validateCommand(),
	}
}

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run executes the CLI and returns the process exit code. Tests call it
// directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(commands(), args, stdin, stdout, stderr)
}

// runWith is run with the given commands.
func runWith(cmds []*cli.Command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(cmds, stdin, stdout, stderr)
	withFlagNames(app.Commands, args)
	unknown := false
	app.CommandNotFound = func(c *cli.Context, name string) {
		fmt.Fprintf(stderr, "tooleval: unknown command %q (see tooleval --help)\n", name)
		unknown = true
	}
	args2, missing := reorderArgs(args, app.Commands)
	if missing != "" {
		fmt.Fprintf(stderr, "tooleval: %s\n", safetext.Lines(missing))
		return exitBadFlags
	}
	err := app.Run(args2)
	if unknown {
		return exitBadFlags
	}
	if err == nil {
		return exitOK
	}
	code := exitBadInput
	var ce *codedError
	switch {
	case errors.As(err, &ce):
		code = ce.code
	case strings.HasPrefix(err.Error(), "Required flag"):
		// urfave/cli reports missing required flags with an unexported
		// error type; they are bad flags all the same.
		code = exitBadFlags
	}
	fmt.Fprintf(stderr, "tooleval: %s\n", safetext.Lines(typedFlag(err.Error(), args)))
	return code
}

func newApp(cmds []*cli.Command, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:      "tooleval",
		Usage:     "parse tool calls from streamed model output and measure tool setups",
		Commands:  cmds,
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once by run, with the right exit code.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			if name := commandPath(c); name != "" {
				return usageErr("%s: %v", name, err)
			}
			return usageErr("%v", err)
		},
	}
	// Every command, subcommands included (import bfcl), reports a bad
	// flag as exit 2 with one line on stderr, never help on stdout.
	var setUsage func([]*cli.Command)
	setUsage = func(cs []*cli.Command) {
		for _, c := range cs {
			if c.OnUsageError == nil {
				c.OnUsageError = app.OnUsageError
			}
			setUsage(c.Subcommands)
		}
	}
	setUsage(cmds)
	withOutputCheck(cmds)
	attachHelp(app)
	return app
}

// commandPath names the command a context runs ("import bfcl"), or "" at
// the top level.
func commandPath(c *cli.Context) string {
	var names []string
	for _, x := range c.Lineage() {
		if x.Command != nil && x.Command.Name != "" && (x.App == nil || x.Command.Name != x.App.Name) {
			names = append([]string{x.Command.Name}, names...)
		}
	}
	return strings.Join(names, " ")
}

// codedError carries the exit code an error should end the process with.
type codedError struct {
	code int
	err  error
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

// usageErr is a bad-flags error (exit 2).
func usageErr(format string, args ...any) error {
	return &codedError{code: exitBadFlags, err: fmt.Errorf(format, args...)}
}

// inputErr is a bad-input error (exit 1).
func inputErr(format string, args ...any) error {
	return &codedError{code: exitBadInput, err: fmt.Errorf(format, args...)}
}

// regressionErr ends the run with exit 3.
func regressionErr(format string, args ...any) error {
	return &codedError{code: exitRegression, err: fmt.Errorf(format, args...)}
}
