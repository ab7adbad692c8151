package main

import (
	"fmt"
	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

func init() {
	register(&cli.Command{
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
		Action: mergeCmd,
	})
}

func mergeCmd(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageErr("merge: want the shard reports, e.g. tooleval merge shard-*.json")
	}
	setup, err := readReportSetup(c, "merge")
	if err != nil {
		return err
	}
	var shards []*report.Report
	for _, f := range c.Args().Slice() {
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
	if f := c.String("suite"); f != "" {
		suite, err := suite.LoadFile(f)
		if err != nil {
			return inputErr("merge: --suite %v", err)
		}
		defer suite.Close()
		setup.suite = suite
	} else if c.String("html") != "" {
		// The shard reports hold the results, not the cases: without the
		// suite the drill-down has no query, tool block, transcript or gold.
		fmt.Fprintf(c.App.ErrWriter, "tooleval: merge: warning: --html without --suite: the page's drill-down will have no queries, tool blocks, transcripts or gold calls; add --suite SUITE (the file the shards replayed)\n")
	}
	return finishReport(c, "merge", setup, rep)
}
