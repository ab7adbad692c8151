package bfcl

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite golden files")

const fixture = "../testdata/bfcl/checkout"

// importFixture imports the fixture checkout with the given catalog mode
// and writes it to a temporary directory, returning the import, the
// directory and the files written (relative to it).
func importFixture(t *testing.T, mode CatalogMode) (*Imported, string, []string) {
	t.Helper()
	im, err := Load(fixture, Options{Catalogs: mode})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	files, err := im.Write(out)
	if err != nil {
		t.Fatal(err)
	}
	return im, out, files
}

// TestImportGolden imports the fixture checkout and compares every written
// file and the summary with the golden copies.
func TestImportGolden(t *testing.T) {
	for _, mode := range []CatalogMode{SharedCatalog, CaseCatalogs} {
		t.Run(string(mode), func(t *testing.T) {
			im, out, files := importFixture(t, mode)
			dir := filepath.Join("..", "testdata", "bfcl", "golden", string(mode))
			sum, _ := json.MarshalIndent(im.Summary, "", "  ")
			golden.Check(t, filepath.Join(dir, "summary.json"), append(sum, '\n'), *update)
			for _, f := range files {
				got, err := os.ReadFile(filepath.Join(out, f))
				if err != nil {
					t.Fatal(err)
				}
				golden.Check(t, filepath.Join(dir, f), got, *update)
			}
			if !*update {
				// No golden file may be left unchecked.
				err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
					if err != nil || d.IsDir() || filepath.Base(p) == "summary.json" {
						return err
					}
					rel, _ := filepath.Rel(dir, p)
					for _, f := range files {
						if filepath.ToSlash(rel) == f {
							return nil
						}
					}
					t.Errorf("golden file %s was not written by the import", rel)
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// goldJSON returns a case's gold calls as the suite writes them.
func goldJSON(t *testing.T, c suite.Case) string {
	t.Helper()
	if c.GoldCalls == nil {
		return "absent"
	}
	b, err := json.Marshal(c.GoldCalls)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestImportFacts checks the behaviour the golden files encode, so that a
// wrong -update cannot hide it.
func TestImportFacts(t *testing.T) {
	im, err := Load(fixture, Options{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]suite.Case{}
	for _, c := range im.Cases {
		byID[c.ID] = c
	}
	// Multi-turn questions are trajectories: one step per user turn, the
	// turn's Python ground truth as its gold calls.
	if c, ok := byID["multi_turn_base_0"]; !ok || c.Query != "cd into docs" || len(c.Steps) != 2 || c.Steps[1].Query != "now list it" ||
		len(c.Steps[0].GoldCalls) != 1 || c.Steps[0].GoldCalls[0].Name != "cd" || string(c.Steps[0].GoldCalls[0].Params[0].Allowed[0]) != `"docs"` ||
		len(c.Steps[1].GoldCalls) != 1 || c.Steps[1].GoldCalls[0].Name != "ls" || c.Transcript != nil {
		t.Errorf("multi-turn case: %+v", c)
	}
	if im.Summary.Skipped["multi-turn"] != 0 {
		t.Errorf("skipped = %v, want no multi-turn skip", im.Summary.Skipped)
	}
	for _, ms := range im.Models {
		for _, c := range ms.Cases {
			if c.ID == "multi_turn_base_0" && (len(c.Steps) != 2 || c.Steps[0].Transcript == nil || c.Steps[1].Transcript == nil ||
				!strings.Contains(*c.Steps[1].Transcript.Text, `"name": "ls"`) && !strings.Contains(*c.Steps[1].Transcript.Text, `"name":"ls"`)) {
				t.Errorf("%s: multi-turn result: %+v", ms.Model, c.Steps)
			}
		}
	}
	if c := byID["irrelevance_0"]; goldJSON(t, c) != "[]" || len(c.GoldTools) != 0 {
		t.Errorf("irrelevance case: gold_calls %s, gold_tools %v; want abstention", goldJSON(t, c), c.GoldTools)
	}
	if c := byID["simple_python_2"]; c.Lang != "zh" || c.Query != "从北京南站到颐和园怎么坐公交？" {
		t.Errorf("Chinese case: %+v", c)
	}
	if c := byID["parallel_1"]; c.Query != "Monthly payments for $100,000 over 15 years at 5% and over 30 years at 5.5%?" {
		t.Errorf("system message leaked into query: %q", c.Query)
	}
	if c := byID["exec_simple_0"]; goldJSON(t, c) != `[{"convert_units":{"value":[3.0],"from_unit":["feet"],"to_unit":["metres"]}}]` {
		t.Errorf("exec ground truth: %s", goldJSON(t, c))
	}
	if c := byID["multiple_1"]; !contains(c.Tags, "catalog_conflict") {
		t.Errorf("multiple_1 redefines get_tide_times but has tags %v", c.Tags)
	}
	if c := byID["simple_python_0"]; strings.Contains(c.Query, "old question") {
		t.Error("v3 file used although v4 exists")
	}
	// 12 tools of the single-turn questions, 3 of the multi-turn class.
	if len(im.Catalog) != 15 || im.Summary.Conflicts != 5 {
		t.Errorf("catalog has %d tools, %d conflicts; want 15, 5", len(im.Catalog), im.Summary.Conflicts)
	}
	models := map[string]ModelSuite{}
	for _, m := range im.Models {
		models[m.Model] = m
	}
	fc := models["fake-gpt-FC"]
	if len(fc.Cases) != 16 { // 15 single-turn, 1 multi-turn
		t.Fatalf("fake-gpt-FC has %d cases, want 16", len(fc.Cases))
	}
	// The model's names are kept as it wrote them; its checker expects
	// dotted names with underscores (judged from its calls).
	var c suite.Case
	for _, x := range fc.Cases {
		if x.ID == "simple_python_0" {
			c = x
		}
	}
	if c.ID != "simple_python_0" || !strings.Contains(*c.Transcript.Text, `"name": "finance_loan_payment"`) ||
		c.Checker == nil || !c.Checker.UnderscoreNames {
		t.Errorf("simple_python_0: %+v %+v", c.Transcript, c.Checker)
	}
	for _, ms := range im.Summary.Models {
		// broken JSON and text from a function-calling model do not decode
		if ms.Model == "fake-gpt-FC" && (!ms.UnderscoreNames || ms.Mode != ModeFC || ms.Unmatched != 0 || ms.Missing != 2 || ms.Unparsed != 5) {
			t.Errorf("fake-gpt-FC summary %+v", ms)
		}
		if ms.Model == "tiny-prompt-model" && (ms.UnderscoreNames || ms.Mode != ModePrompting) {
			t.Errorf("tiny-prompt-model summary %+v", ms)
		}
	}
}

func TestImportFilters(t *testing.T) {
	im, err := Load(fixture, Options{Categories: []string{"simple*", "parallel"}, Models: []string{"tiny-*"}})
	if err != nil {
		t.Fatal(err)
	}
	var cats []string
	for _, c := range im.Summary.Categories {
		cats = append(cats, c.Category)
	}
	if strings.Join(cats, ",") != "parallel,simple_java,simple_javascript,simple_python" {
		t.Errorf("categories %v", cats)
	}
	if len(im.Models) != 1 || im.Models[0].Model != "tiny-prompt-model" || len(im.Models[0].Cases) != 6 {
		t.Errorf("models %+v", im.Summary.Models)
	}
	im, err = Load(fixture, Options{ResultsDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Models) != 0 || im.Summary.ResultsDir != "" {
		t.Errorf("results imported with ResultsDir -")
	}
}

// TestImportErrors breaks one file of a copy of the fixture per case and
// checks that the error names the file, the line and what is wrong. A
// problem with one entry is an error with Strict and otherwise a warning
// saying the same, the rest of the import going ahead.
func TestImportErrors(t *testing.T) {
	data := filepath.Join("bfcl_eval", "data")
	simple := filepath.Join(data, "BFCL_v4_simple_python.json")
	answers := filepath.Join(data, "possible_answer", "BFCL_v4_simple_python.json")
	result := filepath.Join("result", "tiny-prompt-model", "BFCL_v4_simple_python_result.json")
	cases := []struct {
		name   string
		file   string
		edit   func(string) string // nil removes the file
		opt    Options
		want   []string
		isFile bool
		entry  bool // a per-entry problem: a warning unless Strict
	}{
		{name: "missing answers", file: answers, want: []string{"possible_answer/BFCL_v4_simple_python.json", "possible-answer file for category simple_python is missing"}, isFile: true},
		{name: "question not JSON", file: simple, edit: replaceLine(2, `{"id": "simple_python_1", "question": [[`), want: []string{"BFCL_v4_simple_python.json:2", "not a question object"}, isFile: true, entry: true},
		{name: "question without id", file: simple, edit: replaceLine(3, `{"question": [[{"role": "user", "content": "hi"}]], "function": []}`), want: []string{"BFCL_v4_simple_python.json:3", "id: missing"}, isFile: true, entry: true},
		{name: "duplicate id", file: simple, edit: replaceLine(2, `{"id": "simple_python_0", "question": [[{"role": "user", "content": "hi"}]], "function": []}`), want: []string{"BFCL_v4_simple_python.json:2", `id "simple_python_0"`, "duplicate (first at", "BFCL_v4_simple_python.json:1)"}, isFile: true, entry: true},
		{name: "function without name", file: simple, edit: replaceLine(1, `{"id": "simple_python_0", "question": [[{"role": "user", "content": "hi"}]], "function": [{"description": "x"}]}`), want: []string{"BFCL_v4_simple_python.json:1", "function: [0].name: missing"}, isFile: true, entry: true},
		{name: "message not an object", file: simple, edit: replaceLine(4, `{"id": "simple_python_3", "question": [["hello"]], "function": []}`), want: []string{"BFCL_v4_simple_python.json:4", "question: [0][0]: want a message"}, isFile: true, entry: true},
		{name: "answer missing for a question", file: answers, edit: replaceLine(4, ``), want: []string{"BFCL_v4_simple_python.json:4", `id "simple_python_3"`, "no answer in"}, isFile: true, entry: true},
		{name: "answer values not a list", file: answers, edit: replaceLine(2, `{"id": "simple_python_1", "ground_truth": [{"get_tide_times": {"station": "Port Isaac"}}]}`), want: []string{"possible_answer/BFCL_v4_simple_python.json:2", "ground_truth[0].get_tide_times.station", "want a list of allowed values, got a string"}, isFile: true, entry: true},
		{name: "answer with two functions in one element", file: answers, edit: replaceLine(1, `{"id": "simple_python_0", "ground_truth": [{"a": {}, "b": {}}]}`), want: []string{"possible_answer/BFCL_v4_simple_python.json:1", "ground_truth[0]", "one-key object"}, isFile: true, entry: true},
		{name: "result not JSON", file: result, edit: replaceLine(3, `{"id": "simple_python_3", "result": `), want: []string{"BFCL_v4_simple_python_result.json:3", "not a result object"}, isFile: true, entry: true},
		{name: "result twice", file: result, edit: replaceLine(2, `{"id": "simple_python_0", "result": "[]"}`), want: []string{"BFCL_v4_simple_python_result.json:2", "second result"}, isFile: true, entry: true},
		{name: "no category matches", opt: Options{Categories: []string{"java*"}}, want: []string{"no question files match categories java*"}},
		{name: "results dir missing", opt: Options{ResultsDir: "/nonexistent/result"}, want: []string{"results directory /nonexistent/result: not found"}},
		{name: "bad pattern", opt: Options{Categories: []string{"["}}, want: []string{`bad pattern "["`}},
		{name: "bad catalog mode", opt: Options{Catalogs: "per-tool"}, want: []string{`unknown catalog mode "per-tool"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, fixture)
			if tc.file != "" {
				p := filepath.Join(dir, tc.file)
				if tc.edit == nil {
					if err := os.Remove(p); err != nil {
						t.Fatal(err)
					}
				} else {
					b, err := os.ReadFile(p)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte(tc.edit(string(b))), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if tc.entry {
				im, err := Load(dir, tc.opt)
				if err != nil {
					t.Fatalf("without Strict: %v", err)
				}
				all := strings.Join(im.Summary.Warnings, "\n")
				for _, w := range tc.want {
					if !strings.Contains(filepath.ToSlash(all), w) {
						t.Errorf("warnings %q do not contain %q", all, w)
					}
				}
				// Strict: the first problem stops the import (only the
				// broken category, the fixture's others carry warnings).
				tc.opt.Strict, tc.opt.Categories = true, []string{"simple_python"}
			}
			_, err := Load(dir, tc.opt)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(filepath.ToSlash(err.Error()), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			var fe *toolcall.FileError
			if errors.As(err, &fe) != tc.isFile {
				t.Errorf("error %T: toolcall.FileError = %v, want %v", err, !tc.isFile, tc.isFile)
			}
		})
	}
}

func TestImportNoQuestionFiles(t *testing.T) {
	_, err := Load(t.TempDir(), Options{})
	if err == nil || !strings.Contains(err.Error(), "no question files") {
		t.Fatalf("err = %v", err)
	}
	_, err = Load(filepath.Join(t.TempDir(), "missing"), Options{})
	if err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("err = %v", err)
	}
}

// TestImportArrayFile: a question file holding one JSON array (as some
// forks write) is read too, with line numbers of each element.
func TestImportArrayFile(t *testing.T) {
	dir := copyTree(t, fixture)
	p := filepath.Join(dir, "bfcl_eval", "data", "BFCL_v4_parallel.json")
	b, _ := os.ReadFile(p)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	arr := "[\n" + strings.Join(lines, ",\n") + "\n]\n"
	if err := os.WriteFile(p, []byte(arr), 0o644); err != nil {
		t.Fatal(err)
	}
	im, err := Load(dir, Options{Categories: []string{"parallel"}, ResultsDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Cases) != 2 {
		t.Fatalf("%d cases", len(im.Cases))
	}
	broken := "[\n" + lines[0] + ",\n" + `{"id": 7}` + "\n]\n"
	if err := os.WriteFile(p, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(dir, Options{Categories: []string{"parallel"}, Strict: true})
	if err == nil || !strings.Contains(err.Error(), "BFCL_v4_parallel.json:3") {
		t.Fatalf("err = %v, want line 3", err)
	}
}

func replaceLine(n int, with string) func(string) string {
	return func(s string) string {
		lines := strings.Split(s, "\n")
		lines[n-1] = with
		return strings.Join(lines, "\n")
	}
}

func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestImportedSuitesLoad checks every written suite with the replay
// loader, which validates cases against the catalogs (gold tools and gold
// call parameters must exist in them).
func TestImportedSuitesLoad(t *testing.T) {
	for _, mode := range []CatalogMode{SharedCatalog, CaseCatalogs} {
		_, out, files := importFixture(t, mode)
		for _, f := range files {
			if !strings.HasSuffix(f, ".jsonl") {
				continue
			}
			s, err := suite.LoadFile(filepath.Join(out, f))
			if err != nil {
				t.Errorf("%s mode: %s: %v", mode, f, err)
				continue
			}
			if len(s.Cases) == 0 {
				t.Errorf("%s mode: %s: no cases", mode, f)
			}
		}
	}
}

// Case catalog file names never collide: "x/1" and "x_1" both become
// "x_1" when made file-safe, and names differing only in case clash on
// case-insensitive file systems.
func TestCatalogFileUnique(t *testing.T) {
	b := &builder{files: map[string]string{}}
	seen := map[string]string{}
	for _, id := range []string{"x_1", "x/1", "x 1", "X_1", "simple_python_0", "live_simple_106-63-0", "..", ""} {
		name := b.catalogFile(id)
		if other, dup := seen[strings.ToLower(name)]; dup {
			t.Errorf("ids %q and %q share catalog file %s", other, id, name)
		}
		seen[strings.ToLower(name)] = id
		if strings.ContainsAny(name, "/\\ ") || !strings.HasSuffix(name, ".json") {
			t.Errorf("id %q: unsafe file name %q", id, name)
		}
	}
	if got := b.catalogFile("simple_python_1"); got != "simple_python_1.json" {
		t.Errorf("a safe id keeps its name: %s", got)
	}
}
