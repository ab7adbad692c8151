package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what Check reports instead of
// failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "out.golden")

	r := &recorder{TB: t}
	Check(r, path, []byte("one\n"), false)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "-update") {
		t.Fatalf("missing golden file: %q", r.errs)
	}

	r = &recorder{TB: t}
	Check(r, path, []byte("one\n"), true)
	if b, err := os.ReadFile(path); len(r.errs) != 0 || err != nil || string(b) != "one\n" {
		t.Fatalf("update: %q %q %v", r.errs, b, err)
	}

	r = &recorder{TB: t}
	Check(r, path, []byte("one\n"), false)
	if len(r.errs) != 0 {
		t.Fatalf("same output reported: %q", r.errs)
	}

	r = &recorder{TB: t}
	Check(r, path, []byte("two\n"), false)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], path) || !strings.Contains(r.errs[0], "two") || !strings.Contains(r.errs[0], "one") {
		t.Fatalf("difference: %q", r.errs)
	}
}
