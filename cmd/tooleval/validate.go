package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/suite"
)

// validateCommand is the `tooleval validate` command.
func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check replay suites: JSON Schema, unique ids, catalogs, tools, transcript files",
		ArgsUsage: "[SUITE…]",
		Description: "Checks each SUITE (the embedded example suite when none is given) and prints one line per\n" +
			"suite. Every problem names the file, the line and the field. Exit 0 when all are valid,\n" +
			"1 when any is broken. --schema prints the JSON Schema of a suite line instead.",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "suite", Usage: "a suite `FILE` to check (repeatable; the same as giving it as an argument)"},
			allowOutsideFlag,
			&cli.BoolFlag{Name: "schema", Usage: "print the suite line JSON Schema and exit"},
		},
		Action: action(validateOptionsFrom, runValidate),
	}
}

// validateOptions are what `tooleval validate` checks.
type validateOptions struct {
	// schema prints the suite schema instead of checking suites.
	schema bool
	// suites are the files to check; "" is the embedded example suite.
	suites       []string
	allowOutside bool
}

// validateOptionsFrom reads the flags and arguments of `tooleval validate` (a bad one is exit 2).
func validateOptionsFrom(c *cli.Context) (*validateOptions, error) {
	o := &validateOptions{schema: c.Bool("schema"), allowOutside: c.Bool(allowOutsideFlag.Name)}
	if o.schema {
		if c.NArg() > 0 || c.IsSet("suite") {
			return nil, usageErr("validate: --schema takes no SUITE")
		}
		return o, nil
	}
	o.suites = append(c.Args().Slice(), c.StringSlice("suite")...)
	if len(o.suites) == 0 {
		o.suites = []string{""}
	}
	return o, nil
}

// runValidate runs `tooleval validate` with o.
func runValidate(o *validateOptions, std streams) error {
	out := std.out
	if o.schema {
		_, err := out.Write(suite.SchemaJSON)
		return err
	}
	var bad []error
	for _, name := range o.suites {
		var s *suite.Suite
		var err error
		if name == "" {
			s, err = loadExamples("validate", std.err)
		} else {
			s, err = loadSuite(name, o.allowOutside, std.err)
		}
		if err != nil {
			bad = append(bad, err)
			continue
		}
		transcripts, calls, trajectories, steps, trials, strategies := 0, 0, 0, 0, 0, 0
		for _, cs := range s.Cases {
			if cs.Transcript != nil || cs.Transcripts != nil {
				transcripts++
			}
			// Recordings under several strategies are not trials of one.
			per := map[string]int{}
			for _, rec := range cs.Recordings() {
				per[rec]++
			}
			if len(per) > 1 {
				strategies++
			}
			for _, n := range per {
				if n > 1 {
					trials++
					break
				}
			}
			if cs.CheckCalls() {
				calls++
			}
			if cs.Trajectory() {
				trajectories++
				steps += len(cs.Trial(0).Steps)
			}
		}
		fmt.Fprintf(out, "%s: ok, %d cases (%d with transcripts, %d with gold calls", s.Name, len(s.Cases), transcripts, calls)
		if trajectories > 0 {
			fmt.Fprintf(out, ", %d trajectories of %d steps", trajectories, steps)
		}
		if strategies > 0 {
			fmt.Fprintf(out, ", %d recorded under several strategies", strategies)
		}
		if trials > 0 {
			fmt.Fprintf(out, ", %d with several trials", trials)
		}
		fmt.Fprintln(out, ")")
	}
	if len(bad) == 1 {
		return inputErr("validate: %v", bad[0])
	}
	if len(bad) > 1 {
		msg := ""
		for _, e := range bad {
			msg += "\n" + e.Error()
		}
		return inputErr("validate: %d suites are broken:%s", len(bad), msg)
	}
	return nil
}
