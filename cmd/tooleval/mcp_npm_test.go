package main

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

var updateGolden = flag.Bool("update", false, "rewrite golden files")

// requireMCPEnv makes TestRealMCPServer fail, not skip, when Node.js or the
// pinned server is missing: CI sets it so that the test always runs there.
const requireMCPEnv = "TOOLEVAL_REQUIRE_MCP"

// npmServerDir is where .ci/run installs the real MCP server the
// integration test runs ($TOOLEVAL_MCP_NPM overrides it).
func npmServerDir() string {
	if d := os.Getenv("TOOLEVAL_MCP_NPM"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "tooleval-mcp")
}

// TestRealMCPServer lists and renders the tools of the reference
// filesystem server from npm (@modelcontextprotocol/server-filesystem),
// run with the machine's Node.js over stdio, and checks its tool names
// against a golden file.
//
// On a fresh machine (no Node.js, or the server package not installed) it
// skips with a message saying how to run it, so that `go test ./...` passes
// as it is; with TOOLEVAL_REQUIRE_MCP=1 (set by .ci/run, which installs the
// server) a missing Node.js or server fails instead.
func TestRealMCPServer(t *testing.T) {
	missing := func(format string, args ...any) {
		t.Helper()
		if os.Getenv(requireMCPEnv) == "1" {
			t.Fatalf(format+" ("+requireMCPEnv+"=1)", args...)
		}
		t.Skipf(format+"; skipping the real MCP server test (.ci/run installs it and sets "+requireMCPEnv+"=1)", args...)
	}
	pinned, err := os.ReadFile("testdata/mcp_filesystem.version")
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("Node.js (node) is not installed")
	}
	script := filepath.Join(npmServerDir(), "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js")
	if _, err := os.Stat(script); err != nil {
		missing("the filesystem MCP server is not installed (%v); install it with: npm install --prefix %s @modelcontextprotocol/server-filesystem@%s",
			err, npmServerDir(), strings.TrimSpace(string(pinned)))
	}
	var pkg struct{ Version string }
	data, err := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(script)), "package.json"))
	if err != nil || json.Unmarshal(data, &pkg) != nil {
		t.Fatalf("reading the server's package.json: %v", err)
	}
	if want := strings.TrimSpace(string(pinned)); pkg.Version != want {
		t.Fatalf("installed @modelcontextprotocol/server-filesystem %s, the golden is for %s: run .ci/run, or npm install --prefix %s @modelcontextprotocol/server-filesystem@%s",
			pkg.Version, want, npmServerDir(), want)
	}
	root := t.TempDir()
	cmd := node + " " + quoteArg(script) + " " + quoteArg(root)
	cache := t.TempDir()

	code, out, errOut := runCLI("catalog", "--mcp", cmd, "--mcp-cache", cache, "--json", "-")
	if code != 0 {
		t.Fatalf("catalog --mcp: exit %d\n%s", code, errOut)
	}
	var sum catalogSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.File != "mcp:filesystem" || sum.Tools < 5 || sum.Params == 0 {
		t.Errorf("summary %+v", sum)
	}
	// The golden is catalog --mcp's list of the server's tools.
	golden.Check(t, "testdata/mcp_filesystem_tools.golden", []byte(strings.Join(sum.Names, "\n")+"\n"), *updateGolden)

	code, names, errOut := runCLI("render", "--mcp", cmd, "--mcp-cache", cache, "--refresh", "--variant", "names", "--mcp-names")
	if code != 0 {
		t.Fatalf("render --variant names: exit %d\n%s", code, errOut)
	}
	for _, n := range sum.Names {
		if !strings.Contains(names, "mcp__filesystem__"+n) {
			t.Errorf("render --mcp-names lacks mcp__filesystem__%s:\n%s", n, names)
		}
	}
	code, out, errOut = runCLI("render", "--mcp", cmd, "--mcp-cache", cache, "--variant", "detailed")
	if code != 0 || !strings.Contains(out, "### read_text_file") || !strings.Contains(out, "path") {
		t.Errorf("render --variant detailed: exit %d\n%s\n%s", code, out, errOut)
	}
	// Read-only mode keeps the tools the server marks readOnlyHint.
	code, out, errOut = runCLI("render", "--mcp", cmd, "--mcp-cache", cache, "--variant", "names", "--mode", "ask")
	if code != 0 || !strings.Contains(out, "read_text_file") || strings.Contains(out, "write_file") {
		t.Errorf("render --mode ask: exit %d\n%s\n%s", code, out, errOut)
	}
}

func quoteArg(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
