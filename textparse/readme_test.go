package textparse

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestReadmeDialectFileFields: the README's dialect file table names
// every key a dialect file may hold, and its reader row every body reader
// a file may name.
func TestReadmeDialectFileFields(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n### A dialect without a release\n")
	if !ok {
		t.Fatal("README.md has no dialect file section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	_, table, ok := strings.Cut(section, "\n| field | | meaning |\n")
	if !ok {
		t.Fatal("the dialect file section has no field table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var firsts, readRow string
	for _, row := range strings.Split(table, "\n") {
		first, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " |")
		firsts += first + "\n"
		if first == "`blocks[].body.read`" {
			readRow = row
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[dialectFile](), reflect.TypeFor[blockFile](), reflect.TypeFor[bodyFile](), reflect.TypeFor[spanFile]()} {
		for i := range typ.NumField() {
			key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if !strings.Contains(firsts, "`"+key+"`") && !strings.Contains(firsts, "."+key+"`") && !strings.Contains(firsts, "."+key+".") {
				if typ == reflect.TypeFor[spanFile]() && strings.Contains(table, `"`+key+`"`) {
					continue // reasoning spans {"open", "close"}, "label"
				}
				t.Errorf("README.md's dialect file table has no row for %s (%s.%s)", key, typ.Name(), typ.Field(i).Name)
			}
		}
	}
	if readRow == "" {
		t.Fatal("the dialect file table has no blocks[].body.read row")
	}
	for _, r := range readerList() {
		if !strings.Contains(readRow, "`"+r+"`") {
			t.Errorf("README.md's blocks[].body.read row does not name the reader %s", r)
		}
	}
	if known := "(known: " + strings.Join(readerList(), ", ") + ")"; !strings.Contains(strings.Join(strings.Fields(section), " "), known) {
		t.Errorf("README.md's unknown-reader message does not list %s", known)
	}
}
