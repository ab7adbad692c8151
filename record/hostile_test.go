package record

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tooleval/tooleval/internal/growth"
)

func TestRedactorForms(t *testing.T) {
	const key = "sk-live+abc/def=0123456789"
	r := NewRedactor(key, "")
	for _, in := range []string{
		"key " + key + " end",
		"Basic " + base64.StdEncoding.EncodeToString([]byte("user:"+key)),
		"b64 " + base64.URLEncoding.EncodeToString([]byte("x"+key+"tail")),
		"b64 " + base64.RawStdEncoding.EncodeToString([]byte("xy"+key)),
		"q=" + strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(key, "+", "%2B"), "/", "%2F"), "=", "%3D"),
	} {
		out := r.String(in)
		if !strings.Contains(out, redactedMark) || strings.Contains(out, key) {
			t.Errorf("%q → %q", in, out)
		}
	}
	if NewRedactor("").String("nothing") != "nothing" || (*Redactor)(nil).String("x") != "x" {
		t.Fatal("an empty redactor changed text")
	}
}

// A key split across recorded chunks is removed, and the chunk boundaries
// outside it stay where they were.
func TestRedactChunksAcrossBoundaries(t *testing.T) {
	const key = "SECRETKEY123"
	body := "aa " + key + " bb " + key + " cc"
	r := NewRedactor(key)
	for size := 1; size <= len(body); size++ {
		var chunks [][]byte
		for i := 0; i < len(body); i += size {
			chunks = append(chunks, []byte(body[i:min(i+size, len(body))]))
		}
		got := r.Chunks(chunks)
		if len(got) != len(chunks) {
			t.Fatalf("size %d: %d chunks, want %d", size, len(got), len(chunks))
		}
		if j := string(bytes.Join(got, nil)); j != "aa [redacted] bb [redacted] cc" {
			t.Fatalf("size %d: %q", size, j)
		}
		if string(got[0][:1]) != "a" {
			t.Fatalf("size %d: first chunk %q", size, got[0])
		}
	}
}

// Redacting a body full of secrets costs memory linear in its size.
func TestRedactLinear(t *testing.T) {
	r := NewRedactor("SECRETKEY123")
	growth.Linear(t, 64<<10, func(n int) []byte {
		return bytes.Repeat([]byte("SECRETKEY123 x "), n/15)
	}, func(in []byte) {
		chunks := make([][]byte, 0, len(in)/7+1)
		for i := 0; i < len(in); i += 7 {
			chunks = append(chunks, in[i:min(i+7, len(in))])
		}
		r.Chunks(chunks)
	})
}

// An endless response fails at the body cap, is not retried, and costs
// memory bounded by the cap whatever the stream's length (it buffered
// 4.9 GB in 10 s before).
func TestBodyCap(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "text/event-stream")
		line := []byte("data: " + strings.Repeat("x", 1000) + "\n\n")
		for i := 0; i < 1<<20; i++ { // up to 1 GB, never sent in full
			if _, err := w.Write(line); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	e := Endpoint{API: ChatCompletions, BaseURL: srv.URL, Model: "m"}
	run := func(in []byte) {
		c := &Client{MaxBodyBytes: int64(len(in)), Retries: 2}
		_, err := c.Record(context.Background(), e, []byte(`{}`))
		var tl *TooLargeError
		if !errors.As(err, &tl) || tl.Max != int64(len(in)) {
			t.Fatalf("error %v, want the body cap", err)
		}
	}
	growth.Linear(t, 64<<10, func(n int) []byte { return make([]byte, n) }, run)
	if requests.Load() != 3 { // warm-up and two measured runs, no retries
		t.Fatalf("%d requests: the cap error was retried", requests.Load())
	}
}

// A redirect to another origin is refused before anything is sent there,
// naming both hosts; a same-origin redirect is followed.
func TestCrossHostRedirectRefused(t *testing.T) {
	var reached atomic.Bool
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached.Store(true) }))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/x", http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	c := &Client{Retries: 3}
	_, err := c.Record(context.Background(), Endpoint{API: Messages, BaseURL: srv.URL, Model: "m", Key: "k-123456789"}, []byte(`{}`))
	var re *RedirectError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), strings.TrimPrefix(srv.URL, "http://")) || !strings.Contains(err.Error(), strings.TrimPrefix(other.URL, "http://")) {
		t.Fatalf("error %v, want a refused redirect naming both hosts", err)
	}
	if reached.Load() {
		t.Fatal("the other host was contacted")
	}
}

func TestEndpointURLKeepsQuery(t *testing.T) {
	e := Endpoint{API: Messages, BaseURL: "https://gw.example/v1?key=abc123456"}
	if got := e.URL(); got != "https://gw.example/v1/messages?key=abc123456" {
		t.Fatal(got)
	}
	if s := e.String(); strings.Contains(s, "abc123456") {
		t.Fatalf("String shows the query secret: %s", s)
	}
}
