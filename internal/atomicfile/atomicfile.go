package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Check reports why path cannot be written as an output file, or nil: its
// directory must exist and accept new files, and path must not be a
// directory or another non-regular file.
func Check(path string) error {
	if path == "" {
		return errors.New("empty output path")
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s)", path, st.Mode().Type())
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check-*")
	if err != nil {
		return fmt.Errorf("%s: cannot write there: %w", path, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// File is an output file being written. Write to it, then Commit to put it
// in place, or Abort to drop it. Abort after Commit does nothing, so
// `defer f.Abort()` is safe.
type File struct {
	f      *os.File
	path   string
	perm   os.FileMode
	err    error
	closed bool
}

// Create starts writing path (created with perm when it does not exist; an
// existing file keeps its permissions).
func Create(path string, perm os.FileMode) (*File, error) {
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file (%s)", path, st.Mode().Type())
		}
		perm = st.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, err
	}
	return &File{f: f, path: path, perm: perm}, nil
}

// Write writes to the temporary file; the first error sticks.
func (w *File) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.f.Write(p)
	w.err = err
	return n, err
}

// Name is the path the file is written to.
func (w *File) Name() string { return w.path }

// Commit syncs the temporary file and renames it over the target. On any
// error (including an earlier Write error) the target is left as it was.
func (w *File) Commit() error {
	if w.closed {
		return errors.New("atomicfile: already committed or aborted")
	}
	w.closed = true
	err := w.err
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(w.f.Name(), w.perm)
	}
	if err == nil {
		err = os.Rename(w.f.Name(), w.path)
	}
	if err != nil {
		os.Remove(w.f.Name())
		return fmt.Errorf("writing %s: %w", w.path, err)
	}
	return nil
}

// Abort drops the temporary file.
func (w *File) Abort() {
	if w.closed {
		return
	}
	w.closed = true
	w.f.Close()
	os.Remove(w.f.Name())
}

// WriteFile writes data to path atomically.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return WriteWith(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteWith writes path atomically with what write produces; an error from
// write leaves path as it was.
func WriteWith(path string, perm os.FileMode, write func(io.Writer) error) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// Set writes several files as a group: every file is written to its
// temporary first, and only when all were written are they renamed into
// place, so a failure in any leaves every target as it was.
type Set struct{ files []*File }

// Add starts one more file of the set.
func (s *Set) Add(path string, perm os.FileMode) (*File, error) {
	f, err := Create(path, perm)
	if err != nil {
		s.Abort()
		return nil, err
	}
	s.files = append(s.files, f)
	return f, nil
}

// Commit renames every file into place, after checking that none had a
// write error; the first error aborts the files not yet renamed.
func (s *Set) Commit() error {
	for _, f := range s.files {
		if f.err != nil {
			err := fmt.Errorf("writing %s: %w", f.path, f.err)
			s.Abort()
			return err
		}
	}
	for i, f := range s.files {
		if err := f.Commit(); err != nil {
			for _, g := range s.files[i+1:] {
				g.Abort()
			}
			return err
		}
	}
	return nil
}

// Abort drops every file of the set not yet committed.
func (s *Set) Abort() {
	for _, f := range s.files {
		f.Abort()
	}
}
