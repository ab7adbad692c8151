package mcpcatalog

import (
	"fmt"
	"net/url"
	"path"
	"strings"
)

// ParseTarget makes a server of a command line or a URL, as given to
// --mcp: an http:// or https:// URL is an HTTP server (SSE when the path
// ends in /sse, streamable HTTP otherwise; transport overrides), anything
// else is a command line run over stdio, split like a POSIX shell does
// (quotes and backslashes; no variables, globs or pipes). name names the
// server; when empty it comes from the command (the package or script it
// runs, without "@scope/", "mcp-server-", "server-" and "-mcp") or the
// URL's host.
func ParseTarget(spec, name, transport string) (*Server, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, fmt.Errorf("empty MCP server: want a command line or an http(s):// URL")
	}
	s := &Server{Name: name}
	if strings.HasPrefix(spec, "http://") || strings.HasPrefix(spec, "https://") {
		u, err := url.Parse(spec)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("MCP server URL %q: not a valid URL", spec)
		}
		if s.Transport, err = urlTransport(transport, spec, spec); err != nil {
			return nil, err
		}
		s.guessed = transport == ""
		s.URL = spec
		if s.Name == "" {
			s.Name = nameOf(u.Hostname())
		}
		return s, nil
	}
	if transport != "" && transport != TransportStdio {
		return nil, fmt.Errorf("MCP transport %q needs an http(s):// URL, got a command line", transport)
	}
	words, err := SplitCommand(spec)
	if err != nil {
		return nil, fmt.Errorf("MCP command %q: %v", spec, err)
	}
	s.Transport = TransportStdio
	s.Command, s.Args = words[0], words[1:]
	if s.Name == "" {
		s.Name = commandName(words)
	}
	return s, nil
}

// launchers run the program named by their first non-flag argument.
var launchers = map[string]bool{
	"npx": true, "uvx": true, "uv": true, "node": true, "python": true, "python3": true, "deno": true,
	"bun": true, "bunx": true, "pnpm": true, "pnpx": true, "yarn": true, "npm": true, "docker": true,
	"pipx": true, "go": true, "env": true, "sh": true, "bash": true,
}

// launcherWords are subcommands of launchers, skipped too.
var launcherWords = map[string]bool{"run": true, "exec": true, "dlx": true, "x": true, "tool": true, "-m": true}

// commandName picks a server name from a command line.
func commandName(words []string) string {
	prog := words[0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		base := path.Base(strings.ReplaceAll(w, "\\", "/"))
		if i == 0 && !launchers[base] {
			prog = w
			break
		}
		if i == 0 || launcherWords[w] || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "= \t;|&") {
			continue
		}
		prog = w
		break
	}
	return nameOf(prog)
}

// nameOf turns a package, script or host into a short server name.
func nameOf(s string) string {
	s = strings.ReplaceAll(s, "\\", "/")
	if strings.Contains(s, "/") && !strings.HasPrefix(s, "@") {
		// A script path: name it by its file, or by its package directory
		// when the file is only an entry point (…/server-x/dist/index.js).
		parts := strings.Split(strings.Trim(s, "/"), "/")
		i := len(parts) - 1
		if entryPoints[trimExt(parts[i])] {
			for i--; i > 0 && buildDirs[parts[i]]; i-- {
			}
		}
		if i >= 0 {
			s = parts[i]
		}
	}
	scope := ""
	if strings.HasPrefix(s, "@") {
		if i := strings.IndexByte(s, '/'); i >= 0 {
			scope, s = s[1:i], s[i+1:]
		}
	}
	if i := strings.IndexByte(s, '@'); i > 0 {
		s = s[:i] // package@version
	}
	if scope != "" && (s == "mcp" || s == "server" || s == "mcp-server") {
		s = scope // @playwright/mcp
	}
	s = trimExt(path.Base(s))
	for _, p := range []string{"mcp-server-", "server-", "mcp-", "mcp_server_"} {
		if strings.HasPrefix(s, p) && len(s) > len(p) {
			s = s[len(p):]
			break
		}
	}
	for _, p := range []string{"-mcp-server", "-mcp", "-server", "_mcp"} {
		if strings.HasSuffix(s, p) && len(s) > len(p) {
			s = s[:len(s)-len(p)]
			break
		}
	}
	s = strings.NewReplacer(".", "_", " ", "_").Replace(s)
	if s == "" || s == "/" || s == "." {
		return "server"
	}
	return s
}

var entryPoints = map[string]bool{"index": true, "main": true, "server": true, "cli": true, "app": true, "__main__": true}
var buildDirs = map[string]bool{"dist": true, "build": true, "lib": true, "src": true, "bin": true, "out": true}

func trimExt(s string) string {
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".py", ".exe"} {
		s = strings.TrimSuffix(s, ext)
	}
	return s
}

// SplitCommand splits a command line into words the way a POSIX shell does
// for plain words, '…' and "…" quotes and backslash escapes. It does not
// expand variables or globs.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' at byte %d", i)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unclosed \" in command line")
			}
			inWord = true
		case c == '\\':
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("no command")
	}
	return words, nil
}
