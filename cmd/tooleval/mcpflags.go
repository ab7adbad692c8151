package main

import (
	"context"
	"fmt"
	"github.com/tooleval/tooleval/internal/safetext"
	"io"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/mcpcatalog"
	"github.com/tooleval/tooleval/suite"
)

// The flags that take a catalog from live MCP servers, shared by every
// command that accepts a catalog (catalog, render, retrieve, tune, record).

// mcpFlags are the live-catalog flags.
func mcpFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "mcp", Usage: "list the tools of one MCP server: a `COMMAND` line run over stdio, or an http(s):// URL"},
		&cli.StringFlag{Name: "mcp-config", Usage: "list the tools of every server in an MCP servers `FILE` ({\"mcpServers\": {…}})"},
		&cli.StringSliceFlag{Name: "mcp-server", Usage: "with --mcp-config: only server `NAME` (repeatable); with --mcp: the server's name"},
		&cli.StringSliceFlag{Name: "mcp-header", Usage: "send `'NAME: VALUE'` to HTTP servers (repeatable; ${VAR} is taken from the environment; also $TOOLEVAL_MCP_HEADERS, one per line)"},
		&cli.StringFlag{Name: "mcp-transport", Usage: "`TRANSPORT` of an --mcp URL: http (streamable HTTP) or sse (default: sse when the path ends in /sse)"},
		&cli.StringFlag{Name: "mcp-cache", Usage: "cache listings in `DIR` (default $TOOLEVAL_MCP_CACHE or the user cache directory)"},
		&cli.DurationFlag{Name: "mcp-timeout", DefaultText: "10s, 60s, 30s", Usage: "limit each phase (start, initialize, each tools/list page) to `DURATION`"},
		&cli.BoolFlag{Name: "refresh", Usage: "list MCP servers again even when their tools are cached"},
	}
}

// mcpOpts are the values of the MCP flags.
type mcpOpts struct {
	target, config   string   // --mcp, --mcp-config
	servers, headers []string // --mcp-server, --mcp-header
	transport, cache string   // --mcp-transport, --mcp-cache
	timeout          time.Duration
	timeoutSet       bool // --mcp-timeout was given
	refresh          bool
}

// mcpOptsFrom reads the MCP flags of c.
func mcpOptsFrom(c *cli.Context) mcpOpts {
	return mcpOpts{target: c.String("mcp"), config: c.String("mcp-config"), servers: c.StringSlice("mcp-server"), headers: c.StringSlice("mcp-header"),
		transport: c.String("mcp-transport"), cache: c.String("mcp-cache"), timeout: c.Duration("mcp-timeout"), timeoutSet: c.IsSet("mcp-timeout"),
		refresh: c.Bool("refresh")}
}

// given reports whether an MCP server or servers file was given.
func (m *mcpOpts) given() bool { return m.target != "" || m.config != "" }

// mcpOptions turns the flags into listing options; warnings go to stderr.
func (m *mcpOpts) options(stderr io.Writer) (mcpcatalog.Options, error) {
	o := mcpcatalog.Options{
		CacheDir: m.cache,
		Refresh:  m.refresh,
		Warn:     warnTo(stderr),
	}
	if err := m.check(); err != nil {
		return o, err
	}
	if d := m.timeout; m.timeoutSet {
		o.StartTimeout, o.InitTimeout, o.ListTimeout = d, d, d
		// A whole listing may take its first page at least.
		o.ListingTimeout = max(mcpcatalog.DefaultListingTimeout, 3*d)
	}
	lines := m.headers
	if env := os.Getenv("TOOLEVAL_MCP_HEADERS"); env != "" {
		lines = append(strings.Split(env, "\n"), lines...)
	}
	for _, h := range lines {
		if strings.TrimSpace(h) == "" {
			continue
		}
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return o, usageErr("--mcp-header: want 'NAME: VALUE', got a header without a name or colon")
		}
		v, err := mcpcatalog.Expand(strings.TrimSpace(value))
		if err != nil {
			return o, usageErr("--mcp-header %s: %v", name, err)
		}
		if o.Headers == nil {
			o.Headers = map[string]string{}
		}
		o.Headers[name] = v
	}
	return o, nil
}

// warnTo prints the warnings of MCP listing (a cache standing in for a
// server) on stderr, one line each.
func warnTo(stderr io.Writer) func(string) {
	return func(m string) { fmt.Fprintf(stderr, "tooleval: warning: %s\n", m) }
}

// checkMCPFlags rejects the flags that only mean something with --mcp or
// --mcp-config when neither is given, and a --mcp-timeout that is not
// positive whether or not it is used.
func (m *mcpOpts) check() error {
	if d := m.timeout; m.timeoutSet && d <= 0 {
		return usageErr("--mcp-timeout must be positive, got %s", d)
	}
	for _, f := range []struct {
		flag string
		set  bool
	}{{"mcp-server", len(m.servers) > 0}, {"mcp-transport", m.transport != ""}} {
		if f.set && !m.given() {
			return usageErr("--%s goes with --mcp or --mcp-config", f.flag)
		}
	}
	return nil
}

// mcpServers resolves --mcp / --mcp-config (and --mcp-server) to servers
// and a name for the catalog in output ("mcp:NAME" or the servers file).
func (m *mcpOpts) serverList() ([]*mcpcatalog.Server, string, error) {
	if m.target != "" && m.config != "" {
		return nil, "", usageErr("give --mcp or --mcp-config, not both")
	}
	names := splitList(m.servers)
	if m.target != "" {
		if len(names) > 1 {
			return nil, "", usageErr("--mcp takes one --mcp-server NAME, got %d", len(names))
		}
		name := ""
		if len(names) == 1 {
			name = names[0]
		}
		s, err := mcpcatalog.ParseTarget(m.target, name, m.transport)
		if err != nil {
			return nil, "", usageErr("--mcp: %v", err)
		}
		return []*mcpcatalog.Server{s}, "mcp:" + s.Name, nil
	}
	if m.transport != "" {
		return nil, "", usageErr("--mcp-transport goes with --mcp URL; a servers file gives each server's \"type\"")
	}
	file := m.config
	cfg, err := mcpcatalog.LoadConfig(file)
	if err != nil {
		return nil, "", inputErr("--mcp-config: %v", err)
	}
	servers := cfg.Servers
	if len(names) > 0 {
		servers = nil
		for _, n := range names {
			s, ok := cfg.Server(n)
			if !ok {
				return nil, "", usageErr("--mcp-server: %s has no server %q (it has %s)", file, n, strings.Join(cfg.Names(), ", "))
			}
			servers = append(servers, s)
		}
	}
	if len(servers) == 0 {
		return nil, "", inputErr("--mcp-config: %s lists no (enabled) servers", file)
	}
	return servers, file, nil
}

// mcpCatalog lists the servers the flags name. With partial set, servers
// that could not be listed are reported on stderr and the others'
// catalog is returned with a non-nil error (exit 1); otherwise any failing
// server is the error.
func (m *mcpOpts) catalog(ctx context.Context, stderr io.Writer, partial bool) (*catalog.Catalog, string, error) {
	cat, display, _, err := m.catalogStatus(ctx, stderr, partial)
	return cat, display, err
}

// mcpCatalogStatus is mcpCatalog with where each server's tools came from.
func (m *mcpOpts) catalogStatus(ctx context.Context, stderr io.Writer, partial bool) (*catalog.Catalog, string, []mcpcatalog.Status, error) {
	servers, display, err := m.serverList()
	if err != nil {
		return nil, "", nil, err
	}
	o, err := m.options(stderr)
	if err != nil {
		return nil, "", nil, err
	}
	cat, st, err := mcpcatalog.Load(ctx, servers, o)
	if err != nil {
		listed := 0
		for _, s := range st {
			if s.Listing != nil {
				listed++
			}
		}
		if cat == nil || !partial || listed == 0 {
			return nil, display, st, inputErr("%v", err)
		}
		fmt.Fprintf(stderr, "tooleval: %v\n", err)
		return cat, display, st, inputErr("%s: some MCP servers could not be listed", display)
	}
	return cat, display, st, nil
}

// mcpServerSummary is one server in `catalog --json` output.
type mcpServerSummary struct {
	Name            string    `json:"name"`
	ServerName      string    `json:"server_name,omitempty"`
	ServerVersion   string    `json:"server_version,omitempty"`
	ProtocolVersion string    `json:"protocol_version,omitempty"`
	Tools           int       `json:"tools"`
	ListedAt        time.Time `json:"listed_at,omitzero"`
	FromCache       bool      `json:"from_cache"`
	CacheFile       string    `json:"cache_file,omitempty"`
	Error           string    `json:"error,omitempty"`
}

func mcpSummaries(st []mcpcatalog.Status) []mcpServerSummary {
	out := make([]mcpServerSummary, 0, len(st))
	for _, s := range st {
		m := mcpServerSummary{Name: s.Server.Name, FromCache: s.FromCache, CacheFile: s.CacheFile}
		if l := s.Listing; l != nil {
			m.ServerName, m.ServerVersion, m.ProtocolVersion = l.ServerInfo.Name, l.ServerInfo.Version, l.ProtocolVersion
			m.Tools, m.ListedAt = len(l.Tools), l.ListedAt
		}
		if s.Err != nil && s.Listing == nil {
			m.Error = s.Err.Error()
		}
		out = append(out, m)
	}
	return out
}

// printServers writes one line per MCP server under a catalog summary.
func printServers(w io.Writer, servers []mcpServerSummary, now time.Time) {
	for _, s := range servers {
		if s.Error != "" {
			fmt.Fprintf(w, "  server %s: not listed\n", safetext.Terminal(s.Name))
			continue
		}
		from := "listed now"
		if s.FromCache {
			from = "cached " + mcpcatalog.Age(now.Sub(s.ListedAt)) + " ago"
		}
		fmt.Fprintf(w, "  server %s: %s %s, MCP %s, %d tools (%s)\n", safetext.Terminal(s.Name), safetext.Terminal(s.ServerName),
			safetext.Terminal(s.ServerVersion), safetext.Terminal(s.ProtocolVersion), s.Tools, safetext.Terminal(from))
	}
}

// catalogFlag loads the catalog of --catalog FILE or of the MCP flags
// (exactly one), for commands whose catalog is a flag.
func catalogFlag(ctx context.Context, stderr io.Writer, cmd, file string, m *mcpOpts) (*catalog.Catalog, string, error) {
	switch {
	case file != "" && m.given():
		return nil, "", usageErr("%s: give --catalog FILE or --mcp/--mcp-config, not both", cmd)
	case m.given():
		cat, display, err := m.catalog(ctx, stderr, false)
		if err != nil {
			return nil, "", prefixErr(cmd, err)
		}
		return cat, display, nil
	case file == "":
		return nil, "", usageErr("%s: --catalog FILE (or --mcp COMMAND|URL, --mcp-config FILE) is required", cmd)
	}
	if err := m.check(); err != nil {
		return nil, "", prefixErr(cmd, err)
	}
	cat, err := catalog.LoadFile(file)
	if err != nil {
		return nil, "", inputErr("%s: catalog: %v", cmd, err)
	}
	return cat, file, nil
}

// suiteLoadOptions are the suite loading options of the MCP flags: the
// listing options for cases whose catalog is an MCP server, and with
// --mcp/--mcp-config the catalog every case uses instead of its own.
func (m *mcpOpts) suiteLoadOptions(ctx context.Context, stderr io.Writer, cmd string, allowOutside bool) (suite.LoadOptions, error) {
	// --refresh is the user's consent to start the servers a suite's cases
	// name; without it their cached listings are used.
	lo := suite.LoadOptions{AllowOutside: allowOutside, StartMCPServers: m.refresh}
	o, err := m.options(stderr)
	if err != nil {
		return lo, prefixErr(cmd, err)
	}
	lo.MCP = o
	if m.given() {
		cat, _, err := m.catalog(ctx, stderr, false)
		if err != nil {
			return lo, prefixErr(cmd, err)
		}
		lo.Catalog = cat
	}
	return lo, nil
}

// prefixErr puts the command's name before a coded error's message.
func prefixErr(cmd string, err error) error {
	var ce *codedError
	if asCoded(err, &ce) {
		return &codedError{code: ce.code, err: fmt.Errorf("%s: %w", cmd, ce.err)}
	}
	return err
}
