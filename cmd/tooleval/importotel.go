package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/otelimport"
	"github.com/urfave/cli/v2"
)

// importOtelCommand is `tooleval import otel`.
func importOtelCommand() *cli.Command {
	return &cli.Command{
		Name:      "otel",
		Usage:     "turn OpenTelemetry traces of agent runs (OTLP JSON exports) into a replay suite",
		ArgsUsage: "FILE…",
		Description: "Each FILE is an OTLP/JSON trace export: one ExportTraceServiceRequest per line, as the\n" +
			"OpenTelemetry Collector's file exporter writes them, or one JSON document. Each agent run (a\n" +
			"root span with the model calls below it) becomes a case: the user's query, the tools offered\n" +
			"as OUT/catalogs/<hash>.json, each model call's output as a transcript with its tool results,\n" +
			"and the calls it made as observed_calls. The GenAI semantic conventions (gen_ai.input.messages,\n" +
			"gen_ai.output.messages, gen_ai.tool.definitions, execute_tool spans), the older gen_ai.prompt /\n" +
			"gen_ai.completion events and indexed attributes (OpenLLMetry) and OpenInference are read; other\n" +
			"spans are counted and skipped. Observed calls are not checked: review a run and accept it\n" +
			"(--accept ID) to make its calls the gold calls.",
		Flags: []cli.Flag{
			outputFlag{&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "otel-suite", Usage: "output `DIR`"}},
			&cli.StringSliceFlag{Name: "accept", Usage: "make the observed calls of the cases whose id matches `GLOB` their gold calls (repeatable, comma-separated; * for all)"},
			jsonFlag("the import summary"),
		},
		Action: action(importOtelOptionsFrom, runImportOtel),
	}
}

// importOtelOptions are what `tooleval import otel` reads and writes.
type importOtelOptions struct {
	// files are the trace exports; out the directory written.
	files     []string
	out, json string
	otel      otelimport.Options
}

// importOtelOptionsFrom reads the flags and arguments of `tooleval import otel` (a bad one is exit 2).
func importOtelOptionsFrom(c *cli.Context) (*importOtelOptions, error) {
	if c.NArg() == 0 {
		return nil, usageErr("import otel: want at least one FILE (flags go before the files)")
	}
	return &importOtelOptions{files: c.Args().Slice(), out: c.String("out"), json: c.String("json"),
		otel: otelimport.Options{Accept: splitList(c.StringSlice("accept"))}}, nil
}

// runImportOtel runs `tooleval import otel` with o.
func runImportOtel(o *importOtelOptions, std streams) error {
	im, err := otelimport.Load(o.files, o.otel)
	if err != nil {
		return inputErr("import otel: %v", err)
	}
	if len(im.Cases) == 0 {
		printOtelSummary(std.err, o.out, &im.Summary)
		return inputErr("import otel: no agent run with a recorded user message in %s", strings.Join(o.files, ", "))
	}
	if _, err := im.Write(o.out); err != nil {
		return inputErr("import otel: %v", err)
	}
	if done, err := emitJSON(o.json, std.out, "import otel", im.Summary, nil); done || err != nil {
		return err
	}
	printOtelSummary(std.out, o.out, &im.Summary)
	return nil
}

func printOtelSummary(w io.Writer, out string, s *otelimport.Summary) {
	fmt.Fprintf(w, "read %d spans in %d traces: %d model calls, %d tool executions, %d agent spans, %d other spans skipped\n",
		s.Spans, s.Traces, s.ModelSpans, s.ToolSpans, s.AgentSpans, s.SkippedSpans)
	if len(s.SkippedByName) > 0 {
		fmt.Fprintf(w, "skipped spans: %s\n", counts(s.SkippedByName))
	}
	fmt.Fprintf(w, "%d agent runs: %d cases (%d accepted), %d calls, %d tool results, %d catalogs, %d tools inferred from calls\n",
		s.Runs, s.Cases, s.Accepted, s.Calls, s.ToolResults, s.Catalogs, s.InferredTools)
	if len(s.SkippedRuns) > 0 {
		fmt.Fprintf(w, "runs left out: %s\n", counts(s.SkippedRuns))
	}
	for _, warn := range s.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	if len(s.Files) > 0 {
		fmt.Fprintf(w, "wrote to %s: %s\n", out, strings.Join(s.Files, ", "))
	}
}

// counts spells a count map as "a: 2, b: 1", sorted by name.
func counts(m map[string]int) string {
	parts := make([]string, 0, len(m))
	for k, n := range m {
		parts = append(parts, fmt.Sprintf("%s: %d", k, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
