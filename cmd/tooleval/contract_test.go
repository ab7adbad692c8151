package main

// Checks of the CLI contracts written in the issues that the per-command
// tests do not already pin down: help listing, the exact JSON shapes, exit
// codes, stdin handling and independence of --chunk-size for every format.

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCLIStdin is runCLI with stdin.
func runCLIStdin(stdin string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"tooleval"}, args...), strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, out, errOut := runCLI("--help")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := []string{"catalog", "import", "parse", "record", "render", "replay", "retrieve", "tune", "validate"}
	for _, name := range want {
		c := findCommand(commands(), name)
		if c == nil {
			t.Errorf("command %q is not registered", name)
			continue
		}
		if c.Usage == "" || strings.Contains(c.Usage, "\n") {
			t.Errorf("%s: usage must be one line, got %q", name, c.Usage)
		}
		line := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(name) + `\s+` + regexp.QuoteMeta(c.Usage) + `$`)
		if !line.MatchString(out) {
			t.Errorf("--help lacks the line %q  %q:\n%s", name, c.Usage, out)
		}
	}
	for _, c := range commands() {
		if !c.Hidden && !strings.Contains(out, c.Name) {
			t.Errorf("--help does not list %q", c.Name)
		}
	}
	// import's subcommand is listed in its own help.
	if code, out, _ := runCLI("import", "--help"); code != exitOK || !regexp.MustCompile(`(?m)^\s+bfcl\s+\S`).MatchString(out) {
		t.Errorf("import --help: exit %d\n%s", code, out)
	}
}

// parseShape is the exact key order of the parse summary.
var parseShape = regexp.MustCompile(`^\{"format":"[a-z0-9_-]+","text":".*","reasoning":".*","calls":\[.*\],"errors":\[.*\]\}\n$`)

func TestParseContract(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.txt")
	const input = `Sure.<tool_call>{"name":"f","arguments":"{\"a\":[1,true]}"}</tool_call><tool_call>{"name":"g","arguments":{"q":"x`
	if err := os.WriteFile(file, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = `{"format":"tool_call","text":"Sure.","reasoning":"","calls":[{"index":0,"id":"call_0","name":"f","arguments":{"a":[1,true]}}],` +
		`"errors":[{"offset":71,"code":"incomplete_call","message":`
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string // prefix of stdout
		err   string // in stderr
	}{
		{"file", "", []string{file}, exitOK, want, ""},
		{"stdin without FILE", input, nil, exitOK, want, ""},
		{"stdin as -", input, []string{"-"}, exitOK, want, ""},
		{"chunk size 1", input, []string{"--chunk-size", "1"}, exitOK, want, ""},
		{"chunk size 1 with =", input, []string{"--chunk-size=1", "-"}, exitOK, want, ""},
		{"format and short form", input, []string{"-f", "tool_call"}, exitOK, want, ""},
		{"flags after FILE", "", []string{file, "--format", "tool_call", "--chunk-size", "3"}, exitOK, want, ""},
		{"flags after -", input, []string{"-", "--events"}, exitOK, `{"type":"text","offset":0,"text":"Sure."}` + "\n", ""},
		{"empty input", "", nil, exitOK, `{"format":"auto","text":"","reasoning":"","calls":[],"errors":[]}` + "\n", ""},
		{"unreadable FILE", "", []string{filepath.Join(dir, "missing.txt")}, exitBadInput, "", "missing.txt"},
		{"directory", "", []string{dir}, exitBadInput, "", "is a directory"},
		{"unreadable catalog", input, []string{"--catalog", filepath.Join(dir, "none.json")}, exitBadInput, "", "none.json"},
		{"bad format", input, []string{"--format", "hermes-2"}, exitBadFlags, "", `"hermes-2"`}, // hermes is a format now (issue 14)
		{"chunk size 0", input, []string{"--chunk-size", "0"}, exitBadFlags, "", "--chunk-size"},
		{"negative chunk size", input, []string{"--chunk-size", "-5"}, exitBadFlags, "", "--chunk-size"},
		{"chunk size not a number", input, []string{"--chunk-size", "big"}, exitBadFlags, "", "chunk-size"},
		{"unknown flag", input, []string{"--chunk", "4"}, exitBadFlags, "", "-chunk"},
		{"unknown flag after FILE", "", []string{file, "--verbose"}, exitBadFlags, "", "-verbose"},
		{"two FILEs", "", []string{file, file}, exitBadFlags, "", "at most one"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLIStdin(tc.stdin, append([]string{"parse"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.code, errOut)
			}
			if !strings.HasPrefix(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Fatalf("stdout %q (want prefix %q), stderr %q (want %q)", out, tc.out, errOut, tc.err)
			}
			if tc.code == exitOK && !strings.Contains(strings.Join(tc.args, " "), "--events") && !parseShape.MatchString(out) {
				t.Fatalf("summary is not one {format,text,reasoning,calls,errors} line: %q", out)
			}
			if tc.code != exitOK && out != "" {
				t.Fatalf("failure wrote to stdout: %q", out)
			}
		})
	}
}

// textInputs has one model output per text dialect.
var textInputs = []struct{ format, input string }{
	{"use_tool", "Let me look.\n<use_tool>\n<tool_name>read_file</tool_name>\n<arguments>{\"path\": \"src/main.go\", \"limit\": 120}</arguments>\n</use_tool>\nok"},
	{"function_calls", "<thinking>two calls</thinking><function_calls>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Zürich</parameter>\n<parameter name=\"days\">3</parameter>\n</invoke>\n<invoke name=\"launch\"></invoke>\n</function_calls>"},
	{"tool_call", "<think>hm</think>\n<tool_call>\n{\"name\": \"search\", \"arguments\": {\"q\": \"a < b </tool_call>\", \"n\": 10}}\n</tool_call>\n<tool_call>{\"name\":\"x\",\"arguments\":{\"v\":1.5e3"},
	{"qwen3_coder", "<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\nif a < b:\n    print('</parameter>')\n</parameter>\n</function>\n</tool_call>"},
	{"cline", "I'll read it.\n<read_file>\n<path>a.go</path>\n</read_file>"},
}

// chunkSizes are compared against one whole chunk.
var chunkSizes = []string{"1", "2", "3", "7", "64", "4096"}

func checkChunkIndependence(t *testing.T, stdin string, args ...string) {
	t.Helper()
	for _, mode := range [][]string{nil, {"--events"}} {
		base := append(append([]string{"parse"}, args...), mode...)
		code, want, errOut := runCLIStdin(stdin, append(base, "--chunk-size", "1073741824")...)
		if code != exitOK || want == "" {
			t.Fatalf("%v: exit %d: %s", base, code, errOut)
		}
		for _, cs := range chunkSizes {
			_, got, _ := runCLIStdin(stdin, append(base, "--chunk-size", cs)...)
			if got != want {
				t.Fatalf("%v --chunk-size %s:\n got %s\nwant %s", base, cs, got, want)
			}
		}
	}
}

func TestParseChunkSizeIndependenceTextFormats(t *testing.T) {
	cat := filepath.Join("..", "..", "testdata", "textparse", "catalog.json")
	for _, in := range textInputs {
		for _, format := range []string{in.format, "auto"} {
			args := []string{"--format", format}
			if in.format == "cline" {
				args = append(args, "--catalog", cat)
			}
			t.Run(in.format+"/"+format, func(t *testing.T) { checkChunkIndependence(t, in.input, args...) })
		}
	}
}

func TestParseChunkSizeIndependenceNativeFormats(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "nativeparse", "*", "*.txt"))
	if err != nil || len(files) < 5 {
		t.Fatalf("native fixtures: %v (%d files)", err, len(files))
	}
	for _, f := range files {
		provider := filepath.Base(filepath.Dir(f))
		for _, format := range []string{provider, "auto"} {
			t.Run(provider+"/"+strings.TrimSuffix(filepath.Base(f), ".txt")+"/"+format, func(t *testing.T) {
				checkChunkIndependence(t, "", "--format", format, f)
			})
		}
	}
}

func TestRetrieveContract(t *testing.T) {
	// --query gives id "1"; always-include first with score 0, then rank order.
	wantPrefix := `{"id":"1","query":"ApplyPatch","tools":[{"name":"Read","score":0,"always":true},{"name":"ApplyPatch","score":`
	code, short, errOut := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "ApplyPatch", "-k", "2", "--always", "Read", "--json", "-")
	if code != exitOK || !strings.HasPrefix(short, wantPrefix) || strings.Count(short, "\n") != 1 || strings.Count(short, `"name"`) != 3 {
		t.Fatalf("exit %d: %s %s", code, short, errOut)
	}
	if !regexp.MustCompile(`^\{"id":[^,]+,"query":"[^"]*","tools":\[(\{"name":"[^"]+","score":[-0-9.e+]+,"always":(true|false)\},?)+\](,"zero_match":true)?(,"named":\["[^"]+"(,"[^"]+")*\](,"exact_name_miss":"[^"]+")?)?\}\n$`).MatchString(short) {
		t.Fatalf("--json shape: %s", short)
	}
	// Long forms of -k and -b are the same flags.
	if _, long, _ := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "ApplyPatch", "--k", "2", "--always", "Read", "--json", "-"); long != short {
		t.Fatalf("--k differs from -k:\n%s\n%s", long, short)
	}
	_, b1, _ := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "ApplyPatch", "-b", "0.3", "--json", "-")
	_, b2, _ := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "ApplyPatch", "--b", "0.3", "--json", "-")
	_, b3, _ := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "ApplyPatch", "--json", "-")
	if b1 != b2 || b1 == b3 {
		t.Fatalf("-b/--b: %s\n%s\n%s", b1, b2, b3)
	}
	// --queries - reads JSON Lines from stdin, one line out per query.
	code, out, errOut := runCLIStdin("{\"id\":\"q1\",\"query\":\"ApplyPatch\"}\n{\"id\":2,\"query\":\"火车票\"}\n", "retrieve", "--catalog", retrieveCatalog, "--queries", "-", "--json", "-", "-k", "1")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(lines) != 2 || !strings.HasPrefix(lines[0], `{"id":"q1","query":"ApplyPatch","tools":[{"name":"ApplyPatch",`) || !strings.HasPrefix(lines[1], `{"id":2,`) {
		t.Fatalf("--queries -: exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = runCLIStdin("{\"id\":1}\n", "retrieve", "--catalog", retrieveCatalog, "--queries", "-", "--json", "-")
	if code != exitBadInput || !strings.Contains(errOut, "<stdin>:1") {
		t.Fatalf("broken stdin queries: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{
		{"--catalog", retrieveCatalog, "--query", "x", "stray"},
		{"--catalog", retrieveCatalog, "--query", "x", "--top", "3"},
		{"--catalog", retrieveCatalog, "--query", "x", "-k", "many"},
	} {
		if code, _, errOut := runCLI(append([]string{"retrieve"}, args...)...); code != exitBadFlags {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut)
		}
	}
}

func TestReplayWithNoArguments(t *testing.T) {
	code, out, errOut := runCLI("replay")
	// The embedded suite compares tool-search strategies (issue 27).
	if code != exitOK || !strings.Contains(out, "(embedded)") || !strings.Contains(out, "first") || !strings.Contains(out, "call acc") || !strings.Contains(out, "search:regex k=5") {
		t.Fatalf("exit %d\n%.600s\n%s", code, out, errOut)
	}
}
