package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// notesServer serves two tools over streamable HTTP, checking a header.
func notesServer(t *testing.T) string {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "0.1"}, nil)
	never := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic("tooleval must never call a tool")
	}
	yes, no := true, false
	s.AddTool(&mcp.Tool{Name: "search_notes", Description: "Search the notes by keyword.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`)}, never)
	s.AddTool(&mcp.Tool{Name: "delete_note", Description: "Delete a note for good.", Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes, OpenWorldHint: &no},
		InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)}, never)
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer t0ken" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL
}

func TestMCPFlags(t *testing.T) {
	url := notesServer(t)
	cache := t.TempDir()
	t.Setenv("NOTES_TOKEN", "t0ken")
	hdr := "Authorization: Bearer ${NOTES_TOKEN}"

	code, out, errOut := runCLI("catalog", "--mcp", url, "--mcp-server", "notes", "--mcp-header", hdr, "--mcp-cache", cache, "--json")
	var sum catalogSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.File != "mcp:notes" || sum.Tools != 2 {
		t.Fatalf("catalog --mcp: exit %d %+v\n%s", code, sum, errOut)
	}
	// The token never reaches output or the cache.
	files, _ := filepath.Glob(filepath.Join(cache, "*"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if strings.Contains(string(data), "t0ken") {
			t.Errorf("%s holds the token", f)
		}
	}
	if len(files) != 1 || strings.Contains(out+errOut, "t0ken") {
		t.Errorf("cache files %v; output %s %s", files, out, errOut)
	}

	// ask mode keeps only the readOnlyHint tool; MCP naming applies.
	code, out, errOut = runCLI("render", "--mcp", url, "--mcp-server", "notes", "--mcp-header", hdr, "--mcp-cache", cache, "--refresh",
		"--variant", "names", "--mode", "ask", "--mcp-names")
	if code != 0 || !strings.Contains(out, "mcp__notes__search_notes") || strings.Contains(out, "delete_note") {
		t.Errorf("render --mode ask: exit %d\n%s\n%s", code, out, errOut)
	}
	// Without the header the refresh fails and the cache stands in, with a warning.
	code, out, errOut = runCLI("retrieve", "--mcp", url, "--mcp-server", "notes", "--mcp-cache", cache, "--refresh", "--query", "remove a note", "-k", "1", "--json")
	if code != 0 || !strings.Contains(out, `"delete_note"`) || !strings.Contains(errOut, `mcp server "notes": using its cached tools from`) {
		t.Errorf("retrieve fallback: exit %d\n%s\n%s", code, out, errOut)
	}

	// A servers file with a dead server: render fails naming it, catalog
	// summarises the others and exits 1.
	dir := t.TempDir()
	servers := filepath.Join(dir, "servers.json")
	os.WriteFile(servers, []byte(`{"mcpServers": {"notes": {"url": "`+url+`", "headers": {"Authorization": "Bearer ${NOTES_TOKEN}"}}, "dead": {"command": "/nonexistent/server"}}}`), 0o644)
	code, _, errOut = runCLI("render", "--mcp-config", servers, "--mcp-cache", cache)
	if code != 1 || !strings.Contains(errOut, `mcp server "dead": start:`) {
		t.Errorf("render with a dead server: exit %d\n%s", code, errOut)
	}
	code, out, errOut = runCLI("catalog", "--mcp-config", servers, "--mcp-cache", cache)
	if code != 1 || !strings.Contains(out, "servers.json (mcp): 2 tools") || !strings.Contains(errOut, `mcp server "dead"`) {
		t.Errorf("catalog with a dead server: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI("render", "--mcp-config", servers, "--mcp-server", "notes", "--mcp-cache", cache, "--variant", "names", "--mcp-names")
	if code != 0 || !strings.Contains(out, "mcp__notes__delete_note") {
		t.Errorf("render --mcp-server: exit %d\n%s\n%s", code, out, errOut)
	}

	for _, bad := range [][]string{
		{"render", "--catalog", "x.json", "--mcp", url},
		{"render", "--mcp", url, "--mcp-config", servers},
		{"render", "--mcp-config", servers, "--mcp-server", "nope"},
		{"render", "--mcp", url, "--mcp-header", "no colon"},
		{"render", "--mcp", "npx 'unclosed"},
		{"render", "--mcp-config", servers, "--mcp-transport", "sse"},
	} {
		if code, _, errOut := runCLI(bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, errOut)
		}
	}
}
