// Package readcap reads input files with a size cap: only regular files
// (not devices, FIFOs or directories, which can be endless), and at most a
// given number of bytes, checked before reading and enforced while reading
// (a file may grow after Stat).
package readcap

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// The default caps on the files tooleval reads.
const (
	// DefaultSuiteBytes caps a suite file.
	DefaultSuiteBytes = 256 << 20
	// DefaultCatalogBytes caps a catalog file.
	DefaultCatalogBytes = 64 << 20
	// DefaultTranscriptBytes caps a transcript file.
	DefaultTranscriptBytes = 64 << 20
)

// TooLargeError reports a file over its cap.
type TooLargeError struct {
	Path string
	Size int64 // the size seen (at least Max+1)
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: %d bytes or more, over the %d-byte cap", e.Path, e.Size, e.Max)
}

// NotRegularError reports a path that is not a regular file.
type NotRegularError struct {
	Path string
	Mode os.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: not a regular file (%s)", e.Path, e.Mode.Type())
}

// ReadFile reads the regular file at path, at most max bytes (max <= 0: no
// cap). Symbolic links are followed; what they point to must be a regular
// file.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path, max)
}

// Read reads the open file f (named path in errors) like ReadFile.
func Read(f fs.File, path string, max int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	if max > 0 && st.Size() > max {
		return nil, &TooLargeError{Path: path, Size: st.Size(), Max: max}
	}
	limit := st.Size() + 1
	if max > 0 {
		limit = max + 1
	}
	buf := make([]byte, 0, min(st.Size()+1, limit))
	r := io.Reader(f)
	if max > 0 {
		r = io.LimitReader(f, limit)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if max > 0 && int64(len(buf)) > max {
			return nil, &TooLargeError{Path: path, Size: int64(len(buf)), Max: max}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
