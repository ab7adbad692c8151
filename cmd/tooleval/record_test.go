package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

const cliTestKey = "sk-cli-SECRET-0123456789abcdef"

// TestRecordCommand records the test suite against a local server, with
// the key from the environment, and checks the key is in no output.
func TestRecordCommand(t *testing.T) {
	stream, err := os.ReadFile("../../testdata/record/openai-chat-tools.sse")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu   sync.Mutex
		auth []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		mu.Lock() // -j 2: two requests at once
		auth = append(auth, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(stream)
	}))
	defer srv.Close()
	t.Setenv("OPENAI_API_KEY", cliTestKey)
	t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	t.Setenv("OPENAI_MODEL", "test-model")
	for _, v := range []string{"TOOLEVAL_API_KEY", "TOOLEVAL_BASE_URL", "TOOLEVAL_MODEL"} {
		t.Setenv(v, "")
	}
	out := filepath.Join(t.TempDir(), "rec.jsonl")
	code, stdout, stderr := runCLI("record", "--out", out, "-j", "2", "../../testdata/record/suite.jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "recorded 4, skipped 0") {
		t.Errorf("stdout %q", stdout)
	}
	if len(auth) != 4 || auth[0] != "Bearer "+cliTestKey {
		t.Errorf("auth headers %v", len(auth))
	}
	saved, _ := os.ReadFile(out)
	for where, s := range map[string]string{"stdout": stdout, "stderr": stderr, "output": string(saved)} {
		if strings.Contains(s, cliTestKey) {
			t.Errorf("key in %s", where)
		}
	}
	// The recorded suite lies in another directory than the catalog it
	// names: it validates only when paths may lead outside.
	if code, _, stderr := runCLI("validate", "--allow-outside", out); code != 0 {
		t.Errorf("recorded suite does not validate: %s", stderr)
	}
	if code, _, stderr := runCLI("validate", out); code != 1 || !strings.Contains(stderr, "leads outside") {
		t.Errorf("a suite naming files outside its directory validated: exit %d %s", code, stderr)
	}
	// Resume: nothing left to do.
	code, stdout, _ = runCLI("record", "--out", out, "-q", "../../testdata/record/suite.jsonl")
	if code != 0 || !strings.Contains(stdout, "recorded 0, skipped 4") || len(auth) != 4 {
		t.Errorf("resume: exit %d, %q, %d requests", code, stdout, len(auth))
	}
}

func TestRecordCommandErrors(t *testing.T) {
	t.Setenv("OPENAI_MODEL", "")
	t.Setenv("TOOLEVAL_MODEL", "")
	suite := "../../testdata/record/suite.jsonl"
	out := filepath.Join(t.TempDir(), "o.jsonl")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"record", "--out", out}, 2, "want a SUITE"},
		{[]string{"record", suite}, 2, "--out FILE is required"},
		{[]string{"record", "--out", out, "--api", "gemini", suite}, 2, "--api must be"},
		{[]string{"record", "--out", out, suite}, 2, "no model"},
		{[]string{"record", "--out", out, "--model", "m", "--variant", "fancy", suite}, 2, `unknown variant "fancy"`},
		{[]string{"record", "--out", out, "--model", "m", "-j", "0", suite}, 2, "-j must be at least 1"},
		{[]string{"record", "--out", out, "--model", "m", "/nonexistent/suite.jsonl"}, 1, "/nonexistent/suite.jsonl"},
	}
	for _, tc := range cases {
		code, _, stderr := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// A dead endpoint ends the run at once with one message naming it; no case
// is retried and nothing is written.
func TestRecordDeadEndpoint(t *testing.T) {
	ln := httptest.NewServer(http.NotFoundHandler())
	dead := ln.URL
	ln.Close() // nothing listens there now: connections are refused
	t.Setenv("OPENAI_API_KEY", cliTestKey)
	for _, v := range []string{"TOOLEVAL_API_KEY", "TOOLEVAL_BASE_URL", "TOOLEVAL_MODEL", "OPENAI_BASE_URL"} {
		t.Setenv(v, "")
	}
	out := filepath.Join(t.TempDir(), "rec.jsonl")
	code, stdout, stderr := runCLI("record", "--out", out, "--base-url", dead+"/v1", "--model", "m", "--json", "-", "../../testdata/record/suite.jsonl")
	if code != exitBadInput {
		t.Fatalf("exit %d, want %d\n%s", code, exitBadInput, stderr)
	}
	if !strings.Contains(stderr, "nothing was recorded") || !strings.Contains(stderr, dead) || strings.Count(stderr, "tooleval:") != 1 {
		t.Errorf("want one message naming the endpoint, got:\n%s", stderr)
	}
	if strings.Contains(stderr, "retrying") || stdout != "" {
		t.Errorf("a refused connection was retried:\nstdout %s\nstderr %s", stdout, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("an output file was written")
	}
}

// --filter selects the cases recorded, as in replay; the summary counts
// retried attempts.
func TestRecordFilterAndRetries(t *testing.T) {
	stream, err := os.ReadFile("../../testdata/record/openai-chat-tools.sse")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		mu.Lock()
		calls++
		first := calls == 1
		mu.Unlock()
		if first {
			w.Header().Set("Retry-After-Ms", "1")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(stream)
	}))
	defer srv.Close()
	t.Setenv("OPENAI_API_KEY", cliTestKey)
	for _, v := range []string{"TOOLEVAL_API_KEY", "TOOLEVAL_BASE_URL", "TOOLEVAL_MODEL", "OPENAI_BASE_URL"} {
		t.Setenv(v, "")
	}
	suite := "../../testdata/record/suite.jsonl"
	out := filepath.Join(t.TempDir(), "rec.jsonl")
	code, stdout, stderr := runCLI("record", "--out", out, "--base-url", srv.URL+"/v1", "--model", "m", "--filter", recordFirstID(t, suite), suite)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "recorded 1, skipped 0") || !strings.Contains(stdout, "of 1 cases; 1 retried attempt") {
		t.Errorf("stdout %q", stdout)
	}
	if code, _, stderr := runCLI("record", "--out", out, "--base-url", srv.URL+"/v1", "--model", "m", "--filter", "no-such-*", suite); code != exitBadInput ||
		!strings.Contains(stderr, "--filter no-such-* selects no case") {
		t.Errorf("a filter selecting nothing: exit %d\n%s", code, stderr)
	}
}

func recordFirstID(t *testing.T, suite string) string {
	t.Helper()
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(strings.ReplaceAll(string(data), `"id": "`, `"id":"`), `"id":"`)
	id, _, ok2 := strings.Cut(rest, `"`)
	if !ok || !ok2 {
		t.Fatal("no id in the suite")
	}
	return id
}
