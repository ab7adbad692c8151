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
	if e.Mode.IsDir() {
		return fmt.Sprintf("%s: is a directory, not a regular file", e.Path)
	}
	return fmt.Sprintf("%s: not a regular file (%s)", e.Path, e.Mode.Type())
}

// ReadFile reads the regular file at path, at most max bytes (max <= 0: no
// cap). Symbolic links are followed; what they point to must be a regular
// file.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := OpenFile(path)
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

// More default caps.
const (
	// DefaultInputBytes caps one model output read whole (tooleval parse).
	DefaultInputBytes = 256 << 20
	// DefaultConfigBytes caps a retrieval config.
	DefaultConfigBytes = 64 << 20
	// DefaultDataBytes caps one data file of an imported benchmark.
	DefaultDataBytes = 256 << 20
)

// ReadAll reads r (named name in errors) to its end, at most max bytes.
func ReadAll(r io.Reader, name string, max int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &TooLargeError{Path: name, Size: int64(len(b)), Max: max}
	}
	return b, nil
}

// Open opens the regular file at path for streaming: reading it past max
// bytes fails with a *TooLargeError instead of going on (a file that grows
// while it is read stays bounded too).
func Open(path string, max int64) (io.ReadCloser, error) {
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	return Limit(f, path, max)
}

// Limit caps reading the regular file f (named path in errors) like Open;
// f is closed when the cap is already passed.
func Limit(f *os.File, path string, max int64) (io.ReadCloser, error) {
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.Size() > max {
		f.Close()
		return nil, &TooLargeError{Path: path, Size: st.Size(), Max: max}
	}
	return &capped{f: f, path: path, left: max, max: max}, nil
}

type capped struct {
	f    *os.File
	path string
	left int64
	max  int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// One byte more tells a file of exactly max bytes from a longer one.
		var one [1]byte
		if n, _ := c.f.Read(one[:]); n > 0 {
			return 0, &TooLargeError{Path: c.path, Size: c.max + 1, Max: c.max}
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.f.Read(p)
	c.left -= int64(n)
	return n, err
}

func (c *capped) Close() error { return c.f.Close() }
