package replay

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
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
	got := err.Error() + "\n"
	golden := "../testdata/replay/broken/errors.golden"
	if *update {
		os.WriteFile(golden, []byte(got), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("errors differ from %s:\n%s", golden, got)
	}
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
