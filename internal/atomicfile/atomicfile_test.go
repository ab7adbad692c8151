package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.json")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new content"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(b) != "new content" || st.Mode().Perm() != 0o600 {
		t.Fatalf("%q %v", b, st.Mode())
	}
	// A failing writer leaves the old content and no temporary file.
	err := WriteWith(p, 0o644, func(w io.Writer) error {
		w.Write([]byte("half"))
		return errors.New("boom")
	})
	if err == nil {
		t.Fatal("no error")
	}
	if b, _ := os.ReadFile(p); string(b) != "new content" {
		t.Fatalf("target changed to %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("left files behind: %v", ents)
	}
}

func TestSetAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	var s Set
	a, err := s.Add(filepath.Join(dir, "a"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("A"))
	if _, err := s.Add(filepath.Join(dir, "missing", "b"), 0o644); err == nil {
		t.Fatal("adding a file in a missing directory worked")
	}
	// The failed Add aborted the set: nothing is written.
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left files behind: %v", ents)
	}
	var s2 Set
	x, _ := s2.Add(filepath.Join(dir, "x"), 0o644)
	y, _ := s2.Add(filepath.Join(dir, "y"), 0o644)
	x.Write([]byte("X"))
	y.Write([]byte("Y"))
	if err := s2.Commit(); err != nil {
		t.Fatal(err)
	}
	bx, _ := os.ReadFile(filepath.Join(dir, "x"))
	by, _ := os.ReadFile(filepath.Join(dir, "y"))
	if string(bx) != "X" || string(by) != "Y" {
		t.Fatalf("%q %q", bx, by)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "new.json")); err != nil {
		t.Fatal(err)
	}
	if err := Check(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("a directory: %v", err)
	}
	if err := Check(filepath.Join(dir, "no", "such", "dir.json")); err == nil {
		t.Fatal("a missing directory passed")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Check left files behind: %v", ents)
	}
}
