package replay

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/tooleval/tooleval/suite"
)

// TestCustomToolCallReplayed: a case whose transcript calls a custom tool
// (OpenAI's free-form tools, a Responses custom_tool_call) is scored as a
// call of that tool with one argument, input, the text the model wrote:
// right input passes, wrong input fails on its arguments.
func TestCustomToolCallReplayed(t *testing.T) {
	catalog := `[{"type":"custom","name":"run_sql","description":"Run one read-only SQL query against the orders database and return the rows."},
{"type":"function","name":"get_time","description":"Get the current time in a time zone.","parameters":{"type":"object","properties":{"zone":{"type":"string"}},"required":["zone"]}}]`
	body := func(input string) string {
		return `{"id":"resp_c","object":"response","status":"completed","output":[{"type":"custom_tool_call","id":"ctc_1","call_id":"call_q","name":"run_sql","input":"` + input + `","status":"completed"}]}`
	}
	suiteText := `{"id": "sql-right", "query": "Run an SQL query that counts the orders", "catalog": "tools.json", "gold_tools": ["run_sql"], "transcript": {"format": "openai-responses", "text": ` + jsonText(body("SELECT count(*) FROM orders;")) + `}, "gold_calls": [{"run_sql": {"input": ["SELECT count(*) FROM orders;"]}}]}
{"id": "sql-wrong", "query": "Run an SQL query that counts the orders", "catalog": "tools.json", "gold_tools": ["run_sql"], "transcript": {"format": "openai-responses", "text": ` + jsonText(body("DELETE FROM orders;")) + `}, "gold_calls": [{"run_sql": {"input": ["SELECT count(*) FROM orders;"]}}]}
`
	checkRightWrong(t, catalog, suiteText, "sql-right", "sql-wrong")
}

// jsonText is s as a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// checkRightWrong writes a catalog and a suite of two cases into a temporary
// directory, replays them, and wants the case right passed and the case
// wrong failed on its arguments.
func checkRightWrong(t *testing.T, catalog, suiteText, right, wrong string) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"tools.json": catalog, "suite.jsonl": suiteText} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := suite.LoadFile(filepath.Join(dir, "suite.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, Options{Ks: []int{5}})
	for id, want := range map[string]bool{right: true, wrong: false} {
		r := resultByID(rep.Configs[0], id)
		if r == nil || r.Passed != want {
			t.Fatalf("%s: result %+v, want passed %v", id, r, want)
		}
		if !want && r.Cause != "arguments" {
			t.Fatalf("%s: cause %q, want arguments", id, r.Cause)
		}
	}
}
