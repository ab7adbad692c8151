package mcpcatalog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/tooleval/tooleval/catalog"
)

// Status says where one server's tools came from.
type Status struct {
	Server *Server
	// Listing is the listing used; nil when the server failed and had no
	// cache.
	Listing *Listing
	// FromCache is set when Listing came from the cache, either because
	// one existed (and Refresh was not set) or as a fallback.
	FromCache bool
	// CacheFile is the server's cache file ("" with NoCache).
	CacheFile string
	// Err is why the server could not be listed: with Listing set, the
	// failure the cache stood in for; without, the server is missing from
	// the catalog.
	Err error
}

// Load lists every server (concurrently; see Options for the cache) and
// joins their tools into one catalog in server order, each tool's Server
// set to its server's name, so catalog.Selection's MCP naming gives
// mcp__SERVER__TOOL and reports collisions. Issues name the cache file and
// line of the tool (or "mcp:SERVER" with NoCache).
//
// A server that fails and has no cached listing is left out: the catalog
// holds the others and the error (an errors.Join of *ServerError) names
// every server left out. A server that fails but has a cache is used from
// the cache, with a warning naming the server, the failure and the cache's
// age. Load returns a nil catalog only when ctx ends.
func Load(ctx context.Context, servers []*Server, o Options) (*catalog.Catalog, []Status, error) {
	o = o.withDefaults()
	seen := map[string]bool{}
	for _, s := range servers {
		if seen[s.Name] {
			return nil, nil, fmt.Errorf("mcp: two servers are named %q", s.Name)
		}
		seen[s.Name] = true
	}
	st := make([]Status, len(servers))
	var wg sync.WaitGroup
	for i, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st[i] = loadOne(ctx, s, o)
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, st, err
	}
	var cats []*catalog.Catalog
	var errs []error
	for i := range st {
		if st[i].Listing == nil {
			errs = append(errs, st[i].Err)
			continue
		}
		display := st[i].CacheFile
		if display == "" || !st[i].FromCache && o.NoCache {
			display = "mcp:" + st[i].Server.Name
		}
		cat, err := Catalog(st[i].Listing, st[i].Server, display)
		if err != nil {
			st[i].Listing, st[i].Err = nil, &ServerError{Server: st[i].Server.Name, Phase: PhaseList, Err: err}
			errs = append(errs, st[i].Err)
			continue
		}
		cats = append(cats, cat)
	}
	cat, err := catalog.Join(cats...)
	if err != nil {
		return nil, st, err
	}
	return cat, st, errors.Join(errs...)
}

// loadOne gets one server's listing from the cache or the server.
func loadOne(ctx context.Context, s *Server, o Options) Status {
	st := Status{Server: s}
	var cached *Listing
	if !o.NoCache {
		st.CacheFile = CachePath(o.CacheDir, s)
		l, err := ReadCache(st.CacheFile, s)
		switch {
		case err == nil:
			cached = l
		case !errors.Is(err, os.ErrNotExist):
			o.Warn(fmt.Sprintf("mcp server %q: ignoring its cache: %v", s.Name, err))
		}
		if cached != nil && (!o.Refresh || o.CacheOnly) {
			st.Listing, st.FromCache = cached, true
			return st
		}
	}
	if o.CacheOnly {
		where := o.CacheDir
		if o.NoCache {
			where = "the cache (which is off)"
		}
		st.Err = &ServerError{Server: s.Name, Phase: PhaseCache, Err: fmt.Errorf("no cached tools in %s, and the server is not started (cache only)", where)}
		return st
	}
	l, err := List(ctx, s, o)
	if err == nil {
		st.Listing = l
		if !o.NoCache {
			if werr := WriteCache(st.CacheFile, l); werr != nil {
				o.Warn(fmt.Sprintf("mcp server %q: cannot write its cache: %v", s.Name, werr))
			}
		}
		return st
	}
	st.Err = err
	if cached != nil && ctx.Err() == nil {
		st.Listing, st.FromCache = cached, true
		o.Warn(fmt.Sprintf("%v\nmcp server %q: using its cached tools from %s ago (%s, listed %s)",
			err, s.Name, Age(o.Now().Sub(cached.ListedAt)), st.CacheFile, cached.ListedAt.Format(time.RFC3339)))
		return st
	}
	var se *ServerError
	if !o.NoCache && errors.As(err, &se) {
		cp := *se
		cp.Err = fmt.Errorf("%w; no cached tools either (%s)", se.Err, st.CacheFile)
		st.Err = &cp
	}
	return st
}

// Catalog turns a listing into a catalog: each tool's Server is the
// listing's server, the server entry's DisabledTools are hidden from
// prompts (enabledForPrompt false), every tool of a DeferLoading server is
// deferred (defer_loading true), and display names the source in issues.
func Catalog(l *Listing, s *Server, display string) (*catalog.Catalog, error) {
	doc := *l
	if s != nil && (len(s.DisabledTools) > 0 || s.DeferLoading) {
		off := map[string]bool{}
		for _, n := range s.DisabledTools {
			off[n] = true
		}
		doc.Tools = make([]json.RawMessage, len(l.Tools))
		for i, t := range l.Tools {
			var probe struct {
				Name string `json:"name"`
			}
			if json.Unmarshal(t, &probe) == nil && off[probe.Name] {
				t = withMember(t, `"enabledForPrompt":false`)
			}
			if s.DeferLoading {
				t = withMember(t, `"defer_loading":true`)
			}
			doc.Tools[i] = t
		}
	}
	data, err := json.MarshalIndent(&doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return catalog.Parse(append(data, '\n'), display)
}

// withMember puts member first in the JSON object obj (a new slice; a
// value that is not an object is returned as it is).
func withMember(obj json.RawMessage, member string) json.RawMessage {
	t := bytes.TrimSpace(obj)
	if len(t) == 0 || t[0] != '{' {
		return obj
	}
	if bytes.Equal(bytes.TrimSpace(t[1:]), []byte("}")) {
		return json.RawMessage("{" + member + "}")
	}
	return append([]byte("{"+member+","), t[1:]...)
}

// Age prints a duration the way the cache warning does: "3d4h", "2h15m",
// "5m", "40s".
func Age(d time.Duration) string {
	switch {
	case d < 0:
		return "0s"
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh%dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
	return fmt.Sprintf("%dd%dh", int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour))
}
