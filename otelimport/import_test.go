package otelimport

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The trace exports under testdata/otel, written by hand in the shapes
// three instrumentations produce: the GenAI conventions as the OpenAI
// Agents SDK's OpenTelemetry instrumentation exports them (plus a trace in
// the older event form and one with content capture off), OpenLLMetry's
// indexed attributes, and OpenInference's (one pretty-printed document,
// two runs in one trace).
var fixtures = []string{
	"../testdata/otel/semconv.jsonl",
	"../testdata/otel/openllmetry.jsonl",
	"../testdata/otel/openinference.json",
}

// importFixtures imports the fixtures and writes them to a new
// directory, returning the import, the directory and the files written.
func importFixtures(t *testing.T, opt Options) (*Imported, string, []string) {
	t.Helper()
	im, err := Load(fixtures, opt)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := im.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	return im, dir, files
}

// The written suite, its catalogs and the summary match the golden files.
func TestImportGolden(t *testing.T) {
	im, dir, files := importFixtures(t, Options{})
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("../testdata/otel/golden", f), got, *update)
	}
	sum, _ := json.MarshalIndent(im.Summary, "", "  ")
	golden.Check(t, "../testdata/otel/golden/summary.json", append(sum, '\n'), *update)
}

// What each instrumentation's trace becomes: the query, the steps and
// their calls, the tool results and the model.
func TestImportRuns(t *testing.T) {
	im, err := Load(fixtures, Options{})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		query   string
		calls   string // the observed calls per step, "|" between steps
		results int
		model   string
		tags    string
	}
	wants := map[string]want{
		"otel-4bf92f3577b34da6a3ce929d0e0e4736": {"What's the weather in Lisbon, and mail it to ana@example.com?",
			`get_weather{"city":"Lisbon","unit":"c"}|send_email{"body":"Lisbon: 21C, clear","to":"ana@example.com"}|`, 2, "gpt-4.1-2025-04-14", "otel,otel:unreviewed,otel:semconv"},
		"otel-5c0a3f3577b34da6a3ce929d0e0e4737": {"Convert 250 EUR to USD",
			`convert_currency{"amount":250,"from":"EUR","to":"USD"}`, 0, "gpt-4o-mini", "otel,otel:unreviewed,otel:semconv-events,otel:inferred_tools"},
		"otel-7e2c3f3577b34da6a3ce929d0e0e4739": {"Find my note about the Q3 budget and delete it",
			`search_notes{"query":"Q3 budget"}|delete_note{"id":"n42"}|`, 2, "gpt-4o-2024-08-06", "otel,otel:unreviewed,otel:openllmetry"},
		"otel-8f3d3f3577b34da6a3ce929d0e0e473a-2000000000000001": {"Which files are in ./docs?",
			`list_files{"path":"./docs"}|`, 1, "claude-sonnet-4-5", "otel,otel:unreviewed,otel:openinference"},
		"otel-8f3d3f3577b34da6a3ce929d0e0e473a-3000000000000001": {"Show me the first 200 bytes of guide.md",
			`read_file{"max_bytes":200,"path":"./docs/guide.md"}`, 0, "claude-sonnet-4-5", "otel,otel:unreviewed,otel:openinference"},
	}
	if len(im.Cases) != len(wants) {
		t.Fatalf("%d cases, want %d", len(im.Cases), len(wants))
	}
	for _, c := range im.Cases {
		w, ok := wants[c.ID]
		if !ok {
			t.Errorf("unexpected case %s", c.ID)
			continue
		}
		var steps []string
		observed := [][]suite.ObservedCall{c.ObservedCalls}
		if c.Steps != nil {
			observed = nil
			for _, st := range c.Steps {
				observed = append(observed, st.ObservedCalls)
			}
		}
		for _, st := range observed {
			var calls []string
			for _, oc := range st {
				calls = append(calls, oc.Name+string(oc.Arguments))
			}
			steps = append(steps, strings.Join(calls, ","))
		}
		results := 0
		model := ""
		if c.Transcript != nil {
			model = c.Transcript.Model
		}
		for _, st := range c.Steps {
			results += len(st.ToolResults)
			model = st.Transcript.Model
		}
		got := want{c.Query, strings.Join(steps, "|"), results, model, strings.Join(c.Tags, ",")}
		if got != w {
			t.Errorf("%s:\n got %+v\nwant %+v", c.ID, got, w)
		}
	}
	s := im.Summary
	if s.SkippedSpans != 2 || s.SkippedByName["POST"] != 1 || s.SkippedByName["redis.get"] != 1 {
		t.Errorf("skipped spans %d %v, want POST and redis.get", s.SkippedSpans, s.SkippedByName)
	}
	if s.Runs != 6 || s.Cases != 5 || len(s.SkippedRuns) != 1 {
		t.Errorf("runs %d, cases %d, left out %v", s.Runs, s.Cases, s.SkippedRuns)
	}
}

// No value of an attribute or member whose key names a secret reaches
// the suite: the fixtures hold SECRET in authorization headers, API key
// attributes, a session token and a tool's api_key argument.
func TestImportDropsSecrets(t *testing.T) {
	for _, f := range fixtures {
		b, _ := os.ReadFile(f)
		if !bytes.Contains(b, []byte("SECRET")) && !strings.Contains(f, "openinference") {
			t.Fatalf("%s has no secret to drop: the test proves nothing", f)
		}
	}
	_, dir, files := importFixtures(t, Options{Accept: []string{"*"}})
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if bytes.Contains(b, []byte("SECRET")) {
			t.Errorf("%s holds a secret", f)
		}
	}
}

func TestSecretKey(t *testing.T) {
	for k, want := range map[string]bool{
		"http.request.header.authorization": true, "Authorization": true, "openai.api_key": true, "x-api-key": true,
		"apiKey": true, "client_secret": true, "password": true, "access_token": true, "token": true,
		"traceloop.association.properties.session_token": true, "Cookie": true, "aws.secret_access_key": true,
		"gen_ai.usage.input_tokens": false, "llm.token_count.prompt": false, "max_tokens": false, "max_token": false,
		"gen_ai.request.model": false, "query": false, "tokenizer": false, "city": false,
	} {
		if got := secretKey(k); got != want {
			t.Errorf("secretKey(%q) = %v, want %v", k, got, want)
		}
	}
}

// --accept makes the observed calls of the matching cases their gold
// calls, as one-value possible answers; a final text step expects no call.
func TestAccept(t *testing.T) {
	im, err := Load(fixtures, Options{Accept: []string{"otel-7e2c*", "otel-5c0a*"}})
	if err != nil {
		t.Fatal(err)
	}
	gold := map[string]string{}
	for _, c := range im.Cases {
		var b []byte
		if c.Steps == nil {
			b, _ = json.Marshal(c.GoldCalls)
		} else {
			var per []string
			for _, st := range c.Steps {
				g, _ := json.Marshal(st.GoldCalls)
				per = append(per, string(g))
			}
			b = []byte(strings.Join(per, "|"))
		}
		gold[c.ID] = string(b)
	}
	want := map[string]string{
		"otel-7e2c3f3577b34da6a3ce929d0e0e4739": `[{"search_notes":{"query":["Q3 budget"]}}]|[{"delete_note":{"id":["n42"]}}]|[]`,
		"otel-5c0a3f3577b34da6a3ce929d0e0e4737": `[{"convert_currency":{"amount":[250],"from":["EUR"],"to":["USD"]}}]`,
		"otel-4bf92f3577b34da6a3ce929d0e0e4736": `null|null|null`,
	}
	for id, w := range want {
		if gold[id] != w {
			t.Errorf("%s: gold %s, want %s", id, gold[id], w)
		}
	}
	if im.Summary.Accepted != 2 {
		t.Errorf("accepted %d, want 2", im.Summary.Accepted)
	}
	if _, err := Load(fixtures, Options{Accept: []string{"["}}); err == nil {
		t.Error("a bad --accept pattern was taken")
	}
}

// Input that is not an OTLP JSON export is an error naming the file and
// the line; a file that does not open names the file.
func TestImportErrors(t *testing.T) {
	dir := t.TempDir()
	good, _ := os.ReadFile("../testdata/otel/openllmetry.jsonl")
	for _, c := range []struct {
		name, content string
		line          int
		msg           string
	}{
		{"broken line", string(good) + "\n{\"resourceSpans\": [\n" + string(good), 3, "not JSON"},
		{"not a request", string(good) + `{"resourceSpans": [{"scopeSpans": "x"}]}` + "\n", 2, "not an OTLP trace export"},
		{"wrong type in a pretty document", "\n\n{\n  \"resourceSpans\": [\n    {\"scopeSpans\": [{\"spans\": [{\"name\": 5}]}]}\n  ]\n}\n", 3, "not an OTLP trace export"},
		{"text", "hello\n", 1, "not JSON"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".jsonl")
			os.WriteFile(p, []byte(c.content), 0o644)
			_, err := Load([]string{p}, Options{})
			var fe *toolcall.FileError
			if !errors.As(err, &fe) || fe.File != p || fe.Line != c.line || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("err = %v, want %s:%d: %s…", err, p, c.line, c.msg)
			}
		})
	}
	_, err := Load([]string{filepath.Join(dir, "missing.jsonl")}, Options{})
	if err == nil || !strings.Contains(err.Error(), "missing.jsonl") {
		t.Errorf("err = %v", err)
	}
}

// Each written suite loads with replay's loader, and its transcripts
// parse to the calls observed (the full replay round trip is tested with
// the command).
func TestImportLoads(t *testing.T) {
	_, dir, _ := importFixtures(t, Options{Accept: []string{"*"}})
	s, err := suite.LoadFile(filepath.Join(dir, "suite.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range s.Cases {
		ids = append(ids, c.ID)
	}
	sort.Strings(ids)
	if len(ids) != 5 {
		t.Errorf("loaded %v", ids)
	}
}
