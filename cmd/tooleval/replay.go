package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/retrieval"
)

func init() {
	register(&cli.Command{
		Name:      "replay",
		Usage:     "replay a suite of queries and recorded transcripts; report recall, wrong-argument rate and noise",
		ArgsUsage: "[SUITE]",
		Description: "Replays every case of SUITE (JSON Lines, see the README's \"Suite format\"; the embedded\n" +
			"example suite when omitted) under every configuration: each k, each retrieval setting.\n" +
			"Transcripts are parsed as recorded, one byte at a time and in random chunks; a disagreement\n" +
			"is a parser failure. Exit 0 ok, 1 bad input (broken suite or cases), 2 bad flags,\n" +
			"3 a metric fell more than --max-drop allows against --baseline, or missed a --min.",
		Flags: []cli.Flag{
			allowOutsideFlag,
			&cli.IntSliceFlag{Name: "k", Usage: "retrieve the top `K` tools (repeatable, comma-separated; default 3,5,10)"},
			&cli.StringFlag{Name: "weights", Usage: "retrieval field weights `name=3,description=1.5,…` for a setting named \"weights\""},
			&cli.StringSliceFlag{Name: "config", Usage: "retrieval config `FILE` (repeatable: each is one setting, named after the file)"},
			&cli.StringSliceFlag{Name: "variant", Usage: "prompt `VARIANT`s to measure; the first one's tokens go in the summary (default retrieved,names,detailed,xml,json,native)"},
			&cli.StringFlag{Name: "encoding", Value: "o200k_base", Usage: "tokenizer: o200k_base, cl100k_base or none"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "number of CPUs", Usage: "`N` workers"},
			&cli.StringFlag{Name: "shard", Usage: "replay only shard `i/n` of the cases (1 ≤ i ≤ n)"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed of the random chunkings"},
			&cli.IntFlag{Name: "chunkings", Value: 2, Usage: "random chunkings per transcript besides as recorded and byte by byte (0: none)"},
			&cli.BoolFlag{Name: "json", Usage: "print the whole report (every case result and the aggregates) as JSON"},
			&cli.BoolFlag{Name: "markdown", Usage: "print the report as Markdown (for CI job summaries)"},
			&cli.StringFlag{Name: "junit", Usage: "also write JUnit XML to `FILE`"},
			&cli.StringFlag{Name: "baseline", Usage: "an earlier --json report `FILE` to compare with"},
			&cli.StringSliceFlag{Name: "max-drop", Usage: "`METRIC=VALUE`: exit 3 when METRIC falls more than VALUE below --baseline (repeatable)"},
			&cli.StringSliceFlag{Name: "min", Usage: "`METRIC=VALUE`: exit 3 when METRIC is worse than VALUE (repeatable)"},
			&cli.IntFlag{Name: "worst", Value: 8, Usage: "list `N` worst cases per configuration"},
			&cli.BoolFlag{Name: "no-progress", Usage: "never show a progress bar"},
		},
		Action: replayCmd,
	})
}

func replayCmd(c *cli.Context) error {
	if c.NArg() > 1 {
		return usageErr("replay: want at most one SUITE, got %d arguments (flags go before SUITE)", c.NArg())
	}
	if c.Bool("json") && c.Bool("markdown") {
		return usageErr("replay: --json and --markdown exclude each other")
	}
	opts, err := replayOptions(c)
	if err != nil {
		return err
	}
	maxDrop, err := thresholds(c.StringSlice("max-drop"))
	if err != nil {
		return usageErr("replay: --max-drop %v", err)
	}
	mins, err := thresholds(c.StringSlice("min"))
	if err != nil {
		return usageErr("replay: --min %v", err)
	}
	if len(maxDrop) > 0 && c.String("baseline") == "" {
		return usageErr("replay: --max-drop needs --baseline")
	}
	var base *replay.Report
	if f := c.String("baseline"); f != "" {
		if base, err = readReport(f); err != nil {
			return inputErr("replay: --baseline %v", err)
		}
	}
	var suite *replay.Suite
	if c.NArg() == 0 {
		suite, err = replay.LoadExamples()
	} else {
		suite, err = loadSuite(c, c.Args().First())
	}
	if err != nil {
		return inputErr("replay: %v", err)
	}
	defer suite.Close()
	opts.Progress = progress(c.App.ErrWriter, "replaying", c.Bool("no-progress"))
	rep, err := replay.Run(suite, opts)
	if err != nil {
		return usageErr("replay: %v", err)
	}
	var regressions []replay.Regression
	if base != nil {
		rep.Comparison = replay.Compare(base, rep, maxDrop)
		regressions = append(regressions, rep.Comparison.Regressions...)
	}
	regressions = append(regressions, replay.CheckMinimums(rep, mins)...)

	out := c.App.Writer
	switch {
	case c.Bool("json"):
		if err := writeJSON(out, rep); err != nil {
			return err
		}
	case c.Bool("markdown"):
		if err := replay.WriteMarkdown(out, rep, c.Int("worst")); err != nil {
			return err
		}
		writeComparison(out, rep.Comparison, regressions, "\n### Against the baseline\n\n", "- ")
	default:
		if err := replay.WriteTable(out, rep, c.Int("worst")); err != nil {
			return err
		}
		writeComparison(out, rep.Comparison, regressions, "\nAgainst the baseline\n", "  ")
	}
	if f := c.String("junit"); f != "" {
		if err := writeJUnitFile(f, rep); err != nil {
			return inputErr("replay: --junit %v", err)
		}
	}
	if len(regressions) > 0 {
		msgs := make([]string, len(regressions))
		for i, r := range regressions {
			msgs[i] = r.String()
		}
		return regressionErr("replay: %d threshold(s) missed:\n  %s", len(regressions), strings.Join(msgs, "\n  "))
	}
	if n := brokenCases(rep); n > 0 {
		return inputErr("replay: %d case(s) could not be replayed (cause \"error\" in the report)", n)
	}
	return nil
}

// replayOptions turns the flags into run options (bad values exit 2).
func replayOptions(c *cli.Context) (replay.Options, error) {
	opts := replay.Options{
		Ks:              c.IntSlice("k"),
		Encoding:        c.String("encoding"),
		Jobs:            c.Int("jobs"),
		Seed:            c.Int64("seed"),
		RandomChunkings: c.Int("chunkings"),
	}
	if opts.RandomChunkings == 0 {
		opts.RandomChunkings = -1
	} else if opts.RandomChunkings < 0 {
		return opts, usageErr("replay: --chunkings must be ≥ 0")
	}
	if c.IsSet("jobs") && opts.Jobs < 1 {
		return opts, usageErr("replay: -j must be ≥ 1")
	}
	for _, v := range c.StringSlice("variant") {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				opts.Variants = append(opts.Variants, p)
			}
		}
	}
	if s := c.String("shard"); s != "" {
		i, n, err := replay.ParseShard(s)
		if err != nil {
			return opts, usageErr("replay: --shard %v", err)
		}
		opts.Shard, opts.Shards = i, n
	}
	for _, f := range c.StringSlice("config") {
		cfg, err := retrieval.LoadConfig(f)
		if err != nil {
			return opts, inputErr("replay: --config %v", err)
		}
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		opts.Retrieval = append(opts.Retrieval, replay.NamedRetrieval{Name: name, Config: cfg})
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

func thresholds(specs []string) ([]replay.Threshold, error) {
	var out []replay.Threshold
	for _, s := range specs {
		t, err := replay.ParseThreshold(s)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

func readReport(name string) (*replay.Report, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var rep replay.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s: not a replay --json report: %v", name, err)
	}
	if len(rep.Configs) == 0 {
		return nil, fmt.Errorf("%s: not a replay --json report: no configs", name)
	}
	return &rep, nil
}

func writeComparison(w io.Writer, cmp *replay.Comparison, regressions []replay.Regression, title, bullet string) {
	if cmp == nil && len(regressions) == 0 {
		return
	}
	io.WriteString(w, title)
	for _, r := range regressions {
		fmt.Fprintf(w, "%sREGRESSION %s\n", bullet, r)
	}
	if cmp == nil {
		return
	}
	for _, u := range cmp.Unmatched {
		fmt.Fprintf(w, "%sconfiguration %q is not in the baseline\n", bullet, u)
	}
	if len(cmp.Changes) == 0 {
		fmt.Fprintf(w, "%sno case changed\n", bullet)
	}
	for _, ch := range cmp.Changes {
		fmt.Fprintf(w, "%s%s\n", bullet, ch)
	}
}

func writeJUnitFile(name string, rep *replay.Report) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := replay.WriteJUnit(f, rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func brokenCases(rep *replay.Report) int {
	if len(rep.Configs) == 0 {
		return 0
	}
	return rep.Configs[0].Metrics.Broken
}
