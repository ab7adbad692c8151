package readcap

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

func TestOpenAndReadAll(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, max := range []int64{5, 4} {
		f, err := Open(p, max)
		if max == 4 {
			var tl *TooLargeError
			if !errors.As(err, &tl) {
				t.Fatalf("Open over the cap: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(f)
		f.Close()
		if err != nil || string(b) != "hello" {
			t.Fatalf("%q %v", b, err)
		}
	}
	if _, err := ReadAll(strings.NewReader("hello"), "stdin", 4); err == nil {
		t.Fatal("ReadAll over the cap")
	}
	if b, err := ReadAll(strings.NewReader("hello"), "stdin", 5); err != nil || string(b) != "hello" {
		t.Fatalf("%q %v", b, err)
	}
	if runtime.GOOS == "linux" {
		if _, err := Open("/dev/zero", 10); err == nil {
			t.Fatal("Open /dev/zero")
		}
	}
}
