package replay

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/blocking"
	"github.com/tooleval/tooleval/internal/growth"
	"github.com/tooleval/tooleval/suite"
)

// writeSuite writes a one-case suite whose transcript is the file named
// file, next to a copy of the notes catalog, and returns its path.
func writeSuite(t *testing.T, dir, file string) string {
	t.Helper()
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.json"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	line := `{"id":"a","query":"q","catalog":"notes.json","gold_tools":[],"transcript":{"format":"auto","file":` + quote(file) + `}}` + "\n"
	p := filepath.Join(dir, "suite.jsonl")
	if err := os.WriteFile(p, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `\`, `\\`) + `"` }

// Files a suite names stay inside its directory unless AllowOutside; only
// regular files are read, each within its cap (a transcript of /dev/zero
// grew to 8.6 GB).
func TestSuitePathsContained(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "suite")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(root, "secret.txt")
	if err := os.WriteFile(secret, []byte("top secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "ok.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	symlinks := runtime.GOOS != "windows"
	if symlinks {
		if err := os.Symlink(secret, filepath.Join(dir, "link.txt")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("sub/ok.txt", filepath.Join(dir, "inner.txt")); err != nil {
			t.Fatal(err)
		}
		// A loop of symbolic links is a loop, wherever it is.
		if err := os.Symlink("loop2.txt", filepath.Join(dir, "loop1.txt")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("loop1.txt", filepath.Join(dir, "loop2.txt")); err != nil {
			t.Fatal(err)
		}
	}
	// A FIFO is refused before it is opened: opening it would wait for a
	// writer forever.
	fifo := mkfifo(t, filepath.Join(dir, "pipe"))
	cases := []struct {
		file           string
		inside, anyway string // error substrings: default options, AllowOutside ("" = loads)
	}{
		{"sub/ok.txt", "", ""},
		{"sub/../sub/ok.txt", "", ""},
		{"../secret.txt", "leads outside", ""},
		{secret, "leads outside", ""},
		{"../../../../../../../../etc/passwd", "leads outside", ""},
		{"link.txt", "leads outside", ""},
		{"inner.txt", "", ""},
		{"sub", "not a regular file", "not a regular file"},
		{"loop1.txt", "loop of symbolic links", "loop of symbolic links"},
		{"pipe", "not a regular file", "not a regular file"},
	}
	if runtime.GOOS == "linux" {
		cases = append(cases, struct{ file, inside, anyway string }{"/dev/zero", "leads outside", "not a regular file"})
	}
	for _, c := range cases {
		if !symlinks && (c.file == "link.txt" || c.file == "inner.txt" || c.file == "loop1.txt") || !fifo && c.file == "pipe" {
			continue
		}
		p := writeSuite(t, dir, c.file)
		for _, allow := range []bool{false, true} {
			want := c.inside
			if allow {
				want = c.anyway
			}
			var s *suite.Suite
			err := blocking.Returns(t, c.file, func() (err error) {
				s, err = suite.LoadFileWith(p, suite.LoadOptions{AllowOutside: allow})
				return err
			})
			if want == "" {
				if err != nil {
					t.Errorf("%s (allow %v): %v", c.file, allow, err)
				} else if len(s.Cases[0].Transcript.Bytes()) == 0 {
					t.Errorf("%s (allow %v): nothing read", c.file, allow)
				}
				continue
			}
			var es suite.Errors
			if !errors.As(err, &es) || len(es) != 1 || es[0].Line != 1 || es[0].Field != "transcript.file" || !strings.Contains(es[0].Message, want) {
				t.Errorf("%s (allow %v): error %v, want %q on line 1, transcript.file", c.file, allow, err, want)
			}
		}
	}
}

// Every file read has a size cap: the suite, its catalogs, its transcripts.
func TestSuiteFileCaps(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.txt"), []byte(strings.Repeat("x", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	p := writeSuite(t, dir, "t.txt")
	for _, tc := range []struct {
		o    suite.LoadOptions
		want string
	}{
		{suite.LoadOptions{MaxTranscriptBytes: 99}, "over the 99-byte cap"},
		{suite.LoadOptions{MaxCatalogBytes: 100}, "over the 100-byte cap"},
		{suite.LoadOptions{MaxSuiteBytes: 50}, "over the 50-byte cap"},
		{suite.LoadOptions{MaxTranscriptBytes: 100}, ""},
	} {
		_, err := suite.LoadFileWith(p, tc.o)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: error %v, want %q", tc.o, err, tc.want)
		}
	}
	if runtime.GOOS == "linux" {
		if _, err := suite.LoadFile("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("/dev/zero as the suite: %v", err)
		}
	}
}

// Loading a hostile suite (one endless line, deep nesting) costs memory
// linear in its size.
func TestSuiteLoadLinear(t *testing.T) {
	dir := t.TempDir()
	for name, gen := range map[string]func(int) []byte{
		"endless line": func(n int) []byte { return []byte(`{"id":"` + strings.Repeat("x", n)) },
		"nesting":      func(n int) []byte { return []byte(`{"id":` + strings.Repeat("[", n)) },
	} {
		t.Run(name, func(t *testing.T) {
			growth.Linear(t, 64<<10, gen, func(in []byte) {
				p := filepath.Join(dir, "s.jsonl")
				if err := os.WriteFile(p, in, 0o644); err != nil {
					t.Fatal(err)
				}
				if _, err := suite.LoadFile(p); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
					t.Fatalf("error %v", err)
				}
			})
		})
	}
}

// mkfifo makes a FIFO at p and reports whether the system has them.
func mkfifo(t *testing.T, p string) bool {
	t.Helper()
	return mkfifoAt(p) == nil
}
