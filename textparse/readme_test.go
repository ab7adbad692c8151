package textparse

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

// TestReadmeDialectFileFields: the README's dialect file table names
// every key a dialect file may hold, and its reader row every body reader
// a file may name.
func TestReadmeDialectFileFields(t *testing.T) {
	section := golden.ReadDoc(t, "../README.md").Under("### A dialect without a release")
	var firsts, readRow string
	for _, row := range section.Table("| field | | meaning |") {
		firsts += row[0] + "\n"
		if row[0] == "`blocks[].body.read`" {
			readRow = strings.Join(row, " | ")
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[dialectFile](), reflect.TypeFor[blockFile](), reflect.TypeFor[bodyFile](), reflect.TypeFor[spanFile]()} {
		for i := range typ.NumField() {
			key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if !strings.Contains(firsts, "`"+key+"`") && !strings.Contains(firsts, "."+key+"`") && !strings.Contains(firsts, "."+key+".") {
				if typ == reflect.TypeFor[spanFile]() && strings.Contains(section.Text(), `"`+key+`"`) {
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
	if known := "(known: " + strings.Join(readerList(), ", ") + ")"; !strings.Contains(strings.Join(strings.Fields(section.Text()), " "), known) {
		t.Errorf("README.md's unknown-reader message does not list %s", known)
	}
}
