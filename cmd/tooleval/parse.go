package main

import (
	"io"
	"math"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// parseCommand is the `tooleval parse` command.
func parseCommand() *cli.Command {
	return &cli.Command{
		Name:      "parse",
		Usage:     "parse tool calls out of one model output",
		ArgsUsage: "[FILE|-]",
		Description: "Reads a whole model output from FILE (or stdin), feeds it to the parser in --chunk-size byte\n" +
			"chunks and prints one JSON object {format, text, reasoning, calls, errors}, or with --events\n" +
			"the event stream as JSON Lines. The output does not depend on --chunk-size. Exit 0 when\n" +
			"parsed (even with error events), 1 when the input cannot be read, 2 on bad flags.\n\n" +
			"Formats (--format) and their wire shapes:\n", // then formatsHelp (helpByCommand)
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: string(anyparse.Auto), Usage: "`FORMAT`: one of the formats listed above"},
			&cli.StringFlag{Name: "dialect", Usage: "read the text in the marker dialect a dialect `FILE` describes (JSON; see the README's \"A dialect without a release\"); --format is then its name or auto"},
			&cli.StringFlag{Name: "catalog", Usage: "tool catalog `FILE` (OpenAI/Anthropic tools array, MCP tools/list result, …) for coercion and unknown_tool"},
			&cli.IntFlag{Name: "chunk-size", Value: 4096, Usage: "feed the input in chunks of `N` bytes"},
			&cli.BoolFlag{Name: "events", Usage: "print the event stream as JSON Lines instead of the summary"},
			&cli.BoolFlag{Name: "reasoning-open", Usage: "the output begins inside reasoning (the prompt ended with <think>): text up to </think> is reasoning"},
			&cli.BoolFlag{Name: "think-as-text", Usage: "reasoning parsing off: every reasoning span (<think>, the dialect's own markers) is plain text; --reasoning-open is ignored"},
			&cli.BoolFlag{Name: "keep-calls-in-reasoning", Usage: "keep a call written inside reasoning as reasoning (strict); by default it ends the reasoning and is a call (both report call_in_reasoning)"},
		},
		Action: action(parseOptionsFrom, runParse),
	}
}

// parseOptions are what `tooleval parse` reads and how.
type parseOptions struct {
	// input is the file to parse; "" or "-" is stdin.
	input string
	// parse are the parser's options but Tools and Dialect, which come
	// from the catalog and dialect files, if given.
	parse            toolcall.ParseOptions
	catalog, dialect string
	chunk            int
	// events prints the event stream instead of the summary.
	events bool
}

// parseOptionsFrom reads the flags and arguments of `tooleval parse` (a bad one is exit 2).
func parseOptionsFrom(c *cli.Context) (*parseOptions, error) {
	if c.NArg() > 1 {
		return nil, usageErr("parse: want at most one FILE, got %d arguments", c.NArg())
	}
	if err := intFlagIn(c, "parse", "chunk-size", 1, math.MaxInt); err != nil {
		return nil, err
	}
	return &parseOptions{input: c.Args().First(), catalog: c.String("catalog"), dialect: c.String("dialect"), chunk: c.Int("chunk-size"), events: c.Bool("events"),
		parse: toolcall.ParseOptions{Format: toolcall.Format(c.String("format")), ReasoningOpen: c.Bool("reasoning-open"), ThinkAsText: c.Bool("think-as-text"),
			KeepCallsInReasoning: c.Bool("keep-calls-in-reasoning")}}, nil
}

// runParse runs `tooleval parse` with o.
func runParse(o *parseOptions, std streams) error {
	chunk := o.chunk
	opts := o.parse
	format := opts.Format
	if path := o.dialect; path != "" {
		d, err := textparse.ReadDialectFile(path)
		if err != nil {
			return inputErr("parse: --dialect: %v", err)
		}
		if format != anyparse.Auto && format != d.Format {
			return usageErr("parse: --format %s and --dialect %s (format %q) disagree", format, path, d.Format)
		}
		opts.Dialect, opts.Format, format = d, d.Format, d.Format
	}
	if path := o.catalog; path != "" {
		cat, err := catalog.LoadFile(path)
		if err != nil {
			return inputErr("parse: catalog: %v", err)
		}
		opts.Tools = cat
	}
	p, err := anyparse.New(opts)
	if err != nil {
		return usageErr("parse: --format: %v", err)
	}
	input, err := readInput(o.input, std.in)
	if err != nil {
		return inputErr("parse: %v", err)
	}

	out := std.out
	if o.events {
		for _, ev := range toolcall.Run(p, input, chunk) {
			if err := writeJSON(out, ev); err != nil {
				return err
			}
		}
		return nil
	}
	var col toolcall.Collector
	for len(input) > 0 {
		n := min(chunk, len(input))
		col.Add(p.Feed(input[:n:n]))
		input = input[n:]
	}
	col.Add(p.Close())
	return writeJSON(out, col.Result(string(anyparse.Detected(p, format))))
}

// readInput reads FILE, or stdin when name is "" or "-".
func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "" || name == "-" {
		return readcap.ReadAll(stdin, "<stdin>", readcap.DefaultInputBytes)
	}
	return readcap.ReadFile(name, readcap.DefaultInputBytes)
}

// formatsHelp lists every format anyparse accepts with its wire shape: the
// text dialects' from textparse, the provider streams by name.
func formatsHelp() string {
	var b strings.Builder
	for _, f := range anyparse.Formats() {
		wire := textparse.Wire(f)
		if wire == "" {
			wire = "provider stream (SSE, NDJSON or a JSON array of the provider's events), or the body of a response that was not streamed"
		}
		b.WriteString("  " + string(f))
		for n := len(f); n < 18; n++ {
			b.WriteByte(' ')
		}
		b.WriteString(" " + wire + "\n")
	}
	return b.String()
}
