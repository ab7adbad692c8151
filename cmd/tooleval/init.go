package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/starter"
)

// initCommand is the `tooleval init` command.
func initCommand() *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "write a starter project: a small suite, its catalogs and transcripts, a retrieval config and a CI workflow",
		ArgsUsage: "[DIR]",
		Description: "Writes into DIR (default: the current directory) a starter drawn from the embedded example\n" +
			"suite: suite.jsonl (cases in several dialects and a provider stream, English and Chinese),\n" +
			"the catalogs and transcripts it names, retrieval.json (the retrieval defaults spelled out)\n" +
			"and .github/workflows/tooleval.yml (replay on every pull request against a baseline from\n" +
			"main). Nothing is overwritten: when a file exists, nothing is written and the exit is 1.",
		Action: action(initOptionsFrom, runInit),
	}
}

// initOptions are what `tooleval init` writes: the starter, into dir.
type initOptions struct {
	dir string
}

// initOptionsFrom reads the flags and arguments of `tooleval init` (a bad one is exit 2).
func initOptionsFrom(c *cli.Context) (*initOptions, error) {
	if c.NArg() > 1 {
		return nil, usageErr("init: want at most one DIR, got %d arguments", c.NArg())
	}
	o := &initOptions{dir: c.Args().First()}
	if o.dir == "" {
		o.dir = "."
	}
	return o, nil
}

// runInit runs `tooleval init` with o.
func runInit(o *initOptions, std streams) error {
	dir := o.dir
	names, err := starter.Write(dir)
	var exists *starter.ExistsError
	if errors.As(err, &exists) {
		return inputErr("init: %v", err)
	}
	if err != nil {
		return inputErr("init: %v", err)
	}
	w := std.out
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
