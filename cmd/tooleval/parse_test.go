package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/toolcall"
)

const parseInput = "Checking the weather.\n<function_calls>\n<invoke name=\"get_weather\">\n" +
	"<parameter name=\"city\">007</parameter>\n<parameter name=\"days\">3</parameter>\n" +
	"<parameter name=\"options\">{'lang': 'en'}</parameter>\n</invoke>\n</function_calls>\n" +
	"<think>done?</think>Done <invoke name=\"launch\"></invoke><invoke name=\"read_file\"><parameter name=\"path\">a"

func parseCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"tooleval", "parse"}, args...), strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestParseSummary(t *testing.T) {
	catalogPath := filepath.Join("..", "..", "testdata", "textparse", "catalog.json")
	code, out, stderr := parseCLI(t, parseInput, "--catalog", catalogPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r toolcall.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r.Format != "function_calls" || r.Text != "Checking the weather.\n\nDone " || r.Reasoning != "done?" {
		t.Fatalf("format/text/reasoning: %+v", r)
	}
	if len(r.Calls) != 2 || string(r.Calls[0].Arguments) != `{"city":"007","days":3,"options":{"lang":"en"}}` || r.Calls[1].Name != "launch" {
		t.Fatalf("calls: %s", out)
	}
	if len(r.Errors) != 2 || r.Errors[0].Code != toolcall.CodeUnknownTool || r.Errors[1].Code != toolcall.CodeIncompleteCall || r.Errors[1].Partial != `{"path":"a` {
		t.Fatalf("errors: %s", out)
	}
	if strings.Count(out, "\n") != 1 {
		t.Fatalf("want one line of JSON, got %q", out)
	}
	// Without the catalog values stay strings and no tool is unknown.
	_, out, _ = parseCLI(t, parseInput)
	if !strings.Contains(out, `"arguments":{"city":"007","days":"3","options":"{'lang': 'en'}"}`) || strings.Contains(out, "unknown_tool") {
		t.Fatalf("without catalog: %s", out)
	}
}

func TestParseOutputIndependentOfChunkSize(t *testing.T) {
	for _, mode := range [][]string{nil, {"--events"}} {
		_, want, _ := parseCLI(t, parseInput, mode...)
		for _, cs := range []string{"1", "2", "7", "64", "100000"} {
			_, got, _ := parseCLI(t, parseInput, append([]string{"--chunk-size", cs}, mode...)...)
			if got != want {
				t.Fatalf("%v chunk size %s:\n got %s\nwant %s", mode, cs, got, want)
			}
		}
	}
}

func TestParseEvents(t *testing.T) {
	code, out, _ := parseCLI(t, `a<tool_call>{"name":"f","arguments":{"n":12}}</tool_call>`, "--events", "--chunk-size", "1", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := `{"type":"text","offset":0,"text":"a"}
{"type":"call_start","offset":1,"index":0,"id":"call_0","name":"f"}
{"type":"args_delta","offset":36,"index":0,"delta":"{\"n\":12}"}
{"type":"call_end","offset":44,"index":0,"call":{"index":0,"id":"call_0","name":"f","arguments":{"n":12}}}
`
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestParseFileAndErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(file, []byte(`<use_tool><tool_name>x</tool_name></use_tool>`), 0o644); err != nil {
		t.Fatal(err)
	}
	badCatalog := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(badCatalog, []byte(`{"tools": 5}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := parseCLI(t, "", file, "--format", "use_tool")
	if code != 0 || !strings.Contains(out, `"calls":[{"index":0,"id":"call_0","name":"x","arguments":{}}]`) {
		t.Fatalf("file: exit %d %s", code, out)
	}
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"missing file", []string{filepath.Join(dir, "nope.txt")}, exitBadInput, "nope.txt"},
		{"bad catalog", []string{"--catalog", badCatalog, file}, exitBadInput, "catalog"},
		{"missing catalog", []string{"--catalog", filepath.Join(dir, "none.json"), file}, exitBadInput, "none.json"},
		{"unknown format", []string{"--format", "xml", file}, exitBadFlags, "use_tool"},
		{"zero chunk size", []string{"--chunk-size", "0", file}, exitBadFlags, "chunk-size"},
		{"bad chunk size", []string{"--chunk-size", "x", file}, exitBadFlags, "chunk-size"},
		{"two files", []string{file, file}, exitBadFlags, "at most one"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := parseCLI(t, "", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.msg) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q in it)", code, tc.code, stderr, tc.msg)
			}
		})
	}
}

func TestParseReasoningFlags(t *testing.T) {
	in := "plan</think>Hi <think>x</think>"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, `"text":"planHi ","reasoning":"x"`},
		{[]string{"--reasoning-open"}, `"text":"Hi ","reasoning":"planx"`},
		{[]string{"--think-as-text"}, `"text":"plan</think>Hi <think>x</think>","reasoning":""`},
		{[]string{"--think-as-text", "--reasoning-open"}, `"text":"plan</think>Hi <think>x</think>","reasoning":""`},
	} {
		code, out, errOut := parseCLI(t, in, append([]string{"--format", "tool_call"}, tc.args...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, stdout %s stderr %s; want %s", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestParseCallInReasoning: a call written before </think> is a call by
// default and reasoning with --keep-calls-in-reasoning; both report
// call_in_reasoning.
func TestParseCallInReasoning(t *testing.T) {
	in := "<think>Checking. <tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call></think>"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, `"reasoning":"Checking. ","calls":[{"index":0,"id":"call_0","name":"f","arguments":{}}],"errors":[{"offset":17,"code":"call_in_reasoning"`},
		{[]string{"--keep-calls-in-reasoning"}, `"reasoning":"Checking. <tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>","calls":[],"errors":[{"offset":17,"code":"call_in_reasoning"`},
	} {
		code, out, errOut := parseCLI(t, in, append([]string{"--format", "tool_call"}, tc.args...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, stdout %s stderr %s; want %s", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestParseHelpListsEveryFormat: --help names every format --format
// accepts, each with a wire shape.
func TestParseHelpListsEveryFormat(t *testing.T) {
	_, out, _ := parseCLI(t, "", "--help")
	for _, f := range anyparse.Formats() {
		if !strings.Contains(out, "  "+string(f)+" ") {
			t.Errorf("parse --help does not list %s", f)
		}
	}
}

// TestReadmeListsEveryFormat: the README's format table names exactly the
// formats of the registry (anyparse.Formats): a row for every one, and no
// row for a format the parsers do not read.
func TestReadmeListsEveryFormat(t *testing.T) {
	inTable := map[string]bool{}
	for _, row := range readme(t).Table("| format | wire shape |") {
		for _, name := range strings.Split(row[0], ", ") {
			inTable[strings.Trim(name, "`")] = true
		}
	}
	for _, f := range anyparse.Formats() {
		if !inTable[string(f)] {
			t.Errorf("README.md has no row for format %s", f)
		}
		delete(inTable, string(f))
	}
	for name := range inTable {
		t.Errorf("README.md lists %q, which no parser reads", name)
	}
}

// TestReadmeListsEveryParseCode: the README's list of the parsers' error
// codes is toolcall.ParseCodes.
func TestReadmeListsEveryParseCode(t *testing.T) {
	_, list, ok := strings.Cut(readme(t).Text(), "\nError codes: ")
	if !ok {
		t.Fatal("README.md has no \"Error codes:\" list")
	}
	list, _, _ = strings.Cut(list, ".\n")
	var want []string
	for _, c := range toolcall.ParseCodes {
		want = append(want, "`"+string(c)+"`")
	}
	if got := strings.Join(strings.Fields(list), " "); got != strings.Join(want, ", ") {
		t.Errorf("README error codes:\n got: %s\nwant: %s", got, strings.Join(want, ", "))
	}
}

// TestParseDialectFile: --dialect reads the text in a dialect a file
// describes (the summary names it as the format); a bad file is an input
// error naming the file and where in it; a --format that disagrees is a
// flag error.
func TestParseDialectFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "acme.json")
	if err := os.WriteFile(good, []byte(`{"format": "acme_v1",
 "blocks": [{"open": "<@call>", "call_end": "</@call>", "body": {"read": ["name_json"], "name_end": "<@args>"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "acme_v1",
 "blocks": [{"open": "<@call>", "body": {"read": ["yaml"]}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	in := `Looking.<@call>get_weather<@args>{"city":"Paris"}</@call>`
	code, out, errOut := parseCLI(t, in, "--dialect", good, "--chunk-size", "3")
	if want := `{"format":"acme_v1","text":"Looking.","reasoning":"","calls":[{"index":0,"id":"call_0","name":"get_weather","arguments":{"city":"Paris"}}]`; code != 0 || !strings.HasPrefix(out, want) {
		t.Fatalf("exit %d, stdout %s stderr %s; want %s", code, out, errOut, want)
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--dialect", bad}, exitBadInput, bad + `: blocks[0].body.read[0]: unknown reader "yaml"`},
		{[]string{"--dialect", filepath.Join(dir, "none.json")}, exitBadInput, "none.json"},
		{[]string{"--dialect", good, "--format", "kimi_k2"}, exitBadFlags, "disagree"},
	} {
		code, _, stderr := parseCLI(t, in, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want %q in it)", tc.args, code, tc.code, stderr, tc.msg)
		}
	}
}
