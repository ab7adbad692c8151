package mcpcatalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hostileOptions are small caps, so that a test streams a few MiB, not
// hundreds.
func hostileOptions(t *testing.T) Options {
	o := testOptions(t)
	o.NoCache = true
	o.MaxMessageBytes = 1 << 20
	o.MaxServerBytes = 4 << 20
	return o
}

// flood writes chunk to w until limit bytes are written or the client goes
// away, and returns how much it wrote. Every loop of a hostile test server
// is bounded, so a test that fails still ends.
func flood(w http.ResponseWriter, r *http.Request, first, chunk string, limit int) int {
	fl, _ := w.(http.Flusher)
	n, _ := w.Write([]byte(first))
	for n < limit && r.Context().Err() == nil {
		m, err := w.Write([]byte(chunk))
		n += m
		if err != nil {
			break
		}
		if fl != nil {
			fl.Flush()
		}
	}
	return n
}

// A server that sends more than a cap allows — one endless SSE event, SSE
// data lines with no blank line between them, an endless JSON body, or
// small events without end — is cut off at the cap with an error naming the
// server and the cap, instead of growing tooleval's memory until it dies.
func TestHostileServerCapped(t *testing.T) {
	const limit = 64 << 20 // what a test server writes at most
	kb := strings.Repeat("x", 1024)
	for _, c := range []struct {
		name        string
		contentType string
		first       string
		chunk       string
		want        string
	}{
		{"one endless SSE event", "text/event-stream", "data: ", kb, "an SSE event over the 1048576-byte cap"},
		{"SSE data lines without a blank line", "text/event-stream", "", "data: " + kb + "\n", "an SSE event over the 1048576-byte cap"},
		{"endless JSON body", "application/json", `{"jsonrpc":"2.0","id":1,"result":{"x":"`, kb, "a response body over the 1048576-byte cap"},
		{"SSE keep-alives without end", "text/event-stream", "", ": " + kb + "\n\n", "more than 4194304 bytes in all"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var wrote atomic.Int64
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodPost {
					http.Error(w, "no", http.StatusMethodNotAllowed)
					return
				}
				w.Header().Set("Content-Type", c.contentType)
				w.WriteHeader(http.StatusOK)
				wrote.Add(int64(flood(w, r, c.first, c.chunk, limit)))
			}))
			defer ts.Close()
			s := &Server{Name: "hostile", Transport: TransportStreamable, URL: ts.URL}
			_, err := List(context.Background(), s, hostileOptions(t))
			var se *ServerError
			if !errors.As(err, &se) || se.Server != "hostile" || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant a ServerError naming the server and %q", err, c.want)
			}
			ts.Close() // waits for the handler
			if n := wrote.Load(); n >= limit {
				t.Errorf("the server wrote all its %d bytes: tooleval did not stop reading", n)
			}
		})
	}
}

// A whole listing has a time limit too: a server whose every page comes in
// time but whose pages never end is stopped.
func TestListingTimeout(t *testing.T) {
	var pages atomic.Int64
	url := httpServer(t, loopServer(func(cursor string) mcp.Result {
		time.Sleep(20 * time.Millisecond)
		return &rawListResult{Tools: []json.RawMessage{}, NextCursor: fmt.Sprintf("c%d", pages.Add(1))}
	}), false)
	o := hostileOptions(t)
	o.ListingTimeout = time.Second
	s := &Server{Name: "endless", Transport: TransportStreamable, URL: url}
	start := time.Now()
	_, err := List(context.Background(), s, o)
	if err == nil || !strings.Contains(err.Error(), `mcp server "endless"`) || !strings.Contains(err.Error(), "the whole listing took more than 1s") {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("stopped after %s", d)
	}
}

// Headers go only to the origin the user configured: a redirect to another
// host, or an SSE endpoint naming another host, fails naming both origins,
// and the other host gets no request at all (so no header).
func TestHeadersStayOnOrigin(t *testing.T) {
	var reached atomic.Int64
	var leaked atomic.Value
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		if v := r.Header.Get("Authorization") + r.Header.Get("X-Api-Key"); v != "" {
			leaked.Store(v)
		}
		http.Error(w, "nothing here", http.StatusNotFound)
	}))
	defer other.Close()
	for _, c := range []struct {
		name      string
		transport string
		handler   http.HandlerFunc
	}{
		{"307 to another host", TransportStreamable, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/mcp", http.StatusTemporaryRedirect)
		}},
		{"SSE endpoint on another host", TransportSSE, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "event: endpoint\ndata: %s/messages?session=1\n\n", other.URL)
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := httptest.NewServer(c.handler)
			defer ts.Close()
			o := hostileOptions(t)
			o.Headers = map[string]string{"X-Api-Key": "global-key"}
			s := &Server{Name: "moved", Transport: c.transport, URL: ts.URL + "/mcp", Headers: map[string]string{"Authorization": "Bearer mine"}}
			_, err := List(context.Background(), s, o)
			var se *ServerError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), ts.URL) || !strings.Contains(err.Error(), other.URL) ||
				!strings.Contains(err.Error(), "credentials are never sent to another host") {
				t.Fatalf("got %v\nwant an error naming %s and %s", err, ts.URL, other.URL)
			}
			if n := reached.Load(); n != 0 {
				t.Errorf("the other host got %d requests", n)
			}
			if v := leaked.Load(); v != nil {
				t.Errorf("the other host got the headers %q", v)
			}
		})
	}
}
