package main

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/tune"
)

// tuneCommand is the `tooleval tune` command.
func tuneCommand() *cli.Command {
	return &cli.Command{
		Name:      "tune",
		Usage:     "search k, BM25 k1/b, field weights, analyzer options and always-include tools for the best retrieval on a suite",
		ArgsUsage: "[SUITE]",
		Description: "Tunes retrieval on the cases of SUITE or --suite FILE (JSON Lines, see the README's \"Suite format\";\n" +
			"the embedded example suite when omitted) for --objective, with k-fold cross-validation, and\n" +
			"prints the best configurations beside the untuned default. Only queries and gold tools are\n" +
			"used (transcripts are not parsed). --out writes the best configuration as a retrieval config\n" +
			"file for `retrieve --config` and `replay --config`; --chart writes the chart to PREFIX.svg.\n" +
			"Objectives: recall, comp, ndcg (k searched) or recall@K, comp@K, ndcg@K (k fixed), or budget\n" +
			"(recall of what fits in --budget tokens); the score is the metric minus --noise-penalty\n" +
			"times the share of injected tools that are not gold. --mcp/--mcp-config give every case the\n" +
			"tools of live MCP servers instead of its own catalog. Exit 0 ok, 1 bad input, 2 bad flags.",
		Flags: append([]cli.Flag{
			allowOutsideFlag,
			suiteFlag("suite `FILE` to tune on (default: the embedded example suite)"),
			&cli.StringFlag{Name: "objective", Value: "recall", Usage: "`METRIC`[@K]: recall, comp, ndcg or budget"},
			&cli.IntFlag{Name: "budget", Usage: "cap the tokens injected per case at `N` (needed by --objective budget)"},
			&cli.Float64Flag{Name: "noise-penalty", Value: tune.DefaultNoisePenalty, Usage: "subtract `X` times the mean noise share from the objective"},
			&cli.IntFlag{Name: "folds", Value: 5, Usage: "`N`-fold cross-validation (1: none)"},
			&cli.StringFlag{Name: "holdout", Usage: "held-out suite `FILE`, scored once with the best and the default configuration"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed `N` of the folds and of the search order"},
			&cli.StringFlag{Name: "method", Value: "auto", Usage: "`METHOD`: auto (grid for small spaces), grid or coordinate"},
			&cli.IntFlag{Name: "rounds", Value: 4, Usage: "at most `N` rounds of coordinate ascent"},
			&cli.IntFlag{Name: "restarts", Value: 1, Usage: "`N` extra random starting points for coordinate ascent"},
			&cli.StringFlag{Name: "base", Usage: "retrieval config `FILE` to start from and compare with (default: built-in defaults)"},
			&cli.StringFlag{Name: "k", Usage: "k values to try, `LIST` such as 1,3,5,10 (default 1,2,3,4,5,6,8,10)"},
			&cli.StringFlag{Name: "k1", Usage: "BM25 k1 values to try, `LIST` (default 0.5,0.8,1.2,1.6,2; \"\" with --k1= keeps the base)"},
			&cli.StringFlag{Name: "b", Usage: "BM25 b values to try, `LIST` (default 0.25,0.5,0.75,0.9,1)"},
			&cli.StringFlag{Name: "field-b", Usage: "values each tuned field's own b may take besides the global b, `LIST` (default 0,0.3,0.5,0.75,1; \"\" with --field-b= keeps the base)"},
			&cli.StringFlag{Name: "weight-values", Usage: "values each field weight may take, `LIST` (default 0,0.25,0.5,1,1.5,2,3,5)"},
			&cli.StringFlag{Name: "fields", Usage: "fields whose weights are tuned, `LIST` (default all; \"none\" for none)"},
			&cli.BoolFlag{Name: "no-analyzer", Usage: "keep the base analyzer options (tokenizer, CJK, normalisation/stemming, stop words)"},
			&cli.IntFlag{Name: "max-always", Value: 3, Usage: "choose up to `N` always-include tools (single-catalog suites; 0: none)"},
			&cli.StringFlag{Name: "encoding", Value: "o200k_base", Usage: "`ENCODING` for tokens and budgets: o200k_base, cl100k_base or none"},
			&cli.StringFlag{Name: "variant", Value: "retrieved", Usage: "prompt `VARIANT` injected tools are costed in"},
			&cli.IntFlag{Name: "top", Value: 5, Usage: "list the `N` best configurations"},
			outputFlag{&cli.StringFlag{Name: "out", Usage: "write the best configuration to `FILE` (e.g. config.json); the default instead when the best lost to it under cross-validation"}},
			&cli.BoolFlag{Name: "force", Usage: "with --out, write the tuned configuration even when it lost to the default under cross-validation"},
			outputFlag{&cli.StringFlag{Name: "chart", Usage: "write the chart (SVG) to `PREFIX`.svg"}},
			jsonFlag("the tuning result"),
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "number of CPUs", Usage: "`N` workers (results do not depend on it)"},
			&cli.BoolFlag{Name: "no-progress", Usage: "never show a progress bar"},
		}, mcpFlags()...),
		Action: action(tuneOptionsFrom, runTune),
	}
}

// tuneOptions are what `tooleval tune` searches and writes.
type tuneOptions struct {
	// suite is the suite file; "" is the embedded example suite.
	suite, holdout string
	allowOutside   bool
	mcp            mcpOpts
	tune           tune.Options
	noProgress     bool
	// out is the config file to write, force writes it even when the
	// tuned configuration lost to the default, chart is the SVG prefix.
	out, chart, json string
	force            bool
}

// tuneOptionsFrom reads the flags and arguments of `tooleval tune` (a bad one is exit 2).
func tuneOptionsFrom(c *cli.Context) (*tuneOptions, error) {
	suiteFile, err := suitePath(c, "tune")
	if err != nil {
		return nil, err
	}
	opts, err := tuneRunOptions(c)
	if err != nil {
		return nil, err
	}
	return &tuneOptions{suite: suiteFile, holdout: c.String("holdout"), allowOutside: c.Bool(allowOutsideFlag.Name), mcp: mcpOptsFrom(c), tune: opts,
		noProgress: c.Bool("no-progress"), out: c.String("out"), chart: c.String("chart"), json: c.String("json"), force: c.Bool("force")}, nil
}

// runTune runs `tooleval tune` with o.
func runTune(o *tuneOptions, std streams) error {
	opts := o.tune
	// Bad output paths are found before the run, not after it.
	for _, p := range o.outputs() {
		if err := atomicfile.Check(p.path); err != nil {
			return inputErr("tune: %s %v", p.flag, err)
		}
	}
	lo, err := o.mcp.suiteLoadOptions(context.Background(), std.err, "tune", o.allowOutside)
	if err != nil {
		return err
	}
	var su *suite.Suite
	if f := o.suite; f != "" {
		su, err = suite.LoadFileWith(f, lo)
	} else {
		su, err = loadExamples("tune", std.err)
	}
	if err != nil {
		return inputErr("tune: %v", err)
	}
	var holdout *suite.Suite
	if f := o.holdout; f != "" {
		if holdout, err = suite.LoadFileWith(f, lo); err != nil {
			return inputErr("tune: --holdout %v", err)
		}
	}
	if opts.Folds > 1 && len(su.Cases) < opts.Folds {
		return usageErr("tune: --folds %d needs at least %d cases, the suite has %d", opts.Folds, opts.Folds, len(su.Cases))
	}
	opts.Progress = progress(std.err, "tuning", o.noProgress)
	res, err := tune.Run(su, holdout, opts)
	if err != nil {
		return inputErr("tune: %v", err)
	}
	// The config and the chart are written together: all of them, or on
	// any error none (an existing --out keeps its content).
	var set atomicfile.Set
	defer set.Abort()
	if f := o.out; f != "" {
		// A configuration that lost to the default under cross-validation
		// is not written unless --force: the default is, loudly.
		cfg, tuned := res.OutConfig(o.force)
		if msg := res.LossWarning(); msg != "" {
			what := "--out " + f + " gets the DEFAULT configuration (--force writes the tuned one)"
			if tuned {
				what = "--force: --out " + f + " gets the tuned configuration anyway"
			}
			fmt.Fprintf(std.err, "tooleval: tune: %s\ntooleval: tune: %s\n", msg, what)
		}
		w, err := set.Add(f, 0o644)
		if err == nil {
			err = tune.WriteConfig(w, cfg)
		}
		if err != nil {
			return inputErr("tune: --out %s: %v", f, err)
		}
	}
	if p := o.chart; p != "" {
		w, err := set.Add(p+".svg", 0o644)
		if err == nil {
			err = tune.WriteSVG(w, res)
		}
		if err != nil {
			return inputErr("tune: --chart %s: %v", p+".svg", err)
		}
	}
	if err := set.Commit(); err != nil {
		return inputErr("tune: %v", err)
	}
	if done, err := emitJSON(o.json, std.out, "tune", res, nil); done || err != nil {
		return err
	}
	return tune.WriteTable(std.out, res)
}

// tuneRunOptions turns the flags into tuning options (bad values exit 2).
func tuneRunOptions(c *cli.Context) (tune.Options, error) {
	var opts tune.Options
	obj, err := tune.ParseObjective(c.String("objective"))
	if err != nil {
		return opts, usageErr("tune: --objective %v", err)
	}
	if err := intFlagsIn(c, "tune",
		intBound{"budget", 1, math.MaxInt},
		intBound{"folds", 1, math.MaxInt},
		intBound{"rounds", 1, math.MaxInt},
		intBound{"restarts", 0, maxRestarts},
		intBound{"max-always", 0, math.MaxInt},
		intBound{"top", 1, math.MaxInt},
		intBound{"jobs", 1, math.MaxInt},
	); err != nil {
		return opts, err
	}
	obj.Budget = c.Int("budget")
	if err := floatFlagIn(c, "tune", "noise-penalty", 0, math.Inf(1)); err != nil {
		return opts, err
	}
	obj.NoisePenalty = c.Float64("noise-penalty")
	opts.Objective = obj
	space := tune.DefaultSpace()
	if c.IsSet("k") {
		if space.K, err = intList(c.String("k")); err != nil {
			return opts, usageErr("tune: --k %v", err)
		}
	}
	for _, f := range []struct {
		flag string
		dst  *[]float64
	}{{"k1", &space.K1}, {"b", &space.B}, {"field-b", &space.FieldB}, {"weight-values", &space.Weights}} {
		if c.IsSet(f.flag) {
			if *f.dst, err = floatList(c.String(f.flag)); err != nil {
				return opts, usageErr("tune: --%s %v", f.flag, err)
			}
		}
	}
	if c.IsSet("fields") {
		space.Fields = nil
		if s := strings.TrimSpace(c.String("fields")); s != "none" {
			space.Fields = splitList([]string{s})
		}
	}
	if c.Bool("no-analyzer") {
		space.CJK, space.Normalize, space.StopWords, space.Tokenizers = nil, nil, nil, nil
	}
	space.MaxAlways = c.Int("max-always")
	opts.Space = &space
	if f := c.String("base"); f != "" {
		cfg, err := retrieval.LoadConfig(f)
		if err != nil {
			return opts, inputErr("tune: --base %v", err)
		}
		opts.Base = &cfg
	}
	opts.Folds = c.Int("folds")
	opts.Method = c.String("method")
	opts.Rounds = c.Int("rounds")
	opts.Restarts = c.Int("restarts")
	if opts.Restarts == 0 {
		opts.Restarts = -1
	}
	opts.Seed = c.Int64("seed")
	opts.Encoding = c.String("encoding")
	opts.Variant = c.String("variant")
	opts.Top = c.Int("top")
	opts.Jobs = c.Int("jobs")
	if opts.Objective.Metric == tune.MetricBudget && opts.Objective.Budget <= 0 {
		return opts, usageErr("tune: --objective budget needs --budget N")
	}
	if err := opts.Validate(); err != nil {
		return opts, usageErr("tune: %v", err)
	}
	return opts, nil
}

func intList(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", p)
		}
		out = append(out, n)
	}
	return out, nil
}

func floatList(s string) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%q is not a finite number", p)
		}
		out = append(out, x)
	}
	return out, nil
}

// tuneOutput is a file tune writes and the flag that names it.
type tuneOutput struct{ flag, path string }

// outputs lists the files the flags ask tune to write.
func (o *tuneOptions) outputs() []tuneOutput {
	var out []tuneOutput
	if f := o.out; f != "" {
		out = append(out, tuneOutput{"--out", f})
	}
	if p := o.chart; p != "" {
		out = append(out, tuneOutput{"--chart", p + ".svg"})
	}
	return out
}
