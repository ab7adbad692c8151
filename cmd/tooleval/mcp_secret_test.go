package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What ${VAR} expands to in a servers file reaches neither stderr nor
// `catalog --json`: messages name the entry as written.
func TestMCPSecretsNotShown(t *testing.T) {
	const token, aws = "tok-SECRET-5151", "aws-SECRET-6262"
	t.Setenv("TOKEN", token)
	t.Setenv("AWS_SECRET", aws)
	dir := t.TempDir()
	servers := filepath.Join(dir, "servers.json")
	os.WriteFile(servers, []byte(`{"mcpServers": {
	  "remote": {"url": "http://127.0.0.1:1/mcp?token=${TOKEN}", "headers": {"Authorization": "Bearer ${TOKEN}"}},
	  "local":  {"command": "/nonexistent/${AWS_SECRET}"},
	  "moved":  {"command": "sh", "cwd": "/nonexistent/${AWS_SECRET}/dir"}
	}}`), 0o644)
	for _, args := range [][]string{
		{"catalog", "--mcp-config", servers, "--json", "-"},
		{"catalog", "--mcp-config", servers},
		{"render", "--mcp-config", servers},
		{"retrieve", "--mcp-config", servers, "--mcp-header", "X-Key: ${AWS_SECRET}", "--query", "q"},
	} {
		code, out, errOut := runCLI(append([]string{args[0], "--mcp-cache", t.TempDir()}, args[1:]...)...)
		if code == 0 {
			t.Errorf("%s: exit 0", args[0])
		}
		for _, secret := range []string{token, aws} {
			if strings.Contains(out+errOut, secret) {
				t.Errorf("%s: the output shows %s:\n%s\n%s", strings.Join(args, " "), secret, out, errOut)
			}
		}
		if !strings.Contains(out+errOut, "token=${TOKEN}") || !strings.Contains(out+errOut, "/nonexistent/${AWS_SECRET}/dir") ||
			!strings.Contains(out+errOut, `mcp server "local": start: fork/exec /nonexistent/${AWS_SECRET}:`) {
			t.Errorf("%s: the entries are not named as written:\n%s\n%s", strings.Join(args, " "), out, errOut)
		}
	}
}
