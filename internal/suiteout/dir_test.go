package suiteout

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/readcap"
)

func write(s string) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error { _, err := w.WriteString(s); return err }
}

// Files land whole, mode 0644, in their directories, and are listed.
func TestPut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, rel := range []string{"suite.jsonl", "catalogs/a.json", "suite.jsonl"} {
		if err := d.Put(rel, 0, write(rel+"\n")); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(d.Files, ","); got != "suite.jsonl,catalogs/a.json,suite.jsonl" {
		t.Errorf("Files = %s", got)
	}
	st, err := os.Stat(filepath.Join(dir, "catalogs", "a.json"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("left in %s: %v", dir, ents)
	}
}

// A file over the cap is an error naming it and the cap; nothing is left,
// and an earlier complete file of that name stays as it was.
func TestPutCap(t *testing.T) {
	dir := t.TempDir()
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Put("s.jsonl", 10, write("old\n")); err != nil {
		t.Fatal(err)
	}
	err = d.Put("s.jsonl", 10, write(strings.Repeat("x", 5000)))
	var tl *readcap.TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "s.jsonl") || !strings.Contains(err.Error(), "would not read back") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "s.jsonl")); string(b) != "old\n" {
		t.Errorf("s.jsonl = %q, want the old content", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

// A symbolic link in the output directory leading out of it is not
// followed, and a path that is not local is refused.
func TestPutContained(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "catalogs")); err != nil {
		t.Skip(err)
	}
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Put("catalogs/a.json", 0, write("[]")); err == nil {
		t.Error("a write through a link out of the directory succeeded")
	}
	if err := d.Put("../a.json", 0, write("[]")); err == nil {
		t.Error("../a.json was written")
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("written outside: %v", ents)
	}
}

func TestLinesAndCatalog(t *testing.T) {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	Catalog(w, []json.RawMessage{json.RawMessage(`{"name":"a"}`), json.RawMessage(`{"name":"b"}`)})
	Lines(w, []map[string]string{{"q": "<a&b>"}}, func(i int) string { return "x" })
	w.Flush()
	want := "[\n{\"name\":\"a\"},\n{\"name\":\"b\"}\n]\n{\"q\":\"<a&b>\"}\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
