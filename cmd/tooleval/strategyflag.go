package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/strategy"
)

// strategyChoices lists what --strategy takes, from package strategy's
// lists.
var strategyChoices = func() string {
	var out []string
	for _, n := range strategy.Names {
		if n != strategy.Search {
			out = append(out, n)
			continue
		}
		out = append(out, n)
		for _, s := range strategy.Searches {
			out = append(out, n+":"+s)
		}
	}
	return strings.Join(out, ", ")
}()

// strategyFlag is the --strategy flag of replay and record.
func strategyFlag(usage string) cli.Flag {
	return &cli.StringSliceFlag{Name: "strategy", Usage: usage}
}

// strategiesFrom reads --strategy (comma-separated, repeatable); a bad
// value is exit 2 naming it.
func strategiesFrom(c *cli.Context, cmd string) ([]strategy.Strategy, error) {
	var out []strategy.Strategy
	for _, v := range c.StringSlice("strategy") {
		for _, part := range strings.Split(v, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			s, err := strategy.Parse(part)
			if err != nil {
				return nil, usageErr("%s: --strategy %s: %v", cmd, part, err)
			}
			out = append(out, s)
		}
	}
	if i, err := strategy.Check(out); err != nil {
		return nil, usageErr("%s: --strategy %s: %v", cmd, out[i], err)
	}
	return out, nil
}
