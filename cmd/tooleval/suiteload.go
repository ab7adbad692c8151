package main

import (
	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/replay"
)

// allowOutsideFlag lets a suite name files outside its own directory.
var allowOutsideFlag = &cli.BoolFlag{Name: "allow-outside",
	Usage: "let the suite name catalog and transcript files outside its directory (absolute paths, .., symbolic links)"}

// loadSuite loads a suite file with the loading options of the command's
// flags.
func loadSuite(c *cli.Context, name string) (*replay.Suite, error) {
	lo := replay.LoadOptions{AllowOutside: c.Bool(allowOutsideFlag.Name)}
	lo.MCP.Warn = mcpWarn(c) // cases whose catalog is an MCP server
	return replay.LoadFileWith(name, lo)
}
