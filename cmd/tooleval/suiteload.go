package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/suite"
)

// allowOutsideFlag lets a suite name files outside its own directory.
var allowOutsideFlag = &cli.BoolFlag{Name: "allow-outside",
	Usage: "let the suite name catalog and transcript files outside its directory (absolute paths, .., symbolic links)"}

// loadSuite loads a suite file with the loading options of the command's
// flags.
func loadSuite(name string, allowOutside bool, stderr io.Writer) (*suite.Suite, error) {
	lo := suite.LoadOptions{AllowOutside: allowOutside}
	lo.MCP.Warn = warnTo(stderr) // cases whose catalog is an MCP server
	return suite.LoadFileWith(name, lo)
}

// loadExamples loads the embedded example suite, the suite of a command
// given none. A suite.jsonl in the working directory (tooleval init writes
// one) is not read then: a note on stderr says so, since the run's numbers
// are the examples', not that suite's.
func loadExamples(cmd string, stderr io.Writer) (*suite.Suite, error) {
	if st, err := os.Stat(localSuite); err == nil && st.Mode().IsRegular() {
		fmt.Fprintf(stderr, "note: running the embedded example suite; ./%s is not read unless named (tooleval %s %s)\n", localSuite, cmd, localSuite)
	}
	return suite.LoadExamples()
}

// localSuite is the suite file tooleval init writes.
const localSuite = "suite.jsonl"

// suiteFlag is --suite, the spelling every command that reads one suite
// accepts; the suite may equally be the one positional argument.
func suiteFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "suite", Usage: usage + " (or give it as the argument: tooleval CMD SUITE)"}
}

// suitePath is the suite a command was given, as its one positional
// argument or as --suite ("" when neither: the embedded examples, where the
// command allows it). More than one, or both spellings naming different
// files, is exit 2.
func suitePath(c *cli.Context, cmd string) (string, error) {
	flag := c.String("suite")
	switch {
	case c.NArg() > 1:
		return "", usageErr("%s: want at most one SUITE, got %d arguments: %s", cmd, c.NArg(), strings.Join(c.Args().Slice(), " "))
	case c.NArg() == 1 && flag != "" && flag != c.Args().First():
		return "", usageErr("%s: two suites given, %s and --suite %s: give one", cmd, c.Args().First(), flag)
	case c.NArg() == 1:
		return c.Args().First(), nil
	}
	return flag, nil
}
