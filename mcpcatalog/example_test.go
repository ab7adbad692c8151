package mcpcatalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/mcpcatalog"
)

// Load lists a live server into a catalog; selection then applies the MCP
// naming rules and read-only mode.
func ExampleLoad() {
	// A streamable HTTP MCP server with one read-only and one writing tool.
	srv := mcp.NewServer(&mcp.Implementation{Name: "notes-server", Version: "1.0.0"}, nil)
	never := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }
	srv.AddTool(&mcp.Tool{Name: "search_notes", Description: "Search the notes.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`)}, never)
	srv.AddTool(&mcp.Tool{Name: "delete_note", Description: "Delete a note.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`)}, never)
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer ts.Close()

	cache, _ := os.MkdirTemp("", "mcp-cache")
	defer os.RemoveAll(cache)
	s, err := mcpcatalog.ParseTarget(ts.URL, "notes", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	cat, st, err := mcpcatalog.Load(context.Background(), []*mcpcatalog.Server{s}, mcpcatalog.Options{CacheDir: cache})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cat.Names(), st[0].Listing.ServerInfo.Name, st[0].FromCache)
	ask, _ := cat.Select(catalog.Selection{Mode: "ask", MCPNames: true})
	fmt.Println(ask.Names())

	// The second load answers from the cache.
	_, st, _ = mcpcatalog.Load(context.Background(), []*mcpcatalog.Server{s}, mcpcatalog.Options{CacheDir: cache})
	fmt.Println(st[0].FromCache)
	// Output:
	// [delete_note search_notes] notes-server false
	// [mcp__notes__search_notes]
	// true
}

func ExampleParseConfig() {
	os.Setenv("EXAMPLE_TOKEN", "not printed")
	cfg, err := mcpcatalog.ParseConfig([]byte(`{"mcpServers": {
	  "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
	  "github": {"url": "https://api.githubcopilot.com/mcp/", "headers": {"Authorization": "Bearer ${EXAMPLE_TOKEN}"}},
	  "old": {"url": "http://127.0.0.1:8931/sse"},
	  "off": {"command": "x", "disabled": true}
	}}`), "servers.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range cfg.Servers {
		fmt.Println(s.Name, s.Transport, s)
	}
	// Output:
	// fs stdio "fs" (npx -y @modelcontextprotocol/server-filesystem /tmp)
	// github http "github" (https://api.githubcopilot.com/mcp/)
	// old sse "old" (http://127.0.0.1:8931/sse)
}
