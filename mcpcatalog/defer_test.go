package mcpcatalog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
)

// A server's "defer_loading" in the servers file defers every tool it
// lists; disabledTools still apply beside it; other servers are loaded up
// front.
func TestDeferLoadingServer(t *testing.T) {
	cfg, err := ParseConfig([]byte(`{"mcpServers": {
	  "big": {"url": "https://example.com/mcp", "defer_loading": true, "disabledTools": ["b"]},
	  "small": {"command": "small-server"}}}`), "servers.json")
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Servers[0].DeferLoading || cfg.Servers[1].DeferLoading {
		t.Fatalf("defer_loading: %+v %+v", cfg.Servers[0], cfg.Servers[1])
	}
	l := &Listing{Server: "big", Tools: []json.RawMessage{
		json.RawMessage(`{"name":"a","inputSchema":{"type":"object"}}`),
		json.RawMessage(` {"name":"b","inputSchema":{"type":"object"}}`),
		json.RawMessage(`{"name":"c","inputSchema":{"type":"object"},"defer_loading":false}`),
	}}
	for _, c := range []struct {
		srv  *Server
		want string
	}{
		{cfg.Servers[0], "a:deferred b:deferred:hidden c:deferred"},
		{cfg.Servers[1], "a b c"},
	} {
		cat, err := Catalog(l, c.srv, "servers.json#"+c.srv.Name)
		if err != nil {
			t.Fatal(err)
		}
		sel, err := cat.Select(catalog.Selection{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tool := range cat.Tools() {
			s := tool.Name
			if tool.DeferLoading {
				s += ":deferred"
			}
			if _, shown := sel.Lookup(tool.Name); !shown {
				s += ":hidden"
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %s", c.srv.Name, got, c.want)
		}
	}
}

func TestWithMember(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`: `{"m":true,"a":1}`,
		` {} `:    `{"m":true}`,
		`[1]`:     `[1]`,
	} {
		if got := string(withMember(json.RawMessage(in), `"m":true`)); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
}
