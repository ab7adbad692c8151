package mcpcatalog

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// loopServer answers every tools/list with the same cursor.
func loopServer(result func(cursor string) mcp.Result) *mcp.Server {
	s := newTestServer(shapeTools[:1], 0, nil)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			return result(req.GetParams().(*mcp.ListToolsParams).Cursor), nil
		}
	})
	return s
}

func TestListBadPages(t *testing.T) {
	o := testOptions(t)
	for _, tc := range []struct {
		name   string
		result func(cursor string) mcp.Result
		want   string
	}{
		{"repeated cursor", func(string) mcp.Result {
			return &rawListResult{Tools: []json.RawMessage{json.RawMessage(shapeTools[0].raw)}, NextCursor: "again"}
		}, `page 2 (cursor "again"): the server returned cursor "again" again`},
		{"tools not an array", func(string) mcp.Result { return &customResult{raw: `{"tools":{"name":"x"}}`} },
			`tools/list: page 1: result.tools: want an array of tools, got {"name":"x"}`},
		{"no inputSchema", func(string) mcp.Result { return &customResult{raw: `{"tools":[{"name":"x","description":"d"}]}`} },
			`tools[0] "x": $: want an MCP tool {"name","inputSchema"}, the tool has no inputSchema`},
		{"nameless tool", func(string) mcp.Result {
			return &customResult{raw: `{"tools":[{"name":"ok","inputSchema":{}},{"inputSchema":{"type":"object"}}]}`}
		},
			`tools[1]: $: want a "name" member naming the tool`},
		{"bad name type", func(string) mcp.Result { return &customResult{raw: `{"tools":[{"name":7,"inputSchema":{}}]}`} },
			`tools[0]: $.name: want a non-empty string tool name, got number 7`},
		{"bad annotation", func(string) mcp.Result {
			return &customResult{raw: `{"tools":[{"name":"x","inputSchema":{},"annotations":{"readOnlyHint":"yes"}}]}`}
		}, `tools[0] "x": $.annotations.readOnlyHint: want true or false, got string "yes"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{Name: "loop", Transport: TransportStreamable, URL: httpServer(t, loopServer(tc.result), false)}
			_, err := List(context.Background(), s, o)
			var se *ServerError
			if !errors.As(err, &se) || se.Phase != PhaseList || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant %q", err, tc.want)
			}
		})
	}
}

// customResult is a tools/list result written out verbatim (the embedded
// result only supplies the SDK's Result methods).
type customResult struct {
	mcp.ListToolsResult
	raw string
}

func (r *customResult) MarshalJSON() ([]byte, error) { return []byte(r.raw), nil }

func TestListSSEStartTimeout(t *testing.T) {
	// An SSE endpoint that never sends its endpoint event.
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer ts.Close()
	o := Options{StartTimeout: 300 * time.Millisecond, InitTimeout: 200 * time.Millisecond, NoCache: true}
	_, err := List(context.Background(), &Server{Name: "hang", Transport: TransportSSE, URL: ts.URL + "/sse"}, o)
	var se *ServerError
	if !errors.As(err, &se) || se.Phase != PhaseStart || !strings.Contains(err.Error(), "did not start within 300ms") {
		t.Errorf("got %v", err)
	}
}

func TestLoadBadCache(t *testing.T) {
	o := testOptions(t)
	var warnings []string
	o.Warn = func(m string) { warnings = append(warnings, m) }
	s := &Server{Name: "notes", Transport: TransportStreamable, URL: httpServer(t, newTestServer(shapeTools[:2], 0, nil), false)}
	if err := os.MkdirAll(o.CacheDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(CachePath(o.CacheDir, s), []byte(`{"server":`), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, st, err := Load(context.Background(), []*Server{s}, o)
	if err != nil || st[0].FromCache || cat.Len() != 2 {
		t.Fatalf("got %v, %+v", err, st[0])
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], `mcp server "notes": ignoring its cache: `) || !strings.Contains(warnings[0], "not a cached listing") {
		t.Errorf("warnings %q", warnings)
	}
	// The listing replaced the broken cache.
	if _, err := ReadCache(CachePath(o.CacheDir, s), s); err != nil {
		t.Error(err)
	}
}

func TestHeadersSent(t *testing.T) {
	var got []string
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newTestServer(shapeTools[:1], 0, nil) }, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header.Get("Authorization")+"|"+r.Header.Get("X-Team"))
		h.ServeHTTP(w, r)
	}))
	defer ts.Close()
	o := testOptions(t)
	o.NoCache = true
	o.Headers = map[string]string{"Authorization": "Bearer global", "X-Team": "a"}
	s := &Server{Name: "h", Transport: TransportStreamable, URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer mine"}}
	if _, err := List(context.Background(), s, o); err != nil {
		t.Fatal(err)
	}
	for _, g := range got {
		if g != "Bearer mine|a" {
			t.Errorf("request headers %q", g)
		}
	}
	if len(got) == 0 {
		t.Error("no requests")
	}
}

// A URL whose transport was not given is tried over SSE when streamable
// HTTP gets a 4xx at initialize, as the MCP specification advises.
func TestListFallsBackToSSE(t *testing.T) {
	url := httpServer(t, newTestServer(shapeTools[:2], 0, nil), true) // SSE only, no /sse suffix
	s, err := ParseTarget(url, "old", "")
	if err != nil || s.Transport != TransportStreamable {
		t.Fatalf("%+v %v", s, err)
	}
	l, err := List(context.Background(), s, Options{NoCache: true})
	if err != nil || len(l.Tools) != 2 {
		t.Fatalf("got %v, %v", l, err)
	}
	// An explicit transport is not second-guessed.
	s, _ = ParseTarget(url, "old", "http")
	if _, err := List(context.Background(), s, Options{NoCache: true}); err == nil {
		t.Error("explicit streamable HTTP: want an error")
	}
}
