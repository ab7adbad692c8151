package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/bfcl"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
)

// replayCommand is the `tooleval replay` command.
func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "replay a suite of queries and recorded transcripts; report recall, wrong-argument rate and noise",
		ArgsUsage: "[SUITE]",
		Description: "Replays every case of SUITE (JSON Lines, see the README's \"Suite format\"; the embedded\n" +
			"example suite when omitted) under every configuration: each k, each retrieval setting.\n" +
			"Transcripts are parsed as recorded, one byte at a time and in random chunks; a disagreement\n" +
			"is a parser failure. --config runs at the config's k unless -k is given. One run writes\n" +
			"every output asked for (--json, --markdown, --junit, --html) and prints on stdout (unless\n" +
			"-q, or an output goes to stdout with -) a summary that fits 100 columns: the headline\n" +
			"metrics per configuration, failures by cause, the worst cases, the gate, and a last line\n" +
			"that says it all; -v prints every table. --strategy (or the suite's \"strategies\") compares\n" +
			"how tools reach the model: inject (top k), search:bm25 / search:regex (the always-loaded\n" +
			"tools and a search tool; the model's searches bring the rest), all (the whole catalog),\n" +
			"each as configurations of its own, side by side with the exact-name check (a tool the\n" +
			"query names must rank first). --shard i/n replays every n-th case;\n" +
			"`tooleval merge` combines the shards' --json reports into the whole run's.\n" +
			"Against --baseline, configurations match by their settings, never their names; one with\n" +
			"nothing to compare with fails the gate unless --allow-unmatched. A metric with nothing to\n" +
			"measure is n/a (JSON null).",
		Flags: append([]cli.Flag{
			suiteFlag("the suite `FILE` to replay (default: the embedded example suite)"),
			allowOutsideFlag,
			&cli.IntSliceFlag{Name: "k", Usage: "retrieve the top `K` tools (repeatable, comma-separated; default 3,5,10, or each --config's k)"},
			&cli.StringFlag{Name: "weights", Usage: "retrieval field weights `name=3,description=1.5,…` for a setting named \"weights\""},
			&cli.StringSliceFlag{Name: "config", Usage: "retrieval config `FILE` (repeatable: each is one setting, run at its k unless -k is given)"},
			strategyFlag("compare tool-search strategies `S`: " + strategyChoices + " (repeatable, comma-separated; default: the suite's \"strategies\", else inject)"),
			&cli.StringSliceFlag{Name: "variant", Usage: "prompt `VARIANT`s to measure; the first one's tokens go in the summary (default retrieved,names,detailed,xml,json,native)"},
			&cli.StringFlag{Name: "encoding", Value: "o200k_base", Usage: "`ENCODING` tokens are counted in: o200k_base, cl100k_base or none"},
			&cli.StringSliceFlag{Name: "filter", Usage: "replay only the cases whose id matches `GLOB`, or tag:GLOB, lang:GLOB (repeatable; same kind: any, different kinds: all); selecting no case is exit 1"},
			&cli.BoolFlag{Name: "allow-no-cases", Usage: "a --filter that selects no case is not an error (the report is empty and the gate notes what it could not measure)"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "number of CPUs", Usage: "`N` workers"},
			&cli.StringFlag{Name: "shard", Usage: "replay only shard `i/n` of the cases (1 ≤ i ≤ n)"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed `N` of the random chunkings"},
			&cli.IntFlag{Name: "chunkings", Value: 2, Usage: "`N` random chunkings per transcript besides as recorded and byte by byte (0: none)"},
			&cli.BoolFlag{Name: "no-progress", Usage: "never show a progress bar"},
			outputFlag{&cli.StringFlag{Name: "bfcl-scores", Usage: "also write the leaderboard's score tables for the suite's imported BFCL cases to `DIR` (as `tooleval bfcl score`)"}},
		}, reportFlags()...),
		Action: action(replayOptionsFrom, runReplay),
	}
}

// replayOptions are what `tooleval replay` runs and writes.
type replayOptions struct {
	// suite is the suite file; "" is the embedded example suite.
	suite        string
	allowOutside bool
	run          replay.Options
	// allowNoCases: a filter that selects no case is not an error.
	allowNoCases bool
	noProgress   bool
	// bfclScores is the directory for the leaderboard's score tables
	// ("" writes none).
	bfclScores string
	report     reportOptions
}

// replayOptionsFrom reads the flags and arguments of `tooleval replay` (a bad one is exit 2).
func replayOptionsFrom(c *cli.Context) (*replayOptions, error) {
	path, err := suitePath(c, "replay")
	if err != nil {
		return nil, err
	}
	run, err := replayRunOptions(c)
	if err != nil {
		return nil, err
	}
	ro, err := reportOptionsFrom(c, "replay")
	if err != nil {
		return nil, err
	}
	return &replayOptions{suite: path, allowOutside: c.Bool(allowOutsideFlag.Name), run: run, allowNoCases: c.Bool("allow-no-cases"),
		noProgress: c.Bool("no-progress"), bfclScores: c.String("bfcl-scores"), report: ro}, nil
}

// runReplay runs `tooleval replay` with o.
func runReplay(o *replayOptions, std streams) error {
	opts := o.run
	setup, err := o.report.setup("replay")
	if err != nil {
		return err
	}
	var su *suite.Suite
	if o.suite == "" {
		su, err = loadExamples("replay", std.err)
	} else {
		su, err = loadSuite(o.suite, o.allowOutside, std.err)
	}
	if err != nil {
		return inputErr("replay: %v", err)
	}
	defer su.Close()
	if opts.Filter != nil && !opts.Filter.Selects(su) && !o.allowNoCases {
		return inputErr("replay: --filter %s selects no case of the suite's %d (a typo? --allow-no-cases runs anyway)",
			strings.Join(opts.Filter.Patterns(), " --filter "), len(su.Cases))
	}
	setup.suite = su
	opts.Progress = progress(std.err, "replaying", o.noProgress)
	rep, err := replay.Run(su, opts)
	if err != nil {
		return usageErr("replay: %v", err)
	}
	if dir := o.bfclScores; dir != "" {
		// From the run's own call checks: nothing is parsed or checked twice.
		var scores bfcl.Scores
		if err := scores.ScoreReport(su, rep); err != nil {
			return inputErr("replay: --bfcl-scores: %v", err)
		}
		if err := writeBFCLScores(std.err, &scores, dir); err != nil {
			return err
		}
	}
	return finishReport(std, "replay", &o.report, setup, rep)
}

// replayRunOptions turns the flags into run options (bad values exit 2).
func replayRunOptions(c *cli.Context) (replay.Options, error) {
	var err error
	for _, k := range c.IntSlice("k") {
		if k < 0 {
			return replay.Options{}, usageErr("replay: -k must be ≥ 0, got %d", k)
		}
	}
	opts := replay.Options{
		Ks:              c.IntSlice("k"),
		Encoding:        c.String("encoding"),
		Jobs:            c.Int("jobs"),
		Seed:            c.Int64("seed"),
		RandomChunkings: c.Int("chunkings"),
	}
	if err := intFlagsIn(c, "replay",
		intBound{"chunkings", 0, maxChunkings},
		intBound{"jobs", 1, math.MaxInt},
	); err != nil {
		return opts, err
	}
	if opts.RandomChunkings == 0 {
		opts.RandomChunkings = -1
	}
	for _, v := range c.StringSlice("variant") {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				opts.Variants = append(opts.Variants, p)
			}
		}
	}
	if s := c.String("shard"); s != "" {
		i, n, err := report.ParseShard(s)
		if err != nil {
			return opts, usageErr("replay: --shard %v", err)
		}
		opts.Shard, opts.Shards = i, n
	}
	if opts.Strategies, err = strategiesFrom(c, "replay"); err != nil {
		return opts, err
	}
	if opts.Filter, err = suite.ParseFilter(c.StringSlice("filter")); err != nil {
		return opts, usageErr("replay: --filter %v", err)
	}
	for _, f := range c.StringSlice("config") {
		cfg, err := retrieval.LoadConfig(f)
		if err != nil {
			return opts, inputErr("replay: --config %v", err)
		}
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		for _, r := range opts.Retrieval {
			if r.Name == name {
				name += fmt.Sprintf("#%d", len(opts.Retrieval)+1)
			}
		}
		nr := replay.NamedRetrieval{Name: name, Config: cfg}
		if !c.IsSet("k") {
			// The config's own k, as `retrieve --config` uses it.
			nr.Ks = []int{cfg.K}
		}
		opts.Retrieval = append(opts.Retrieval, nr)
	}
	if w := c.String("weights"); w != "" {
		weights, err := retrieval.ParseWeights(w)
		if err != nil {
			return opts, usageErr("replay: --weights %v", err)
		}
		cfg := retrieval.DefaultConfig()
		cfg.Weights = weights
		opts.Retrieval = append(opts.Retrieval, replay.NamedRetrieval{Name: "weights", Config: cfg})
	}
	if err := opts.Validate(); err != nil {
		return opts, usageErr("replay: %v", err)
	}
	return opts, nil
}
