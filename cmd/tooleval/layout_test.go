package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeLayoutNamesEveryPackage: every top-level folder holding Go
// code has a row in the README's layout table (a row may name several,
// as "`bfcl/`, `record/`"), and every folder the table names exists.
func TestReadmeLayoutNamesEveryPackage(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	if i := strings.Index(layout, "\n## "); i >= 0 {
		layout = layout[:i]
	}
	named := map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| (.*?) \\|")
	dir := regexp.MustCompile("`([a-z0-9_/]+)/`")
	for _, m := range row.FindAllStringSubmatch(layout, -1) {
		for _, d := range dir.FindAllStringSubmatch(m[1], -1) {
			named[d[1]] = true
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		goFiles, _ := filepath.Glob(filepath.Join(root, e.Name(), "*.go"))
		if len(goFiles) > 0 && !named[e.Name()] {
			t.Errorf("README.md's layout table has no row for %s/", e.Name())
		}
	}
	for d := range named {
		if _, err := os.Stat(filepath.Join(root, d)); err != nil {
			t.Errorf("README.md's layout table names %s/, which does not exist", d)
		}
	}
}
