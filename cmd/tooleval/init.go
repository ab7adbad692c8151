package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/starter"
)

func init() {
	register(&cli.Command{
		Name:      "init",
		Usage:     "write a starter project: a small suite, its catalogs and transcripts, a retrieval config and a CI workflow",
		ArgsUsage: "[DIR]",
		Description: "Writes into DIR (default: the current directory) a starter drawn from the embedded example\n" +
			"suite: suite.jsonl (cases in several dialects and a provider stream, English and Chinese),\n" +
			"the catalogs and transcripts it names, retrieval.json (the retrieval defaults spelled out)\n" +
			"and .github/workflows/tooleval.yml (replay on every pull request against a baseline from\n" +
			"main). Nothing is overwritten: when a file exists, nothing is written and the exit is 1.",
		Action: initCmd,
	})
}

func initCmd(c *cli.Context) error {
	if c.NArg() > 1 {
		return usageErr("init: want at most one DIR, got %d arguments", c.NArg())
	}
	dir := c.Args().First()
	if dir == "" {
		dir = "."
	}
	names, err := starter.Write(dir)
	var exists *starter.ExistsError
	if errors.As(err, &exists) {
		return inputErr("init: %v", err)
	}
	if err != nil {
		return inputErr("init: %v", err)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "wrote %d files into %s:\n", len(names), dir)
	for _, n := range names {
		fmt.Fprintf(w, "  %s\n", n)
	}
	fmt.Fprintf(w, "\nnext:\n  tooleval validate %[1]s\n  tooleval replay %[1]s --config %[2]s\n",
		joinDir(dir, starter.SuiteFile), joinDir(dir, starter.ConfigFile))
	return nil
}

// joinDir writes dir/name as a user would type it ("suite.jsonl" for ".").
func joinDir(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}
