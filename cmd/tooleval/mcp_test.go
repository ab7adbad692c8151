package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
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

	code, out, errOut := runCLI("catalog", "--mcp", url, "--mcp-server", "notes", "--mcp-header", hdr, "--mcp-cache", cache, "--json", "-")
	var sum catalogSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.File != "mcp:notes" || sum.Tools != 2 {
		t.Fatalf("catalog --mcp: exit %d %+v\n%s", code, sum, errOut)
	}
	if len(sum.Servers) != 1 || sum.Servers[0].Name != "notes" || sum.Servers[0].ServerName != "notes" || sum.Servers[0].ServerVersion != "0.1" ||
		sum.Servers[0].ProtocolVersion == "" || sum.Servers[0].Tools != 2 || sum.Servers[0].FromCache {
		t.Errorf("servers %+v", sum.Servers)
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
	code, out, errOut = runCLI("retrieve", "--mcp", url, "--mcp-server", "notes", "--mcp-cache", cache, "--refresh", "--query", "remove a note", "-k", "1", "--json", "-")
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
	if code != 1 || !strings.Contains(out, "servers.json (mcp): 2 tools") || !strings.Contains(errOut, `mcp server "dead"`) ||
		!strings.Contains(out, "  server notes: notes 0.1, MCP ") || !strings.Contains(out, "2 tools (cached ") || !strings.Contains(out, "  server dead: not listed") {
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
		{"render", "--catalog", "../../testdata/catalogs/git.mcp.json", "--mcp-server", "x"},
		{"tune", "--mcp-server", "x"},
		{"catalog", "../../testdata/catalogs/git.mcp.json", "--mcp-transport", "sse"},
		{"render", "--mcp", url, "--mcp-timeout", "-1s"},
	} {
		if code, _, errOut := runCLI(bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, errOut)
		}
	}
}

// tune and record take the live catalog in place of every case's own.
func TestMCPSuites(t *testing.T) {
	url := notesServer(t)
	t.Setenv("NOTES_TOKEN", "t0ken")
	cache := t.TempDir()
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite.jsonl")
	os.WriteFile(suite, []byte(strings.Join([]string{
		`{"id":"1","query":"find my notes about the trip","catalog":"snapshot.json","gold_tools":["search_notes"]}`,
		`{"id":"2","query":"delete the note with id 7","catalog":"snapshot.json","gold_tools":["delete_note"]}`,
		`{"id":"3","query":"search notes for groceries","catalog":"snapshot.json","gold_tools":["search_notes"]}`,
	}, "\n")+"\n"), 0o644)
	mcpArgs := []string{"--mcp", url, "--mcp-server", "notes", "--mcp-header", "Authorization: Bearer ${NOTES_TOKEN}", "--mcp-cache", cache}

	code, out, errOut := runCLI(append([]string{"tune", "--suite", suite, "--folds", "1", "--encoding", "none", "--no-analyzer",
		"--k1", "1.2", "--b", "0.75", "--weight-values", "1", "--json", "-", "--no-progress"}, mcpArgs...)...)
	if code != 0 || !strings.Contains(out, `"objective"`) {
		t.Errorf("tune --mcp: exit %d\n%.400s\n%s", code, out, errOut)
	}
	// Without --mcp the suite's own (missing) catalog is used.
	if code, _, errOut := runCLI("tune", "--suite", suite, "--folds", "1"); code != 1 || !strings.Contains(errOut, "snapshot.json") {
		t.Errorf("tune without --mcp: exit %d\n%s", code, errOut)
	}

	var tools []string
	var mu sync.Mutex
	llm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Tools []struct {
				Function struct{ Name string } `json:"function"`
			} `json:"tools"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		mu.Lock()
		for _, tl := range body.Tools {
			tools = append(tools, tl.Function.Name)
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	defer llm.Close()
	t.Setenv("OPENAI_API_KEY", "k")
	t.Setenv("OPENAI_BASE_URL", llm.URL+"/v1")
	t.Setenv("OPENAI_MODEL", "m")
	for _, v := range []string{"TOOLEVAL_API_KEY", "TOOLEVAL_BASE_URL", "TOOLEVAL_MODEL"} {
		t.Setenv(v, "")
	}
	code, out, errOut = runCLI(append([]string{"record", "--out", filepath.Join(dir, "rec.jsonl"), "-q"}, append(mcpArgs, suite)...)...)
	if code != 0 || !strings.Contains(out, "recorded 3") {
		t.Fatalf("record --mcp: exit %d\n%s\n%s", code, out, errOut)
	}
	sort.Strings(tools)
	if strings.Join(tools, ",") != "delete_note,delete_note,delete_note,search_notes,search_notes,search_notes" {
		t.Errorf("tools sent: %v", tools)
	}
}
