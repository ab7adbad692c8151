package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// secretKey has bytes that URL-encoding changes, so that every form differs.
const secretKey = "sk-ant+SECRET/key=0123456789abcdefXYZ"

// secretForms are the ways the key could leak: raw, base64 (standard, URL
// alphabet, unpadded) and URL-encoded.
func secretForms() map[string]string {
	return map[string]string{
		"raw":           secretKey,
		"base64":        base64.StdEncoding.EncodeToString([]byte(secretKey)),
		"base64url":     base64.URLEncoding.EncodeToString([]byte(secretKey)),
		"base64raw":     base64.RawStdEncoding.EncodeToString([]byte(secretKey)),
		"query-escaped": url.QueryEscape(secretKey),
		"path-escaped":  url.PathEscape(secretKey),
	}
}

// recordSuiteDir copies the record test suite and its catalog into a fresh
// directory and returns the suite's path there.
func recordSuiteDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"suite.jsonl", "catalog.json"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/record", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "suite.jsonl")
}

// echoHeaders is an Anthropic stream whose text repeats the request's
// headers (raw, in a Basic credential, URL-encoded), written in small
// pieces so that the key is split between reads.
func echoHeaders(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("X-Api-Key")
	echo := fmt.Sprintf("x-api-key: %s; basic: %s; escaped: %s; b64: %s; query: %s",
		key, base64.StdEncoding.EncodeToString([]byte("u:"+key)), url.QueryEscape(key),
		base64.URLEncoding.EncodeToString([]byte(key)), r.URL.RawQuery)
	text, _ := json.Marshal(echo)
	body := `event: message_start` + "\n" + `data: {"type":"message_start","message":{"id":"m","role":"assistant","content":[]}}` + "\n\n" +
		`event: content_block_start` + "\n" + `data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}` + "\n\n" +
		`event: content_block_delta` + "\n" + `data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":` + string(text) + `}}` + "\n\n" +
		`event: content_block_stop` + "\n" + `data: {"type":"content_block_stop","index":0}` + "\n\n" +
		`event: message_delta` + "\n" + `data: {"type":"message_delta","delta":{"stop_reason":"end_turn"}}` + "\n\n" +
		`event: message_stop` + "\n" + `data: {"type":"message_stop"}` + "\n\n"
	w.Header().Set("Content-Type", "text/event-stream")
	f, _ := w.(http.Flusher)
	for len(body) > 0 {
		n := min(7, len(body))
		w.Write([]byte(body[:n]))
		if f != nil {
			f.Flush()
		}
		body = body[n:]
	}
}

// TestRecordNeverWritesTheKey runs record against servers that echo the
// request headers, redirect to another host and return errors quoting the
// key, with a "?key=" in --base-url, and greps the output file, stdout and
// stderr for the key in every form.
func TestRecordNeverWritesTheKey(t *testing.T) {
	var leaked atomic.Int32 // requests that reached the other host with the key
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("X-Api-Key")+r.URL.RawQuery, "SECRET") {
			leaked.Add(1)
		}
		echoHeaders(w, r)
	}))
	defer other.Close()
	servers := map[string]http.HandlerFunc{
		"echo": echoHeaders,
		"redirect": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
		},
		"error": func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("X-Api-Key")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error":{"message":"bad key %s (%s, %s)"}}`, key, base64.StdEncoding.EncodeToString([]byte(key)), url.QueryEscape(key))
		},
	}
	for name, h := range servers {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(h)
			defer srv.Close()
			t.Setenv("ANTHROPIC_API_KEY", secretKey)
			for _, v := range []string{"TOOLEVAL_API_KEY", "TOOLEVAL_BASE_URL", "TOOLEVAL_MODEL", "ANTHROPIC_BASE_URL"} {
				t.Setenv(v, "")
			}
			suite := recordSuiteDir(t)
			out := filepath.Join(filepath.Dir(suite), "rec.jsonl")
			code, stdout, stderr := runCLI("record", "--api", "anthropic", "--model", "m", "--retries", "0",
				"--base-url", srv.URL+"/v1?key="+url.QueryEscape(secretKey), "--out", out, suite)
			saved, _ := os.ReadFile(out)
			for where, s := range map[string]string{"stdout": stdout, "stderr": stderr, "--out": string(saved)} {
				for form, v := range secretForms() {
					if strings.Contains(s, v) {
						t.Errorf("the key (%s) is in %s:\n%s", form, where, s)
					}
				}
			}
			switch name {
			case "echo":
				if code != 0 || !strings.Contains(string(saved), "[redacted]") {
					t.Errorf("exit %d, output %q, stderr %s", code, saved, stderr)
				}
			case "redirect":
				if code != 1 || !strings.Contains(stdout, "refused a redirect from http://127.0.0.1") {
					t.Errorf("exit %d, stdout %s", code, stdout)
				}
			case "error":
				if code != 1 || !strings.Contains(stdout, "HTTP 400") {
					t.Errorf("exit %d, stdout %s", code, stdout)
				}
			}
			if name != "echo" {
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Errorf("every case failed, yet --out exists: %v", err)
				}
			}
		})
	}
	if n := leaked.Load(); n > 0 {
		t.Fatalf("%d requests carried the key to another host", n)
	}
}
