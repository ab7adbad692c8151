package mcpcatalog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/sameorigin"
	"github.com/tooleval/tooleval/toolcall"
)

// Listing is one server's tools/list result with what identifies it. It is
// also the cache file's shape, which the catalog loader reads as it is (an
// object with "server" and "tools").
type Listing struct {
	// Server is the server's name in the servers file (or --mcp).
	Server string `json:"server"`
	// ServerInfo is the name and version the server gave at initialize.
	ServerInfo ServerInfo `json:"serverInfo"`
	// ProtocolVersion is the MCP version the session agreed on.
	ProtocolVersion string `json:"protocolVersion"`
	// ListedAt is when the tools were listed.
	ListedAt time.Time `json:"listedAt"`
	// EntryHash is Server.EntryHash of the entry listed.
	EntryHash string `json:"entryHash"`
	// Instructions are the server's instructions from initialize, which
	// agents add to the system prompt.
	Instructions string `json:"instructions,omitempty"`
	// Tools are the tool definitions exactly as the server sent them,
	// every page in order.
	Tools []json.RawMessage `json:"tools"`
}

// ServerInfo is what a server says about itself at initialize.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// The phases of listing a server, as ServerError.Phase names them.
const (
	PhaseConfig = "config"     // the entry or the environment it needs
	PhaseCache  = "cache"      // a cache-only load found no cached listing
	PhaseStart  = "start"      // starting the process or connecting
	PhaseInit   = "initialize" // the initialize handshake
	PhaseList   = "tools/list" // listing (and reading) the tools
)

// ServerError is a server that could not be listed. It names the server,
// the phase that failed and, for a stdio server, ends with the last lines
// the server wrote on stderr.
type ServerError struct {
	Server string
	Phase  string
	Err    error
	// Stderr is the end of what a stdio server wrote on stderr (Error
	// shows its last lines).
	Stderr string
}

func (e *ServerError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mcp server %q: %s: %v", e.Server, e.Phase, e.Err)
	if s := strings.TrimSpace(e.Stderr); s != "" {
		b.WriteString("\n  server stderr:")
		lines := strings.Split(s, "\n")
		if len(lines) > maxStderrLines {
			lines = append([]string{"…"}, lines[len(lines)-maxStderrLines:]...)
		}
		for _, line := range lines {
			b.WriteString("\n  | ")
			b.WriteString(strings.TrimRight(line, "\r"))
		}
	}
	return b.String()
}

func (e *ServerError) Unwrap() error { return e.Err }

// maxStderrLines is how many of a server's last stderr lines an error shows.
const maxStderrLines = 20

// maxPages bounds pagination, against a server whose cursors never end.
const maxPages = 10000

// List starts or connects to s, initialises a session, lists every page of
// its tools and closes the session. Each tool is checked by the catalog
// loader; a tool it cannot read fails the listing with an error naming the
// tool and the JSON path. Errors are *ServerError.
func List(ctx context.Context, s *Server, o Options) (*Listing, error) {
	o = o.withDefaults()
	l, status, err := list(ctx, s, o)
	var first *ServerError
	if errors.As(err, &first) && first.Phase == PhaseInit && s.guessed && s.Transport == TransportStreamable &&
		(status == http.StatusBadRequest || status == http.StatusNotFound || status == http.StatusMethodNotAllowed) {
		sse := *s
		sse.Transport = TransportSSE
		if l, _, serr := list(ctx, &sse, o); serr == nil {
			return l, nil
		} else {
			cp := *first
			cp.Err = fmt.Errorf("%w (and over SSE: %v)", first.Err, errors.Unwrap(serr))
			err = &cp
		}
	}
	return l, err
}

// list is List over s's own transport. It also returns the first 4xx
// status an HTTP server answered with.
func list(ctx context.Context, s *Server, o Options) (*Listing, int, error) {
	initTimeout, listTimeout := o.InitTimeout, o.ListTimeout
	if s.Timeout > 0 {
		initTimeout, listTimeout = s.Timeout, s.Timeout
	}
	// Messages show what ${VAR}s expanded to, and header values, as the
	// servers file writes them.
	red := newRedactor(append(s.secrets, headerSecrets(o.Headers)...))
	fail := func(phase string, err error, stderr *tailBuffer) error {
		e := &ServerError{Server: s.Name, Phase: phase, Err: red.err(err)}
		if stderr != nil {
			e.Stderr = red.String(stderr.String())
		}
		return e
	}
	// The whole listing is bounded in time and in bytes; passing either
	// cap ends it.
	total := o.ListingTimeout
	if s.Timeout > 0 {
		// A server given more time per phase gets its first page at least.
		total = max(total, o.StartTimeout+initTimeout+listTimeout)
	}
	whole, stop := context.WithTimeout(ctx, total)
	defer stop()
	bud := &budget{maxMessage: o.MaxMessageBytes, maxTotal: o.MaxServerBytes, stop: stop}
	// stopped says why the listing was ended from outside a call: a cap
	// passed or a request refused, ctx ended, or the time of the whole
	// listing is up; nil when it was not.
	stopped := func() error {
		if err := bud.failure(); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if whole.Err() != nil {
			return fmt.Errorf("the whole listing took more than %s (its cap)", total)
		}
		return nil
	}
	hs := &statusRecorder{}
	tr, cmd, stderr, err := transport(s, o, hs, bud)
	if err != nil {
		return nil, hs.first(), fail(PhaseConfig, err, nil)
	}
	rt := &rawTransport{inner: tr}
	client := mcp.NewClient(&mcp.Implementation{Name: "tooleval", Version: "1"}, &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
	cctx, cancel := context.WithTimeout(whole, o.StartTimeout+initTimeout)
	cs, err := client.Connect(cctx, rt, nil)
	timedOut := errors.Is(cctx.Err(), context.DeadlineExceeded)
	cancel()
	if err != nil {
		phase := PhaseInit
		if !rt.isConnected() {
			phase = PhaseStart
		}
		if why := stopped(); why != nil {
			err = why
		} else {
			switch {
			case timedOut && phase == PhaseStart:
				err = fmt.Errorf("did not start within %s", o.StartTimeout)
			case timedOut:
				err = fmt.Errorf("no answer to initialize within %s", o.StartTimeout+initTimeout)
			default:
				err = explain(err, rt, cmd)
			}
		}
		return nil, hs.first(), fail(phase, err, stderr)
	}
	defer cs.Close()
	ir := cs.InitializeResult()
	l := &Listing{Server: s.Name, ProtocolVersion: ir.ProtocolVersion, ListedAt: o.Now().UTC(), EntryHash: s.EntryHash(),
		Instructions: ir.Instructions, Tools: []json.RawMessage{}}
	if ir.ServerInfo != nil {
		l.ServerInfo = ServerInfo{Name: ir.ServerInfo.Name, Version: ir.ServerInfo.Version}
	}
	if ir.Capabilities == nil || ir.Capabilities.Tools == nil {
		return l, hs.first(), nil // the server offers no tools
	}
	cursor := ""
	seen := map[string]bool{}
	size := 0
	for page := 1; ; page++ {
		lctx, cancel := context.WithTimeout(whole, listTimeout)
		res, err := cs.ListTools(lctx, &mcp.ListToolsParams{Cursor: cursor})
		timedOut := errors.Is(lctx.Err(), context.DeadlineExceeded)
		cancel()
		raw, hasRaw := rt.takeResult()
		where := "page 1"
		if page > 1 {
			where = fmt.Sprintf("page %d (cursor %q)", page, cursor)
		}
		if err != nil {
			why := stopped()
			switch {
			case why != nil:
				err = why
			case timedOut:
				err = fmt.Errorf("no answer within %s", listTimeout)
			case hasRaw:
				// The SDK could not decode the page: let the catalog loader
				// say where it is wrong.
				if _, _, perr := readPage(raw, len(l.Tools)); perr != nil {
					err = perr
				}
			default:
				err = explain(err, rt, cmd)
			}
			return nil, hs.first(), fail(PhaseList, fmt.Errorf("%s: %w", where, err), stderr)
		}
		var tools []json.RawMessage
		next := res.NextCursor
		if hasRaw {
			tools, next, err = readPage(raw, len(l.Tools))
		} else {
			tools, err = marshalTools(res.Tools, len(l.Tools))
		}
		if err != nil {
			return nil, hs.first(), fail(PhaseList, fmt.Errorf("%s: %w", where, err), stderr)
		}
		l.Tools = append(l.Tools, tools...)
		for _, t := range tools {
			size += len(t)
		}
		if size > MaxListingBytes {
			return nil, hs.first(), fail(PhaseList, fmt.Errorf("%s: the tools take more than %d bytes", where, MaxListingBytes), stderr)
		}
		if next == "" {
			return l, hs.first(), nil
		}
		if seen[next] {
			return nil, hs.first(), fail(PhaseList, fmt.Errorf("%s: the server returned cursor %q again; pagination would never end", where, next), stderr)
		}
		if page >= maxPages {
			return nil, hs.first(), fail(PhaseList, fmt.Errorf("more than %d pages of tools", maxPages), stderr)
		}
		seen[next] = true
		cursor = next
	}
}

// readPage reads one raw tools/list result and checks each tool with the
// catalog loader. first is the index of its first tool in the listing.
func readPage(raw json.RawMessage, first int) ([]json.RawMessage, string, error) {
	var page struct {
		Tools      *[]json.RawMessage `json:"tools"`
		NextCursor *string            `json:"nextCursor"`
	}
	if err := json.Unmarshal(raw, &page); err != nil || page.Tools == nil {
		var top map[string]json.RawMessage
		if json.Unmarshal(raw, &top) == nil {
			if t, ok := top["tools"]; ok {
				return nil, "", fmt.Errorf("result.tools: want an array of tools, got %s", clip(t))
			}
			if c, ok := top["nextCursor"]; ok && err != nil {
				return nil, "", fmt.Errorf("result.nextCursor: want a string, got %s", clip(c))
			}
		}
		return nil, "", fmt.Errorf("result: want {\"tools\": […]}, got %s", clip(raw))
	}
	tools := *page.Tools
	for i, t := range tools {
		if err := checkTool(t, first+i); err != nil {
			return nil, "", err
		}
	}
	next := ""
	if page.NextCursor != nil {
		next = *page.NextCursor
	}
	return tools, next, nil
}

// checkTool reads one tool with the catalog loader; its error names the
// tool's index (and name) and the JSON path inside it.
func checkTool(raw json.RawMessage, i int) error {
	name := fmt.Sprintf("tools[%d]", i)
	var probe struct {
		Name any `json:"name"`
	}
	if json.Unmarshal(raw, &probe) == nil {
		if n, ok := probe.Name.(string); ok && n != "" {
			name = fmt.Sprintf("tools[%d] %q", i, n)
		}
	}
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) == nil {
			if _, ok := obj["inputSchema"]; !ok {
				return fmt.Errorf("%s: $: want an MCP tool {\"name\",\"inputSchema\"}, the tool has no inputSchema", name)
			}
		}
	}
	if _, err := catalog.Parse(raw, name); err != nil {
		var le *toolcall.FileError
		if errors.As(err, &le) {
			path := le.Field
			if path == "" {
				path = "$"
			}
			return fmt.Errorf("%s: %s: %s", name, path, le.Message)
		}
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

func marshalTools(tools []*mcp.Tool, first int) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(tools))
	for i, t := range tools {
		b, err := json.Marshal(t)
		if err != nil {
			return nil, err
		}
		if err := checkTool(b, first+i); err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func clip(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}

// explain makes an SDK error say what the server did: garbage on stdout,
// a crash (with its exit status), a closed connection.
func explain(err error, rt *rawTransport, cmd *exec.Cmd) error {
	rerr := rt.firstReadErr()
	if rerr == nil {
		return err
	}
	msg := rerr.Error()
	if strings.Contains(msg, "maximum line length") {
		// The SDK's own cap, met by a message written over several lines.
		return fmt.Errorf("the server sent a message on stdout over the cap on one message (%v)", msg)
	}
	if errors.Is(rerr, io.EOF) || errors.Is(rerr, os.ErrClosed) || strings.Contains(msg, "EOF") || strings.Contains(msg, "closed") {
		if cmd != nil && cmd.ProcessState != nil {
			return fmt.Errorf("the server exited (%v): %v", cmd.ProcessState, err)
		}
		return fmt.Errorf("the server closed the connection: %v", err)
	}
	if cmd != nil {
		return fmt.Errorf("the server wrote something that is not JSON-RPC on stdout: %v (a stdio server must print only JSON-RPC messages on stdout; logs belong on stderr)", msg)
	}
	if strings.Contains(err.Error(), msg) {
		return err
	}
	return fmt.Errorf("%v (%v)", err, msg)
}

// transport builds the SDK transport for s. Everything read from the
// server is counted against bud.
func transport(s *Server, o Options, hs *statusRecorder, bud *budget) (mcp.Transport, *exec.Cmd, *tailBuffer, error) {
	switch s.Transport {
	case TransportStdio:
		if s.Command == "" {
			return nil, nil, nil, fmt.Errorf("no command")
		}
		if s.Dir != "" {
			// Go would report a missing directory as the command missing.
			if st, err := os.Stat(s.Dir); err != nil || !st.IsDir() {
				return nil, nil, nil, fmt.Errorf("cwd %s: not a directory", s.Dir)
			}
		}
		cmd := exec.Command(s.Command, s.Args...)
		cmd.Dir = s.Dir
		cmd.Env = os.Environ()
		for _, k := range sortedKeys(s.Env) {
			cmd.Env = append(cmd.Env, k+"="+s.Env[k])
		}
		stderr := &tailBuffer{max: 16 << 10}
		cmd.Stderr = stderr
		// A server that leaves children holding stderr open must not keep
		// Close waiting.
		cmd.WaitDelay = time.Second
		return &stdioTransport{cmd: cmd, terminate: o.TerminateTimeout, budget: bud}, cmd, stderr, nil
	case TransportStreamable, TransportSSE:
		headers := map[string]string{}
		for k, v := range o.Headers {
			headers[k] = v
		}
		for k, v := range s.Headers {
			headers[k] = v
		}
		origin, err := url.Parse(s.URL)
		if err != nil {
			return nil, nil, nil, err
		}
		base := o.HTTPClient
		if base == nil {
			base = http.DefaultClient
		}
		hc := sameorigin.Client(base)
		check := hc.CheckRedirect
		hc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
			err := check(req, via)
			var so *sameorigin.Error
			if errors.As(err, &so) {
				bud.fail(err)
			}
			return err
		}
		next := hc.Transport
		if next == nil {
			next = http.DefaultTransport
		}
		hc.Transport = &headerTransport{headers: headers, origin: origin, next: next, status: hs, budget: bud}
		// The SDK's event cap is a backstop: the budget's message cap is
		// met first.
		maxEvent := int(o.MaxMessageBytes) + 1<<10
		if s.Transport == TransportSSE {
			return &mcp.SSEClientTransport{Endpoint: s.URL, HTTPClient: hc, MaxEventSize: maxEvent}, nil, nil, nil
		}
		return &mcp.StreamableClientTransport{Endpoint: s.URL, HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true, MaxEventSize: maxEvent}, nil, nil, nil
	}
	return nil, nil, nil, fmt.Errorf("unknown transport %q", s.Transport)
}

// headerTransport sends the configured headers with every request to the
// server's origin, refuses a request to any other origin (an SSE endpoint
// naming another host) before sending it, counts every response body
// against the listing's budget, and notes the first 4xx status.
type headerTransport struct {
	headers map[string]string
	origin  *url.URL
	next    http.RoundTripper
	status  *statusRecorder
	budget  *budget
}

func (t *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if !sameorigin.Same(r.URL, t.origin) {
		return nil, t.budget.fail(&sameorigin.Error{From: sameorigin.Origin(t.origin), To: sameorigin.Origin(r.URL), Named: "endpoint"})
	}
	if len(t.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range t.headers {
			r.Header.Set(k, v)
		}
	}
	resp, err := t.next.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		t.status.note(resp.StatusCode)
	}
	what, ends := "a response body", never
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "text/event-stream" {
		what, ends = "an SSE event", byBlankLine
	}
	resp.Body = readCloser{newMessageReader(resp.Body, t.budget, what, ends), resp.Body}
	return resp, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// statusRecorder keeps the first 4xx status of a server.
type statusRecorder struct {
	mu     sync.Mutex
	status int
}

func (s *statusRecorder) note(code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status == 0 {
		s.status = code
	}
}

func (s *statusRecorder) first() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu   sync.Mutex
	max  int
	buf  []byte
	lost bool
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > b.max {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-b.max:]...)
		b.lost = true
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := string(b.buf)
	if b.lost {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		}
		s = "…\n" + s
	}
	return s
}
