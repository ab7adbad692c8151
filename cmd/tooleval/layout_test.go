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
	named := map[string]bool{}
	dir := regexp.MustCompile("`([a-z0-9_/]+)/`")
	for _, row := range readme(t).Under("## Layout").Table("| package | what it is for |") {
		for _, d := range dir.FindAllStringSubmatch(row[0], -1) {
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
