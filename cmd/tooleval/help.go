package main

// Help text every command shares the shape of: EXAMPLES and EXIT CODES
// sections, kept here by command name so command files stay about flags
// and actions, and the version string.
//
// The sections are written when help is printed, not when the app is
// built: every start builds the app, --version and parse of a small input
// included, and building every command's sections and parse's list of
// formats was about a tenth of that start's instructions (issue 24). Each
// command's help template ends with a call of the template function
// toolevalHelp naming the command, which the help printer provides.

import (
	"io"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// commandHelp is the extra help of one command.
type commandHelp struct {
	// examples are command lines, each with a comment saying what it does.
	examples []string
	// exit describes the exit codes; "" means the common ones (0, 1, 2).
	exit string
	// description, when set, writes more of the command's DESCRIPTION,
	// appended to its Description when its help is printed.
	description func() string
}

const (
	exitCommon = "0 ok, 1 bad input (an unreadable or broken file), 2 bad flags"
	exitGate   = "0 ok, 1 bad input (unreadable or broken files, or cases that could not be replayed),\n" +
		"2 bad flags, 3 the gate failed: a threshold missed (--min, --max-drop), or a configuration,\n" +
		"case or threshold metric with nothing to compare with in --baseline (unless\n" +
		"--allow-unmatched), or an unmeasured threshold metric with --require-measured"
)

// helpByCommand holds the extra help by command path ("import bfcl").
// Every command needs an entry (TestEveryCommandHasExamples).
var helpByCommand = map[string]commandHelp{
	"bfcl": {examples: []string{
		"tooleval bfcl score bfcl/suite.*.jsonl --out scores/",
	}},
	"bfcl score": {examples: []string{
		"tooleval import bfcl ./berkeley-function-call-leaderboard --out bfcl/        # suites with each model's results",
		"tooleval bfcl score bfcl/suite.*.jsonl --out scores/                          # data_non_live.csv, data_live.csv, per-category score files",
		"tooleval replay bfcl/suite.gpt-4o-2024-11-20-FC.jsonl --bfcl-scores scores/   # the same while replaying",
	}},
	"catalog": {examples: []string{
		"tooleval catalog tools.json                # tools, parameters, characters and tokens per variant, problems",
		"tooleval catalog --json - a.json b.mcp.json  # the same as JSON on stdout",
		"tooleval catalog --mcp 'npx -y @modelcontextprotocol/server-filesystem /tmp'   # a live MCP server (cached)",
		"tooleval catalog --mcp-config servers.json --refresh                          # every server, listed again",
	}},
	"init": {examples: []string{
		"tooleval init                 # a starter suite, catalogs, transcripts, retrieval.json and a CI workflow here",
		"tooleval init my-agent-evals  # the same in a new directory",
	}},
	"import": {examples: []string{
		"tooleval import bfcl ./gorilla/berkeley-function-call-leaderboard --out bfcl/",
	}},
	"import bfcl": {examples: []string{
		"tooleval import bfcl ./berkeley-function-call-leaderboard --out bfcl/              # catalog + suite",
		"tooleval import bfcl ./berkeley-function-call-leaderboard --out bfcl/ --results r/ # + per-model transcripts",
		"tooleval import bfcl ./berkeley-function-call-leaderboard --strict                 # per-entry problems are errors",
		"tooleval import bfcl ./bfcl-checkout --fc 'my-model*' --underscore-names 'my-model*'  # how a model was run",
	}, exit: "0 ok (per-entry problems are warnings), 1 unreadable files, no category with cases, or a\nproblem with --strict, 2 bad flags"},
	"import otel": {examples: []string{
		"tooleval import otel traces.jsonl --out traces/                     # suite.jsonl + catalogs/, calls as observed_calls",
		"tooleval replay traces/suite.jsonl                                  # retrieval and parsing on real runs",
		"tooleval import otel traces.jsonl --out traces/ --accept 'otel-4bf9*' # reviewed runs: observed calls become gold",
	}, exit: "0 ok (unknown spans and runs without a user message are counted and skipped), 1 an unreadable\nor broken file, or no run to import, 2 bad flags"},
	"merge": {examples: []string{
		"tooleval merge shard-*.json --json report.json --markdown summary.md   # one report from the CI matrix",
		"tooleval merge shard-*.json --baseline base.json --max-drop recall=0.02 # gate as the whole run would",
	}, exit: exitGate},
	"parse": {examples: []string{
		"tooleval parse out.txt                          # auto-detect the protocol, print calls as JSON",
		"curl -sN … | tooleval parse -f openai-chat -    # a raw provider stream from stdin",
		"tooleval parse --events --chunk-size 1 out.txt  # the event stream, fed one byte at a time",
	}, exit: "0 parsed (even with error events in the output), 1 the input cannot be read, 2 bad flags",
		description: formatsHelp},
	"record": {examples: []string{
		"OPENAI_API_KEY=… tooleval record suite.jsonl --out recorded.jsonl --model gpt-4.1-mini",
		"tooleval record suite.jsonl -o rec.jsonl --api anthropic --variant retrieved --protocol use_tool -k 5",
		"tooleval record suite.jsonl -o rec.jsonl --base-url http://127.0.0.1:8000/v1 --model qwen3 -j 4",
		"tooleval record suite.jsonl -o rec.jsonl --trials 5 --temperature 0.7   # 5 recordings per case: pass@k, pass^k",
	}, exit: "0 ok, 1 bad input or requests that failed, 2 bad flags"},
	"render": {examples: []string{
		"tooleval render --catalog tools.json --variant detailed --protocol use_tool",
		"tooleval render --catalog tools.json --variant native:anthropic --tokens o200k_base",
		"tooleval render --mcp-config servers.json --variant detailed --mcp-names --mode ask   # live MCP servers",
	}},
	"replay": {examples: []string{
		"tooleval replay                                   # the embedded example suite",
		"tooleval replay suite.jsonl -k 5 --filter 'fs-*' --filter lang:zh",
		"tooleval replay suite.jsonl --config tuned.json   # at the config's k",
		"tooleval replay suite.jsonl --strategy inject,search:bm25,search:regex,all -k 5   # strategies side by side",
		"tooleval replay suite.jsonl --json base.json -q   # a baseline, on main",
		"tooleval replay suite.jsonl --baseline base.json --max-drop recall=0.02 --max-drop wrong_argument_rate=0.01 \\\n" +
			"      --markdown \"$GITHUB_STEP_SUMMARY\" --junit junit.xml --html report.html --json report.json",
		"tooleval replay suite.jsonl --shard 2/4 --json shard-2.json -q   # one job of a CI matrix; see merge",
		"tooleval replay rec.jsonl --min pass_hat_3=0.6   # all 3 of 3 trials pass in at least 60% of the cases",
	}, exit: exitGate},
	"retrieve": {examples: []string{
		"tooleval retrieve --catalog tools.json --query 'read a file' -k 3",
		"tooleval retrieve --catalog tools.json --queries queries.jsonl --config tuned.json --json results.jsonl",
		"tooleval retrieve --mcp https://mcp.example.com/mcp --mcp-header 'Authorization: Bearer ${TOKEN}' --query 'open an issue'",
	}},
	"suggest": {examples: []string{
		"tooleval suggest --suite suite.jsonl --k 5 --out suggested.json   # review, then retrieve --config suggested.json",
		"tooleval suggest --suite suite.jsonl --base tuned.json --folds 10 --json -",
	}, exit: "0 ok, 1 bad input (an unreadable or broken suite or config), 2 bad flags"},
	"tune": {examples: []string{
		"tooleval tune --suite suite.jsonl --out tuned.json --chart tune   # writes tune.svg",
		"tooleval tune --suite suite.jsonl --objective recall@5 --folds 10 --holdout held.jsonl",
		"tooleval tune --suite suite.jsonl --out tuned.json --force         # write the tuned config even if it lost",
	}, exit: "0 ok (when the tuned configuration lost to the default under cross-validation, --out\n" +
		"writes the default and says so on stderr, unless --force), 1 bad input, 2 bad flags"},
	"validate": {examples: []string{
		"tooleval validate suite.jsonl other.jsonl  # every problem with file:line: field",
		"tooleval validate --schema > suite.schema.json",
	}, exit: "0 every suite is valid, 1 a suite is broken or unreadable, 2 bad flags"},
}

// attachHelp gives every command (and subcommand) its EXAMPLES and EXIT
// CODES sections, hides "(default: false)" on boolean flags and sets the
// version. It only assigns, so calling it again is harmless.
func attachHelp(app *cli.App) {
	app.Version = version()
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			if c.Name == "help" {
				continue // urfave/cli's own
			}
			path := strings.TrimSpace(prefix + " " + c.Name)
			tmpl := cli.CommandHelpTemplate
			if len(c.Subcommands) > 0 {
				tmpl = cli.SubcommandHelpTemplate
			}
			c.CustomHelpTemplate = tmpl + helpCall + strconv.Quote(path) + "}}"
			walk(path, c.Subcommands)
		}
	}
	walk("", app.Commands)
}

// helpCall starts the call that ends each command's help template:
// {{toolevalHelp "import bfcl"}} writes that command's sections.
const helpCall = "{{toolevalHelp "

// helpPath is the command path a help template names in its helpCall,
// or "".
func helpPath(tmpl string) string {
	_, call, ok := strings.Cut(tmpl, helpCall)
	if !ok {
		return ""
	}
	q, _, _ := strings.Cut(call, "}}")
	path, err := strconv.Unquote(q)
	if err != nil {
		return ""
	}
	return path
}

// printHelp is cli.HelpPrinterCustom with the toolevalHelp function, and
// a command's Description completed by its commandHelp.description.
func printHelp(print func(io.Writer, string, any, map[string]any)) func(io.Writer, string, any, map[string]any) {
	return func(w io.Writer, tmpl string, data any, funcs map[string]any) {
		all := map[string]any{"toolevalHelp": func(path string) string { return helpSections(helpByCommand[path]) }}
		for name, f := range funcs {
			all[name] = f
		}
		if c, ok := data.(*cli.Command); ok {
			if more := helpByCommand[helpPath(tmpl)].description; more != nil {
				withMore := *c
				withMore.Description += more()
				data = &withMore
			}
		}
		print(w, tmpl, data, all)
	}
}

// helpSections renders the EXAMPLES and EXIT CODES sections.
func helpSections(h commandHelp) string {
	var b strings.Builder
	if len(h.examples) > 0 {
		b.WriteString("\nEXAMPLES:\n")
		for _, e := range h.examples {
			b.WriteString("   " + e + "\n")
		}
	}
	exit := h.exit
	if exit == "" {
		exit = exitCommon
	}
	b.WriteString("\nEXIT CODES:\n")
	for _, line := range strings.Split(exit, "\n") {
		b.WriteString("   " + line + "\n")
	}
	return b.String()
}

func init() {
	cli.HelpPrinterCustom = printHelp(cli.HelpPrinterCustom)
	// Boolean flags say nothing about a default: off is what a switch is.
	plain := cli.FlagStringer
	cli.FlagStringer = func(f cli.Flag) string {
		s := plain(f)
		if isBoolFlag(f) {
			s = strings.Replace(s, " (default: false)", "", 1)
		}
		return s
	}
}

// version is the module version of the binary (a release tag with go
// install …@vX, a pseudo-version naming the commit otherwise), then the VCS
// revision when the version does not already name it, the commit date and
// the Go version. "devel" only when the build recorded none of these
// (GOFLAGS=-buildvcs=false).
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionOf(info)
}

func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	var rev, date, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.time":
			date = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	if rev != "" && !strings.Contains(v, rev) {
		v += " " + rev
	}
	v += modified
	if date != "" {
		v += " (" + date + ")"
	}
	return v + " " + info.GoVersion
}
