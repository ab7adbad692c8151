package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

// retrieveCommand is the `tooleval retrieve` command.
func retrieveCommand() *cli.Command {
	return &cli.Command{
		Name:      "retrieve",
		Usage:     "pick the tools to inject for a task: always-include ∪ top-k BM25 over tool descriptions",
		ArgsUsage: " ",
		Description: "Settings come from --config (a retrieval config JSON file, see package retrieval), then the flags.\n" +
			"--queries reads JSON Lines {\"id\": …, \"query\": …} and writes one result per query.\n" +
			"With --json each result is one line {\"id\",\"query\",\"tools\":[{\"name\",\"score\",\"always\"}]},\n" +
			"always-include tools first, and \"zero_match\": true when no query term is in the catalog; otherwise the\n" +
			"chosen tools are printed as a prompt block (--render) and such a query is named on stderr.\n" +
			"A tool the query names exactly (`read_file`, getWeather: an identifier, or any name in quotes) must\n" +
			"rank first: the result lists such tools as \"named\", and one that does not rank first as\n" +
			"\"exact_name_miss\" (named on stderr without --json).\n" +
			"k is an upper bound: BM25 returns only tools that share a term with the query.\n" +
			"Fields for --weights: " + strings.Join(retrieval.Fields, ", ") + ".",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "catalog", Usage: "tool catalog `FILE` (or --mcp/--mcp-config)"},
			&cli.StringFlag{Name: "query", Usage: "the user's task `TEXT`"},
			&cli.StringFlag{Name: "queries", Usage: "JSON Lines `FILE` of {\"id\", \"query\"} (- for stdin)"},
			&cli.IntFlag{Name: "k", DefaultText: "from --config, else 5", Usage: "retrieve the `N` best tools besides always-include"},
			&cli.StringFlag{Name: "always", Usage: "always-include tools, comma-separated `a,b`"},
			&cli.StringFlag{Name: "weights", Usage: "field weights `name=3,description=1,…`"},
			&cli.Float64Flag{Name: "k1", DefaultText: "from --config, else 1.2", Usage: "BM25 term-frequency saturation `X`"},
			&cli.Float64Flag{Name: "b", DefaultText: "from --config, else 0.75", Usage: "BM25 length normalisation `Y`"},
			&cli.StringFlag{Name: "config", Usage: "retrieval config JSON `FILE`"},
			&cli.StringFlag{Name: "render", Value: prompt.VariantRetrieved, Usage: "prompt `VARIANT` of the printed block"},
			&cli.StringFlag{Name: "search", Value: "bm25", Usage: "`HOW` to search: bm25, or regex (the query is an RE2 pattern over names, descriptions and parameter names, as a tool search tool's regex variant; case-insensitive unless it says (?-i); at most k matches, 5 by default)"},
			jsonFlag("the results, one line per query"),
		}, mcpFlags()...),
		Action: action(retrieveOptionsFrom, runRetrieve),
	}
}

// retrieveResult is one line of --json output.
type retrieveResult struct {
	ID    json.RawMessage `json:"id"`
	Query string          `json:"query"`
	Tools []retrieval.Hit `json:"tools"`
	// ZeroMatch is set when no term of the query is in the catalog:
	// nothing is retrieved, whatever k.
	ZeroMatch bool `json:"zero_match,omitempty"`
	// Named are the tools the query names exactly
	// (retrieval.NamedTools); ExactNameMiss is the first of them that
	// does not rank first (retrieval.ExactNameMiss).
	Named         []string `json:"named,omitempty"`
	ExactNameMiss string   `json:"exact_name_miss,omitempty"`
}

type retrieveQuery struct {
	ID    json.RawMessage
	Query string
}

// retrieveOptions are what `tooleval retrieve` searches and how.
type retrieveOptions struct {
	catalog string
	mcp     mcpOpts
	// config is the retrieval configuration, flags applied; its Always
	// list is in always, checked against the catalog.
	config retrieval.Config
	always []string
	// query is the one query; without it queries names the JSON Lines
	// file of queries ("-" stdin).
	query, queries string
	hasQuery       bool
	// variant renders the retrieved tools; json is the --json output.
	variant, json string
	// regex: the queries are patterns for the regex tool search.
	regex bool
}

// retrieveOptionsFrom reads the flags and arguments of `tooleval retrieve` (a bad one is exit 2).
func retrieveOptionsFrom(c *cli.Context) (*retrieveOptions, error) {
	if c.NArg() > 0 {
		return nil, usageErr("retrieve: unexpected arguments %v", c.Args().Slice())
	}
	m := mcpOptsFrom(c)
	if c.String("catalog") == "" && !m.given() {
		return nil, usageErr("retrieve: --catalog FILE (or --mcp COMMAND|URL, --mcp-config FILE) is required")
	}
	hasQ, hasQs := c.IsSet("query"), c.IsSet("queries")
	if hasQ == hasQs {
		return nil, usageErr("retrieve: give exactly one of --query TEXT or --queries FILE.jsonl")
	}
	cfg := retrieval.DefaultConfig()
	if p := c.String("config"); p != "" {
		var err error
		if cfg, err = retrieval.LoadConfig(p); err != nil {
			return nil, inputErr("retrieve: config: %v", err)
		}
	}
	if err := intFlagIn(c, "retrieve", "k", 0, math.MaxInt); err != nil {
		return nil, err
	}
	if c.IsSet("k") {
		cfg.K = c.Int("k")
	}
	if err := floatFlagIn(c, "retrieve", "k1", 0, math.Inf(1)); err != nil {
		return nil, err
	}
	if err := floatFlagIn(c, "retrieve", "b", 0, 1); err != nil {
		return nil, err
	}
	if c.IsSet("k1") {
		cfg.K1 = c.Float64("k1")
	}
	if c.IsSet("b") {
		cfg.B = c.Float64("b")
	}
	if c.IsSet("weights") {
		w, err := retrieval.ParseWeights(c.String("weights"))
		if err != nil {
			return nil, usageErr("retrieve: --weights: %v", err)
		}
		merged := map[string]float64{}
		for f, v := range cfg.Weights {
			merged[f] = v
		}
		for f, v := range w {
			merged[f] = v
		}
		cfg.Weights = merged
	}
	always := cfg.Always
	if c.IsSet("always") {
		always = nil
		for _, a := range strings.Split(c.String("always"), ",") {
			if a = strings.TrimSpace(a); a != "" {
				always = append(always, a)
			}
		}
	}
	cfg.Always = nil // checked below against the catalog, with a flag-level error
	if err := cfg.Validate(); err != nil {
		return nil, usageErr("retrieve: %v", err)
	}
	search := c.String("search")
	if search != "bm25" && search != "regex" {
		return nil, usageErr("retrieve: --search must be bm25 or regex, not %q", search)
	}
	o := &retrieveOptions{regex: search == "regex", catalog: c.String("catalog"), mcp: m, config: cfg, always: always, query: c.String("query"), queries: c.String("queries"),
		hasQuery: hasQ, variant: c.String("render"), json: c.String("json")}
	if o.json != "-" {
		if err := checkVariant("retrieve", "render", o.variant); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// runRetrieve runs `tooleval retrieve` with o.
func runRetrieve(o *retrieveOptions, std streams) error {
	cfg, always, variant := o.config, o.always, o.variant
	js := openJSON(o.json, std.out)
	cat, catPath, err := catalogFlag(context.Background(), std.err, "retrieve", o.catalog, &o.mcp)
	if err != nil {
		return err
	}
	if cat.Len() == 0 {
		return inputErr("retrieve: catalog %s: empty catalog, no tools", catPath)
	}
	for _, a := range always {
		if _, ok := cat.Lookup(a); !ok {
			return usageErr("retrieve: --always: tool %q is not in catalog %s", a, catPath)
		}
	}
	var queries []retrieveQuery
	if o.hasQuery {
		queries = []retrieveQuery{{ID: json.RawMessage(`"1"`), Query: o.query}}
	} else if queries, err = readRetrieveQueries(o.queries, std.in); err != nil {
		return err
	}
	ix, err := retrieval.New(cat.Tools(), retrieval.WithConfig(cfg))
	if err != nil {
		return inputErr("retrieve: %v", err)
	}
	defer ix.Close()
	var rx *retrieval.RegexIndex
	if o.regex {
		rx = retrieval.NewRegex(cat.Tools())
	}
	names := cat.Names()

	w := std.out
	for i, q := range queries {
		var hits []retrieval.Hit
		zero := false
		if rx != nil {
			if hits, err = rx.Search(q.Query, cfg.K); err != nil {
				return inputErr("retrieve: query %s: %v", idText(q.ID), err)
			}
			hits = withAlways(always, hits)
		} else {
			if hits, err = ix.Search(q.Query, cfg.K, always...); err != nil {
				return inputErr("retrieve: query %s: %v", q.ID, err)
			}
			zero = !ix.Matches(q.Query)
		}
		if hits == nil {
			hits = []retrieval.Hit{}
		}
		named := retrieval.NamedTools(q.Query, names)
		miss := retrieval.ExactNameMiss(hits, named)
		if js != nil {
			if err := js.add(retrieveResult{ID: q.ID, Query: q.Query, Tools: hits, ZeroMatch: zero, Named: named, ExactNameMiss: miss}); err != nil {
				return err
			}
			if js.toStdout() {
				continue
			}
		}
		if miss != "" {
			fmt.Fprintf(std.err, "retrieve: query %s: names tool %s exactly, but it does not rank first\n", idText(q.ID), miss)
		}
		if zero {
			fmt.Fprintf(std.err, "retrieve: query %s: no term in common with the catalog, nothing retrieved "+
				"(BM25 returns only tools that share a term with the query; k is an upper bound)\n", idText(q.ID))
		}
		if err := printRetrieved(w, ix, hits, variant, q, len(queries) > 1, i); err != nil {
			return err
		}
	}
	return js.close("retrieve")
}

// withAlways puts the always-include tools first, as a BM25 search does.
func withAlways(always []string, hits []retrieval.Hit) []retrieval.Hit {
	out := make([]retrieval.Hit, 0, len(always)+len(hits))
	seen := map[string]bool{}
	for _, a := range always {
		if !seen[a] {
			seen[a] = true
			out = append(out, retrieval.Hit{Name: a, Always: true})
		}
	}
	for _, h := range hits {
		if !seen[h.Name] {
			out = append(out, h)
		}
	}
	return out
}

func printRetrieved(w io.Writer, ix *retrieval.Index, hits []retrieval.Hit, variant string, q retrieveQuery, many bool, i int) error {
	tools := make([]toolcall.Tool, 0, len(hits))
	for _, h := range hits {
		t, _ := ix.Tool(h.Name)
		tools = append(tools, *t)
	}
	text, err := prompt.Render(tools, variant, prompt.Options{})
	if err != nil {
		return usageErr("retrieve: --render: %v", err)
	}
	if many {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "<!-- query %s: %s -->\n", q.ID, q.Query)
	}
	_, err = io.WriteString(w, text)
	return err
}

// idText is a query id for messages: a JSON string unquoted, a number as
// it is.
func idText(id json.RawMessage) string {
	var s string
	if json.Unmarshal(id, &s) == nil {
		return s
	}
	return string(id)
}

// readRetrieveQueries reads {"id", "query"} lines from path ("-" is
// stdin); a line without an id gets its line number.
func readRetrieveQueries(path string, stdin io.Reader) ([]retrieveQuery, error) {
	var src io.Reader = stdin
	if path == "-" {
		path = "<stdin>"
	} else {
		f, err := readcap.Open(path, readcap.DefaultInputBytes)
		if err != nil {
			return nil, inputErr("retrieve: queries: %v", err)
		}
		defer f.Close()
		src = f
	}
	var out []retrieveQuery
	r := bufio.NewReader(src)
	for line := 1; ; line++ {
		b, err := r.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, inputErr("retrieve: queries: %s:%d: %v", path, line, err)
		}
		if t := bytes.TrimSpace(b); len(t) > 0 {
			var raw struct {
				ID    json.RawMessage `json:"id"`
				Query *string         `json:"query"`
			}
			dec := json.NewDecoder(bytes.NewReader(t))
			if derr := dec.Decode(&raw); derr != nil {
				return nil, inputErr("retrieve: queries: %s:%d: %v", path, line, derr)
			}
			if raw.Query == nil {
				return nil, inputErr("retrieve: queries: %s:%d: missing \"query\"", path, line)
			}
			id := raw.ID
			if len(id) == 0 || string(id) == "null" {
				id = json.RawMessage(strconv.Itoa(line))
			}
			out = append(out, retrieveQuery{ID: id, Query: *raw.Query})
		}
		if err != nil {
			break
		}
	}
	if len(out) == 0 {
		return nil, inputErr("retrieve: queries: %s: no queries", path)
	}
	return out, nil
}
