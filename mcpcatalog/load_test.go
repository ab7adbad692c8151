package mcpcatalog

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/catalog"
)

func TestLoadCacheAndFallback(t *testing.T) {
	o := testOptions(t)
	var warnings []string
	o.Warn = func(m string) { warnings = append(warnings, m) }
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	o.Now = func() time.Time { return clock }
	srv := newTestServer(shapeTools, 0, nil)
	url := httpServer(t, srv, false)
	s := &Server{Name: "notes", Transport: TransportStreamable, URL: url}

	// First load lists the server and writes the cache.
	cat, st, err := Load(context.Background(), []*Server{s}, o)
	if err != nil || st[0].FromCache || cat.Len() != len(shapeTools) {
		t.Fatalf("first load: %v from cache %v, %d tools", err, st[0].FromCache, cat.Len())
	}
	cached, err := ReadCache(CachePath(o.CacheDir, s), s)
	if err != nil {
		t.Fatal(err)
	}
	if cached.ServerInfo.Name != "test-server" || cached.ServerInfo.Version != "1.2.3" || cached.ProtocolVersion == "" ||
		!cached.ListedAt.Equal(clock) || cached.EntryHash != s.EntryHash() || len(cached.Tools) != len(shapeTools) {
		t.Errorf("cache header %+v", cached)
	}
	// The cache file is itself a catalog file.
	fromFile, err := catalog.LoadFile(CachePath(o.CacheDir, s))
	if err != nil {
		t.Fatal(err)
	}
	sameTools(t, fromFile, cat)
	// Issues point into the cache file.
	for _, is := range cat.Issues() {
		if is.File != CachePath(o.CacheDir, s) || is.Line == 0 {
			t.Errorf("issue not located in the cache file: %v", is)
		}
	}

	// Without --refresh the cache answers, even with the server gone.
	dead := &Server{Name: "notes", Transport: TransportStreamable, URL: url}
	*dead = *s
	dead.URL = "http://127.0.0.1:1/mcp"
	dead.hash = s.EntryHash() // same entry as far as the cache is concerned
	clock = clock.Add(26 * time.Hour)
	_, st, err = Load(context.Background(), []*Server{dead}, o)
	if err != nil || !st[0].FromCache || len(warnings) != 0 {
		t.Fatalf("cached load: %v, from cache %v, warnings %q", err, st[0].FromCache, warnings)
	}
	// With Refresh an unreachable server falls back to the cache, warning
	// with the server's name and the cache's age.
	o.Refresh = true
	cat2, st, err := Load(context.Background(), []*Server{dead}, o)
	if err != nil || !st[0].FromCache || st[0].Err == nil || cat2.Len() != cat.Len() {
		t.Fatalf("fallback: %v, %+v", err, st[0])
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], `mcp server "notes": using its cached tools from 1d2h ago`) {
		t.Errorf("warnings %q", warnings)
	}
	// No cache and no server: an error naming the server.
	other := &Server{Name: "gone", Transport: TransportStreamable, URL: "http://127.0.0.1:1/mcp"}
	_, _, err = Load(context.Background(), []*Server{other}, o)
	var se *ServerError
	if !errors.As(err, &se) || se.Server != "gone" || !strings.Contains(err.Error(), "no cached tools either") {
		t.Errorf("got %v", err)
	}
	// A changed entry does not use the old entry's cache.
	changed := &Server{Name: "notes", Transport: TransportStreamable, URL: "http://127.0.0.1:1/other"}
	if CachePath(o.CacheDir, changed) == CachePath(o.CacheDir, s) {
		t.Error("a changed entry shares the cache")
	}
}

func TestLoadSeveralServers(t *testing.T) {
	o := testOptions(t)
	o.StartTimeout, o.InitTimeout = time.Second, time.Second
	var warnings []string
	o.Warn = func(m string) { warnings = append(warnings, m) }
	a := &Server{Name: "a", Transport: TransportStreamable, URL: httpServer(t, newTestServer(shapeTools[:3], 0, nil), false),
		DisabledTools: []string{"plain"}}
	b := &Server{Name: "b", Transport: TransportSSE, URL: httpServer(t, newTestServer(shapeTools[2:4], 0, nil), true)}
	crash := stdioServer(t, "crashy", "crash")
	bad := stdioServer(t, "bad", "malformed")
	cat, st, err := Load(context.Background(), []*Server{a, crash, b, bad}, o)
	if cat == nil {
		t.Fatal(err)
	}
	// The failing servers are named; the others loaded.
	for _, w := range []string{`mcp server "crashy": initialize`, `mcp server "bad": tools/list: page 1: tools[0] "bad": $.inputSchema`} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v\nwants %q", err, w)
		}
	}
	if st[1].Listing != nil || st[3].Listing != nil || st[0].Listing == nil || st[2].Listing == nil {
		t.Errorf("statuses %+v", st)
	}
	if got := strings.Join(cat.Names(), ","); got != "no_type,plain,python_names,nullable" {
		t.Errorf("tools %s", got)
	}
	var codes []string
	for _, is := range cat.Issues() {
		if is.Code == "name_collision" {
			codes = append(codes, is.Tool)
		}
	}
	if strings.Join(codes, ",") != "python_names" {
		t.Errorf("collisions %v", codes)
	}
	// MCP naming tells the servers apart; disabledTools hides "plain".
	sel, err := cat.Select(catalog.Selection{MCPNames: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sel.Names(), ","); got != "mcp__a__no_type,mcp__a__python_names,mcp__b__nullable,mcp__b__python_names" {
		t.Errorf("selected %s", got)
	}
	if _, err := os.Stat(CachePath(o.CacheDir, crash)); !os.IsNotExist(err) {
		t.Errorf("a failed server left a cache: %v", err)
	}
}

func TestLoadDuplicateNames(t *testing.T) {
	s := &Server{Name: "a", Transport: TransportStdio, Command: "x"}
	if _, _, err := Load(context.Background(), []*Server{s, s}, Options{}); err == nil || !strings.Contains(err.Error(), `two servers are named "a"`) {
		t.Errorf("got %v", err)
	}
}
