package suite

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/metrics"
)

var update = flag.Bool("update", false, "rewrite golden files")

const testSuite = "../testdata/replay/suite.jsonl"

func TestLoadFile(t *testing.T) {
	s, err := LoadFile(testSuite)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Cases) != 9 {
		t.Fatalf("got %d cases", len(s.Cases))
	}
	byID := map[string]*Case{}
	for _, c := range s.Cases {
		byID[c.ID] = c
	}
	c := byID["note-create"]
	if c.Line != 1 || c.Transcript.Format != "use_tool" || c.Transcript.Variant != "detailed" || len(c.GoldCalls) != 1 ||
		c.GoldCalls[0].Name != "create_note" || !c.GoldCalls[0].Param("folder").Optional() || s.Catalog(c) == nil {
		t.Fatalf("note-create parsed as %+v", c)
	}
	if c := byID["note-search-wrong-type"]; c.Line != 3 || len(c.Transcript.RecordedChunks()) != 2 ||
		!strings.HasPrefix(string(c.Transcript.Bytes()), `<tool_call>{"name": "search_notes"`) {
		t.Fatalf("chunks case: line %d, %q", c.Line, c.Transcript.Bytes())
	}
	if c := byID["weather-paris"]; !strings.Contains(string(c.Transcript.Bytes()), "[DONE]") {
		t.Fatalf("transcript file not read: %q", c.Transcript.Bytes())
	}
	if c := byID["abstain-chitchat"]; !c.Abstention() || !c.CheckCalls() {
		t.Fatal("abstention case not recognised")
	}
	if c := byID["retrieval-only"]; c.CheckCalls() || c.Transcript != nil {
		t.Fatal("retrieval-only case has calls")
	}
}

// TestLoadBrokenSuite checks every problem of a broken suite is reported
// with its line and field (golden file).
func TestLoadBrokenSuite(t *testing.T) {
	_, err := LoadFile("../testdata/replay/broken/suite.jsonl")
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("want Errors, got %v", err)
	}
	golden.Check(t, "../testdata/replay/broken/errors.golden", []byte(err.Error()+"\n"), *update)
	for _, e := range es {
		if e.Line == 0 || e.File != "../testdata/replay/broken/suite.jsonl" {
			t.Errorf("error without line or file: %v", e)
		}
	}
}

func TestLoadFS(t *testing.T) {
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"s/cat.json":    {Data: cat},
		"s/suite.jsonl": {Data: []byte("\ufeff{\"id\":\"a\",\"query\":\"note\",\"catalog\":\"cat.json\",\"gold_tools\":[\"create_note\"]}\r\n\n")},
		"s/empty.jsonl": {Data: []byte("\n\n")},
	}
	s, err := Load(fsys, "s/suite.jsonl", "")
	if err != nil || len(s.Cases) != 1 || s.Name != "s/suite.jsonl" {
		t.Fatalf("%v %+v", err, s)
	}
	if _, err := Load(fsys, "s/empty.jsonl", "empty"); err == nil || !strings.Contains(err.Error(), "empty: the suite has no cases") {
		t.Fatalf("empty suite: %v", err)
	}
	if _, err := Load(fsys, "s/none.jsonl", "none"); err == nil || !strings.HasPrefix(err.Error(), "none: cannot read") {
		t.Fatalf("missing suite: %v", err)
	}
}

func TestSchemaFileIsValidJSONSchema(t *testing.T) {
	if _, err := caseSchema(); err != nil {
		t.Fatal(err)
	}
	on, err := os.ReadFile(filepath.Join(".", "suite.schema.json"))
	if err != nil || string(on) != string(SchemaJSON) {
		t.Fatal("embedded schema differs from the file")
	}
}

// TestCaseJSON checks that a case marshals to the line it was read from,
// keeping absent apart from empty: gold_calls absent (not checked) against
// [] (no call is right), and an empty text or chunk list against none.
func TestCaseJSON(t *testing.T) {
	for _, tc := range []struct {
		name, line        string
		check, abstention bool
	}{
		{"gold calls absent", `{"id":"a","query":"q","catalog":"c.json","gold_tools":[]}`, false, false},
		{"gold calls empty", `{"id":"a","query":"q","catalog":"c.json","gold_tools":[],"gold_calls":[]}`, true, true},
		{"gold calls", `{"id":"a","query":"q <&>","catalog":"c.json","gold_tools":["f"],"always_include":["g"],"lang":"en","tags":["t"],"gold_calls":[{"f":{"x":[1.0,""],"y":["<b>"]}}]}`, true, false},
		{"empty text", `{"id":"a","query":"q","catalog":"c.json","gold_tools":[],"transcript":{"format":"auto","text":""}}`, false, false},
		{"file", `{"id":"a","query":"q","catalog":"c.json","gold_tools":[],"transcript":{"format":"anthropic","file":"t/a.sse","variant":"native","model":"m"}}`, false, false},
		{"empty chunks", `{"id":"a","query":"q","catalog":"c.json","gold_tools":[],"transcript":{"format":"use_tool","chunks":[],"chunk_times_ms":[],"variant":"xml","protocol":"use_tool"}}`, false, false},
		{"chunks", `{"id":"a","query":"q","catalog":"c.json","gold_tools":[],"transcript":{"format":"use_tool","chunks":["a","b"],"chunk_times_ms":[1.5,2]}}`, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Case
			if err := json.Unmarshal([]byte(tc.line), &c); err != nil {
				t.Fatal(err)
			}
			if c.CheckCalls() != tc.check || c.Abstention() != tc.abstention {
				t.Errorf("CheckCalls %v, Abstention %v", c.CheckCalls(), c.Abstention())
			}
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(&c); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(b.String(), "\n"); got != tc.line {
				t.Errorf("round trip\n got %s\nwant %s", got, tc.line)
			}
		})
	}
	// Built in Go: a nil list is left out, an empty one written.
	c := Case{ID: "a", GoldTools: []string{}, Transcript: &Transcript{Format: "auto", Chunks: []string{}}}
	if out, _ := json.Marshal(c); strings.Contains(string(out), "gold_calls") || !strings.Contains(string(out), `"chunks":[]`) || strings.Contains(string(out), "chunk_times_ms") || strings.Contains(string(out), "text") {
		t.Errorf("nil gold calls: %s", out)
	}
	c.GoldCalls = []metrics.GoldCall{}
	if out, _ := json.Marshal(c); !strings.Contains(string(out), `"gold_calls":[]`) {
		t.Errorf("empty gold calls: %s", out)
	}
}
