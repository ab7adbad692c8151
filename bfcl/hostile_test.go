package bfcl

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/suite"
)

// A file of the checkout that is a symbolic link leading out of it is not
// read: the import reads the checkout (and the results directory) only,
// wherever links inside them point. Links that stay inside are followed.
func TestImportContained(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	outside := t.TempDir()
	data := filepath.Join("bfcl_eval", "data")
	for _, c := range []struct {
		name, rel string // the file replaced by a link to a copy outside
		result    bool   // a model result file (under result/)
	}{
		{"question file", filepath.Join(data, "BFCL_v4_simple_python.json"), false},
		{"possible answer", filepath.Join(data, "possible_answer", "BFCL_v4_simple_python.json"), false},
		{"multi-turn class docs", filepath.Join(data, "multi_turn_func_doc", "gorilla_file_system.json"), false},
		{"model result", filepath.Join("result", "tiny-prompt-model", "BFCL_v4_simple_python_result.json"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTree(t, fixture)
			p := filepath.Join(dir, c.rel)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			secret := filepath.Join(outside, strings.ReplaceAll(c.name, " ", "_")+".json")
			if err := os.WriteFile(secret, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(secret, p); err != nil {
				t.Fatal(err)
			}
			im, err := Load(dir, Options{})
			msg := ""
			switch {
			case err != nil:
				msg = err.Error()
			case len(im.Summary.Warnings) > 0:
				// Class docs that cannot be read skip the questions that
				// need them, with a warning.
				msg = strings.Join(im.Summary.Warnings, "\n")
			}
			if !strings.Contains(msg, "leads outside") || !strings.Contains(msg, filepath.Base(p)) {
				t.Fatalf("err = %v, warnings %q: want the link named as leading outside", err, msg)
			}
		})
	}
	t.Run("link inside", func(t *testing.T) {
		dir := copyTree(t, fixture)
		p := filepath.Join(dir, data, "BFCL_v4_simple_python.json")
		kept := filepath.Join(dir, "kept.json")
		if err := os.Rename(p, kept); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join("..", "..", "kept.json"), p); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(dir, Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

// The files an import writes are readable by others (0644), like any
// output of tooleval, not 0600 as temporary files are created.
func TestImportWriteMode(t *testing.T) {
	_, out, files := importFixture(t, CaseCatalogs)
	for _, f := range files {
		st, err := os.Stat(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", f, st.Mode().Perm())
		}
	}
}

// An import never writes a file that tooleval would then refuse to read:
// a catalog over the catalog cap (a question with a huge function doc) or
// a suite over the suite cap is an error naming the file and the cap, and
// nothing is left behind.
func TestImportOutputCaps(t *testing.T) {
	if maxCatalogBytes != catalog.MaxFileBytes || maxSuiteBytes != suite.DefaultMaxSuiteBytes {
		t.Fatalf("the write caps (%d, %d) are not the readers' (%d, %d)", maxCatalogBytes, maxSuiteBytes, catalog.MaxFileBytes, suite.DefaultMaxSuiteBytes)
	}
	im, err := Load(fixture, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		cat   int64
		suite int64
		file  string
	}{
		{"catalog", 1000, suite.DefaultMaxSuiteBytes, "catalog.json"},
		{"suite", catalog.MaxFileBytes, 1000, "suite.jsonl"},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer setCaps(c.cat, c.suite)()
			out := t.TempDir()
			_, err := im.Write(out)
			var tl *readcap.TooLargeError
			if !errors.As(err, &tl) || !strings.Contains(err.Error(), c.file) {
				t.Fatalf("err = %v, want a cap error naming %s", err, c.file)
			}
			ents, _ := os.ReadDir(out)
			for _, e := range ents {
				if e.Name() == c.file || strings.HasPrefix(e.Name(), ".") {
					t.Errorf("%s left behind", e.Name())
				}
			}
		})
	}
}

func setCaps(cat, suite int64) func() {
	oldCat, oldSuite := maxCatalogBytes, maxSuiteBytes
	maxCatalogBytes, maxSuiteBytes = cat, suite
	return func() { maxCatalogBytes, maxSuiteBytes = oldCat, oldSuite }
}
