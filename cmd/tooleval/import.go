package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/bfcl"
	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/internal/texttable"
	"github.com/urfave/cli/v2"
)

// importCommand is the `tooleval import` command.
func importCommand() *cli.Command {
	return &cli.Command{
		Name:  "import",
		Usage: "turn a public benchmark into a catalog and a replay suite",
		Subcommands: []*cli.Command{{
			Name:      "bfcl",
			Usage:     "import a Berkeley Function Calling Leaderboard checkout (questions, possible answers, model results)",
			ArgsUsage: "DIR",
			Description: "DIR is a checkout of the leaderboard (or its bfcl_eval/data directory). Writes\n" +
				"OUT/catalog.json (or OUT/catalogs/<id>.json with --catalogs case), OUT/suite.jsonl,\n" +
				"and OUT/suite.<model>.jsonl with the transcripts of each model in the result directory.",
			Flags: []cli.Flag{
				outputFlag{&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "bfcl-suite", Usage: "output `DIR`"}},
				&cli.StringSliceFlag{Name: "category", Usage: "import only categories matching `GLOB` (repeatable, comma-separated)"},
				&cli.StringFlag{Name: "results", Usage: "model result `DIR` (default: DIR/result if present; - for none)"},
				&cli.StringSliceFlag{Name: "model", Usage: "import only the results of models matching `GLOB`"},
				&cli.StringFlag{Name: "catalogs", Value: "shared", Usage: "`MODE`: shared (one catalog, union of all functions) or case (each question's own functions)"},
				&cli.BoolFlag{Name: "strict", Usage: "make per-entry problems (malformed lines, empty allowed-value lists, gold parameters the docs lack) errors instead of warnings"},
				&cli.StringSliceFlag{Name: "fc", Usage: "models matching `GLOB` answered through a function-calling API (default: judged by an \"FC\" name part, else by their results)"},
				&cli.StringSliceFlag{Name: "prompting", Usage: "models matching `GLOB` answered by prompting (Python call syntax)"},
				&cli.StringSliceFlag{Name: "underscore-names", Usage: "models matching `GLOB` were given dotted function names with _ for . (default: judged by their calls)"},
				&cli.StringSliceFlag{Name: "dotted-names", Usage: "models matching `GLOB` were given dotted function names as they are"},
				&cli.StringSliceFlag{Name: "documented", Usage: "check by the leaderboard's documented `RULE` instead of its code: optional, any_order, dict_values (see bfcl/doc.go)"},
				jsonFlag("the import summary"),
			},
			Action: action(importBFCLOptionsFrom, runImportBFCL),
		}, importOtelCommand()},
	}
}

// importBFCLOptions are what `tooleval import bfcl` reads and writes.
type importBFCLOptions struct {
	// dir is the leaderboard checkout; out the directory written.
	dir, out, json string
	bfcl           bfcl.Options
}

// importBFCLOptionsFrom reads the flags and arguments of `tooleval import bfcl` (a bad one is exit 2).
func importBFCLOptionsFrom(c *cli.Context) (*importBFCLOptions, error) {
	if c.NArg() != 1 {
		return nil, usageErr("import bfcl: want exactly one DIR, got %d arguments (flags go before DIR)", c.NArg())
	}
	mode := bfcl.CatalogMode(c.String("catalogs"))
	if mode != bfcl.SharedCatalog && mode != bfcl.CaseCatalogs {
		return nil, usageErr("import bfcl: --catalogs must be shared or case, not %q", mode)
	}
	opt := bfcl.Options{
		Categories: splitList(c.StringSlice("category")),
		ResultsDir: c.String("results"),
		Models:     splitList(c.StringSlice("model")),
		Catalogs:   mode,
		Strict:     c.Bool("strict"),
		FC:         splitList(c.StringSlice("fc")),
		Prompting:  splitList(c.StringSlice("prompting")),
		Documented: splitList(c.StringSlice("documented")),

		UnderscoreNames: splitList(c.StringSlice("underscore-names")),
		DottedNames:     splitList(c.StringSlice("dotted-names")),
	}
	if err := (&bfclcheck.Rules{Checker: "bfcl", Documented: opt.Documented}).Validate(); err != nil {
		return nil, usageErr("import bfcl: --documented: %v", err)
	}
	return &importBFCLOptions{dir: c.Args().First(), out: c.String("out"), json: c.String("json"), bfcl: opt}, nil
}

// runImportBFCL runs `tooleval import bfcl` with o.
func runImportBFCL(o *importBFCLOptions, std streams) error {
	im, err := bfcl.Load(o.dir, o.bfcl)
	if err != nil {
		return inputErr("import bfcl: %v", err)
	}
	if _, err := im.Write(o.out); err != nil {
		return inputErr("import bfcl: %v", err)
	}
	if done, err := emitJSON(o.json, std.out, "import bfcl", im.Summary, nil); done || err != nil {
		return err
	}
	printImportSummary(std.out, o.out, &im.Summary)
	return nil
}

// splitList flattens comma-separated values of a repeatable flag.
func splitList(vals []string) []string {
	var out []string
	for _, v := range vals {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

func printImportSummary(w io.Writer, out string, s *bfcl.Summary) {
	fmt.Fprintf(w, "imported %d cases and %d tools from %s\n\n", s.Cases, s.Tools, s.DataDir)
	cats := texttable.New(2, "category", "version", "questions", "cases", "skipped", "own catalogs")
	var empty []string
	for _, c := range s.Categories {
		name := c.Category
		switch {
		case c.Abstention:
			name += " (no call)"
		case strings.Contains(c.Category, "relevance"):
			name += " (any call)"
		}
		cats.Add(name, fmt.Sprintf("v%d", c.Version), strconv.Itoa(c.Questions), strconv.Itoa(c.Cases), strconv.Itoa(c.Skipped), strconv.Itoa(c.Catalogs))
		if c.Cases == 0 {
			empty = append(empty, fmt.Sprintf("%s (%s)", c.Category, c.Note))
		}
	}
	cats.Text(w)
	if len(empty) > 0 {
		fmt.Fprintf(w, "\nno cases from: %s\n", strings.Join(empty, "; "))
	}
	if len(s.Skipped) > 0 {
		reasons := make([]string, 0, len(s.Skipped))
		for r, n := range s.Skipped {
			reasons = append(reasons, fmt.Sprintf("%s: %d", r, n))
		}
		sort.Strings(reasons)
		fmt.Fprintf(w, "skipped questions: %s\n", strings.Join(reasons, ", "))
	}
	fmt.Fprintf(w, "\ncatalog: %d tools, %d identical definitions merged, %d conflicting definitions dropped (%d cases tagged catalog_conflict), %d names outside ^[a-zA-Z0-9_-]{1,64}$ kept\n",
		s.Tools, s.Merged, s.Conflicts, s.ConflictCases, s.NonProviderNames)
	if len(s.Models) > 0 {
		fmt.Fprintf(w, "\nmodel results from %s:\n", s.ResultsDir)
		models := texttable.New(3, "model", "mode", "names", "files", "results", "transcripts", "calls", "no call decoded", "missing", "unmatched", "rejected")
		for _, m := range s.Models {
			names := "as given"
			if m.UnderscoreNames {
				names = "dots as _"
			}
			if m.NamesFrom != "" {
				names += " (" + m.NamesFrom + ")"
			}
			models.Add(m.Model, fmt.Sprintf("%s (%s)", m.Mode, m.ModeFrom), names, strconv.Itoa(m.Files), strconv.Itoa(m.Results),
				strconv.Itoa(m.Transcripts), strconv.Itoa(m.Calls), strconv.Itoa(m.Unparsed), strconv.Itoa(m.Missing),
				strconv.Itoa(m.Unmatched), strconv.Itoa(m.Rejected))
		}
		models.Text(w)
	}
	if s.WarningCount > 0 {
		fmt.Fprintf(w, "\n%d warning(s):\n", s.WarningCount)
		const shown = 50
		for _, warn := range s.Warnings[:min(shown, len(s.Warnings))] {
			fmt.Fprintf(w, "warning: %s\n", warn)
		}
		if n := len(s.Warnings) - shown; n > 0 {
			fmt.Fprintf(w, "… and %d more (all of them in --json)\n", n)
		}
	}
	catalogs, suites := 0, 0
	var main []string
	for _, f := range s.Files {
		switch {
		case strings.HasPrefix(f, "catalogs/"):
			catalogs++
		case strings.HasPrefix(f, "suite"):
			suites++
			main = append(main, f)
		default:
			main = append(main, f)
		}
	}
	fmt.Fprintf(w, "\nwrote to %s: %s", out, strings.Join(main, ", "))
	if catalogs > 0 {
		fmt.Fprintf(w, " and %d case catalogs in catalogs/", catalogs)
	}
	fmt.Fprintln(w)
}
