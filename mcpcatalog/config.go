package mcpcatalog

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/tooleval/tooleval/internal/readcap"
)

// The transports a server can be reached by.
const (
	TransportStdio      = "stdio" // a command run with the server on its stdin/stdout
	TransportStreamable = "http"  // streamable HTTP (MCP 2025-03-26 and later)
	TransportSSE        = "sse"   // HTTP with server-sent events (MCP 2024-11-05)
)

// Server is one MCP server: a command to run (stdio) or a URL.
type Server struct {
	// Name names the server in tool names (mcp__NAME__tool), messages and
	// the cache.
	Name string
	// Transport is TransportStdio, TransportStreamable or TransportSSE.
	Transport string

	// Command, Args, Env and Dir start a stdio server. Env is added to
	// tooleval's own environment.
	Command string
	Args    []string
	Env     map[string]string
	Dir     string

	// URL and Headers reach an HTTP server. Header values are sent on every
	// request and never written anywhere (not to the cache, not into
	// messages).
	URL     string
	Headers map[string]string

	// DisabledTools are listed but hidden from prompts (enabledForPrompt
	// false), as Roo Code's disabledTools.
	DisabledTools []string
	// DeferLoading marks every tool of the server deferred (found through
	// a tool search, not loaded up front): the servers file's
	// "defer_loading".
	DeferLoading bool
	// Timeout, when set, overrides Options' initialise and list time-outs
	// for this server (the servers file's "timeout", in seconds).
	Timeout time.Duration

	// guessed is set when the transport of a URL was not given: a
	// streamable HTTP server that answers initialize with 400, 404 or 405
	// is then tried over SSE, as the MCP specification's backwards
	// compatibility section advises.
	guessed bool

	// hash identifies the entry (see EntryHash).
	hash string
	// written is the entry as the servers file has it, before ${VAR}
	// expansion; nil when the Server was built otherwise.
	written *Server
	// secrets are what its ${VAR}s expanded to and its header values,
	// which messages show as written (see redactor).
	secrets []secret
}

// EntryHash is a hash of what starts or reaches the server as the servers
// file writes it (before ${VAR} expansion): transport, command, arguments,
// directory, URL, and the names (not the values) of its environment
// variables and headers, so that no secret goes into the cache. A changed
// entry does not use the cache of the old one.
func (s *Server) EntryHash() string {
	if s.hash != "" {
		return s.hash
	}
	if s.written != nil {
		s.hash = s.written.EntryHash()
		return s.hash
	}
	h := sha256.New()
	field := func(parts ...string) {
		for _, p := range parts {
			fmt.Fprintf(h, "%d:%s;", len(p), p)
		}
		h.Write([]byte{'\n'})
	}
	field("transport", s.Transport)
	field("command", s.Command)
	field(append([]string{"args"}, s.Args...)...)
	field("dir", s.Dir)
	field("url", s.URL)
	field(append([]string{"env"}, sortedKeys(s.Env)...)...)
	field(append([]string{"headers"}, sortedKeys(s.Headers)...)...)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// String describes the server for messages: its name and its command line
// or URL as the servers file writes them (never header or environment
// values, nor what ${VAR} expands to).
func (s *Server) String() string {
	if s.written != nil {
		return s.written.String()
	}
	if s.Transport == TransportStdio {
		return fmt.Sprintf("%q (%s)", s.Name, strings.Join(append([]string{s.Command}, s.Args...), " "))
	}
	return fmt.Sprintf("%q (%s)", s.Name, s.URL)
}

// Config is a servers file: the servers in file order.
type Config struct {
	Servers []*Server
}

// Server returns the server called name.
func (c *Config) Server(name string) (*Server, bool) {
	for _, s := range c.Servers {
		if s.Name == name {
			return s, true
		}
	}
	return nil, false
}

// Names lists the servers' names in file order.
func (c *Config) Names() []string {
	out := make([]string, len(c.Servers))
	for i, s := range c.Servers {
		out[i] = s.Name
	}
	return out
}

// LoadConfig reads a servers file; see ParseConfig.
func LoadConfig(path string) (*Config, error) {
	data, err := readcap.ReadFile(path, MaxListingBytes)
	if err != nil {
		return nil, err
	}
	return ParseConfig(data, path)
}

// ParseConfig reads a servers file in the shape Claude Desktop, Claude
// Code, Cursor, Roo Code and Cline use:
//
//	{"mcpServers": {
//	  "fs":     {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "env": {"K": "v"}},
//	  "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}
//	}}
//
// "servers" (VS Code) is read like "mcpServers". An entry may also give
// "type" or "transport" (stdio; http, streamable-http or streamableHttp;
// sse), "cwd", "disabled" (the server is left out), "disabledTools" (hidden
// from prompts), "defer_loading" (true: every tool of the server is
// deferred, found through a tool search) and "timeout" (seconds). A URL entry without a type uses
// SSE when its path ends in /sse and streamable HTTP otherwise. Other
// members (alwaysAllow, autoApprove, …) are ignored. A URL whose type is
// not given and that answers initialize with 400, 404 or 405 over
// streamable HTTP is tried again over SSE. ${VAR} and
// ${VAR:-default} in command, args, env, cwd, url and headers are taken from
// the environment, so tokens need not be written in the file; an unset
// variable without a default is an error naming the server and the field.
//
// name names the file in errors.
func ParseConfig(data []byte, name string) (*Config, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("%s: %s", name, jsonError(data, err))
	}
	key := "mcpServers"
	raw, ok := top[key]
	if !ok {
		key = "servers"
		raw, ok = top[key]
	}
	if !ok {
		return nil, fmt.Errorf("%s: want an object {\"mcpServers\": {NAME: {\"command\",\"args\",\"env\"} | {\"url\",\"headers\"}}}, found no \"mcpServers\" member", name)
	}
	names, err := objectKeys(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: want an object of servers by name: %v", name, key, err)
	}
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("%s: %s: want an object of servers by name: %v", name, key, err)
	}
	cfg := &Config{}
	for _, n := range names {
		srv, skip, err := parseEntry(n, entries[n])
		if err != nil {
			return nil, fmt.Errorf("%s: %s.%s: %v", name, key, n, err)
		}
		if !skip {
			cfg.Servers = append(cfg.Servers, srv)
		}
	}
	return cfg, nil
}

// entry is one server in a servers file.
type entry struct {
	Type          string            `json:"type"`
	Transport     string            `json:"transport"`
	Command       string            `json:"command"`
	Args          []string          `json:"args"`
	Env           map[string]string `json:"env"`
	Cwd           string            `json:"cwd"`
	URL           string            `json:"url"`
	ServerURL     string            `json:"serverUrl"`
	Headers       map[string]string `json:"headers"`
	Disabled      bool              `json:"disabled"`
	DisabledTools []string          `json:"disabledTools"`
	DeferLoading  bool              `json:"defer_loading"`
	Timeout       float64           `json:"timeout"`
}

func parseEntry(name string, raw json.RawMessage) (*Server, bool, error) {
	if strings.TrimSpace(name) == "" {
		return nil, false, fmt.Errorf("a server needs a non-empty name")
	}
	var e entry
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&e); err != nil {
		return nil, false, fmt.Errorf("want a server {\"command\",\"args\",\"env\"} or {\"url\",\"headers\"}: %v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if e.Disabled {
		return nil, true, nil
	}
	if e.URL == "" {
		e.URL = e.ServerURL
	}
	s := &Server{Name: name, DisabledTools: e.DisabledTools, DeferLoading: e.DeferLoading}
	if e.Timeout < 0 {
		return nil, false, fmt.Errorf("timeout: want seconds ≥ 0, got %v", e.Timeout)
	}
	s.Timeout = time.Duration(e.Timeout * float64(time.Second))
	typ := e.Type
	if typ == "" {
		typ = e.Transport
	}
	var err error
	x := func(field, v string) string {
		if err != nil {
			return ""
		}
		out, secrets, xerr := expand(v)
		if xerr != nil {
			err = fmt.Errorf("%s: %v", field, xerr)
		}
		s.secrets = append(s.secrets, secrets...)
		return out
	}
	switch {
	case e.Command != "" && e.URL != "":
		return nil, false, fmt.Errorf("give either \"command\" (stdio) or \"url\" (HTTP), not both")
	case e.Command != "":
		if typ != "" && typ != TransportStdio {
			return nil, false, fmt.Errorf("type %q does not go with \"command\" (want stdio)", typ)
		}
		s.Transport = TransportStdio
		s.Command = x("command", e.Command)
		for i, a := range e.Args {
			s.Args = append(s.Args, x(fmt.Sprintf("args[%d]", i), a))
		}
		s.Dir = x("cwd", e.Cwd)
		if len(e.Env) > 0 {
			s.Env = map[string]string{}
			for _, k := range sortedKeys(e.Env) {
				s.Env[k] = x("env."+k, e.Env[k])
			}
		}
	case e.URL != "":
		s.URL = x("url", e.URL)
		if err == nil {
			if s.Transport, err = urlTransport(typ, s.URL, e.URL); err != nil {
				return nil, false, err
			}
			s.guessed = typ == ""
		}
		if len(e.Headers) > 0 {
			s.Headers = map[string]string{}
			for _, k := range sortedKeys(e.Headers) {
				s.Headers[k] = x("headers."+k, e.Headers[k])
			}
			s.secrets = append(s.secrets, headerSecrets(s.Headers)...)
		}
	default:
		return nil, false, fmt.Errorf("want \"command\" (a stdio server) or \"url\" (an HTTP server)")
	}
	if err != nil {
		return nil, false, err
	}
	s.written = &Server{Name: name, Transport: s.Transport, Command: e.Command, Args: e.Args, Dir: e.Cwd, URL: e.URL,
		Env: blank(e.Env), Headers: blank(e.Headers)}
	return s, false, nil
}

// blank keeps the keys of m.
func blank(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k := range m {
		out[k] = ""
	}
	return out
}

// urlTransport picks the HTTP transport for a URL: typ when given, else SSE
// for a path ending in /sse and streamable HTTP otherwise. written is the
// URL as the servers file writes it, for messages.
func urlTransport(typ, url, written string) (string, error) {
	switch strings.ToLower(typ) {
	case "http", "streamable-http", "streamablehttp", "streamable_http", "streamable":
		return TransportStreamable, nil
	case "sse":
		return TransportSSE, nil
	case "":
		if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
			return "", fmt.Errorf("url %q: want an http:// or https:// URL", written)
		}
		p := url
		if i := strings.IndexAny(p, "?#"); i >= 0 {
			p = p[:i]
		}
		if strings.HasSuffix(strings.TrimSuffix(p, "/"), "/sse") {
			return TransportSSE, nil
		}
		return TransportStreamable, nil
	}
	return "", fmt.Errorf("type %q: want stdio, http (streamable HTTP) or sse", typ)
}

// Expand replaces ${VAR} and ${VAR:-default} in s with values from the
// environment, as servers files do; an unset variable without a default is
// an error naming it (never a value).
func Expand(s string) (string, error) {
	out, _, err := expand(s)
	return out, err
}

// expand is Expand that also returns what each ${VAR} expanded to, for
// messages to show as written.
func expand(s string) (string, []secret, error) {
	if !strings.Contains(s, "${") {
		return s, nil, nil
	}
	var b strings.Builder
	var secrets []secret
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String(), secrets, nil
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return "", nil, fmt.Errorf("unclosed ${ in %q", s)
		}
		b.WriteString(s[:i])
		ref := s[i+2 : i+j]
		name, def, hasDef := strings.Cut(ref, ":-")
		v, ok := os.LookupEnv(name)
		switch {
		case ok && (v != "" || !hasDef):
		case hasDef:
			v = def
		default:
			return "", nil, fmt.Errorf("environment variable %s is not set", name)
		}
		b.WriteString(v)
		secrets = append(secrets, secret{v, s[i : i+j+1]})
		s = s[i+j+1:]
	}
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// objectKeys returns the member names of a JSON object in file order.
func objectKeys(raw json.RawMessage) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("got %s", strings.TrimSpace(string(raw[:min(len(raw), 20)])))
	}
	var keys []string
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k := t.(string)
		if seen[k] {
			return nil, fmt.Errorf("server %q is given twice", k)
		}
		seen[k] = true
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// jsonError turns a JSON syntax error into "line L:C: message".
func jsonError(data []byte, err error) string {
	var se *json.SyntaxError
	off := int64(-1)
	switch e := err.(type) {
	case *json.SyntaxError:
		se = e
		off = se.Offset
	case *json.UnmarshalTypeError:
		off = e.Offset
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if off < 0 {
		return msg
	}
	line, col := 1, 1
	for _, c := range data[:min(int(off), len(data))] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d:%d: %s", line, col, msg)
}
