package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/safetext"
	"github.com/tooleval/tooleval/internal/texttable"
	"github.com/tooleval/tooleval/prompt"
)

// catalogCommand is the `tooleval catalog` command.
func catalogCommand() *cli.Command {
	return &cli.Command{
		Name:      "catalog",
		Usage:     "summarise tool catalogs: tools, parameters, size of every prompt variant, problems",
		ArgsUsage: "FILE...",
		Description: "For each FILE prints the number of tools and parameters, the characters and tokens\n" +
			"(o200k_base, cl100k_base) of every prompt variant, and every problem found while\n" +
			"loading and selecting. --mcp COMMAND|URL or --mcp-config FILE adds the tools of live\n" +
			"MCP servers (cached; --refresh lists them again). Exit 1 when a file or server cannot be loaded,\n" +
			"and with --strict also when any catalog has a problem (for CI).",
		Flags: append(append([]cli.Flag{
			jsonFlag("one object per catalog (its summary and tool names)"),
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 when any catalog has a problem (missing descriptions, invalid schemas, name collisions…), to gate CI"},
		}, selectionFlags()...), mcpFlags()...),
		Action: action(catalogOptionsFrom, runCatalog),
	}
}

// selectionFlags are the catalog.Selection flags shared by render and
// catalog.
func selectionFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "mode", Usage: "expose only the tool groups of `MODE` (code, architect, ask, debug)"},
		&cli.StringSliceFlag{Name: "disable", Usage: "leave out `TOOL` (repeatable, comma-separated)"},
		&cli.BoolFlag{Name: "mcp-names", Usage: "name MCP tools mcp__SERVER__TOOL"},
		&cli.BoolFlag{Name: "sanitize-names", Usage: "rewrite names that break ^[a-zA-Z0-9_-]{1,64}$"},
	}
}

// loadSelected loads a catalog file and applies the selection flags.
func loadSelected(cmd, file string, sel catalog.Selection) (*catalog.Catalog, error) {
	cat, err := catalog.LoadFile(file)
	if err != nil {
		return nil, inputErr("%v", err)
	}
	return selectTools(cmd, cat, sel)
}

// selectionFrom reads the selection flags.
func selectionFrom(c *cli.Context) catalog.Selection {
	var disabled []string
	for _, d := range c.StringSlice("disable") {
		for _, s := range strings.Split(d, ",") {
			if s = strings.TrimSpace(s); s != "" {
				disabled = append(disabled, s)
			}
		}
	}
	return catalog.Selection{
		Mode:          c.String("mode"),
		Disabled:      disabled,
		MCPNames:      c.Bool("mcp-names"),
		SanitizeNames: c.Bool("sanitize-names"),
	}
}

// selectTools applies the selection flags' selection to a catalog.
func selectTools(cmd string, cat *catalog.Catalog, s catalog.Selection) (*catalog.Catalog, error) {
	sel, err := cat.Select(s)
	if err != nil {
		// The only selection error is an unknown --mode; name the command
		// and the flag, not the package.
		msg := strings.Replace(strings.TrimPrefix(err.Error(), "catalog: "), "unknown mode", "unknown --mode", 1)
		return nil, usageErr("%s: %s", cmd, msg)
	}
	return sel, nil
}

// catalogSummary is the --json shape of one file.
type catalogSummary struct {
	File    string   `json:"file"`
	Formats []string `json:"formats"`
	Tools   int      `json:"tools"`
	// Names are the tools' names (as selected) in catalog order.
	Names          []string        `json:"names"`
	Params         int             `json:"params"`
	RequiredParams int             `json:"required_params"`
	Variants       []variantSize   `json:"variants"`
	Problems       []catalog.Issue `json:"problems"`
	// Servers are the MCP servers of --mcp / --mcp-config.
	Servers []mcpServerSummary `json:"servers,omitempty"`
}

type variantSize struct {
	Variant string `json:"variant"`
	prompt.Size
}

// catalogOptions are what `tooleval catalog` summarises.
type catalogOptions struct {
	files     []string
	mcp       mcpOpts
	selection catalog.Selection
	json      string
	// strict makes catalog problems an error.
	strict bool
}

// catalogOptionsFrom reads the flags and arguments of `tooleval catalog` (a bad one is exit 2).
func catalogOptionsFrom(c *cli.Context) (*catalogOptions, error) {
	o := &catalogOptions{files: c.Args().Slice(), mcp: mcpOptsFrom(c), selection: selectionFrom(c), json: c.String("json"), strict: c.Bool("strict")}
	if len(o.files) == 0 && !o.mcp.given() {
		return nil, usageErr("catalog: want at least one FILE (or --mcp COMMAND|URL, --mcp-config FILE)")
	}
	if err := o.mcp.check(); err != nil {
		return nil, prefixErr("catalog", err)
	}
	return o, nil
}

// runCatalog runs `tooleval catalog` with o.
func runCatalog(o *catalogOptions, std streams) error {
	encs := prompt.Encodings()
	failed, total := 0, len(o.files)
	type source struct {
		name    string
		cat     *catalog.Catalog
		err     error
		servers []mcpServerSummary
	}
	var sources []source
	for _, file := range o.files {
		cat, err := loadSelected("catalog", file, o.selection)
		sources = append(sources, source{name: file, cat: cat, err: err})
	}
	var mcpErr error
	if o.mcp.given() {
		total++
		cat, display, st, err := o.mcp.catalogStatus(context.Background(), std.err, true)
		if cat != nil {
			sel, serr := selectTools("catalog", cat, o.selection)
			sources = append(sources, source{display, sel, serr, mcpSummaries(st)})
			mcpErr = err
		} else {
			sources = append(sources, source{name: display, err: err})
		}
	}
	js := openJSON(o.json, std.out)
	printed, problems, withProblems := 0, 0, 0
	for _, src := range sources {
		cat, err := src.cat, src.err
		file := src.name
		if err != nil {
			var ce *codedError
			if asCoded(err, &ce) && ce.code == exitBadFlags {
				return prefixErr("catalog", err)
			}
			fmt.Fprintf(std.err, "tooleval: catalog: %v\n", err)
			failed++
			continue
		}
		sum := catalogSummary{File: file, Formats: cat.Formats(), Tools: cat.Len(), Names: cat.Names(), Problems: cat.Issues(), Servers: src.servers}
		if sum.Problems == nil {
			sum.Problems = []catalog.Issue{}
		}
		if len(sum.Problems) > 0 {
			problems += len(sum.Problems)
			withProblems++
		}
		for _, t := range cat.Tools() {
			sum.Params += len(t.Params)
			sum.RequiredParams += len(t.Required())
		}
		for _, v := range prompt.Variants() {
			// Counted as the model or provider receives it (native: compact JSON).
			text, err := prompt.Payload(cat.Tools(), v, prompt.Options{})
			if err != nil {
				return inputErr("catalog: %s: %v", file, err)
			}
			size, err := prompt.Measure(text, encs...)
			if err != nil {
				return inputErr("catalog: %v", err)
			}
			sum.Variants = append(sum.Variants, variantSize{Variant: v, Size: size})
		}
		if js != nil {
			if err := js.add(sum); err != nil {
				return err
			}
			if js.toStdout() {
				continue
			}
		}
		if printed > 0 {
			fmt.Fprintln(std.out)
		}
		printSummary(std.out, sum, encs)
		printed++
	}
	if err := js.close("catalog"); err != nil {
		return err
	}
	if failed > 0 {
		what := "files"
		if o.mcp.given() {
			what = "catalogs"
		}
		return inputErr("catalog: %d of %d %s could not be loaded", failed, total, what)
	}
	if mcpErr != nil {
		return prefixErr("catalog", mcpErr)
	}
	if o.strict && problems > 0 {
		return inputErr("catalog: --strict: %s in %s (listed above)", plural(problems, "problem"), plural(withProblems, "catalog"))
	}
	return nil
}

func printSummary(w io.Writer, s catalogSummary, encs []string) {
	fmt.Fprintf(w, "%s (%s): %d tools, %d parameters (%d required)\n", safetext.Terminal(s.File), safetext.Terminal(strings.Join(s.Formats, ", ")), s.Tools, s.Params, s.RequiredParams)
	printServers(w, s.Servers, time.Now())
	fmt.Fprintln(w)
	t := texttable.New(1, append([]string{"variant", "chars"}, encs...)...)
	for _, v := range s.Variants {
		row := []string{v.Variant, strconv.Itoa(v.Chars)}
		for _, e := range encs {
			row = append(row, strconv.Itoa(v.Tokens[e]))
		}
		t.Add(row...)
	}
	t.Text(w)
	fmt.Fprintf(w, "\nproblems: %d\n", len(s.Problems))
	for _, p := range s.Problems {
		fmt.Fprintf(w, "  %s\n", safetext.Terminal(fmt.Sprint(p)))
	}
}

func asCoded(err error, ce **codedError) bool {
	e, ok := err.(*codedError)
	*ce = e
	return ok
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
