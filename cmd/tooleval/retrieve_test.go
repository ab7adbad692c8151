package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const retrieveCatalog = "../../testdata/retrieval/zh/catalog.json"

func TestRetrieveJSON(t *testing.T) {
	dir := t.TempDir()
	qs := filepath.Join(dir, "q.jsonl")
	os.WriteFile(qs, []byte("{\"id\":\"a\",\"query\":\"ApplyPatch 怎么写？\"}\n\n{\"id\":7,\"query\":\"明天北京到上海的火车票还有余票吗\"}\n{\"query\":\"zzzz\"}\n"), 0o644)
	code, out, errOut := runCLI("retrieve", "--catalog", retrieveCatalog, "--queries", qs, "-k", "2", "--always", "Read,LS,Read", "--json", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want one line per query, got %d:\n%s", len(lines), out)
	}
	type tool struct {
		Name   string   `json:"name"`
		Score  *float64 `json:"score"`
		Always *bool    `json:"always"`
	}
	var res []struct {
		ID    json.RawMessage `json:"id"`
		Query string          `json:"query"`
		Tools []tool          `json:"tools"`
	}
	for _, l := range lines {
		var r struct {
			ID    json.RawMessage `json:"id"`
			Query string          `json:"query"`
			Tools []tool          `json:"tools"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		res = append(res, r)
	}
	if string(res[0].ID) != `"a"` || string(res[1].ID) != "7" || string(res[2].ID) != "4" {
		t.Errorf("ids: %s %s %s", res[0].ID, res[1].ID, res[2].ID)
	}
	first := res[0].Tools
	if len(first) != 4 || first[0].Name != "Read" || first[1].Name != "LS" || !*first[0].Always || !*first[1].Always || first[2].Name != "ApplyPatch" || *first[2].Always || *first[2].Score <= 0 {
		t.Errorf("always-include first then top-k: %+v", first)
	}
	if res[1].Tools[2].Name != "train_ticket_search" {
		t.Errorf("train query: %+v", res[1].Tools)
	}
	if len(res[2].Tools) != 2 {
		t.Errorf("no-match query keeps always-include only: %+v", res[2].Tools)
	}
	// Only the query sharing no term with the catalog says so.
	for i, l := range lines {
		if zero := strings.Contains(l, `"zero_match":true`); zero != (i == 2) {
			t.Errorf("line %d: zero_match %v: %s", i+1, zero, l)
		}
	}
}

// TestRetrieveNamesZeroMatch: a query with no term in common with the
// catalog prints the empty block and says why on stderr.
func TestRetrieveNamesZeroMatch(t *testing.T) {
	code, out, errOut := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "zzzz qqqq", "-k", "10")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "No tools matched") {
		t.Errorf("stdout: %s", out)
	}
	if !strings.Contains(errOut, "query 1: no term in common with the catalog") || !strings.Contains(errOut, "upper bound") {
		t.Errorf("stderr does not name the zero-match query: %q", errOut)
	}
	if _, _, errOut := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "火车票"); strings.Contains(errOut, "no term in common") {
		t.Errorf("a matching query is called a zero match: %q", errOut)
	}
}

// TestRetrieveContractions is issue #25's case: "I'm" must not leave the
// term m, which matched "H&M" and put hm_products second for a recipe
// question; with or without "I'm" the same tools come back.
func TestRetrieveContractions(t *testing.T) {
	cat := filepath.Join(t.TempDir(), "catalog.json")
	os.WriteFile(cat, []byte(`[
{"type":"function","function":{"name":"find_recipes","description":"find recipes by ingredient","parameters":{"type":"object","properties":{"ingredient":{"type":"string","description":"main ingredient"}}}}},
{"type":"function","function":{"name":"hm_products","description":"search H&M products","parameters":{"type":"object","properties":{"q":{"type":"string","description":"product search text"}}}}},
{"type":"function","function":{"name":"bakery_hours","description":"opening hours of a bakery","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}},
{"type":"function","function":{"name":"weather","description":"current weather for a city","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}
]`), 0o644)
	tools := func(q string) []string {
		code, out, errOut := runCLI("retrieve", "--catalog", cat, "--query", q, "-k", "3", "--json", "-")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var r struct {
			Tools []struct{ Name string } `json:"tools"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		var names []string
		for _, x := range r.Tools {
			names = append(names, x.Name)
		}
		return names
	}
	with := tools("I'm baking bread, what's a recipe using the ingredient yeast?")
	without := tools("baking bread, what's a recipe using the ingredient yeast?")
	if len(with) == 0 || with[0] != "find_recipes" || slices.Contains(with, "hm_products") {
		t.Errorf("with I'm: %v, want find_recipes first and no hm_products", with)
	}
	if !slices.Equal(with, without) {
		t.Errorf("I'm changed the result: %v, without it %v", with, without)
	}
	for _, q := range []string{"I’ll need a recipe, don't you think? You're sure, we've got yeast", "I'd like a recipe; I'm sure it's easy"} {
		if got := tools(q); slices.Contains(got, "hm_products") {
			t.Errorf("%q: %v retrieves hm_products through a contraction", q, got)
		}
	}
}

func TestRetrievePromptBlockAndFlags(t *testing.T) {
	code, out, errOut := runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "查快递 SF1234567890 到哪了", "-k", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "## AvailableTools (retrieved)") || !strings.Contains(out, "Tool: logistics_track") {
		t.Errorf("prompt block:\n%s", out)
	}
	code, out, _ = runCLI("retrieve", "--catalog", retrieveCatalog, "--query", "查快递", "-k", "1", "--render", "names")
	if code != exitOK || strings.Contains(out, "AvailableTools") {
		t.Errorf("--render names: %d\n%s", code, out)
	}
	cfg := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(cfg, []byte(`{"k": 1, "always": ["Shell"], "weights": {"details": 0}}`), 0o644)
	code, out, errOut = runCLI("retrieve", "--catalog", retrieveCatalog, "--config", cfg, "--query", "天气", "--json", "-", "--weights", "name_words=2", "--k1", "1.5", "--b", "0.5")
	if code != exitOK || strings.Count(out, `"name"`) != 2 || !strings.Contains(out, `"name":"Shell","score":0,"always":true`) {
		t.Errorf("config k/always: %d %s %s", code, out, errOut)
	}
}

func TestRetrieveErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, []byte("[]"), 0o644)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{\"query\":\"ok\"}\n{\"query\": 5}\n"), 0o644)
	badCfg := filepath.Join(dir, "c.json")
	os.WriteFile(badCfg, []byte(`{"b": 3}`), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no catalog", []string{"--query", "x"}, exitBadFlags, "--catalog"},
		{"no query", []string{"--catalog", retrieveCatalog}, exitBadFlags, "--query"},
		{"both queries", []string{"--catalog", retrieveCatalog, "--query", "x", "--queries", bad}, exitBadFlags, "exactly one"},
		{"unknown always", []string{"--catalog", retrieveCatalog, "--query", "x", "--always", "Read,Nope"}, exitBadFlags, `"Nope"`},
		{"empty catalog", []string{"--catalog", empty, "--query", "x"}, exitBadInput, "empty catalog"},
		{"missing catalog", []string{"--catalog", filepath.Join(dir, "none.json"), "--query", "x"}, exitBadInput, "none.json"},
		{"unreadable queries", []string{"--catalog", retrieveCatalog, "--queries", filepath.Join(dir, "none.jsonl")}, exitBadInput, "none.jsonl"},
		{"broken queries line", []string{"--catalog", retrieveCatalog, "--queries", bad}, exitBadInput, "bad.jsonl:2"},
		{"bad weights", []string{"--catalog", retrieveCatalog, "--query", "x", "--weights", "title=2"}, exitBadFlags, "title"},
		{"bad b", []string{"--catalog", retrieveCatalog, "--query", "x", "--b", "2"}, exitBadFlags, "--b must be"},
		{"bad config", []string{"--catalog", retrieveCatalog, "--query", "x", "--config", badCfg}, exitBadInput, "c.json"},
		{"bad variant", []string{"--catalog", retrieveCatalog, "--query", "x", "--render", "fancy"}, exitBadFlags, "fancy"},
		{"negative k", []string{"--catalog", retrieveCatalog, "--query", "x", "-k", "-1"}, exitBadFlags, "-k"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(append([]string{"retrieve"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d (want %d), stderr %q (want %q)", code, tc.code, errOut, tc.want)
			}
		})
	}
}

// The exact-name check: a tool the query names exactly is listed as
// "named", and one that BM25 does not rank first (here a description
// repeating the query's other words outscores the named tool) is
// reported, in --json and on stderr.
func TestRetrieveExactName(t *testing.T) {
	dir := t.TempDir()
	cat := filepath.Join(dir, "catalog.json")
	os.WriteFile(cat, []byte(`[
{"name":"x1","description":"Notes: read notes, list notes, read the notes of a notebook.","input_schema":{"type":"object"}},
{"name":"read_notes","description":"Read notes.","input_schema":{"type":"object"}},
{"name":"get_weather","description":"Weather for a city.","input_schema":{"type":"object"}}]`), 0o644)
	queries := filepath.Join(dir, "q.jsonl")
	os.WriteFile(queries, []byte(`{"id":"first","query":"use read_notes"}
{"id":"miss","query":"get_weather, then read the notes of my notebook"}
{"id":"none","query":"what is the weather in Paris"}
`), 0o644)
	code, out, errOut := runCLI("retrieve", "--catalog", cat, "--queries", queries, "-k", "3", "--json", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{`"named":["read_notes"]}`, `"named":["get_weather"],"exact_name_miss":"get_weather"}`, `"always":false}]}`}
	if len(lines) != len(want) {
		t.Fatalf("%d lines: %s", len(lines), out)
	}
	for i, l := range lines {
		if !strings.HasSuffix(l, want[i]) {
			t.Errorf("line %d: %s, want it to end %s", i+1, l, want[i])
		}
	}
	_, _, errOut = runCLI("retrieve", "--catalog", cat, "--queries", queries, "-k", "3")
	if !strings.Contains(errOut, "query miss: names tool get_weather exactly, but it does not rank first") || strings.Count(errOut, "exactly") != 1 {
		t.Errorf("stderr: %q", errOut)
	}
}

// --search regex: the query is a pattern over names, descriptions and
// parameter names; always-include tools still come first; a broken
// pattern is exit 1 saying why, an unknown --search exit 2.
func TestRetrieveRegex(t *testing.T) {
	const fs = "../../testdata/catalogs/filesystem.mcp.json"
	code, out, errOut := runCLI("retrieve", "--catalog", fs, "--search", "regex", "--query", "^(READ|write)_", "--always", "move_file", "--json", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `"tools":[{"name":"move_file","score":0,"always":true},{"name":"read_text_file","score":3,"always":false},`
	if !strings.Contains(out, want) || !strings.Contains(out, `{"name":"write_file","score":3,"always":false}`) {
		t.Errorf("got %s", out)
	}
	code, _, errOut = runCLI("retrieve", "--catalog", fs, "--search", "regex", "--query", "(")
	if code != exitBadInput || !strings.Contains(errOut, "not an RE2 pattern") || strings.Contains(errOut, "(?i)") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	if code, _, errOut = runCLI("retrieve", "--catalog", fs, "--search", "fuzzy", "--query", "x"); code != exitBadFlags || !strings.Contains(errOut, "--search must be bm25 or regex") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}
