package otelimport

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path"
	"sort"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/suiteout"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/suite"
)

// Options steer an import.
type Options struct {
	// Accept lists globs (path.Match) of case ids whose observed calls
	// become their gold calls: runs a person has reviewed and found
	// right. "*" accepts every run.
	Accept []string
}

// Imported is the suite read from trace exports.
type Imported struct {
	// Cases are the suite's cases, one per agent run, in the order the
	// runs' first spans were read.
	Cases []suite.Case
	// Catalogs are the catalogs the cases name, by path relative to the
	// output directory.
	Catalogs map[string][]json.RawMessage
	Summary  Summary
}

// Summary says what an import read and wrote.
type Summary struct {
	Inputs        []string       `json:"inputs"`
	Spans         int            `json:"spans"`
	Traces        int            `json:"traces"`
	ModelSpans    int            `json:"model_spans"`
	ToolSpans     int            `json:"tool_spans"`
	AgentSpans    int            `json:"agent_spans"`
	SkippedSpans  int            `json:"skipped_spans"`
	SkippedByName map[string]int `json:"skipped_by_name"`
	Runs          int            `json:"runs"`
	Cases         int            `json:"cases"`
	Accepted      int            `json:"accepted"`
	SkippedRuns   map[string]int `json:"skipped_runs"`
	Calls         int            `json:"calls"`
	ToolResults   int            `json:"tool_results"`
	InferredTools int            `json:"inferred_tools"`
	Catalogs      int            `json:"catalogs"`
	Warnings      []string       `json:"warnings"`
	Files         []string       `json:"files,omitempty"`
}

// builder gathers spans and builds the suite.
type builder struct {
	spans []*span
	sum   Summary
}

func (b *builder) warn(s string) { b.sum.Warnings = append(b.sum.Warnings, s) }

// Load reads OTLP JSON trace exports (see the package documentation) and
// builds a suite of their agent runs.
func Load(files []string, opt Options) (*Imported, error) {
	for _, g := range opt.Accept {
		if _, err := path.Match(g, ""); err != nil {
			return nil, fmt.Errorf("accept pattern %q: %w", g, err)
		}
	}
	b := &builder{sum: Summary{Inputs: files, SkippedByName: map[string]int{}, SkippedRuns: map[string]int{}}}
	for _, f := range files {
		if err := readFile(f, func(s *span) { b.spans = append(b.spans, s) }); err != nil {
			return nil, err
		}
	}
	return b.build(opt), nil
}

func (b *builder) build(opt Options) *Imported {
	b.sum.Spans = len(b.spans)
	traces := map[string]int{}
	for _, s := range b.spans {
		traces[s.traceID] = 0
	}
	b.sum.Traces = len(traces)
	runs := b.runs()
	for _, rn := range runs {
		traces[rn.traceID]++
	}
	im := &Imported{Catalogs: map[string][]json.RawMessage{}}
	for _, rn := range runs {
		b.sum.Runs++
		bc, why := b.caseOf(rn, caseID(rn, traces[rn.traceID] > 1))
		if bc == nil {
			b.sum.SkippedRuns[why]++
			b.warn(fmt.Sprintf("%s: run of trace %s left out: %s", rn.root.where(), rn.traceID, why))
			continue
		}
		bc.c.Catalog = catalogName(bc.tools)
		im.Catalogs[bc.c.Catalog] = bc.tools
		if accepted(opt.Accept, bc.c.ID) {
			accept(bc)
			b.sum.Accepted++
		}
		im.Cases = append(im.Cases, bc.c)
	}
	b.sum.Cases = len(im.Cases)
	b.sum.Catalogs = len(im.Catalogs)
	im.Summary = b.sum
	return im
}

func accepted(globs []string, id string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, id); ok {
			return true
		}
	}
	return false
}

// accept makes a reviewed run's observed calls its gold calls: each
// argument's one allowed value is the value observed (a step that made no
// call expects none); the unreviewed tag goes.
func accept(bc *built) {
	tags := bc.c.Tags[:0]
	for _, t := range bc.c.Tags {
		if t != "otel:unreviewed" {
			tags = append(tags, t)
		}
	}
	bc.c.Tags = append(tags, "otel:accepted")
	if bc.c.Steps == nil {
		bc.c.GoldCalls = goldOf(bc.c.ObservedCalls)
		return
	}
	for _, st := range bc.c.Steps {
		st.GoldCalls = goldOf(st.ObservedCalls)
	}
}

// goldOf writes observed calls as gold calls.
func goldOf(calls []suite.ObservedCall) []metrics.GoldCall {
	out := []metrics.GoldCall{}
	for _, c := range calls {
		g := metrics.GoldCall{Name: c.Name}
		var args map[string]json.RawMessage
		json.Unmarshal(c.Arguments, &args)
		names := make([]string, 0, len(args))
		for k := range args {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			g.Params = append(g.Params, metrics.GoldParam{Name: k, Allowed: []json.RawMessage{args[k]}})
		}
		out = append(out, g)
	}
	return out
}

// The caps tooleval reads catalogs and suites back with (variables for
// tests).
var (
	maxCatalogBytes int64 = catalog.MaxFileBytes
	maxSuiteBytes   int64 = suite.DefaultMaxSuiteBytes
)

// Write writes the suite to dir: suite.jsonl and catalogs/<hash>.json. It
// returns the files written, relative to dir.
func (im *Imported) Write(dir string) ([]string, error) {
	out, err := suiteout.Open(dir)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	names := make([]string, 0, len(im.Catalogs))
	for n := range im.Catalogs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		docs := im.Catalogs[n]
		if err := out.Put(n, maxCatalogBytes, func(w *bufio.Writer) error { return suiteout.Catalog(w, docs) }); err != nil {
			return nil, err
		}
	}
	if err := out.Put("suite.jsonl", maxSuiteBytes, func(w *bufio.Writer) error {
		return suiteout.Lines(w, im.Cases, func(i int) string { return "case " + im.Cases[i].ID })
	}); err != nil {
		return nil, err
	}
	im.Summary.Files = out.Files
	return out.Files, nil
}
