package mcpcatalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// The marker secrets of TestSecretsNeverShown: no message may hold them.
const (
	markToken = "tok-SECRET-4242"
	markAWS   = "aws/SECRET+9191 x" // characters that URLs and %q escape
	markHdr   = "hdr-SECRET-7373"
)

// secretLeak returns the marker msg holds, if any (as it is, or escaped in
// a URL or a quoted string).
func secretLeak(msg string) string {
	for _, m := range []string{"SECRET-4242", "SECRET+9191", "SECRET%2B9191", "SECRET-7373"} {
		if strings.Contains(msg, m) {
			return m
		}
	}
	return ""
}

// What ${VAR} expands to (and header values) never appears in a message:
// every error path of every kind of entry names the entry as the servers
// file writes it.
func TestSecretsNeverShown(t *testing.T) {
	t.Setenv("TOKEN", markToken)
	t.Setenv("AWS_SECRET", markAWS)
	t.Setenv("HDR", markHdr)
	// A server that answers with everything it got: the URL and the
	// headers, in the body of a 500 and of a JSON-RPC error.
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":%q}}`, r.URL.String()+" "+r.Header.Get("Authorization"))
	}))
	defer echo.Close()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	file := `{"mcpServers": {
	  "refused": {"url": "http://127.0.0.1:1/mcp?token=${TOKEN}"},
	  "echo":    {"url": "` + echo.URL + `/mcp?token=${TOKEN}", "headers": {"Authorization": "Bearer ${HDR}"}},
	  "echosse": {"type": "sse", "url": "` + echo.URL + `/sse?token=${TOKEN}"},
	  "command": {"command": "/nonexistent/${AWS_SECRET}/server", "args": ["${TOKEN}"]},
	  "cwd":     {"command": "` + exe + `", "cwd": "/nonexistent/${AWS_SECRET}"},
	  "stderr":  {"command": "` + exe + `", "args": ["${TOKEN}"], "env": {"MCPCATALOG_TEST_SERVER": "tellsecrets", "SECRET_ENV": "${AWS_SECRET}"}}
	}}`
	cfg, err := ParseConfig([]byte(file), "servers.json")
	if err != nil {
		t.Fatal(err)
	}
	o := testOptions(t)
	o.NoCache = true
	o.Headers = map[string]string{"X-Api-Key": markHdr}
	_, st, err := Load(context.Background(), cfg.Servers, o)
	if err == nil {
		t.Fatal("want errors")
	}
	if m := secretLeak(err.Error()); m != "" {
		t.Errorf("the error holds %q:\n%v", m, err)
	}
	for _, s := range st {
		if s.Err == nil {
			t.Errorf("%s: listed", s.Server.Name)
			continue
		}
		if m := secretLeak(s.Server.String()); m != "" {
			t.Errorf("%s: String holds %q", s.Server.Name, m)
		}
	}
	for _, want := range []string{"token=${TOKEN}", "/nonexistent/${AWS_SECRET}"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not name %s as written:\n%v", want, err)
		}
	}
	var se *ServerError
	if !errors.As(err, &se) {
		t.Errorf("not a ServerError: %T", err)
	}

	// A config error names the field as written too.
	t.Setenv("BASE", "ftp://"+markToken)
	if _, err := ParseConfig([]byte(`{"mcpServers": {"x": {"url": "${BASE}/mcp"}}}`), "servers.json"); err == nil || secretLeak(err.Error()) != "" {
		t.Errorf("config error: %v", err)
	}
}
