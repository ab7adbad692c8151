package golden

import (
	"bytes"
	"os"
	"testing"
)

// Section compares got with the generated part named name of the
// Markdown file at path: the lines between a line starting
// "<!-- begin NAME" and the line "<!-- end NAME -->". With update it
// rewrites that part instead. A README table that restates what the code
// or the data holds is generated this way, so it cannot go stale: the
// test renders it from its source and checks it here.
func Section(t testing.TB, path, name string, got []byte, update bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
		return
	}
	start, end, ok := sectionBounds(b, name)
	if !ok {
		t.Fatalf("%s has no section %q: a line \"<!-- begin %s … -->\" and a later line \"<!-- end %s -->\"", path, name, name, name)
		return
	}
	if len(got) > 0 && got[len(got)-1] != '\n' {
		got = append(got[:len(got):len(got)], '\n')
	}
	if update {
		out := append(append(append([]byte{}, b[:start]...), got...), b[end:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := b[start:end]; !bytes.Equal(got, want) {
		t.Errorf("%s: section %q is stale (go test -update rewrites it):\n--- got ---\n%s--- in the file ---\n%s", path, name, got, want)
	}
}

// sectionBounds gives the byte range of the lines between the begin and
// end markers of the section name.
func sectionBounds(b []byte, name string) (start, end int, ok bool) {
	begin := []byte("<!-- begin " + name)
	i := 0
	for {
		j := bytes.Index(b[i:], begin)
		if j < 0 {
			return 0, 0, false
		}
		i += j
		rest := b[i+len(begin):]
		// "<!-- begin formats" must not match "<!-- begin formats2".
		if (i == 0 || b[i-1] == '\n') && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '-') {
			break
		}
		i += len(begin)
	}
	nl := bytes.IndexByte(b[i:], '\n')
	if nl < 0 {
		return 0, 0, false
	}
	start = i + nl + 1
	closing := []byte("\n<!-- end " + name + " -->")
	k := bytes.Index(b[start-1:], closing)
	if k < 0 {
		return 0, 0, false
	}
	return start, start + k, true
}
