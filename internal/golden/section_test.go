package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "README.md")
	doc := "# Title\n\n<!-- begin table2 (other) -->\n| x |\n<!-- end table2 -->\n\n" +
		"<!-- begin table (go test -update) -->\n| a |\n| 1 |\n<!-- end table -->\n\nafter\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}

	r := &recorder{TB: t}
	Section(r, path, "table", []byte("| a |\n| 1 |\n"), false)
	if len(r.errs) != 0 {
		t.Fatalf("same section reported: %q", r.errs)
	}

	r = &recorder{TB: t}
	Section(r, path, "table", []byte("| a |\n| 2 |"), false)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "| 2 |") || !strings.Contains(r.errs[0], "| 1 |") || !strings.Contains(r.errs[0], "stale") {
		t.Fatalf("difference: %q", r.errs)
	}

	r = &recorder{TB: t}
	Section(r, path, "table", []byte("| a |\n| 2 |"), true)
	b, _ := os.ReadFile(path)
	want := strings.Replace(doc, "| 1 |", "| 2 |", 1)
	if len(r.errs) != 0 || string(b) != want {
		t.Fatalf("update: %q\n%s", r.errs, b)
	}

	// An empty section, and one named by a prefix of another's name.
	r = &recorder{TB: t}
	Section(r, path, "table2", nil, true)
	b, _ = os.ReadFile(path)
	if len(r.errs) != 0 || !strings.Contains(string(b), "(other) -->\n<!-- end table2 -->") || !strings.Contains(string(b), "| 2 |") {
		t.Fatalf("empty section: %q\n%s", r.errs, b)
	}

	for _, name := range []string{"missing", "tab"} {
		r = &recorder{TB: t}
		Section(r, path, name, []byte("x\n"), false)
		if len(r.errs) != 1 || !strings.Contains(r.errs[0], "no section") {
			t.Fatalf("section %s: %q", name, r.errs)
		}
	}
}
