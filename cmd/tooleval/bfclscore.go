package main

import (
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/bfcl"
	"github.com/tooleval/tooleval/suite"
	"github.com/urfave/cli/v2"
)

func init() {
	register(&cli.Command{
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
			Action: bfclScore,
		}},
	})
}

func bfclScore(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageErr("bfcl score: want at least one SUITE")
	}
	var scores bfcl.Scores
	for _, p := range c.Args().Slice() {
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
	return writeBFCLScores(c, &scores, c.String("out"))
}

// writeBFCLScores writes the score tables and says where.
func writeBFCLScores(c *cli.Context, scores *bfcl.Scores, dir string) error {
	if len(scores.Verdicts) == 0 {
		return inputErr("bfcl score: no case carries the leaderboard's checker and a transcript (import model results with `tooleval import bfcl`)")
	}
	files, err := scores.Write(dir)
	if err != nil {
		return inputErr("bfcl score: %v", err)
	}
	fmt.Fprintf(c.App.ErrWriter, "bfcl scores: %d verdicts, wrote %s to %s\n", len(scores.Verdicts), strings.Join(files[:min(2, len(files))], ", "), dir)
	return nil
}
