package golden

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestDoc(t *testing.T) {
	path := filepath.Join(t.TempDir(), "README.md")
	doc := "# T\n\n## A\n\n| x | y |\n| --- | --- |\n| `a` | 1 \\| 2 |\n| b | |\n\nafter\n\n### A.1\n\n| x | y |\n| --- | --- |\n| c | 3 |\n\n## B\n\n| x | y |\n| --- | --- |\n| d | 4 |\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	d := ReadDoc(t, path)
	if got, want := d.Table("| x | y |"), [][]string{{"`a`", "1 \\| 2"}, {"b", ""}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Table: %q, want %q", got, want)
	}
	a := d.Under("## A")
	if !strings.Contains(a.Text(), "| c | 3 |") || strings.Contains(a.Text(), "| d |") {
		t.Errorf("Under(## A) = %q", a.Text())
	}
	if got := a.Under("### A.1").Table("| x | y |"); !reflect.DeepEqual(got, [][]string{{"c", "3"}}) {
		t.Errorf("Under(### A.1).Table = %q", got)
	}
	if got := d.Under("## B").Table("| x | y |"); !reflect.DeepEqual(got, [][]string{{"d", "4"}}) {
		t.Errorf("Under(## B).Table = %q", got)
	}

	r := &recorder{TB: t}
	func() {
		defer func() { recover() }()
		ReadDoc(r, path).Under("## C")
	}()
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], `no heading "## C"`) {
		t.Errorf("a missing heading: %q", r.errs)
	}
	r = &recorder{TB: t}
	func() {
		defer func() { recover() }()
		ReadDoc(r, path).Under("## B").Table("| z |")
	}()
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "› B has no table | z |") {
		t.Errorf("a missing table: %q", r.errs)
	}
}
