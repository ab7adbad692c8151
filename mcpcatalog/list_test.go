package mcpcatalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/catalog"
)

// fileCatalog is what the catalog loader makes of the same tools saved as
// a tools/list file: a live catalog must be the same.
func fileCatalog(t *testing.T, server string, tools []testTool) *catalog.Catalog {
	t.Helper()
	// The SDK's server lists tools by name.
	tools = append([]testTool(nil), tools...)
	sort.Slice(tools, func(i, j int) bool { return tools[i].name < tools[j].name })
	var raws []string
	for _, tt := range tools {
		raws = append(raws, tt.raw)
	}
	cat, err := catalog.Parse([]byte(`{"server":"`+server+`","tools":[`+strings.Join(raws, ",")+`]}`), "saved.json")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func sameTools(t *testing.T, got, want *catalog.Catalog) {
	t.Helper()
	if g, w := got.Names(), want.Names(); strings.Join(g, ",") != strings.Join(w, ",") {
		t.Fatalf("tools %v, want %v", g, w)
	}
	for i, gt := range got.Tools() {
		wt := want.Tools()[i]
		gj, _ := json.Marshal(gt)
		wj, _ := json.Marshal(wt)
		if string(gj) != string(wj) {
			t.Errorf("tool %s:\n got  %s\n want %s", gt.Name, gj, wj)
		}
	}
	var gi, wi []string
	for _, is := range got.Issues() {
		gi = append(gi, is.Tool+":"+is.Code+"@"+is.Path)
	}
	for _, is := range want.Issues() {
		wi = append(wi, is.Tool+":"+is.Code+"@"+is.Path)
	}
	if strings.Join(gi, " ") != strings.Join(wi, " ") {
		t.Errorf("issues\n got  %v\n want %v", gi, wi)
	}
}

// testOptions are the options of tests that expect a listing to succeed:
// time-outs generous enough for a loaded CI machine (a 17 MiB page took
// over 10 s there); the tests of time-outs set their own.
func testOptions(t *testing.T) Options {
	return Options{CacheDir: t.TempDir(), StartTimeout: 30 * time.Second, InitTimeout: 60 * time.Second, ListTimeout: 60 * time.Second, TerminateTimeout: time.Second}
}

func TestListEveryTransport(t *testing.T) {
	want := fileCatalog(t, "notes", shapeTools)
	for _, tc := range []struct {
		name string
		srv  func(t *testing.T) *Server
	}{
		{"stdio", func(t *testing.T) *Server { return stdioServer(t, "notes", "shapes") }},
		{"streamable", func(t *testing.T) *Server {
			return &Server{Name: "notes", Transport: TransportStreamable, URL: httpServer(t, newTestServer(shapeTools, 4, nil), false)}
		}},
		{"sse", func(t *testing.T) *Server {
			return &Server{Name: "notes", Transport: TransportSSE, URL: httpServer(t, newTestServer(shapeTools, 5, nil), true)}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := List(context.Background(), tc.srv(t), testOptions(t))
			if err != nil {
				t.Fatal(err)
			}
			if l.ServerInfo != (ServerInfo{"test-server", "1.2.3"}) || l.ProtocolVersion == "" || l.Server != "notes" ||
				l.Instructions != "Use read_notes before delete_note." {
				t.Errorf("listing header %+v %q", l.ServerInfo, l.ProtocolVersion)
			}
			// Raw tools keep the server's member order (not the SDK's maps).
			plain, _ := got0(l, "plain")
			if !strings.Contains(plain, `"zeta":{"type":"string","description":"last letter"},"alpha"`) {
				t.Errorf("plain lost its property order: %s", plain)
			}
			got, err := Catalog(l, nil, "saved.json")
			if err != nil {
				t.Fatal(err)
			}
			sameTools(t, got, want)
			ro, _ := got.Lookup("read_notes")
			if ro.Server != "notes" || ro.Annotations.ReadOnly == nil || !*ro.Annotations.ReadOnly || ro.Annotations.Title != "Read notes" || ro.Returns != "object with notes" {
				t.Errorf("read_notes: %+v", ro)
			}
		})
	}
}

func TestListPagination(t *testing.T) {
	var pages int
	srv := newTestServer(shapeTools, 2, func(context.Context) { pages++ })
	s := &Server{Name: "p", Transport: TransportStreamable, URL: httpServer(t, srv, false)}
	l, err := List(context.Background(), s, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if want := (len(shapeTools) + 1) / 2; pages != want {
		t.Errorf("%d tools/list calls, want %d", pages, want)
	}
	if len(l.Tools) != len(shapeTools) {
		t.Fatalf("%d tools, want %d", len(l.Tools), len(shapeTools))
	}
	for _, tt := range shapeTools {
		raw, ok := got0(l, tt.name)
		if !ok {
			t.Errorf("tool %s missing", tt.name)
			continue
		}
		var got, want any
		json.Unmarshal([]byte(raw), &got)
		json.Unmarshal([]byte(tt.raw), &want)
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if string(gj) != string(wj) {
			t.Errorf("tool %s: got %s want %s", tt.name, gj, wj)
		}
	}
}

func TestListFailures(t *testing.T) {
	short := Options{StartTimeout: 500 * time.Millisecond, InitTimeout: 500 * time.Millisecond, ListTimeout: 500 * time.Millisecond, TerminateTimeout: 200 * time.Millisecond, NoCache: true}
	for _, tc := range []struct {
		mode, phase string
		want        []string
	}{
		{"crash", PhaseInit, []string{`mcp server "x": initialize: the server exited (exit status 3)`, "| fatal: cannot open database /nonexistent/notes.db"}},
		{"garbage", PhaseInit, []string{`mcp server "x": initialize:`, "JSON-RPC on stdout"}},
		{"silent", PhaseInit, []string{"no answer to initialize within 1s", "| thinking forever"}},
		{"slowlist", PhaseList, []string{"tools/list: page 1: no answer within 500ms"}},
		{"malformed", PhaseList, []string{`tools/list: page 1: tools[0] "bad": $.inputSchema: want a JSON Schema object, got string`}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			opts := short
			if tc.phase == PhaseList {
				// These servers must get through start and initialize,
				// also on a loaded machine: only tools/list is short.
				opts.StartTimeout, opts.InitTimeout = 20*time.Second, 20*time.Second
			}
			_, err := List(context.Background(), stdioServer(t, "x", tc.mode), opts)
			var se *ServerError
			if !errors.As(err, &se) {
				t.Fatalf("want a *ServerError, got %v", err)
			}
			if se.Phase != tc.phase || se.Server != "x" {
				t.Errorf("phase %q server %q, want %q", se.Phase, se.Server, tc.phase)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nwants %q", err, w)
				}
			}
		})
	}
	t.Run("no such command", func(t *testing.T) {
		_, err := List(context.Background(), &Server{Name: "x", Transport: TransportStdio, Command: "/nonexistent/mcp-server"}, short)
		var se *ServerError
		if !errors.As(err, &se) || se.Phase != PhaseStart || !strings.Contains(err.Error(), "/nonexistent/mcp-server") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("refused", func(t *testing.T) {
		_, err := List(context.Background(), &Server{Name: "x", Transport: TransportStreamable, URL: "http://127.0.0.1:1/mcp"}, short)
		if err == nil || !strings.Contains(err.Error(), `mcp server "x"`) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("no tools capability", func(t *testing.T) {
		l, err := List(context.Background(), stdioServer(t, "x", "notools"), short)
		if err != nil || len(l.Tools) != 0 {
			t.Errorf("got %v, %v", l, err)
		}
	})
}

// got0 returns the raw tool called name in a listing.
func got0(l *Listing, name string) (string, bool) {
	for _, raw := range l.Tools {
		var probe struct{ Name string }
		if json.Unmarshal(raw, &probe) == nil && probe.Name == name {
			return string(raw), true
		}
	}
	return "", false
}

func TestServerErrorStderr(t *testing.T) {
	var lines []string
	for i := 1; i <= 30; i++ {
		lines = append(lines, fmt.Sprintf("log line %d", i))
	}
	e := &ServerError{Server: "s", Phase: PhaseInit, Err: errors.New("boom"), Stderr: strings.Join(lines, "\n") + "\n"}
	got := e.Error()
	if !strings.HasPrefix(got, `mcp server "s": initialize: boom`+"\n  server stderr:\n  | …\n  | log line 11\n") ||
		!strings.HasSuffix(got, "  | log line 30") || strings.Contains(got, "log line 10\n") {
		t.Errorf("got\n%s", got)
	}
}

// Property: the page size a server uses never changes the catalog.
func TestListAnyPageSize(t *testing.T) {
	want := fileCatalog(t, "notes", shapeTools)
	for _, size := range []int{1, 2, 5, len(shapeTools), 1000} {
		s := &Server{Name: "notes", Transport: TransportStreamable, URL: httpServer(t, newTestServer(shapeTools, size, nil), false)}
		l, err := List(context.Background(), s, testOptions(t))
		if err != nil {
			t.Fatalf("page size %d: %v", size, err)
		}
		got, err := Catalog(l, nil, "saved.json")
		if err != nil {
			t.Fatal(err)
		}
		sameTools(t, got, want)
	}
}

// A server entry's own timeout replaces the initialise and list limits.
func TestServerTimeout(t *testing.T) {
	s := stdioServer(t, "x", "silent")
	s.Timeout = 300 * time.Millisecond
	o := Options{StartTimeout: 200 * time.Millisecond, InitTimeout: time.Hour, TerminateTimeout: 100 * time.Millisecond, NoCache: true}
	_, err := List(context.Background(), s, o)
	if err == nil || !strings.Contains(err.Error(), "no answer to initialize within 500ms") {
		t.Errorf("got %v", err)
	}
}
