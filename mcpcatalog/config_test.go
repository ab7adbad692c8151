package mcpcatalog

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseConfig(t *testing.T) {
	t.Setenv("MCPCAT_TOKEN", "s3cret")
	t.Setenv("MCPCAT_EMPTY", "")
	cfg, err := ParseConfig([]byte(`{"mcpServers": {
	  "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${MCPCAT_DIR:-/tmp}"], "env": {"DEBUG": "1"}, "disabledTools": ["write_file"], "timeout": 1.5},
	  "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer ${MCPCAT_TOKEN}"}, "alwaysAllow": ["x"]},
	  "old": {"url": "https://example.com/sse"},
	  "typed": {"type": "sse", "url": "https://example.com/events", "headers": {"X": "${MCPCAT_EMPTY:-dflt}"}},
	  "off": {"command": "nope", "disabled": true}
	}}`), "servers.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.Names(), ","); got != "fs,remote,old,typed" {
		t.Fatalf("servers %s", got)
	}
	fs, _ := cfg.Server("fs")
	want := &Server{Name: "fs", Transport: TransportStdio, Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp"},
		Env: map[string]string{"DEBUG": "1"}, DisabledTools: []string{"write_file"}, Timeout: 1500 * time.Millisecond}
	if fs.written == nil || fs.written.Args[2] != "${MCPCAT_DIR:-/tmp}" {
		t.Errorf("fs keeps no written form: %+v", fs.written)
	}
	if want := []secret{{"/tmp", "${MCPCAT_DIR:-/tmp}"}}; !reflect.DeepEqual(fs.secrets, want) {
		t.Errorf("fs secrets %+v, want %+v", fs.secrets, want)
	}
	want.written, want.secrets = fs.written, fs.secrets
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("fs = %+v", fs)
	}
	remote, _ := cfg.Server("remote")
	if remote.Transport != TransportStreamable || remote.Headers["Authorization"] != "Bearer s3cret" {
		t.Errorf("remote = %+v", remote)
	}
	if s, _ := cfg.Server("old"); s.Transport != TransportSSE {
		t.Errorf("old = %+v", s)
	}
	if s, _ := cfg.Server("typed"); s.Transport != TransportSSE || s.Headers["X"] != "dflt" {
		t.Errorf("typed = %+v", s)
	}
	// Secrets stay out of the hash and the description: the entry is
	// hashed and shown as written, ${VAR} unexpanded.
	t.Setenv("MCPCAT_TOKEN", "other")
	again, _ := ParseConfig([]byte(`{"mcpServers": {"remote": {"url": "https://example.com/mcp?key=${MCPCAT_TOKEN}", "headers": {"Authorization": "Bearer ${MCPCAT_TOKEN}"}}}}`), "s.json")
	t.Setenv("MCPCAT_TOKEN", "s3cret")
	again2, _ := ParseConfig([]byte(`{"mcpServers": {"remote": {"url": "https://example.com/mcp?key=${MCPCAT_TOKEN}", "headers": {"Authorization": "Bearer ${MCPCAT_TOKEN}"}}}}`), "s.json")
	if again.Servers[0].EntryHash() != again2.Servers[0].EntryHash() || strings.Contains(again2.Servers[0].String(), "s3cret") ||
		again2.Servers[0].URL != "https://example.com/mcp?key=s3cret" {
		t.Errorf("secrets reach the hash or the description: %s", again2.Servers[0])
	}
	fs2 := *fs
	fs2.written, fs2.hash = nil, ""
	fs2.Args = []string{"-y", "@modelcontextprotocol/server-filesystem", "/home"}
	if fs2.EntryHash() == fs.EntryHash() {
		t.Error("changed args keep the hash")
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"mcpServers": {"a": {"command": "x"}`, "servers.json: line 1:"},
		{`{"other": {}}`, `found no "mcpServers" member`},
		{`{"mcpServers": []}`, "mcpServers: want an object of servers by name"},
		{`{"mcpServers": {"a": {}}}`, `mcpServers.a: want "command"`},
		{`{"mcpServers": {"a": {"command": "x", "url": "http://h"}}}`, "not both"},
		{`{"mcpServers": {"a": {"command": "x", "args": "y"}}}`, "mcpServers.a: want a server"},
		{`{"mcpServers": {"a": {"url": "ftp://h"}}}`, `url "ftp://h": want an http:// or https:// URL`},
		{`{"mcpServers": {"a": {"url": "http://h", "type": "carrier-pigeon"}}}`, `type "carrier-pigeon"`},
		{`{"mcpServers": {"a": {"command": "x", "env": {"K": "${MCPCAT_UNSET_VAR}"}}}}`, "mcpServers.a: env.K: environment variable MCPCAT_UNSET_VAR is not set"},
		{`{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}`, `server "a" is given twice`},
	} {
		_, err := ParseConfig([]byte(tc.in), "servers.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestParseTarget(t *testing.T) {
	for _, tc := range []struct {
		spec, name, transport string
		cmd                   []string
	}{
		{"npx -y @modelcontextprotocol/server-filesystem /tmp", "filesystem", TransportStdio, []string{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"}},
		{"uvx mcp-server-git --repository 'my repo'", "git", TransportStdio, []string{"uvx", "mcp-server-git", "--repository", "my repo"}},
		{`node "/opt/servers/weather-mcp.js" --unit=c`, "weather", TransportStdio, []string{"node", "/opt/servers/weather-mcp.js", "--unit=c"}},
		{`python -m my_notes_server`, "my_notes_server", TransportStdio, []string{"python", "-m", "my_notes_server"}},
		{`./bin/github-mcp-server stdio`, "github", TransportStdio, []string{"./bin/github-mcp-server", "stdio"}},
		{`npx -y @playwright/mcp@latest`, "playwright", TransportStdio, []string{"npx", "-y", "@playwright/mcp@latest"}},
		{"node /home/u/.cache/x/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js /tmp", "filesystem", TransportStdio, nil},
		{"sh -c 'exec my-server --stdio'", "sh", TransportStdio, nil},
		{"https://mcp.example.com/mcp", "mcp_example_com", TransportStreamable, nil},
		{"http://127.0.0.1:8080/sse", "127_0_0_1", TransportSSE, nil},
	} {
		s, err := ParseTarget(tc.spec, "", "")
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		if s.Name != tc.name || s.Transport != tc.transport {
			t.Errorf("%s: name %q transport %q, want %q %q", tc.spec, s.Name, s.Transport, tc.name, tc.transport)
		}
		if tc.cmd != nil && !reflect.DeepEqual(append([]string{s.Command}, s.Args...), tc.cmd) {
			t.Errorf("%s: command %q %q", tc.spec, s.Command, s.Args)
		}
	}
	if s, _ := ParseTarget("https://h/x", "mine", "sse"); s.Name != "mine" || s.Transport != TransportSSE {
		t.Errorf("explicit name and transport: %+v", s)
	}
	for _, bad := range []string{"", "npx 'unclosed", `say "unclosed`} {
		if _, err := ParseTarget(bad, "", ""); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	if _, err := ParseTarget("npx x", "", "sse"); err == nil {
		t.Error("sse with a command: want an error")
	}
}
