package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A case id with terminal escape sequences reaches neither the table on
// stdout nor the gate's messages on stderr as it is.
func TestReplayEscapesControls(t *testing.T) {
	dir := t.TempDir()
	cat, err := os.ReadFile("../../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.json"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	suite := `{"id":"a\u001b[2J\u001b]0;pwned\u0007","query":"zzz","catalog":"notes.json","gold_tools":["set_reminder"]}` + "\n" +
		`{"id":"b\r\u009b31m","query":"qqq","catalog":"notes.json","gold_tools":["delete_note"]}` + "\n"
	p := filepath.Join(dir, "suite.jsonl")
	if err := os.WriteFile(p, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "base.json")
	if code, _, errOut := runCLI("replay", p, "-k", "1", "--encoding", "none", "--json", base, "-q"); code != exitOK {
		t.Fatalf("baseline: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCLI("replay", p, "-k", "1", "--encoding", "none", "--min", "pass_rate=1", "--baseline", base, "--filter", "a*")
	if code != exitRegression {
		t.Fatalf("exit %d, want %d: %s", code, exitRegression, errOut)
	}
	for name, s := range map[string]string{"stdout": out, "stderr": errOut} {
		if strings.ContainsAny(s, "\u001b\u0007\r\u009b") {
			t.Errorf("%s holds a control character: %q", name, s)
		}
	}
	if !strings.Contains(out, `a\x1b[2J\x1b]0;pwned\a`) || !strings.Contains(errOut, `b\r\u009b31m`) {
		t.Errorf("the ids are not shown escaped:\nstdout %q\nstderr %q", out, errOut)
	}
}
