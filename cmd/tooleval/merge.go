package main

import (
	"fmt"
	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// mergeCommand is the `tooleval merge` command.
func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "combine the --json reports of replay --shard i/n runs into the report of the whole run",
		ArgsUsage: "SHARD.json…",
		Description: "Reads the --json reports of every shard of one replay run (replay --shard i/n, each i from\n" +
			"1 to n once, in any order) and writes exactly the report the unsharded run would have: the\n" +
			"same JSON byte for byte, the same tables, and the same exit code against --baseline and\n" +
			"thresholds, because reports carry counts and sums, not averages. The outputs and gating\n" +
			"flags are replay's.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "suite", Usage: "the suite `FILE` the shards replayed, for the --html drill-down (queries, tool blocks, transcripts)"},
		}, reportFlags()...),
		Action: action(mergeOptionsFrom, runMerge),
	}
}

// mergeOptions are what `tooleval merge` combines and writes.
type mergeOptions struct {
	shards []string
	// suite is the file the shards replayed, for the HTML drill-down.
	suite  string
	report reportOptions
}

// mergeOptionsFrom reads the flags and arguments of `tooleval merge` (a bad one is exit 2).
func mergeOptionsFrom(c *cli.Context) (*mergeOptions, error) {
	if c.NArg() == 0 {
		return nil, usageErr("merge: want the shard reports, e.g. tooleval merge shard-*.json")
	}
	ro, err := reportOptionsFrom(c, "merge")
	if err != nil {
		return nil, err
	}
	return &mergeOptions{shards: c.Args().Slice(), suite: c.String("suite"), report: ro}, nil
}

// runMerge runs `tooleval merge` with o.
func runMerge(o *mergeOptions, std streams) error {
	setup, err := o.report.setup("merge")
	if err != nil {
		return err
	}
	var shards []*report.Report
	for _, f := range o.shards {
		rep, err := readReport(f)
		if err != nil {
			return inputErr("merge: %v", err)
		}
		shards = append(shards, rep)
	}
	rep, err := report.Merge(shards)
	if err != nil {
		return inputErr("merge: %v", err)
	}
	if o.suite != "" {
		su, err := suite.LoadFile(o.suite)
		if err != nil {
			return inputErr("merge: --suite %v", err)
		}
		defer su.Close()
		setup.suite = su
	} else if o.report.html != "" {
		// The shard reports hold the results, not the cases: without the
		// suite the drill-down has no query, tool block, transcript or gold.
		fmt.Fprintf(std.err, "tooleval: merge: warning: --html without --suite: the page's drill-down will have no queries, tool blocks, transcripts or gold calls; add --suite SUITE (the file the shards replayed)\n")
	}
	return finishReport(std, "merge", &o.report, setup, rep)
}
