package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"tooleval"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRenderCommand(t *testing.T) {
	const fs = "../../testdata/catalogs/filesystem.mcp.json"
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"detailed", []string{"render", "--catalog", fs, "--variant", "detailed"}, 0, []string{"## Available tools", "### read_text_file", "Hints: read-only, idempotent"}, nil},
		{"protocol and tokens", []string{"render", "--catalog", fs, "--variant", "names", "--protocol", "tool_call", "--tokens", "o200k_base"}, 0,
			[]string{"Available tools: read_text_file,", "<tool_call>\n{\"name\": \"get_weather\""}, []string{"tokens (o200k_base)", "characters"}},
		{"mode", []string{"render", "--catalog", fs, "--variant", "names", "--mode", "ask", "--disable", "write_file,edit_file", "--mcp-names"}, 0,
			[]string{"mcp__filesystem__read_text_file", "mcp__filesystem__search_files"}, nil},
		{"native gemini", []string{"render", "--catalog", fs, "--variant", "native:gemini"}, 0, []string{`"functionDeclarations"`}, nil},
		{"bad variant", []string{"render", "--catalog", fs, "--variant", "fancy"}, 2, nil, []string{"unknown --variant"}},
		{"bad protocol", []string{"render", "--catalog", fs, "--protocol", "hermes"}, 2, nil, []string{"unknown --protocol"}},
		{"bad encoding", []string{"render", "--catalog", fs, "--tokens", "p50k"}, 2, nil, []string{"unknown --tokens"}},
		{"bad mode", []string{"render", "--catalog", fs, "--mode", "yolo"}, 2, nil, []string{"render: unknown --mode"}},
		{"native with protocol", []string{"render", "--catalog", fs, "--variant", "native", "--protocol", "use_tool"}, 2, nil, []string{"no protocol section"}},
		{"missing catalog flag", []string{"render", "--variant", "names"}, 2, nil, []string{"catalog"}},
		{"broken catalog", []string{"render", "--catalog", "../../testdata/catalogs/broken/syntax.json"}, 1, nil, []string{"syntax.json:3:"}},
		{"missing file", []string{"render", "--catalog", "nope.json"}, 1, nil, []string{"nope.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstderr: %s", code, c.code, errOut)
			}
			for _, w := range c.stdout {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range c.stderr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}

func TestCatalogCommand(t *testing.T) {
	code, out, errOut := runCLI("catalog", "../../testdata/catalogs/git.mcp.json", "../../testdata/catalogs/schemas.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, w := range []string{"git.mcp.json (mcp): 5 tools, 13 parameters (7 required)", "native:gemini", "o200k_base", "cl100k_base",
		"problems: 2", "unresolved_ref", "unknown_type"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	code, out, _ = runCLI("catalog", "--json", "-", "../../testdata/catalogs/maps_zh.mcp.json")
	var sum catalogSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.Tools != 6 || len(sum.Variants) != 9 || sum.Variants[0].Tokens["o200k_base"] == 0 {
		t.Errorf("--json: exit %d, %+v", code, sum)
	}
	code, out, errOut = runCLI("catalog", "../../testdata/catalogs/git.mcp.json", "../../testdata/catalogs/broken/not_tools.json")
	if code != 1 || !strings.Contains(out, "git.mcp.json") || !strings.Contains(errOut, "not_tools.json:1:1") {
		t.Errorf("broken file: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, _, _ := runCLI("catalog"); code != 2 {
		t.Errorf("no files: exit %d, want 2", code)
	}
}

// catalog --strict gates CI: a catalog with problems is exit 1 naming the
// count; a clean one is exit 0; without --strict problems are only listed.
func TestCatalogStrict(t *testing.T) {
	bad, clean := "../../testdata/catalogs/schemas.json", "../../testdata/catalogs/git.mcp.json"
	if code, out, _ := runCLI("catalog", bad); code != exitOK || !strings.Contains(out, "problem") {
		t.Fatalf("without --strict: exit %d\n%s", code, out)
	}
	code, _, errOut := runCLI("catalog", "--strict", bad, clean)
	if code != exitBadInput || !strings.Contains(errOut, "--strict:") || !strings.Contains(errOut, "in 1 catalog") {
		t.Fatalf("--strict with problems: exit %d %q", code, errOut)
	}
	if code, _, errOut := runCLI("catalog", "--strict", clean); code != exitOK {
		t.Fatalf("--strict on a clean catalog: exit %d %q", code, errOut)
	}
}
