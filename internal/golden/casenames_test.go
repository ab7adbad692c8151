package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoDuplicateCaseNames: no table of cases in the module's tests gives
// two cases one name (the parser packages name golden files after them).
func TestNoDuplicateCaseNames(t *testing.T) {
	dups, err := DuplicateCaseNames(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dups {
		t.Error(d)
	}
}

// TestDuplicateCaseNamesFinds: a name repeated across the package-level
// tables of one type, or inside one local table, is reported; names
// repeated between function templates, anonymous tables or element types
// are not.
func TestDuplicateCaseNamesFinds(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a_test.go", `package p

type parseCase struct{ name, in string }
type other struct{ Name string }

var cases = []parseCase{{name: "a/one"}, {name: "a/two"}}
var more = []parseCase{{name: "b/one"}, {name: "a/two"}}

func init() { cases = append(cases, []parseCase{{name: "b/one"}}...) }

var others = []*other{{Name: "a/one"}, {Name: "a/one"}} // Name: a domain type (a tool), not a case
var anon1 = []struct{ name string }{{name: "z"}}
var anon2 = []struct{ name string }{{name: "z"}}

func template(prefix string) []parseCase {
	return []parseCase{{name: "one_call"}, {name: "two"}}
}

func template2() []parseCase {
	return []parseCase{{name: "one_call"}, {name: "same"}, {name: "same"}}
}
`)
	write("b_test.go", "package p\n\nvar late = []parseCase{{name: \"a/one\"}}\n")
	write("c.go", "package p\n\nvar notATest = []parseCase{{name: \"a/one\"}}\n")
	dups, err := DuplicateCaseNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(dups, "\n")
	for _, want := range []string{`"a/two"`, `"b/one"`, `"same"`, `b_test.go:3:31: case name "a/one"`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in:\n%s", want, got)
		}
	}
	if len(dups) != 4 {
		t.Errorf("%d duplicates, want 4:\n%s", len(dups), got)
	}
}
