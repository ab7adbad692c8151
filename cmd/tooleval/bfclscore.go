package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/tooleval/tooleval/bfcl"
	"github.com/tooleval/tooleval/suite"
	"github.com/urfave/cli/v2"
)

// bfclCommand is the `tooleval bfcl` command.
func bfclCommand() *cli.Command {
	return &cli.Command{
		Name:  "bfcl",
		Usage: "Berkeley Function Calling Leaderboard tools",
		Subcommands: []*cli.Command{{
			Name:      "score",
			Usage:     "score imported model suites with the leaderboard's checker and write its score tables",
			ArgsUsage: "SUITE…",
			Description: "SUITE is a model suite written by `tooleval import bfcl` (suite.<model>.jsonl). Every case\n" +
				"is checked as the leaderboard checks it; OUT/data_non_live.csv and OUT/data_live.csv get one\n" +
				"row per model in the leaderboard's column layout, and OUT/<model>/BFCL_v4_<category>_score.json\n" +
				"its per-category score files (accuracy line, then the failed entries).",
			Flags: []cli.Flag{
				outputFlag{&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "bfcl-scores", Usage: "output `DIR`"}},
			},
			Action: action(bfclScoreOptionsFrom, runBFCLScore),
		}},
	}
}

// bfclScoreOptions are what `tooleval bfcl score` scores and where it
// writes the tables.
type bfclScoreOptions struct {
	suites []string
	out    string
}

// bfclScoreOptionsFrom reads the flags and arguments of `tooleval bfcl score` (a bad one is exit 2).
func bfclScoreOptionsFrom(c *cli.Context) (*bfclScoreOptions, error) {
	if c.NArg() == 0 {
		return nil, usageErr("bfcl score: want at least one SUITE")
	}
	return &bfclScoreOptions{suites: c.Args().Slice(), out: c.String("out")}, nil
}

// runBFCLScore runs `tooleval bfcl score` with o.
func runBFCLScore(o *bfclScoreOptions, std streams) error {
	var scores bfcl.Scores
	for _, p := range o.suites {
		suite, err := suite.LoadFile(p)
		if err != nil {
			return inputErr("bfcl score: %v", err)
		}
		err = scores.ScoreSuite(suite)
		suite.Close()
		if err != nil {
			return inputErr("bfcl score: %v", err)
		}
	}
	return writeBFCLScores(std.err, &scores, o.out)
}

// writeBFCLScores writes the score tables and says where.
func writeBFCLScores(stderr io.Writer, scores *bfcl.Scores, dir string) error {
	if len(scores.Verdicts) == 0 {
		return inputErr("bfcl score: no case carries the leaderboard's checker and a transcript (import model results with `tooleval import bfcl`)")
	}
	files, err := scores.Write(dir)
	if err != nil {
		return inputErr("bfcl score: %v", err)
	}
	fmt.Fprintf(stderr, "bfcl scores: %d verdicts, wrote %s to %s\n", len(scores.Verdicts), strings.Join(files[:min(2, len(files))], ", "), dir)
	return nil
}
