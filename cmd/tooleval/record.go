package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/record"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
	"github.com/urfave/cli/v2"
)

// recordCommand is the `tooleval record` command.
func recordCommand() *cli.Command {
	return &cli.Command{
		Name:      "record",
		Usage:     "record transcripts from a real streaming endpoint for every case of a suite",
		ArgsUsage: "SUITE",
		Description: "Sends each case's query, with its catalog's tools rendered as --variant (and --protocol)\n" +
			"or sent natively, to the endpoint, and writes the cases with their transcripts to --out.\n" +
			"Cases already in --out are skipped, so an interrupted run resumes.\n" +
			"A case with steps is a trajectory: the model's calls get the suite's canned tool_results\n" +
			"(matched by tool and arguments), search_tool calls run as BM25 retrievals whose tools are\n" +
			"sent from the next turn on, and the recording stops at the final answer, at a call with no\n" +
			"canned result (off_script) or after --steps turns. No tool is ever executed.\n\n" +
			"Endpoint: --api, --base-url, --model, --api-key, or TOOLEVAL_BASE_URL/TOOLEVAL_MODEL/\n" +
			"TOOLEVAL_API_KEY, OPENAI_BASE_URL/OPENAI_MODEL/OPENAI_API_KEY (openai-chat,\n" +
			"openai-responses), ANTHROPIC_BASE_URL/ANTHROPIC_MODEL/ANTHROPIC_API_KEY (anthropic).\n" +
			"Prefer the environment for the key: flags show up in process lists and shell history.\n" +
			"--mcp/--mcp-config send the tools of live MCP servers instead of each case's catalog.",
		Flags: append([]cli.Flag{
			allowOutsideFlag,
			suiteFlag("the suite `FILE` to record"),
			outputFlag{&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "output suite `FILE` (JSON Lines; appended to, then sorted; required)"}},
			&cli.StringFlag{Name: "api", Value: string(record.ChatCompletions), Usage: "`API`: openai-chat, openai-responses or anthropic"},
			&cli.StringFlag{Name: "base-url", Usage: "API base `URL` (e.g. http://127.0.0.1:8000/v1)"},
			&cli.StringFlag{Name: "model", Usage: "model `NAME`"},
			&cli.StringFlag{Name: "api-key", Usage: "API `KEY` (prefer the environment variable)"},
			&cli.StringFlag{Name: "variant", Value: "native", Usage: "prompt `VARIANT`: names, detailed, xml, retrieved, json or native"},
			&cli.StringFlag{Name: "protocol", Usage: "text calling `PROTOCOL` for text variants (default use_tool): " + strings.Join(prompt.Protocols(), ", ")},
			&cli.IntFlag{Name: "k", Usage: "send the always-include tools and the `N` best BM25 matches instead of the whole catalog"},
			strategyFlag("drive the model under tool-search strategy `S`: " + strategyChoices + " (every case then runs as a trajectory, so the model may search; one strategy a run: record each into its own --out)"),
			&cli.IntFlag{Name: "steps", Value: record.DefaultSteps, Usage: "turn budget `N` of a multi-step case (a trajectory)"},
			&cli.IntFlag{Name: "trials", Value: 1, Usage: "record each case `N` times (written as transcripts, or step_trials for a trajectory), for pass@k and pass^k; a case in --out with fewer trials is recorded again"},
			&cli.IntFlag{Name: "j", Value: 1, Usage: "`N` requests in flight"},
			&cli.Float64Flag{Name: "rps", Usage: "at most `R` requests started per second (0: no limit)"},
			&cli.IntFlag{Name: "max-tokens", Value: 1024, Usage: "reply cap in `TOKENS`"},
			&cli.Float64Flag{Name: "temperature", Value: -1, DefaultText: "the server's", Usage: "sampling temperature `T`"},
			&cli.DurationFlag{Name: "timeout", Value: 10 * time.Minute, Usage: "`DURATION` limit per attempt (e.g. 90s)"},
			&cli.DurationFlag{Name: "idle-timeout", Value: 2 * time.Minute, Usage: "longest `DURATION` to wait for the first or next byte"},
			&cli.IntFlag{Name: "retries", Value: record.DefaultRetries, Usage: "`N` retries on 429, 5xx, dropped or cut streams (0: none)"},
			&cli.StringSliceFlag{Name: "filter", Usage: "record only the cases whose id matches `GLOB`, or tag:GLOB, lang:GLOB (as replay --filter); selecting no case is exit 1"},
			&cli.BoolFlag{Name: "allow-no-cases", Usage: "a --filter that selects no case is not an error"},
			&cli.Int64Flag{Name: "max-body", Value: record.DefaultMaxBodyBytes, Usage: "fail a case whose response body is over `BYTES`"},
			jsonFlag("the recording summary"),
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no per-case progress lines on stderr"},
		}, mcpFlags()...),
		Action: action(recordOptionsFrom, runRecord),
	}
}

// recordOptions are what `tooleval record` sends where, and where it
// writes the transcripts.
type recordOptions struct {
	suite, out   string
	allowOutside bool
	mcp          mcpOpts
	api          record.API
	// baseURL, model and apiKey are the endpoint's flags ("" for their
	// defaults and environment variables).
	baseURL, model, apiKey string
	filter                 []string
	allowNoCases, quiet    bool
	// record are the options but Filter and Logf; temperature < 0 leaves
	// it to the endpoint; retries 0 is none.
	record      record.Options
	temperature float64
	retries     int
	timeout     time.Duration
	idleTimeout time.Duration
	maxBody     int64
	json        string
}

// recordOptionsFrom reads the flags and arguments of `tooleval record` (a bad one is exit 2).
func recordOptionsFrom(c *cli.Context) (*recordOptions, error) {
	suitePath, err := suitePath(c, "record")
	if err != nil {
		return nil, err
	}
	if suitePath == "" {
		return nil, usageErr("record: want a SUITE to record (tooleval record SUITE --out FILE)")
	}
	if c.String("out") == "" {
		return nil, usageErr("record: --out FILE is required")
	}
	api, ok := record.ParseAPI(c.String("api"))
	if !ok {
		return nil, usageErr("record: --api must be openai-chat, openai-responses or anthropic, not %q", c.String("api"))
	}
	if err := checkRecordFlags(c); err != nil {
		return nil, err
	}
	strats, err := strategiesFrom(c, "record")
	if err != nil {
		return nil, err
	}
	var strat *strategy.Strategy
	switch len(strats) {
	case 0:
	case 1:
		strat = &strats[0]
	default:
		return nil, usageErr("record: --strategy takes one strategy a run (got %d); record each into its own --out", len(strats))
	}
	return &recordOptions{suite: suitePath, out: c.String("out"), allowOutside: c.Bool(allowOutsideFlag.Name), mcp: mcpOptsFrom(c), api: api,
		baseURL: c.String("base-url"), model: c.String("model"), apiKey: c.String("api-key"), filter: c.StringSlice("filter"),
		allowNoCases: c.Bool("allow-no-cases"), quiet: c.Bool("quiet"),
		record: record.Options{Variant: c.String("variant"), Protocol: c.String("protocol"), K: c.Int("k"), Concurrency: c.Int("j"),
			RPS: c.Float64("rps"), MaxTokens: c.Int("max-tokens"), Steps: c.Int("steps"), Trials: c.Int("trials"), Strategy: strat},
		temperature: c.Float64("temperature"), retries: c.Int("retries"), timeout: c.Duration("timeout"), idleTimeout: c.Duration("idle-timeout"),
		maxBody: c.Int64("max-body"), json: c.String("json")}, nil
}

// runRecord runs `tooleval record` with o.
func runRecord(o *recordOptions, std streams) error {
	red := record.NewRedactor()
	err := recordRun(o, std, &red)
	return redactErr(err, red)
}

// recordRun does the work of record; it sets *red to the endpoint's
// redactor as soon as the endpoint is known, and prints through it.
func recordRun(o *recordOptions, std streams, red **record.Redactor) error {
	suitePath := o.suite
	ep, err := record.ResolveEndpoint(o.api, o.baseURL, o.model, o.apiKey, nil)
	if err != nil {
		return usageErr("%v", err)
	}
	*red = ep.Redactor()
	stdout := redactWriter{std.out, *red}
	// A bad --out is found before the suite is loaded and any request sent.
	if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
		return inputErr("record: --out %v", err)
	}
	if err := atomicfile.Check(o.out); err != nil {
		return inputErr("record: --out %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	lo, err := o.mcp.suiteLoadOptions(ctx, std.err, "record", o.allowOutside)
	if err != nil {
		return err
	}
	su, err := suite.LoadFileWith(suitePath, lo)
	if err != nil {
		return inputErr("record: %v", err)
	}
	filter, err := suite.ParseFilter(o.filter)
	if err != nil {
		return usageErr("record: --filter %v", err)
	}
	if filter != nil && !filter.Selects(su) && !o.allowNoCases {
		return inputErr("record: --filter %s selects no case of the suite's %d (a typo? --allow-no-cases runs anyway)",
			strings.Join(filter.Patterns(), " --filter "), len(su.Cases))
	}
	stderr := redactWriter{std.err, *red}
	var mu sync.Mutex
	logf := func(format string, args ...any) {
		if o.quiet {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(stderr, "record: "+format+"\n", args...)
	}
	retries := o.retries
	if retries == 0 {
		retries = -1 // Client: negative means none
	}
	opt := o.record
	opt.Filter, opt.Logf = filter, logf
	if t := o.temperature; t >= 0 {
		opt.Temperature = &t
	}
	r := &record.Recorder{
		Client: &record.Client{
			Timeout:      o.timeout,
			IdleTimeout:  o.idleTimeout,
			Retries:      retries,
			Logf:         logf,
			MaxBodyBytes: o.maxBody,
		},
		Endpoint: ep,
		Options:  opt,
	}
	if err := opt.Check(); err != nil {
		return usageErr("%v", err)
	}
	logf("%d cases from %s to %s", len(su.Cases), suitePath, ep)
	sum, err := r.Run(ctx, su, suitePath, o.out)
	if err != nil && !errors.Is(err, context.Canceled) {
		return inputErr("%v", err)
	}
	done, werr := emitJSON(o.json, std.out, "record", sum, func(w io.Writer) io.Writer { return redactWriter{w, *red} })
	if werr != nil {
		return werr
	}
	if !done {
		fmt.Fprintf(stdout, "recorded %d, skipped %d (already in %s), failed %d of %d cases; %s\n",
			sum.Recorded, sum.Skipped, sum.Output, sum.Failed, sum.Cases, plural(int(sum.Retries), "retried attempt"))
		for _, e := range sum.Errors {
			fmt.Fprintf(stdout, "  %s: %s\n", e.ID, e.Err)
		}
	}
	if errors.Is(err, context.Canceled) {
		return inputErr("record: interrupted; run again to resume")
	}
	if sum.Failed > 0 {
		return inputErr("record: %d cases failed; run again to retry them", sum.Failed)
	}
	return nil
}

// checkRecordFlags rejects numbers that are negative, not finite or out of
// range, naming the flag (exit 2).
func checkRecordFlags(c *cli.Context) error {
	if err := intFlagsIn(c, "record",
		intBound{"j", 1, maxRecordJobs},
		intBound{"trials", 1, maxTrials},
		intBound{"k", 0, math.MaxInt64},
		intBound{"steps", 1, math.MaxInt64},
		intBound{"max-tokens", 1, math.MaxInt64},
		intBound{"retries", 0, maxRetries},
		intBound{"max-body", 1, math.MaxInt64},
	); err != nil {
		return err
	}
	for _, n := range []string{"timeout", "idle-timeout"} {
		if c.Duration(n) <= 0 {
			return usageErr("record: --%s must be positive, not %s", n, c.Duration(n))
		}
	}
	if err := floatFlagIn(c, "record", "rps", 0, math.Inf(1)); err != nil {
		return err
	}
	if t := c.Float64("temperature"); t != -1 {
		if err := floatFlagIn(c, "record", "temperature", 0, 2); err != nil {
			return err
		}
	}
	return nil
}

// redactWriter removes the endpoint's secrets from every write (each
// write is a whole line here, so a secret is never split between two).
type redactWriter struct {
	w   io.Writer
	red *record.Redactor
}

func (r redactWriter) Write(p []byte) (int, error) {
	if !r.red.Contains(p) {
		return r.w.Write(p)
	}
	if _, err := io.WriteString(r.w, r.red.String(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// redactErr removes the secrets from an error's message, keeping its exit
// code.
func redactErr(err error, red *record.Redactor) error {
	if err == nil || !red.Contains([]byte(err.Error())) {
		return err
	}
	code := exitBadInput
	var ce *codedError
	if errors.As(err, &ce) {
		code = ce.code
	}
	return &codedError{code: code, err: errors.New(red.String(err.Error()))}
}
