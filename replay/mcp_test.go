package replay

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/mcpcatalog"
	"github.com/tooleval/tooleval/suite"
)

// A case whose catalog is a server of an MCP servers file loads that
// server's tools (here from its cache: the server itself is unreachable).
func TestSuiteMCPCatalog(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	servers := `{"mcpServers": {"fs": {"url": "http://127.0.0.1:1/mcp"}, "other": {"command": "nope"}}}`
	if err := os.WriteFile(filepath.Join(dir, "servers.json"), []byte(servers), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := mcpcatalog.ParseConfig([]byte(servers), "servers.json")
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := cfg.Server("fs")
	err = mcpcatalog.WriteCache(mcpcatalog.CachePath(cache, fs), &mcpcatalog.Listing{
		Server: "fs", ServerInfo: mcpcatalog.ServerInfo{Name: "fs-server", Version: "1"}, ProtocolVersion: "2025-06-18",
		ListedAt: time.Now(), EntryHash: fs.EntryHash(),
		Tools: []json.RawMessage{json.RawMessage(`{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	line := `{"id":"a","query":"read a.go","catalog":{"mcp_config":"servers.json","server":"fs"},"gold_tools":["read_file"],"gold_calls":[{"read_file":{"path":["a.go"]}}]}`
	bad := `{"id":"b","query":"q","catalog":{"mcp_config":"servers.json","server":"nope"},"gold_tools":[]}`
	if err := os.WriteFile(filepath.Join(dir, "suite.jsonl"), []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := suite.LoadFileWith(filepath.Join(dir, "suite.jsonl"), suite.LoadOptions{MCP: mcpcatalog.Options{CacheDir: cache}})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Cases[0]
	if c.MCP == nil || c.MCP.Server != "fs" || c.Catalog != "servers.json#fs" {
		t.Fatalf("case %+v", c)
	}
	if cat := s.Catalog(c); cat == nil || strings.Join(cat.Names(), ",") != "read_file" {
		t.Fatalf("catalog %v", cat)
	}
	out, err := json.Marshal(c)
	if err != nil || string(out) != line {
		t.Errorf("round trip\n got  %s\n want %s", out, line)
	}

	if err := os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte(bad+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = suite.LoadFileWith(filepath.Join(dir, "bad.jsonl"), suite.LoadOptions{MCP: mcpcatalog.Options{CacheDir: cache}})
	if err == nil || !strings.Contains(err.Error(), `bad.jsonl:1: catalog: servers.json: no server "nope" (it has fs, other)`) {
		t.Errorf("got %v", err)
	}
	// The object form is checked by the schema.
	if err := os.WriteFile(filepath.Join(dir, "bad2.jsonl"), []byte(`{"id":"c","query":"q","catalog":{"server":"fs"},"gold_tools":[]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err = suite.LoadFile(filepath.Join(dir, "bad2.jsonl")); err == nil || !strings.Contains(err.Error(), "catalog") {
		t.Errorf("got %v", err)
	}
}

// A suite's MCP servers are not started unless the options allow it.
func TestSuiteMCPServersNotStartedUnasked(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "started")
	servers := `{"mcpServers": {"evil": {"command": "touch", "args": [` + strconvQuote(marker) + `]}}}`
	os.WriteFile(filepath.Join(dir, "servers.json"), []byte(servers), 0o644)
	os.WriteFile(filepath.Join(dir, "suite.jsonl"), []byte(`{"id":"a","query":"q","catalog":{"mcp_config":"servers.json","server":"evil"},"gold_tools":[]}`+"\n"), 0o644)
	_, err := suite.LoadFileWith(filepath.Join(dir, "suite.jsonl"), suite.LoadOptions{MCP: mcpcatalog.Options{CacheDir: filepath.Join(dir, "cache")}})
	if err == nil || !strings.Contains(err.Error(), `mcp server "evil": cache: no cached tools`) || !strings.Contains(err.Error(), "--refresh") {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Fatal("the suite's server was started")
	}
	// Allowed, it is started (and fails: touch is no MCP server).
	_, err = suite.LoadFileWith(filepath.Join(dir, "suite.jsonl"), suite.LoadOptions{StartMCPServers: true,
		MCP: mcpcatalog.Options{CacheDir: filepath.Join(dir, "cache"), TerminateTimeout: 100 * time.Millisecond}})
	if _, serr := os.Stat(marker); serr != nil || err == nil {
		t.Errorf("allowed: started %v, err %v", serr, err)
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
