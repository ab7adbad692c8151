package main

import (
	"github.com/urfave/cli/v2"
	"math"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/tune"
)

// suggestCommand is the `tooleval suggest` command.
func suggestCommand() *cli.Command {
	return &cli.Command{
		Name:      "suggest",
		Usage:     "propose description words and synonym rules for the tools a suite's queries miss, scored by cross-validation",
		ArgsUsage: "[SUITE]",
		Description: "Runs the cases of SUITE or --suite FILE (the embedded example suite when omitted) with --base\n" +
			"(the defaults when omitted) and, for each gold tool outside the top --k, proposes the words of the\n" +
			"query that appear nowhere in what is indexed for that tool, and synonym rules \"query word =\n" +
			"tool word\" where the same query word misses two or more tools that share a word. Only whole\n" +
			"content words: Chinese cut into the lexicon's words (never a bigram across words), no stop,\n" +
			"function or request words (need, 我的), no paths, identifiers or names, and only words that point\n" +
			"at the tool: most requests holding the word need it (a request for n tools counting 1/n each,\n" +
			"so the words of a request's other tools are not proposed for the missed one). Each is scored by\n" +
			"--folds-fold cross-validation: every fold proposes words from its training cases only (never\n" +
			"from its held-out queries) and measures the change of held-out recall@k each one brings, and\n" +
			"which held-out cases it fixes (the table's fixes column; fixes and breaks in JSON); one that fixes\n" +
			"two or more held-out cases and makes no fold worse is kept (\"kept_by\": \"folds\"). Then the suite\n" +
			"check (--suite-check, on by default): each other proposal, one held by a single missed case\n" +
			"included, is added alone to the base (with what cross-validation kept) and run on every case of\n" +
			"the suite; it is kept (\"kept_by\": \"suite\") when it fixes a missed case whose query holds it,\n" +
			"breaks no case, made no fold worse and breaks no case together with those kept before it (the\n" +
			"cases it fixes in the fixes column, suite_fixes and suite_breaks in JSON). The first line's\n" +
			"\"with what the suite check keeps on each fold\" (suite_cv_recall) is the held-out recall when\n" +
			"each fold keeps what the check keeps on its training cases: the gain to expect on new cases.\n" +
			"--out writes the base configuration plus the kept suggestions (\"additions\" and\n" +
			"\"synonyms\"), a retrieval config for `retrieve --config`, `replay --config` and `tune --base`.",
		Flags: []cli.Flag{
			suiteFlag("suite `FILE` (default: the embedded example suite)"),
			&cli.StringFlag{Name: "base", Usage: "retrieval config `FILE` whose misses are studied (default: built-in defaults)"},
			&cli.IntFlag{Name: "k", DefaultText: "from --base, else 5", Usage: "a gold tool outside the top `N` is a miss"},
			&cli.IntFlag{Name: "folds", Value: 5, Usage: "`N`-fold cross-validation (≥ 2)"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed `N` of the folds"},
			&cli.IntFlag{Name: "max", Value: 50, Usage: "try at most `N` additions per fold, most supported first"},
			&cli.IntFlag{Name: "min-support", Value: 2, Usage: "cross-validate a word only when `N` missed cases of the tool hold it"},
			&cli.BoolFlag{Name: "suite-check", Value: true, Usage: "also keep a proposal of any support that fixes a missed case of the suite and breaks none (--suite-check=false: only what cross-validation confirms)"},
			outputFlag{&cli.StringFlag{Name: "out", Usage: "write the base configuration with the kept additions to `FILE`"}},
			jsonFlag("the suggestions"),
			allowOutsideFlag,
		},
		Action: action(suggestOptionsFrom, runSuggest),
	}
}

// suggestOptions are what `tooleval suggest` learns from and writes.
type suggestOptions struct {
	// suite is the suite file; "" is the embedded example suite.
	suite        string
	allowOutside bool
	tune         tune.SuggestOptions
	// base is the retrieval config file to start from ("" the defaults).
	base      string
	out, json string
}

// suggestOptionsFrom reads the flags and arguments of `tooleval suggest` (a bad one is exit 2).
func suggestOptionsFrom(c *cli.Context) (*suggestOptions, error) {
	suiteFile, err := suitePath(c, "suggest")
	if err != nil {
		return nil, err
	}
	if err := intFlagsIn(c, "suggest",
		intBound{"folds", 2, math.MaxInt},
		intBound{"k", 1, math.MaxInt},
		intBound{"min-support", 1, math.MaxInt},
		intBound{"max", 1, math.MaxInt},
	); err != nil {
		return nil, err
	}
	return &suggestOptions{suite: suiteFile, allowOutside: c.Bool(allowOutsideFlag.Name),
		tune: tune.SuggestOptions{K: c.Int("k"), Folds: c.Int("folds"), Seed: c.Int64("seed"), MaxPerFold: c.Int("max"), MinSupport: c.Int("min-support"), NoSuiteCheck: !c.Bool("suite-check")},
		base: c.String("base"), out: c.String("out"), json: c.String("json")}, nil
}

// runSuggest runs `tooleval suggest` with o.
func runSuggest(o *suggestOptions, std streams) error {
	opts := o.tune
	if p := o.base; p != "" {
		cfg, err := retrieval.LoadConfig(p)
		if err != nil {
			return inputErr("suggest: --base %v", err)
		}
		opts.Base = &cfg
	}
	var su *suite.Suite
	var err error
	if f := o.suite; f != "" {
		su, err = loadSuite(f, o.allowOutside, std.err)
	} else {
		su, err = loadExamples("suggest", std.err)
	}
	if err != nil {
		return inputErr("suggest: %v", err)
	}
	if len(su.Cases) < opts.Folds {
		return usageErr("suggest: --folds %d needs at least %d cases, the suite has %d", opts.Folds, opts.Folds, len(su.Cases))
	}
	res, err := tune.Suggest(su, opts)
	if err != nil {
		return inputErr("suggest: %v", err)
	}
	if f := o.out; f != "" {
		if err := tune.SaveConfig(f, res.Config); err != nil {
			return inputErr("suggest: --out %v", err)
		}
	}
	if done, err := emitJSON(o.json, std.out, "suggest", res, nil); done || err != nil {
		return err
	}
	return tune.WriteSuggestions(std.out, res)
}
