package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/suite"
)

func init() {
	register(&cli.Command{
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
		Action: validateCmd,
	})
}

func validateCmd(c *cli.Context) error {
	out := c.App.Writer
	if c.Bool("schema") {
		if c.NArg() > 0 || c.IsSet("suite") {
			return usageErr("validate: --schema takes no SUITE")
		}
		_, err := out.Write(suite.SchemaJSON)
		return err
	}
	names := append(c.Args().Slice(), c.StringSlice("suite")...)
	if len(names) == 0 {
		names = []string{""}
	}
	var bad []error
	for _, name := range names {
		var s *suite.Suite
		var err error
		if name == "" {
			s, err = suite.LoadExamples()
		} else {
			s, err = loadSuite(c, name)
		}
		if err != nil {
			bad = append(bad, err)
			continue
		}
		transcripts, calls, trajectories, steps := 0, 0, 0, 0
		for _, cs := range s.Cases {
			if cs.Transcript != nil {
				transcripts++
			}
			if cs.CheckCalls() {
				calls++
			}
			if cs.Trajectory() {
				trajectories++
				steps += len(cs.Steps)
			}
		}
		fmt.Fprintf(out, "%s: ok, %d cases (%d with transcripts, %d with gold calls", s.Name, len(s.Cases), transcripts, calls)
		if trajectories > 0 {
			fmt.Fprintf(out, ", %d trajectories of %d steps", trajectories, steps)
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
