package mcpcatalog

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test binary doubles as a stdio MCP server (built with the same SDK)
// when MCPCATALOG_TEST_SERVER names a mode; see runTestServer.
func TestMain(m *testing.M) {
	if mode := os.Getenv("MCPCATALOG_TEST_SERVER"); mode != "" {
		runTestServer(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testTool is a tool as the test servers send it: the raw tools/list JSON.
type testTool struct {
	name string
	raw  string
}

// shapeTools cover every schema shape the catalog loader normalises, the
// MCP members it reads (title, annotations, outputSchema) and property
// order that is not alphabetical.
var shapeTools = []testTool{
	{"plain", `{"name":"plain","description":"Plain object.","inputSchema":{"type":"object","properties":{"zeta":{"type":"string","description":"last letter"},"alpha":{"type":"integer"}},"required":["zeta"]}}`},
	{"no_type", `{"name":"no_type","description":"Missing top type.","inputSchema":{"properties":{"a":{"type":"string"}}}}`},
	{"python_names", `{"name":"python_names","description":"Python type names.","inputSchema":{"type":"dict","properties":{"a":{"type":"str"},"b":{"type":"int"},"c":{"type":"float"},"d":{"type":"bool"},"e":{"type":"list","items":{"type":"tuple"}},"f":{"type":"any"}}}}`},
	{"nullable", `{"name":"nullable","description":"Gemini-style nullable.","inputSchema":{"type":"OBJECT","properties":{"a":{"type":"STRING","nullable":true},"b":{"type":"string","enum":["x"],"nullable":true}}}}`},
	{"refs", `{"name":"refs","description":"References.","inputSchema":{"type":"object","$defs":{"P":{"type":"string","description":"d"},"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}},"properties":{"a":{"$ref":"#/$defs/P","description":"own"},"n":{"$ref":"#/$defs/N"},"x":{"$ref":"#/$defs/Missing"}}}}`},
	{"unions", `{"name":"unions","description":"anyOf and oneOf.","inputSchema":{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},"w":{"oneOf":[{"type":"integer"},{"type":"null"}]}}}}`},
	{"infer", `{"name":"infer","description":"Types inferred from keywords.","inputSchema":{"type":"object","properties":{"a":{"enum":[1,2.5]},"c":{"default":true},"d":{"items":{}},"e":{"maxLength":3}}}}`},
	{"tuple", `{"name":"tuple","description":"Draft 4 tuple items.","inputSchema":{"type":"object","properties":{"p":{"type":"array","items":[{"type":"float"},{"type":"float"}]}}}}`},
	{"flags", `{"name":"flags","description":"Per-property required.","inputSchema":{"type":"object","properties":{"a":{"type":"string","required":true},"b":{"type":"string","optional":true}}}}`},
	{"unknown_type", `{"name":"unknown_type","description":"Unknown type name.","inputSchema":{"type":"object","properties":{"a":{"type":"blob"}},"required":["a","b"]}}`},
	{"empty", `{"name":"empty","inputSchema":{"type":"object"}}`},
	{"read_notes", `{"name":"read_notes","title":"Read notes","description":"Reads notes.","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}},"annotations":{"readOnlyHint":true,"openWorldHint":false},"outputSchema":{"type":"object","properties":{"notes":{"type":"array"}}}}`},
	{"delete_note", `{"name":"delete_note","description":"Deletes a note.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]},"annotations":{"readOnlyHint":false,"destructiveHint":true,"idempotentHint":true}}`},
}

// newTestServer builds an SDK server sending tools exactly as written,
// pageSize to a page. A receiving middleware swaps the SDK's tool list for
// the raw definitions, so schemas the SDK would refuse to register (no
// top-level type, Python names) and malformed tools reach the client.
func newTestServer(tools []testTool, pageSize int, listHook func(ctx context.Context)) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "test-server", Version: "1.2.3"}, &mcp.ServerOptions{PageSize: pageSize, Instructions: "Use read_notes before delete_note."})
	raw := map[string]json.RawMessage{}
	for _, t := range tools {
		raw[t.name] = json.RawMessage(t.raw)
		s.AddTool(&mcp.Tool{Name: t.name, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				panic("tooleval must never call a tool")
			})
	}
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				panic("tooleval must never call a tool")
			}
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			if listHook != nil {
				listHook(ctx)
			}
			res, err := next(ctx, method, req)
			if err != nil {
				return res, err
			}
			lr := res.(*mcp.ListToolsResult)
			out := &rawListResult{NextCursor: lr.NextCursor}
			for _, t := range lr.Tools {
				out.Tools = append(out.Tools, raw[t.Name])
			}
			return out, nil
		}
	})
	return s
}

// rawListResult is a tools/list result whose tools are raw JSON.
type rawListResult struct {
	mcp.ListToolsResult
	Tools      []json.RawMessage `json:"tools"`
	NextCursor string            `json:"nextCursor,omitempty"`
}

func (r *rawListResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tools      []json.RawMessage `json:"tools"`
		NextCursor string            `json:"nextCursor,omitempty"`
	}{r.Tools, r.NextCursor})
}

// runTestServer serves one mode over stdio.
func runTestServer(mode string) {
	ctx := context.Background()
	serve := func(s *mcp.Server) {
		if err := s.Run(ctx, &mcp.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
		}
	}
	switch mode {
	case "shapes":
		fmt.Fprintln(os.Stderr, "shapes server ready")
		serve(newTestServer(shapeTools, 3, nil))
	case "crash":
		fmt.Fprintln(os.Stderr, "fatal: cannot open database /nonexistent/notes.db")
		os.Exit(3)
	case "garbage":
		fmt.Println("Server listening on stdio... (this line is not JSON-RPC)")
		serve(newTestServer(shapeTools, 0, nil))
	case "silent":
		fmt.Fprintln(os.Stderr, "thinking forever")
		buf := make([]byte, 4096)
		for {
			if _, err := os.Stdin.Read(buf); err != nil {
				return
			}
		}
	case "slowlist":
		serve(newTestServer(shapeTools, 0, func(ctx context.Context) { <-ctx.Done() }))
	case "malformed":
		serve(newTestServer(malformedTools, 0, nil))
	case "orphan", "orphanstuck":
		// A server that starts a child of its own (as npx starts node)
		// and ignores SIGTERM; orphanstuck never answers tools/list.
		signal.Ignore(syscall.SIGTERM)
		child := exec.Command("sleep", "300")
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
			os.Exit(2)
		}
		os.WriteFile(os.Getenv("MCPCATALOG_TEST_PIDFILE"), []byte(fmt.Sprintf("%d %d", os.Getpid(), child.Process.Pid)), 0o644)
		var hook func(context.Context)
		if mode == "orphanstuck" {
			hook = func(context.Context) { select {} }
		}
		serve(newTestServer(shapeTools, 0, hook))
	case "lister":
		// tooleval listing a stuck server, to be interrupted.
		exe, _ := os.Executable()
		s := &Server{Name: "stuck", Transport: TransportStdio, Command: exe,
			Env: map[string]string{"MCPCATALOG_TEST_SERVER": "orphanstuck", "MCPCATALOG_TEST_PIDFILE": os.Getenv("MCPCATALOG_TEST_PIDFILE")}}
		_, err := List(ctx, s, Options{NoCache: true})
		fmt.Fprintln(os.Stderr, "lister: listing ended:", err)
		os.Exit(5)
	case "bigpage":
		// One tools/list page larger than the SDK's own 16 MiB line cap,
		// within the listing cap.
		serve(newTestServer([]testTool{{"big", `{"name":"big","description":"` + strings.Repeat("d", 17<<20) + `","inputSchema":{"type":"object"}}`}}, 0, nil))
	case "hugeline":
		w := bufio.NewWriter(os.Stdout)
		w.WriteString(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"`)
		for i := 0; i < 8<<10; i++ {
			if _, err := w.WriteString(strings.Repeat("x", 1024)); err != nil {
				return
			}
		}
		w.WriteString("\"}}\n")
		w.Flush()
	case "tellsecrets":
		// A server that prints its arguments and environment on stderr,
		// then fails.
		fmt.Fprintln(os.Stderr, "args:", os.Args[1:], "env:", os.Getenv("SECRET_ENV"))
		os.Exit(4)
	case "notools":
		serve(mcp.NewServer(&mcp.Implementation{Name: "empty", Version: "0"}, nil))
	default:
		fmt.Fprintln(os.Stderr, "unknown test server mode", mode)
		os.Exit(2)
	}
}

var malformedTools = []testTool{
	{"fine", `{"name":"fine","description":"ok","inputSchema":{"type":"object"}}`},
	{"bad", `{"name":"bad","description":"schema is a string","inputSchema":"object"}`},
}

// stdioServer is a Server running this test binary in mode.
func stdioServer(t *testing.T, name, mode string) *Server {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Server{Name: name, Transport: TransportStdio, Command: exe, Env: map[string]string{"MCPCATALOG_TEST_SERVER": mode}}
}

// httpServer serves s over streamable HTTP (or SSE) for the test.
func httpServer(t *testing.T, s *mcp.Server, sse bool) string {
	t.Helper()
	var ts *httptest.Server
	if sse {
		ts = httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return s }, nil))
	} else {
		ts = httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	}
	t.Cleanup(ts.Close)
	return ts.URL
}
