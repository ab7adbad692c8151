package readcap

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(p, 5); err != nil || string(b) != "hello" {
		t.Fatalf("%q %v", b, err)
	}
	if b, err := ReadFile(p, 0); err != nil || string(b) != "hello" {
		t.Fatalf("no cap: %q %v", b, err)
	}
	var tl *TooLargeError
	if _, err := ReadFile(p, 4); !errors.As(err, &tl) || tl.Max != 4 {
		t.Fatalf("cap 4: %v", err)
	}
	var nr *NotRegularError
	if _, err := ReadFile(dir, 10); !errors.As(err, &nr) {
		t.Fatalf("directory: %v", err)
	}
	if runtime.GOOS == "linux" {
		if _, err := ReadFile("/dev/zero", 10); !errors.As(err, &nr) {
			t.Fatalf("/dev/zero: %v", err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 10); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing: %v", err)
	}
}
